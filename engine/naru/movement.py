"""The action phase's moves: one orthogonal step per unit per turn onto a
land without your unit; stepping onto an enemy starts a battle, onto the
enemy keep an attack on it."""

from __future__ import annotations

from engine.core import RuleError, Text

from .battle import advance
from .board import neighbours, square_name
from .names import Log, listing, says, whose
from .state import Battle, NaruState, Unit
from .units import Defs, can_act, reveal, unit_name


def return_squares(s: NaruState, seat: int) -> set[int]:
    """Squares your units in the enemy keep will go back to: kept free for them (ruling)."""
    return {u.came_from for u in s.units if u is not None and u.owner == seat and u.came_from is not None}


def movable(s: NaruState, seat: int, unit: Unit | None) -> bool:
    return unit is not None and unit.owner == seat and not unit.moved and can_act(s, unit)


def destinations(s: NaruState, seat: int, origin: int) -> list[int]:
    if not movable(s, seat, s.units[origin]):
        return []
    reserved = return_squares(s, seat)
    return [sq for sq in neighbours(origin) if _open(s, seat, sq, reserved)]


def _open(s: NaruState, seat: int, sq: int, reserved: set[int]) -> bool:
    """May a unit of `seat` step onto `sq` (a neighbour of where it stands)?"""
    other = s.units[sq]
    return s.lands[sq] is not None and (other is None or other.owner != seat) and sq not in reserved


def move(s: NaruState, seat: int, origin: int | None, target: int | None, defs: Defs, log: Log) -> None:
    if origin is None or not movable(s, seat, s.units[origin]):
        ready = listing([square_name(q) for q in range(len(s.units)) if destinations(s, seat, q)])
        raise RuleError(Text("Choose one of your units that can still move this turn (from=<square>).",
                             "このターンまだ移動できる自分のユニットを選んでください（from=マス）。"),
                        Text(f"Units placed this turn, or that have moved, cannot move. Movable now: {ready.en}.",
                             f"配置したターンのユニットや移動済みのユニットは移動できません。今動かせるユニット：{ready.ja}。"))
    if target is None or target not in neighbours(origin) or not _open(s, seat, target, return_squares(s, seat)):
        options = listing([square_name(q) for q in destinations(s, seat, origin)], Text("nowhere", "なし"))
        raise RuleError(Text("Units move one square up, down, left or right, onto a land without your unit.",
                             "ユニットは縦横に1マス、自分のユニットのいない土地へ移動します。"),
                        Text(f"From {square_name(origin)}: {options.en}.",
                             f"{square_name(origin)}から移動できるマス：{options.ja}。"))
    unit = s.units[origin]
    assert unit is not None
    unit.moved = True
    reveal(s, defs, origin, log)
    defender = s.units[target]
    keep = target == s.enemy_keep(seat)
    if defender is not None:
        reveal(s, defs, target, log)
        s.battle = Battle(origin, target, "attacker")
        if log is not None:
            _attack_line(s, defs, seat, unit, defender, origin, target, keep, log)
        return
    if log is not None:
        mover = unit_name(s, defs, unit)
        here, there = square_name(origin), square_name(target)
        if keep:
            enemy = owns_keep(1 - seat)
            log.append(Text(f"{whose(seat, mover).en} attacks {enemy.en} on {there} from {here}: it is undefended.",
                            f"{whose(seat, mover).ja}が{here}から守りのない{enemy.ja}（{there}）に攻撃した。"))
        else:
            log.append(says(seat, f"moves {mover.en} from {here} to {there}.", f"{mover.ja}を{here}から{there}へ移動した。"))
    advance(s, defs, origin, target, log)


def _attack_line(s: NaruState, defs: Defs, seat: int, unit: Unit, defender: Unit, origin: int, target: int,
                 keep: bool, log: list[Text]) -> None:
    """The log line of a move onto an enemy unit, which starts a battle."""
    mover = unit_name(s, defs, unit)
    here, there = square_name(origin), square_name(target)
    them = whose(defender.owner, unit_name(s, defs, defender))
    attacker = whose(seat, mover)
    if keep:
        log.append(Text(f"{attacker.en} attacks {them.en}, defending {owns_keep(defender.owner).en} on {there}, "
                        f"from {here}.",
                        f"{attacker.ja}が{here}から、{owns_keep(defender.owner).ja}（{there}）を守る{them.ja}に攻撃した。"))
    else:
        log.append(Text(f"{attacker.en} attacks {them.en} on {there} from {here}.",
                        f"{attacker.ja}が{here}から{them.ja}（{there}）に攻撃した。"))


def owns_keep(seat: int) -> Text:
    return whose(seat, Text("keep", "天守閣"))
