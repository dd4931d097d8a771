"""Per-viewer views: hands and deck order are private; everything on the table,
discard piles and the Time Passes areas are public."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from engine.core import Text, Viewer
from engine.core.identity import KEPT, kept_by_identity

from .cards import CardDef
from .catalog import brief
from .stacks import (
    capacity,
    castle_capacity,
    castle_combat,
    castle_revenue,
    faction,
    flying,
    glory,
    is_port,
    load,
    magic,
    stack_combat,
    stack_state,
)
from .state import Castle, Stack, WState, cdef, set_defs

# A card's hand line, written once per card definition (engine/core/identity.py): every view of every move shows
# each hand in full.
_BRIEFS: dict[tuple[Hashable, ...], tuple[Any, Any]] = {}
_BRIEFS_KEPT = KEPT


def card_json(s: WState, iid: str) -> dict[str, Any]:
    return {"id": iid, **cdef(s, iid).shown}


def hand_json(s: WState, iid: str) -> dict[str, Any]:
    """A card in its owner's hand, with the line that says its cost, numbers and use."""
    d = cdef(s, iid)  # card_json's, read once: every view of every move shows each hand in full
    return {"id": iid, **d.shown, "text": _brief(d).to_json()}


def _brief(d: CardDef) -> Text:
    return kept_by_identity(_BRIEFS, d, brief, _BRIEFS_KEPT)


def stack_json(s: WState, st: Stack) -> dict[str, Any]:
    return {
        "id": st.hero, "hero": card_json(s, st.hero), "state": stack_state(st), "target": st.target,
        "besieging": st.besieging, "faction": faction(s, st), "flying": flying(s, st), "magic": magic(s, st),
        "combat": stack_combat(s, st), "load": load(s, st), "capacity": capacity(s, st),
        "members": [card_json(s, m) for m in st.members], "march": [card_json(s, m) for m in st.march],
        "fleet": card_json(s, st.fleet) if st.fleet else None,
        "terrain": card_json(s, st.terrain) if st.terrain else None,
        "weather": card_json(s, st.weather) if st.weather else None,
        "calamities": [card_json(s, c) for c in st.calamities],
    }


def castle_json(s: WState, c: Castle) -> dict[str, Any]:
    d = cdef(s, c.card)
    return {
        "id": c.card, "castle": card_json(s, c.card), "revenue": d.revenue, "income": castle_revenue(s, c),
        "defence": d.defence,
        "home": d.home_faction, "port": is_port(s, c), "combat": castle_combat(s, c),
        "capacity": castle_capacity(s, c), "besieged_by": c.besieged_by,
        "garrison": [card_json(s, g) for g in c.garrison],
        "improvements": [card_json(s, i) for i in c.improvements],
        "calamities": [card_json(s, x) for x in c.calamities],
    }


def _shown_cards(s: WState) -> dict[str, dict[str, Any]]:
    """The cards shown to choose the first player, by card id, as the match's own set names them."""
    defs = set_defs(s)
    shown = {entry.partition(":")[2] for row in s.first_check for entry in row}
    return {cid: {"name": defs[cid].name.en, "name_ja": defs[cid].name.ja, "range": defs[cid].range} for cid in sorted(shown)}


def build(s: WState, viewer: Viewer) -> dict[str, Any]:
    return build_all(s, [viewer])[0]


def build_all(s: WState, viewers: Sequence[Viewer]) -> list[dict[str, Any]]:
    """`build` for each of `viewers` (a replay page draws every seat's): only the hands, and the decks
    to the all-seeing, differ between them, so the rest is computed once and shared (views are read,
    never changed) and each hand once however many may see it."""
    table = _table(s)
    hands: dict[int, list[dict[str, Any]]] = {}
    out = []
    for viewer in viewers:
        players = []
        for seat, (p, public) in enumerate(zip(s.players, table["players"], strict=True)):
            if viewer.sees_seat(seat) and seat not in hands:
                hands[seat] = [hand_json(s, i) for i in p.hand]
            player = dict(public)  # "hand" keeps its place among the keys
            player["hand"] = hands[seat] if viewer.sees_seat(seat) else {"hidden": len(p.hand)}
            players.append(player)
        view = dict(table)
        view["players"] = players
        if viewer.all_seeing:
            view["decks"] = [list(p.deck) for p in s.players]
        out.append(view)
    return out


def _table(s: WState) -> dict[str, Any]:
    """What every viewer sees, with a place held for each player's hand."""
    players = []
    for seat, p in enumerate(s.players):
        players.append({
            "seat": seat, "deck_name": p.deck_name, "deck": {"hidden": len(p.deck)}, "hand": None,
            "discard": [card_json(s, i) for i in p.discard],
            "time_passes": bool(p.time_passes), "time_passes_cards": [card_json(s, i) for i in p.time_passes],
            "castles": [castle_json(s, c) for c in p.castles], "stacks": [stack_json(s, st) for st in p.stacks],
            "treasures": [card_json(s, t) for t in p.treasures],
            "ruins": [card_json(s, r) for r in p.ruins],
            "revenue": p.revenue, "glory": glory(s, p), "eliminated": p.eliminated,
        })
    d = s.decision
    decision = None
    if d is not None:
        decision = {"kind": d.kind, "seats": list(d.seats), "actor": d.actor, "stack": d.stack or None,
                    "target": d.target or None, "ruin": d.ruin or None,
                    "reward": card_json(s, d.reward) if d.reward else None,
                    "calamity": card_json(s, d.calamity) if d.calamity else None,
                    "losses": {"attacker": d.a_loss, "defender": d.d_loss} if d.kind == "losses" else None,
                    "queue": list(d.queue)}
    out = {
        "phase": s.phase, "turn": s.turn, "active": s.active, "first": s.first,
        "direction": "cw" if s.direction == 1 else "ccw", "players": players, "decision": decision,
        "first_check": [list(r) for r in s.first_check], "winners": list(s.winners),
        "pick_queue": list(s.pick_queue),
    }
    if s.card_set:
        # Only then: a sample-set match's board stays the one its log recorded a digest of.
        out["first_check_cards"] = _shown_cards(s)
    return out


def hidden_ids(s: WState, viewer: Viewer) -> set[str]:
    """Instance ids `viewer` must not see: every deck (order is secret) and others' hands."""
    if viewer.all_seeing:
        return set()
    ids: set[str] = set()
    for seat, p in enumerate(s.players):
        ids |= set(p.deck)
        if not viewer.sees_seat(seat):
            ids |= set(p.hand)
    return ids
