"""Per-viewer views. Private: hands, face-down cards (to the opponent), the
side deck, unused commanders, a commander not yet revealed, and (to everyone)
deck order and the identities of provisions; their counts are public."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Viewer

from .cards import CardDef
from .cardtext import short_text
from .state import CENTRE, SQUARES, MusouState, cards_of, cdef, dealt
from .stats import power, strike, ward

# What a card's or commander's view holds but its id is kept by its set (Catalog.views): a long match's
# replay page asks for hundreds of thousands, and a name's model_dump costs more than the rest of a card.
# Views are read, never changed (events/service.py shares each among its readers), so their cards share
# the name and text dicts kept there.


def card_view(s: MusouState, cid: str, full: bool = False) -> dict[str, Any]:
    """A card's data; `full` adds its rules text (the hand and one's own
    face-down cards: what the owner reads beside each card)."""
    cat = cards_of(s)
    c = cat.cards[s.names[cid]]
    data = cat.views.get((c.key, full))
    if data is None:
        data = cat.views[(c.key, full)] = _card_data(c, full)
    return {"id": cid, **data}


def _card_data(c: CardDef, full: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"key": c.key, "name": c.name.model_dump(), "type": c.type,
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
        out["text"] = short_text(c).to_json()
    return out


def commander_view(s: MusouState, cid: str) -> dict[str, Any]:
    cat = cards_of(s)
    m = cat.commanders[s.names[cid]]
    data = cat.views.get((m.key, False))
    if data is None:
        data = cat.views[(m.key, False)] = {
            "key": m.key, "name": m.name.model_dump(), "layout": m.layout, "troops": m.troops, "hand": m.hand,
            "musou": m.musou.name.model_dump() if m.musou else None}
    return {"id": cid, **data}


def revealed(s: MusouState) -> bool:
    return s.stage not in ("commander", "first", "side")


def player_view(s: MusouState, seat: int, sees: bool, known: dict[str, Any] | None = None) -> dict[str, Any]:
    """A seat's part of the view of one who `sees` its secrets or not. `known`: the same seat's part for
    the other kind of viewer, whose public card lists this one shares."""
    cat = cards_of(s)
    cid = s.commander[seat]
    commander: dict[str, Any] | None = None
    if cid is not None and (sees or revealed(s)):
        commander = commander_view(s, cid)
    elif cid is not None:
        commander = {"hidden": 1}
    out: dict[str, Any] = {
        "seat": seat, "troops": s.troops[seat], "commander": commander,
        "musou_used": s.musou_used[seat], "tribute_used": s.tribute_used[seat], "waiting": s.waiting[seat],
        "commanders_unused": ([commander_view(s, c) for c in s.pool[seat]]
                              if sees else {"hidden": len(s.pool[seat])}),
        "commanders_used": (known["commanders_used"] if known else
                            [commander_view(s, c) for c in s.used[seat]]),
        "deck": {"hidden": len(s.decks[seat])},
        "provisions": {"hidden": len(s.provisions[seat])},
    }
    if dealt(s):
        out["hand"] = [card_view(s, c, True) for c in s.hands[seat]] if sees else {"hidden": len(s.hands[seat])}
        out["discard"] = known["discard"] if known else [card_view(s, c) for c in s.discard[seat]]
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
    return out


def _part(s: MusouState, seat: int, viewer: Viewer, parts: dict[tuple[int, bool, bool], dict[str, Any]]
          ) -> dict[str, Any]:
    """A seat's part of `viewer`'s view, each kind computed once per state (`parts`): a seat looks the
    same to everyone who may not see its secrets, and to the all-seeing as to itself but for its deck
    and provisions in order. Views are read, never changed, so the parts are shared."""
    sees = viewer.sees_seat(seat)
    key = (seat, sees, viewer.all_seeing)
    if key not in parts:
        if viewer.all_seeing:
            own = _part(s, seat, Viewer.of(seat), parts)
            parts[key] = {**own, "deck_order": list(s.decks[seat]), "provision_cards": list(s.provisions[seat])}
        else:
            parts[key] = player_view(s, seat, sees, parts.get((seat, not sees, False)))
    return parts[key]


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
    return views(s, [viewer])[0]


def views(s: MusouState, viewers: Sequence[Viewer]) -> list[dict[str, Any]]:
    """`view` for each of `viewers` (a replay page draws every seat's), sharing what they have in common."""
    at = s.attack
    table = {
        "game": "musou", "stage": s.stage, "game_no": s.game_no, "wins": list(s.wins), "results": list(s.results),
        "reasons": list(s.reasons), "turn": s.turn, "game_turn": s.game_turn, "active": s.active,
        "priority": s.priority, "passes": s.passes, "first": s.first, "chooser": s.chooser,
        "sample_set": cards_of(s).data.sample,
        "attack": None if at is None else {"seat": at.seat, "from": at.square + 1, "attacker": at.attacker,
                                           "target": at.target, "cancelled": at.cancelled,
                                           "ward": ward(s, 1 - at.seat)},
    }
    parts: dict[tuple[int, bool, bool], dict[str, Any]] = {}
    return [{**table, "players": [_part(s, seat, viewer, parts) for seat in (0, 1)]} for viewer in viewers]


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
