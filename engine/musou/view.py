"""Per-viewer views. Private: hands, face-down cards (to the opponent), the
side deck, unused commanders, a commander not yet revealed, and (to everyone)
deck order and the identities of provisions; their counts are public."""

from __future__ import annotations

from typing import Any

from engine.core import Viewer

from .cards import CommanderDef
from .cardtext import short_text
from .state import CENTRE, SQUARES, MusouState, cards_of, cdef, dealt
from .stats import power, strike, ward

_TEXTS: dict[tuple[str, str], dict[str, str]] = {}  # (card set, key) -> the card's ability text


def card_view(s: MusouState, cid: str, full: bool = False) -> dict[str, Any]:
    """A card's data; `full` adds its rules text (the hand and one's own
    face-down cards: what the owner reads beside each card)."""
    c = cdef(s, cid)
    out: dict[str, Any] = {"id": cid, "key": c.key, "name": c.name.model_dump(), "type": c.type,
                           "element": c.element, "cost": c.cost}
    if c.terms:
        out["terms"] = dict(c.terms)
    if c.type == "general":
        out.update(power=c.power, strike=c.strike)
        if c.formation:
            out["formation"] = c.formation
        abilities = [k for k, v in (("ambush", c.ambush), ("move", c.move), ("support", bool(c.support))) if v]
        if abilities:
            out["abilities"] = abilities
    if c.type == "stratagem":
        out["timing"] = c.timing
    if full:
        text = _TEXTS.get((s.card_set, c.key))
        if text is None:
            text = _TEXTS[(s.card_set, c.key)] = short_text(c).to_json()
        out["text"] = dict(text)
    return out


def commander_view(m: CommanderDef, cid: str) -> dict[str, Any]:
    return {"id": cid, "key": m.key, "name": m.name.model_dump(), "layout": m.layout, "troops": m.troops,
            "hand": m.hand, "musou": m.musou.name.model_dump() if m.musou else None}


def revealed(s: MusouState) -> bool:
    return s.stage not in ("commander", "first", "side")


def player_view(s: MusouState, seat: int, viewer: Viewer) -> dict[str, Any]:
    sees = viewer.sees_seat(seat)
    cat = cards_of(s)
    cid = s.commander[seat]
    commander: dict[str, Any] | None = None
    if cid is not None and (sees or revealed(s)):
        commander = commander_view(cat.commanders[s.names[cid]], cid)
    elif cid is not None:
        commander = {"hidden": 1}
    out: dict[str, Any] = {
        "seat": seat, "troops": s.troops[seat], "commander": commander,
        "musou_used": s.musou_used[seat], "tribute_used": s.tribute_used[seat], "waiting": s.waiting[seat],
        "commanders_unused": ([commander_view(cat.commanders[s.names[c]], c) for c in s.pool[seat]]
                              if sees else {"hidden": len(s.pool[seat])}),
        "commanders_used": [commander_view(cat.commanders[s.names[c]], c) for c in s.used[seat]],
        "deck": {"hidden": len(s.decks[seat])},
        "provisions": {"hidden": len(s.provisions[seat])},
    }
    if dealt(s):
        out["hand"] = [card_view(s, c, True) for c in s.hands[seat]] if sees else {"hidden": len(s.hands[seat])}
        out["discard"] = [card_view(s, c) for c in s.discard[seat]]
        out["side"] = [card_view(s, c) for c in s.side[seat]] if sees else {"hidden": len(s.side[seat])}
        out["field"] = [field_view(s, seat, sq, sees) for sq in range(9)]
    else:
        # Between games decks are lists of card keys (no order, no ids).
        out["hand"], out["discard"], out["field"] = {"hidden": 0}, [], [None] * 9
        if sees:
            out["deck_list"] = sorted(s.decks[seat])
            out["side_list"] = sorted(s.side[seat])
            # Keys are for typing swaps; names are for reading.
            out["names"] = {k: cat.cards[k].name.model_dump() for k in {*s.decks[seat], *s.side[seat]}
                            if k in cat.cards}
        out["side"] = {"hidden": len(s.side[seat])}
    if viewer.all_seeing:
        out["deck_order"] = list(s.decks[seat])
        out["provision_cards"] = list(s.provisions[seat])
    return out


def field_view(s: MusouState, seat: int, sq: int, sees: bool) -> dict[str, Any] | None:
    if sq == CENTRE:
        return {"commander": True}
    slot = s.field[seat][sq]
    if slot is None:
        return None
    if slot.face_down and not sees:
        return {"face_down": True}
    out: dict[str, Any] = {"card": card_view(s, slot.card, slot.face_down), "face_down": slot.face_down,
                           "exhausted": slot.exhausted,
                           "damage": slot.damage, "sick": slot.placed_turn == s.turn}
    if not slot.face_down and cdef(s, slot.card).type == "general":
        out.update(power=power(s, seat, slot), strike=strike(s, seat, slot))
    return out


def view(s: MusouState, viewer: Viewer) -> dict[str, Any]:
    at = s.attack
    return {
        "game": "musou", "stage": s.stage, "game_no": s.game_no, "wins": list(s.wins), "results": list(s.results),
        "reasons": list(s.reasons), "turn": s.turn, "game_turn": s.game_turn, "active": s.active,
        "priority": s.priority, "passes": s.passes, "first": s.first, "chooser": s.chooser,
        "sample_set": cards_of(s).data.sample,
        "attack": None if at is None else {"seat": at.seat, "from": at.square + 1, "attacker": at.attacker,
                                           "target": at.target, "cancelled": at.cancelled,
                                           "ward": ward(s, 1 - at.seat)},
        "players": [player_view(s, seat, viewer) for seat in (0, 1)],
    }


def hidden_ids(s: MusouState, viewer: Viewer) -> set[str]:
    """Instance ids `viewer` must not see. (Between games decks hold card keys,
    not ids; the opponent's view then carries no deck or side list at all.)"""
    if viewer.all_seeing:
        return set()
    ids: set[str] = set()
    for seat in (0, 1):
        ids |= set(s.provisions[seat])
        if dealt(s):
            ids |= set(s.decks[seat])
        if viewer.sees_seat(seat):
            continue
        ids |= set(s.hands[seat]) | set(s.pool[seat])
        if dealt(s):
            ids |= set(s.side[seat])
        cid = s.commander[seat]
        if cid is not None and not revealed(s):
            ids.add(cid)
        ids |= {slot.card for sq in SQUARES if (slot := s.field[seat][sq]) is not None and slot.face_down}
    return ids
