"""Units on the board: their printed and current values, and leaving the board."""

from __future__ import annotations

from engine.core import Text

from .board import square_name
from .cards import CardDef
from .names import Log, owns
from .state import NaruState, Unit

Defs = dict[str, CardDef]

# Each attribute beats the next: 政治 > 武力 > 農商 > 政治.
BEATS: dict[str, str] = {"politics": "force", "force": "commerce", "commerce": "politics"}


def card_of(s: NaruState, defs: Defs, cid: str) -> CardDef:
    return defs[s.cards[cid]]


def printed(s: NaruState, defs: Defs, unit: Unit) -> CardDef:
    """Only the top card counts: a promoted unit reads as its general."""
    return card_of(s, defs, unit.top)


def attack_of(s: NaruState, defs: Defs, unit: Unit) -> int:
    value = printed(s, defs, unit).attack + unit.buff_attack
    if unit.equipment is not None:
        value += card_of(s, defs, unit.equipment).attack
    return value


def defense_of(s: NaruState, defs: Defs, unit: Unit) -> int:
    value = printed(s, defs, unit).defense + unit.buff_defense
    if unit.equipment is not None:
        value += card_of(s, defs, unit.equipment).defense
    return value


def is_general(s: NaruState, defs: Defs, unit: Unit) -> bool:
    return printed(s, defs, unit).kind == "general"


def is_commoner(s: NaruState, defs: Defs, unit: Unit) -> bool:
    return printed(s, defs, unit).kind == "commoner"


def can_act(s: NaruState, unit: Unit) -> bool:
    """Summoning sickness: nothing the turn it was placed (promotion is not placing)."""
    return unit.summoned_turn != s.turn


def unit_name(s: NaruState, defs: Defs, unit: Unit) -> Text:
    return printed(s, defs, unit).name


def reveal(s: NaruState, defs: Defs, sq: int, log: Log) -> None:
    """A face-down commoner turns up the moment it acts or is targeted."""
    unit = s.units[sq]
    if unit is None or not unit.facedown:
        return
    unit.facedown = False
    if log is not None:
        name = unit_name(s, defs, unit)
        where = square_name(sq)
        log.append(owns(unit.owner, f"face-down commoner on {where} turns face up: {name.en}.",
                        f"{where}の裏向きの平民が表になった：{name.ja}。"))


def to_jail(s: NaruState, cid: str) -> None:
    s.players[s.owner[cid]].jail.append(cid)


def remove_unit(s: NaruState, sq: int) -> Unit:
    """The unit leaves the board: every stacked card and its equipment go to jail."""
    unit = s.units[sq]
    assert unit is not None
    s.units[sq] = None
    for cid in unit.cards:
        to_jail(s, cid)
    if unit.equipment is not None:
        to_jail(s, unit.equipment)
    return unit
