"""When a Musou seat's choice could hang on what only it can see.

Its hidden sources of actions are the cards in its hand and its face-down
cards on the field. Every card costs at least the cheapest card in the
match's card set (public, like the provisions count and hand size), so when
the seat cannot pay that much by any means, no hidden card can act and its
legal actions follow from public facts alone: a lone pass is forced for all
to see, and the framework plays it at once (engine.core.forced). Whatever is
uncertain counts as possibly secret, which only ever makes a seat wait."""

from __future__ import annotations

from functools import lru_cache

from .cards import catalog
from .state import MusouState, in_game


@lru_cache(maxsize=16)
def cheapest(card_set: str) -> int:
    """The lowest cost of any card that can be played, placed or revealed."""
    return min((c.cost for c in catalog(card_set).cards.values()), default=0)


def can_pay(s: MusouState, seat: int, cost: int, from_hand: bool) -> bool:
    """Could `seat` pay `cost` from provisions, or with the tribute (one provision
    short, a hand card given up), as actions.pays allows? `from_hand`: the card
    played is itself from the hand, so the tribute needs another."""
    provisions, hand = len(s.provisions[seat]), len(s.hands[seat])
    if provisions >= cost:
        return True
    return not s.tribute_used[seat] and cost >= 1 and provisions >= cost - 1 and hand >= (2 if from_hand else 1)


def decides_in_secret(s: MusouState, seat: int) -> bool | None:
    """True or False in a game; None outside one (the contract's default decides)."""
    if not in_game(s):
        return None
    hand = len(s.hands[seat])
    facedown = any(slot is not None and slot.face_down for slot in s.field[seat])
    cost = cheapest(s.card_set)
    if hand and s.stage in ("main1", "main2") and seat == s.active:
        return True  # a hand card may be placed, face up or down
    if hand and can_pay(s, seat, cost, from_hand=True):
        return True  # a stratagem may be played
    return facedown and can_pay(s, seat, cost, from_hand=False)  # a face-down card may be revealed
