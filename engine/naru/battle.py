"""Battles: attack against defense, each doubled by attribute advantage, one
battle tool per side (attacker first). The defender loses at less-or-equal."""

from __future__ import annotations

from typing import NamedTuple

from engine.core import Text

from .board import square_name
from .cards import ATTRIBUTE_NAMES
from .names import Log, whose
from .promotion import offer_promotion
from .state import Battle, NaruState, Unit
from .turn import lose_life
from .units import BEATS, Defs, attack_of, card_of, defense_of, printed, remove_unit, unit_name


class Side(NamedTuple):
    """One side's battle value, in the parts the log and prompts show. (Named
    tuples, this and `Values`: every battle a replay resolves makes three, and a
    tuple is built several times faster than a frozen dataclass.)"""

    base: int  # printed value with equipment and "this turn" effects
    power: int  # from its battle tool
    advantage: bool  # its attribute beats the other side's
    cancelled: bool  # ...but the other side's tool stops the doubling

    @property
    def doubled(self) -> bool:
        return self.advantage and not self.cancelled

    @property
    def value(self) -> int:
        # Modifiers add first, then the advantage doubles the whole value (ruling).
        total = self.base + self.power
        return total * 2 if self.doubled else total


class Values(NamedTuple):
    attacker: Side
    defender: Side

    @property
    def attack(self) -> int:
        return self.attacker.value

    @property
    def defense(self) -> int:
        return self.defender.value


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
    a_adv = a_attr is not None and BEATS[a_attr] == d_attr
    d_adv = d_attr is not None and BEATS[d_attr] == a_attr
    return Values(Side(attack_of(s, defs, attacker), a_power, a_adv, a_adv and d_ignore),
                  Side(defense_of(s, defs, defender), d_power, d_adv, d_adv and a_ignore))


def settled(s: NaruState, defs: Defs) -> bool:
    """Could no battle tool the defender might add change who wins? Either its
    defense already beats the attack, or no battle tool of the card set would
    make it. Both units are face up once a battle starts, tools are played face
    up and the card set is public, so everyone can tell (standing orders may
    fire on it)."""
    battle = s.battle
    if battle is None or battle.stage != "defender":
        return False
    values = battle_values(s, defs, battle)
    if values.defense > values.attack:
        return True
    tools = sorted(key for key, card in defs.items() if card.kind == "battle_tool")
    return not any(_holds_with(s, defs, battle, key) for key in tools)


def _holds_with(s: NaruState, defs: Defs, battle: Battle, key: str) -> bool:
    """Would the defense beat the attack with a tool of card `key`? (A trial
    state with that card standing in as the defender's tool.)"""
    trial = s.copy()
    trial.cards = {**s.cards, "trial-tool": key}
    values = battle_values(trial, defs, Battle(battle.origin, battle.target, battle.stage, battle.attacker_tool,
                                               "trial-tool"))
    return values.defense > values.attack


def side_text(s: NaruState, defs: Defs, battle: Battle, values: Values, attacking: bool) -> Text:
    """"Farmer attack 3 +2 (Matchlock) ×2 (Force beats Commerce) = 10": how
    one side's value is made, so nobody has to work the doubling out."""
    side = values.attacker if attacking else values.defender
    me = s.units[battle.origin if attacking else battle.target]
    them = s.units[battle.target if attacking else battle.origin]
    assert me is not None and them is not None
    tool = battle.attacker_tool if attacking else battle.defender_tool
    their_tool = battle.defender_tool if attacking else battle.attacker_tool
    name = unit_name(s, defs, me)
    en = f"{name.en} {'attack' if attacking else 'defense'} {side.base}"
    ja = f"{name.ja} {'こうげき' if attacking else 'ぼうぎょ'}{side.base}"
    if side.power and tool is not None:
        tool_name = card_of(s, defs, tool).name
        en += f" +{side.power} ({tool_name.en})"
        ja += f"+{side.power}（{tool_name.ja}）"
    if side.advantage:
        mine = ATTRIBUTE_NAMES[printed(s, defs, me).attribute or ""]
        theirs = ATTRIBUTE_NAMES[printed(s, defs, them).attribute or ""]
        if side.doubled:
            en += f" ×2 ({mine.en} beats {theirs.en})"
            ja += f"×2（{mine.ja}は{theirs.ja}に有利）"
        elif their_tool is not None:
            stopper = card_of(s, defs, their_tool).name
            en += f" (no ×2: {stopper.en} cancels {mine.en}'s advantage over {theirs.en})"
            ja += f"（{mine.ja}は{theirs.ja}に有利だが、{stopper.ja}で2倍なし）"
    if side.power or side.advantage:
        en += f" = {side.value}"
        ja += f"＝{side.value}"
    return Text(en, ja)


def _owner(s: NaruState, sq: int) -> int:
    unit = s.units[sq]
    assert unit is not None
    return unit.owner


def battle_line(s: NaruState, defs: Defs, battle: Battle, values: Values | None = None) -> Text:
    """Both sides of a battle as they stand: used by the log and the prompts."""
    values = values or battle_values(s, defs, battle)
    attack = whose(_owner(s, battle.origin), side_text(s, defs, battle, values, True))
    defense = whose(_owner(s, battle.target), side_text(s, defs, battle, values, False))
    return Text(f"{attack.en} against {defense.en}", f"{attack.ja} 対 {defense.ja}")


def _jailed(s: NaruState, defs: Defs, unit: Unit) -> Text:
    """The unit's name, with its equipment when it has one (both go to jail)."""
    name = unit_name(s, defs, unit)
    if unit.equipment is None:
        return name
    gear = card_of(s, defs, unit.equipment).name
    return Text(f"{name.en} (with its {gear.en})", f"{name.ja}（装備の{gear.ja}とともに）")


def resolve_battle(s: NaruState, defs: Defs, log: Log) -> None:
    battle = s.battle
    assert battle is not None
    values = battle_values(s, defs, battle)
    attacker = s.units[battle.origin]
    defender = s.units[battle.target]
    assert attacker is not None and defender is not None
    if log is not None:
        where = square_name(battle.target)
        both = battle_line(s, defs, battle, values)
        a_name = whose(attacker.owner, unit_name(s, defs, attacker))
        log.append(Text(f"Battle on {where}: {both.en}.", f"{where}で戦闘：{both.ja}。"))
        score = Text(f"{values.attack} against {values.defense}", f"{values.attack}対{values.defense}")
        if values.attack == values.defense:
            score += Text(" (the defender loses ties)", "（同値は防御側の負け）")
        if values.defense > values.attack:
            d_name = whose(defender.owner, unit_name(s, defs, defender))
            origin = square_name(battle.origin)
            log.append(Text(f"{score.en}: {d_name.en} holds; {a_name.en} is repelled and returns to {origin}.",
                            f"{score.ja}：{d_name.ja}は持ちこたえ、{a_name.ja}は敗れて{origin}に戻った。"))
        else:
            d_name = whose(defender.owner, _jailed(s, defs, defender))
            log.append(Text(f"{score.en}: {d_name.en} is destroyed and goes to jail; {a_name.en} advances to {where}.",
                            f"{score.ja}：{d_name.ja}は敗れて牢屋に送られ、{a_name.ja}が{where}に進んだ。"))
    s.battle = None
    if values.defense > values.attack:
        return
    remove_unit(s, battle.target)
    advance(s, defs, battle.origin, battle.target, log)


def advance(s: NaruState, defs: Defs, origin: int, target: int, log: Log) -> None:
    """The attacker (or a mover) takes `target`; the enemy keep costs its owner a life."""
    unit = s.units[origin]
    assert unit is not None
    s.units[origin] = None
    s.units[target] = unit
    seat = unit.owner
    damaged = False
    if target == s.enemy_keep(seat):
        unit.came_from = origin
        if log is not None:
            taker = whose(seat, unit_name(s, defs, unit))
            keep = whose(1 - seat, Text("keep", "天守閣"))
            log.append(Text(f"{taker.en} takes {keep.en} on {square_name(target)}.",
                            f"{taker.ja}が{keep.ja}（{square_name(target)}）に攻め込んだ。"))
        lose_life(s, 1 - seat, log)
        damaged = True
    else:
        unit.came_from = None
    if s.phase != "over":
        offer_promotion(s, defs, target, damaged, log)
