"""The action phase's moves: one orthogonal step per unit per turn onto a
land without your unit; stepping onto an enemy starts a battle, onto the
enemy keep an attack on it."""

from __future__ import annotations

from engine.core import RuleError, Text

from .battle import advance
from .board import neighbours, square_name
from .names import says
from .state import Battle, NaruState, Unit
from .units import Defs, can_act, reveal


def return_squares(s: NaruState, seat: int) -> set[int]:
    """Squares your units in the enemy keep will go back to: kept free for them (ruling)."""
    return {u.came_from for u in s.units if u is not None and u.owner == seat and u.came_from is not None}


def movable(s: NaruState, seat: int, unit: Unit | None) -> bool:
    return unit is not None and unit.owner == seat and not unit.moved and can_act(s, unit)


def destinations(s: NaruState, seat: int, origin: int) -> list[int]:
    if not movable(s, seat, s.units[origin]):
        return []
    reserved = return_squares(s, seat)
    out = []
    for sq in neighbours(origin):
        other = s.units[sq]
        if s.lands[sq] is None or (other is not None and other.owner == seat) or sq in reserved:
            continue
        out.append(sq)
    return out


def move(s: NaruState, seat: int, origin: int | None, target: int | None, defs: Defs) -> list[Text]:
    if origin is None or not movable(s, seat, s.units[origin]):
        ready = ", ".join(square_name(q) for q in range(len(s.units)) if destinations(s, seat, q))
        raise RuleError(Text("Choose one of your units that can still move this turn (from=<square>).",
                             "このターンまだ移動できる自分のユニットを選んでください（from=マス）。"),
                        Text(f"Units placed this turn, or that have moved, cannot move. Movable now: {ready or 'none'}.",
                             f"配置したターンのユニットや移動済みのユニットは移動できません。今動かせるユニット: {ready or 'なし'}。"))
    if target is None or target not in destinations(s, seat, origin):
        options = ", ".join(square_name(q) for q in destinations(s, seat, origin))
        raise RuleError(Text("Units move one square up, down, left or right, onto a land without your unit.",
                             "ユニットは縦横に1マス、自分のユニットのいない土地へ移動します。"),
                        Text(f"From {square_name(origin)}: {options or 'nowhere'}.",
                             f"{square_name(origin)}から移動できるマス: {options or 'なし'}。"))
    unit = s.units[origin]
    assert unit is not None
    unit.moved = True
    logs = reveal(s, defs, origin)
    defender = s.units[target]
    if defender is not None:
        logs += reveal(s, defs, target)
        s.battle = Battle(origin, target, "attacker")
        keep = " (the keep)" if target == s.enemy_keep(seat) else ""
        keep_ja = "（天守閣）" if keep else ""
        logs.append(says(seat, f"attacks {square_name(target)}{keep} from {square_name(origin)}.",
                         f"{square_name(origin)}から{square_name(target)}{keep_ja}に攻撃した。"))
        return logs
    if target == s.enemy_keep(seat):
        logs.append(says(seat, f"attacks the undefended keep on {square_name(target)} from {square_name(origin)}.",
                         f"{square_name(origin)}から守りのない天守閣（{square_name(target)}）に攻撃した。"))
    else:
        logs.append(says(seat, f"moves {square_name(origin)} to {square_name(target)}.",
                         f"{square_name(origin)}から{square_name(target)}へ移動した。"))
    return logs + advance(s, defs, origin, target)
