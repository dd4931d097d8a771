"""Battles: attack against defense, each doubled by attribute advantage, one
battle tool per side (attacker first). The defender loses at less-or-equal."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Text

from .board import square_name
from .names import owns, says
from .promotion import offer_promotion
from .state import Battle, NaruState
from .turn import lose_life
from .units import BEATS, Defs, attack_of, card_of, defense_of, printed, remove_unit


@dataclass(frozen=True)
class Values:
    attack: int
    defense: int
    attacker_doubled: bool
    defender_doubled: bool


def _tool_ops(s: NaruState, defs: Defs, cid: str | None) -> tuple[int, bool]:
    """(power bonus, ignores the opponent's advantage) of a battle tool."""
    if cid is None:
        return 0, False
    effects = card_of(s, defs, cid).effects
    return sum(e.n for e in effects if e.op == "power"), any(e.op == "ignore_advantage" for e in effects)


def battle_values(s: NaruState, defs: Defs, battle: Battle) -> Values:
    attacker = s.units[battle.origin]
    defender = s.units[battle.target]
    assert attacker is not None and defender is not None
    a_power, a_ignore = _tool_ops(s, defs, battle.attacker_tool)
    d_power, d_ignore = _tool_ops(s, defs, battle.defender_tool)
    a_attr = printed(s, defs, attacker).attribute
    d_attr = printed(s, defs, defender).attribute
    attack = attack_of(s, defs, attacker) + a_power
    defense = defense_of(s, defs, defender) + d_power
    a_double = a_attr is not None and BEATS[a_attr] == d_attr and not d_ignore
    d_double = d_attr is not None and BEATS[d_attr] == a_attr and not a_ignore
    # Modifiers add first, then the advantage doubles the whole value.
    return Values(attack * 2 if a_double else attack, defense * 2 if d_double else defense, a_double, d_double)


def resolve_battle(s: NaruState, defs: Defs) -> list[Text]:
    battle = s.battle
    assert battle is not None
    s.battle = None
    values = battle_values(s, defs, battle)
    attacker = s.units[battle.origin]
    assert attacker is not None
    seat = attacker.owner
    target = square_name(battle.target)
    logs = [Text(f"Battle on {target}: attack {values.attack} against defense {values.defense}.",
                 f"{target}で戦闘：こうげき{values.attack} 対 ぼうぎょ{values.defense}。")]
    if values.defense > values.attack:
        logs.append(says(seat, f"loses the battle; the attacker returns to {square_name(battle.origin)}.",
                         f"戦闘に敗れ、攻撃ユニットは{square_name(battle.origin)}に戻った。"))
        return logs
    loser = remove_unit(s, battle.target)
    logs.append(owns(loser.owner, "defending unit goes to jail.", "防御ユニットは牢屋に送られた。"))
    logs += advance(s, defs, battle.origin, battle.target)
    return logs


def advance(s: NaruState, defs: Defs, origin: int, target: int) -> list[Text]:
    """The attacker (or a mover) takes `target`; the enemy keep costs its owner a life."""
    unit = s.units[origin]
    assert unit is not None
    s.units[origin] = None
    s.units[target] = unit
    seat = unit.owner
    logs: list[Text] = []
    damaged = False
    if target == s.enemy_keep(seat):
        unit.came_from = origin
        logs += lose_life(s, 1 - seat)
        damaged = True
    else:
        unit.came_from = None
    if s.phase != "over":
        logs += offer_promotion(s, defs, target, damaged)
    return logs
