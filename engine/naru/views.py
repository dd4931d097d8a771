"""Per-viewer views. A face-down commoner shows only its owner to others (no
id, no name); hands and deck order are private; a keep is hidden from the
opponent until both keeps are placed."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from engine.core import Viewer
from engine.core.identity import kept_by_identity
from engine.core.redaction import private

from .battle import battle_values
from .board import home_row, square_name, territory_rows
from .cards import CardDef
from .catalog import ability, needs
from .opening import keep_label
from .state import NaruState, Unit
from .units import Defs, attack_of, card_of, defense_of, printed

Faces = Callable[..., dict[str, Any]]  # a card's face by id (with_needs: what playing it needs), built once per views


# A card's face, made once per card definition (engine/core/identity.py): every view of every move
# shows each hand, jail, exile and board card, and a face depends on nothing but the definition
# (and whether it says what playing the card needs). Copied into each view beside the instance id.
_FACES: dict[tuple[Hashable, ...], tuple[Any, Any]] = {}


def card_json(s: NaruState, defs: Defs, cid: str, with_needs: bool = False) -> dict[str, Any]:
    """A card as views show it; `with_needs` adds what it needs to be played (hand and keep)."""
    face = kept_by_identity(_FACES, card_of(s, defs, cid), _face_with_needs if with_needs else _face,
                            key=(with_needs,))
    return {"id": cid, **face}


def _face(card: CardDef) -> dict[str, Any]:
    out: dict[str, Any] = {"key": card.key, "en": card.name_en, "ja": card.name_ja, "kind": card.kind}
    if card.kind not in ("keep", "land"):
        out["cost"] = card.cost
    if card.attribute is not None:
        out["attribute"] = card.attribute
    if card.kind in ("commoner", "general", "equipment"):
        out["attack"], out["defense"] = card.attack, card.defense
    if card.faith:
        out["faith"] = True
    text = ability(card)
    if text.en:
        out["text"] = text.to_json()
    return out


def _face_with_needs(card: CardDef) -> dict[str, Any]:
    out = _face(card)
    if (need := needs(card)) is not None:
        out["needs"] = need.to_json()
    return out


def unit_json(s: NaruState, defs: Defs, unit: Unit, shown: bool, face: Faces) -> dict[str, Any]:
    """A unit as a viewer sees it: only its owner and state while it is face down to them (not `shown`)."""
    base: dict[str, Any] = {"owner": unit.owner, "facedown": unit.facedown,
                            "sick": unit.summoned_turn == s.turn, "moved": unit.moved}
    if not shown:
        return base
    top = printed(s, defs, unit)
    base.update({
        "cards": [face(c) for c in unit.cards],
        "name": {"en": top.name_en, "ja": top.name_ja},
        "kind": top.kind,
        "attribute": top.attribute,
        "attack": attack_of(s, defs, unit),
        "defense": defense_of(s, defs, unit),
        "faith": top.faith,
        "equipment": face(unit.equipment) if unit.equipment else None,
        "returns_to": square_name(unit.came_from) if unit.came_from is not None else None,
    })
    return base


def keeps_public(s: NaruState) -> bool:
    return all(p.keep_sq is not None for p in s.players)


def views(s: NaruState, defs: Defs, viewers: Sequence[Viewer], title: dict[str, str]) -> list[dict[str, Any]]:
    """Each of `viewers`' view: only hands, keeps and face-down units differ between them,
    so every card's face, the lands, each unit as shown or hidden and the battle are built once
    and shared (views are read, never changed)."""
    faces: dict[tuple[str, bool], dict[str, Any]] = {}

    def face(cid: str, with_needs: bool = False) -> dict[str, Any]:
        key = (cid, with_needs)
        if key not in faces:
            faces[key] = card_json(s, defs, cid, with_needs)
        return faces[key]

    lands = [None if land is None else {**face(land.card), "owner": land.owner, "keep": land.keep}
             for land in s.lands]
    units: dict[tuple[int, bool], dict[str, Any]] = {}

    def unit_at(sq: int, unit: Unit, viewer: Viewer) -> dict[str, Any]:
        key = (sq, not unit.facedown or viewer.sees_seat(unit.owner))
        if key not in units:
            units[key] = unit_json(s, defs, unit, key[1], face)
        return units[key]

    hands = [[face(c, with_needs=True) for c in p.hand] for p in s.players]
    jails = [[face(c) for c in p.jail] for p in s.players]
    exiles = [[face(c) for c in p.exile] for p in s.players]
    battle = _battle(s, defs, face)
    known = s.order_known
    out = []
    for viewer in viewers:
        players = []
        for seat, p in enumerate(s.players):
            keep_visible = keeps_public(s) or viewer.sees_seat(seat)
            first = s.is_first(seat)
            players.append({
                "seat": seat,
                "first": first if known else None,
                "life": p.life,
                "resources": p.resources,
                "deck": {"hidden": len(p.deck)},
                "hand": private(seat, viewer, hands[seat]),
                "hand_count": len(p.hand),
                "jail": jails[seat],
                "exile": exiles[seat],
                "keep": face(p.keep_card, with_needs=True) if keep_visible else None,
                "keep_at": square_name(p.keep_sq) if keep_visible and known and p.keep_sq is not None else None,
                # Before the turn order is chosen, a placed keep is only a seat-relative choice.
                "keep_choice": keep_label(p.keep_sq).to_json() if viewer.sees_seat(seat) and not known
                and p.keep_sq is not None else None,
                "mulligans": p.mulligans,
                "hand_kept": p.hand_kept,
                "territory_rows": [r + 1 for r in territory_rows(first)] if known else None,
                "home_row": home_row(first) + 1 if known else None,
                "keep_used": p.keep_used,
                "land_played": p.land_played,
            })
        board = [{"at": square_name(sq), "land": lands[sq],
                  "unit": None if (unit := s.units[sq]) is None else unit_at(sq, unit, viewer)}
                 for sq in range(len(s.lands))]
        out.append({
            "game": "naru",
            "cardset": title,
            "phase": s.phase,
            "active": s.active if known else None,
            "first": s.first if known else None,
            "turn": s.turn,
            "players": players,
            "board": board,
            "battle": battle,
            "promotion": square_name(s.promotion) if s.promotion is not None else None,
            "winner": s.winner,
            "reason": {"en": s.reason_en, "ja": s.reason_ja} if s.phase == "over" else None,
        })
    return out


def _battle(s: NaruState, defs: Defs, face: Faces) -> dict[str, Any] | None:
    if s.battle is None:
        return None
    values = battle_values(s, defs, s.battle)
    attacker = s.units[s.battle.origin]
    assert attacker is not None
    return {
        "from": square_name(s.battle.origin), "to": square_name(s.battle.target), "stage": s.battle.stage,
        "attacker_tool": face(s.battle.attacker_tool) if s.battle.attacker_tool else None,
        "defender_tool": face(s.battle.defender_tool) if s.battle.defender_tool else None,
        "attack": values.attack, "defense": values.defense,
        "attacker": attacker.owner,
        "attacker_doubled": values.attacker.doubled, "defender_doubled": values.defender.doubled,
    }


def hidden_ids(s: NaruState, viewer: Viewer) -> set[str]:
    """Instance ids `viewer` must not see: decks, others' hands, others'
    face-down commoners, and the opponent's keep before both are placed."""
    if viewer.all_seeing:
        return set()
    ids: set[str] = set()
    for seat, p in enumerate(s.players):
        ids |= set(p.deck)
        if not viewer.sees_seat(seat):
            ids |= set(p.hand)
            if not keeps_public(s):
                ids.add(p.keep_card)
    for unit in s.units:
        if unit is not None and unit.facedown and not viewer.sees_seat(unit.owner):
            ids |= set(unit.cards)
    return ids
