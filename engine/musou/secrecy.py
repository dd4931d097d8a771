"""When a Musou seat's choice could hang on what only it can see.

Its hidden sources of actions are the cards in its hand and its face-down
cards on the field, and each can act only in some windows and for a cost:
a stratagem on the seat's priority in a main phase (unless it is for attacks
only) or against an attack (unless it is for main phases only); a general
or item placed, or any card set face down, by the turn player in its main
phase; a face-down ambush general revealed in a main phase or against an
attack, a face-down trap only against an attack. The card set (so the
cheapest card of each of these), the window, the provisions, the hand size,
the tribute and which squares are empty are public. So when the seat cannot
pay the cheapest card that could act in this window, no hidden card can act,
its legal actions follow from public facts alone, and a lone choice is forced
for all to see: the framework plays it at once (engine.core.forced). The
battle phase's choices (attack or end it) are face-up generals only.
Whatever is uncertain (terms, targets, formation) counts as possibly secret,
which only ever makes a seat wait."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .cards import CardDef, catalog
from .placing import FACE_DOWN_COST, FACE_DOWN_REPLACE_COST, REPLACE_EXTRA
from .state import SQUARES, MusouState, in_game
from .timing import in_main, in_response

NONE = 99  # the cost of a kind of card the set does not have: nothing pays it


@dataclass(frozen=True, slots=True)
class Cheapest:
    """The lowest cost, in a card set, of each kind of card by when it may act."""

    main_stratagem: int
    response_stratagem: int
    fielded: int  # a general or an item, placed face up
    ambush: int
    trap: int


@lru_cache(maxsize=16)
def cheapest(card_set: str) -> Cheapest:
    cards = list(catalog(card_set).cards.values())

    def low(keep: Callable[[CardDef], bool]) -> int:
        return min((c.cost for c in cards if keep(c)), default=NONE)
    return Cheapest(low(lambda c: c.type == "stratagem" and c.timing != "response"),
                    low(lambda c: c.type == "stratagem" and c.timing != "main"),
                    low(lambda c: c.type in ("general", "item")),
                    low(lambda c: c.type == "general" and c.ambush),
                    low(lambda c: c.type == "trap"))


def can_pay(s: MusouState, seat: int, cost: int, from_hand: bool) -> bool:
    """Could `seat` pay `cost` from provisions, or with the tribute (one provision
    short, a hand card given up), as actions.pays allows? `from_hand`: the card
    played is itself from the hand, so the tribute needs another."""
    provisions, hand = len(s.provisions[seat]), len(s.hands[seat])
    if provisions >= cost:
        return True
    return not s.tribute_used[seat] and cost >= 1 and provisions >= cost - 1 and hand >= (2 if from_hand else 1)


def _hand_cost(s: MusouState, seat: int, low: Cheapest, main: bool) -> int:
    """The least a hand card could cost to act in this window."""
    if not main:
        return low.response_stratagem
    if seat != s.active:
        return low.main_stratagem
    empty = any(s.field[seat][sq] is None for sq in SQUARES)
    onto = min(low.fielded, FACE_DOWN_COST) if empty else min(low.fielded + REPLACE_EXTRA, FACE_DOWN_REPLACE_COST)
    return min(low.main_stratagem, onto)


def decides_in_secret(s: MusouState, seat: int) -> bool | None:
    """True or False in a game; None outside one (the contract's default decides)."""
    if not in_game(s):
        return None
    main, respond = in_main(s, seat), in_response(s, seat)
    if not (main or respond):
        return False  # the battle phase, or not this seat's decision: nothing hidden acts
    low = cheapest(s.card_set)
    if s.hands[seat] and can_pay(s, seat, _hand_cost(s, seat, low, main), from_hand=True):
        return True
    reveal = low.ambush if main else min(low.ambush, low.trap)
    facedown = any(slot is not None and slot.face_down for slot in s.field[seat])
    return facedown and can_pay(s, seat, reveal, from_hand=False)
