"""Naru's legal actions without their labels, for the search bot. Building
the bilingual labels of `legal.legal_actions` took about half of a
simulated action's cost; the search only needs the actions. The list is
the same as `legal.legal_actions` gives, in the same order (a test checks
it over whole matches), so the rollout policy draws as the built-in bot."""

from __future__ import annotations

from typing import Any

from engine.core import Action

from .board import square_name
from .effects import keep_available
from .legal import card_targets, cards_in_play, mode, unique_cards, waiting
from .movement import destinations
from .opening import keep_squares, mulligan_cost
from .state import NaruState
from .summon import equip_squares, land_squares, summon_squares
from .units import Defs, card_of

SQUARE_NAMES = [square_name(sq) for sq in range(12)]


def actions(s: NaruState, seat: int, defs: Defs) -> list[Action]:
    if all(waiter != seat for waiter, _ in waiting(s)):
        return []
    m = mode(s)
    player = s.players[seat]
    hand = unique_cards(s, player.hand)
    out: list[Action] = []
    if m == "action":
        out.append({"kind": "end_turn"})
        for origin in range(len(s.units)):
            here = SQUARE_NAMES[origin]
            for target in destinations(s, seat, origin):
                out.append({"kind": "move", "from": here, "to": SQUARE_NAMES[target]})
        if keep_available(s, seat):
            for spot in card_targets(s, seat, player.keep_card, defs):
                action: dict[str, Any] = {"kind": "keep_effect"}
                if spot is not None:
                    action["at"] = SQUARE_NAMES[spot]
                out.append(action)
        out += _cards_in_play(s, seat, hand, defs)
    elif m == "summon":
        out.append({"kind": "end_summon"})
        out += _summons(s, seat, hand, defs)
        out += _cards_in_play(s, seat, hand, defs)
    elif m == "battle":
        out.append({"kind": "no_tool"})
        for cid in hand:
            card = card_of(s, defs, cid)
            if card.kind == "battle_tool" and card.cost <= player.resources:
                out.append({"kind": "battle_tool", "card": cid})
    elif m == "promote":
        out.append({"kind": "decline"})
        out += [{"kind": "promote", "card": cid} for cid in hand if card_of(s, defs, cid).kind == "general"]
        out.append({"kind": "promote_deck"})
    elif m == "discard":
        out += [{"kind": "discard", "card": cid} for cid in hand]
    elif m == "mulligan":
        out.append({"kind": "keep_hand"})
        if player.resources >= mulligan_cost(s, seat):
            out.append({"kind": "mulligan"})
    elif m == "keep":
        out += [{"kind": "place_keep", "at": SQUARE_NAMES[sq]} for sq in keep_squares(s, seat)]
    elif m == "swap":
        out.append({"kind": "no_swap"})
        lands = sorted({s.cards[c] for c in player.deck if card_of(s, defs, c).kind == "land"})
        for key in lands:
            out += [{"kind": "land_swap", "give": cid, "take": key} for cid in hand if s.cards[cid] != key]
    return out


def _summons(s: NaruState, seat: int, hand: list[str], defs: Defs) -> list[Action]:
    player = s.players[seat]
    out: list[Action] = []
    lands: list[int] | None = None
    units: list[int] | None = None
    gear: list[int] | None = None
    for cid in hand:
        card = card_of(s, defs, cid)
        if card.kind == "land" and not player.land_played:
            if lands is None:
                lands = land_squares(s, seat)
            out += [{"kind": "land", "card": cid, "at": SQUARE_NAMES[sq]} for sq in lands]
        elif card.kind in ("commoner", "general") and card.cost <= player.resources:
            if units is None:
                units = summon_squares(s, seat)
            out += [{"kind": "summon", "card": cid, "at": SQUARE_NAMES[sq]} for sq in units]
        elif card.kind == "equipment" and card.cost <= player.resources:
            if gear is None:
                gear = equip_squares(s, seat)
            out += [{"kind": "equip", "card": cid, "at": SQUARE_NAMES[sq]} for sq in gear]
    return out


def _cards_in_play(s: NaruState, seat: int, hand: list[str], defs: Defs) -> list[Action]:
    return [action for action, *_ in cards_in_play(s, seat, hand, defs)]
