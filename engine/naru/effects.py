"""The effect vocabulary at work: tools (どうぐ), rituals (儀式), keep effects
and battle tools. Each card's ability is a list of `Effect`s run in order."""

from __future__ import annotations

from engine.core import Rng, RuleError, Text

from .battle import resolve_battle
from .board import square_name
from .cards import CardDef
from .names import says
from .state import NaruState
from .summon import hand_card, pay
from .turn import draw
from .units import Defs, can_act, card_of, defense_of, printed, remove_unit, reveal


def target_squares(s: NaruState, seat: int, card: CardDef) -> list[int]:
    out = []
    ops = {e.op for e in card.effects}
    for sq, unit in enumerate(s.units):
        if unit is None:
            continue
        own = unit.owner == seat
        if card.target == "own_unit" and not own:
            continue
        if card.target == "enemy_unit" and own:
            continue
        if card.target == "enemy_in_territory" and (own or not s.territory(seat, sq)):
            continue
        if "ready" in ops and not (own and unit.moved and unit.came_from is None and can_act(s, unit)):
            continue
        out.append(sq)
    return out


def faith_unit_on_faith_land(s: NaruState, seat: int, defs: Defs) -> bool:
    """A ritual needs your face-up faith unit, able to act, on a faith land (ruling)."""
    for sq, unit in enumerate(s.units):
        land = s.lands[sq]
        if unit is None or land is None or unit.owner != seat or unit.facedown or not can_act(s, unit):
            continue
        if printed(s, defs, unit).faith and card_of(s, defs, land.card).faith:
            return True
    return False


def _check_target(s: NaruState, seat: int, card: CardDef, sq: int | None) -> None:
    if card.target == "none":
        return
    if sq is None or sq not in target_squares(s, seat, card):
        raise RuleError(Text(f"{card.name.en} needs a valid target unit (at=<square>).",
                             f"{card.name.ja}には正しい対象ユニット（at=マス）が必要です。"),
                        Text(card.text_en, card.text_ja))


def run_effects(s: NaruState, seat: int, card: CardDef, sq: int | None, defs: Defs, rng: Rng) -> list[Text]:
    logs: list[Text] = []
    if sq is not None and card.target != "none":
        logs += reveal(s, defs, sq)
    player = s.players[seat]
    for effect in card.effects:
        if s.phase == "over":
            break
        unit = s.units[sq] if sq is not None else None
        if effect.op == "draw":
            logs += draw(s, seat, effect.n)
        elif effect.op == "gain":
            player.resources += effect.n
            logs.append(says(seat, f"gains {effect.n} resource(s).", f"リソースを{effect.n}得た。"))
        elif effect.op == "heal":
            player.life += effect.n
            logs.append(says(seat, f"gains {effect.n} life ({player.life}).", f"ライフを{effect.n}得た（{player.life}）。"))
        elif effect.op == "pump" and unit is not None:
            unit.buff_attack += effect.attack
            unit.buff_defense += effect.defense
            logs.append(Text(f"The unit on {square_name(sq or 0)} gets +{effect.attack}/+{effect.defense} this turn.",
                             f"{square_name(sq or 0)}のユニットはこのターン +{effect.attack}/+{effect.defense}。"))
        elif effect.op == "ready" and unit is not None:
            unit.moved = False
            logs.append(Text(f"The unit on {square_name(sq or 0)} may move again.",
                             f"{square_name(sq or 0)}のユニットはもう一度移動できる。"))
        elif effect.op == "jail" and unit is not None and sq is not None:
            if defense_of(s, defs, unit) <= effect.max_defense:
                remove_unit(s, sq)
                logs.append(Text(f"The unit on {square_name(sq)} goes to jail.", f"{square_name(sq)}のユニットは牢屋に送られた。"))
            else:
                logs.append(Text(f"The unit on {square_name(sq)} is too sturdy: no effect.",
                                 f"{square_name(sq)}のユニットはぼうぎょが高く、効果なし。"))
        elif effect.op == "search_land":
            found = next((c for c in player.deck if card_of(s, defs, c).kind == "land"), None)
            if found is not None:
                player.deck.remove(found)
                player.hand.append(found)
                logs.append(says(seat, f"takes {card_of(s, defs, found).name.en} from the deck.",
                                 f"デッキから{card_of(s, defs, found).name.ja}を手札に加えた。"))
            player.deck = rng.shuffled(player.deck)
    return logs


def use_card(s: NaruState, seat: int, cid: object, sq: int | None, defs: Defs, rng: Rng) -> list[Text]:
    """A tool or ritual from hand on your own turn."""
    card = hand_card(s, seat, cid, defs, ("tool", "ritual"))
    if card.kind == "ritual" and not faith_unit_on_faith_land(s, seat, defs):
        raise RuleError(Text("A ritual needs your face-up faith unit on a faith land.",
                             "儀式には、信仰の土地にいる自分の表向きの神職ユニットが必要です。"),
                        Text("Not newly placed units only.", "配置したターンのユニットは唱えられません。"))
    _check_target(s, seat, card, sq)
    if card.target == "none":
        sq = None
    pay(s, seat, card.cost)
    assert isinstance(cid, str)
    s.players[seat].hand.remove(cid)
    # Used tools go to jail, used rituals to exile: two distinct zones.
    (s.players[seat].exile if card.kind == "ritual" else s.players[seat].jail).append(cid)
    where = f" on {square_name(sq)}" if sq is not None else ""
    where_ja = f"（{square_name(sq)}）" if sq is not None else ""
    logs = [says(seat, f"uses {card.name.en}{where}.", f"{card.name.ja}を使った{where_ja}。")]
    return logs + run_effects(s, seat, card, sq, defs, rng)


def keep_available(s: NaruState, seat: int) -> bool:
    """Once per own turn, while an enemy unit is in your territory."""
    if s.players[seat].keep_used:
        return False
    return any(u is not None and u.owner != seat and s.territory(seat, sq) for sq, u in enumerate(s.units))


def keep_effect(s: NaruState, seat: int, sq: int | None, defs: Defs, rng: Rng) -> list[Text]:
    if not keep_available(s, seat):
        raise RuleError(Text("Your keep effect works once per turn, while an enemy unit is in your territory.",
                             "天守効果は、相手ユニットが自分の領地内にいる間、自ターンに1回だけ使えます。"))
    card = card_of(s, defs, s.players[seat].keep_card)
    _check_target(s, seat, card, sq)
    if card.target == "none":
        sq = None
    s.players[seat].keep_used = True
    logs = [says(seat, f"uses the keep effect of {card.name.en}.", f"{card.name.ja}の天守効果を使った。")]
    return logs + run_effects(s, seat, card, sq, defs, rng)


def battle_seat(s: NaruState) -> int:
    battle = s.battle
    assert battle is not None
    attacker = s.units[battle.origin]
    assert attacker is not None
    return attacker.owner if battle.stage == "attacker" else 1 - attacker.owner


def battle_tool(s: NaruState, seat: int, cid: object | None, defs: Defs) -> list[Text]:
    """One battle tool per side per battle, attacker first; None passes."""
    battle = s.battle
    assert battle is not None
    logs: list[Text] = []
    if cid is not None:
        card = hand_card(s, seat, cid, defs, ("battle_tool",))
        pay(s, seat, card.cost)
        assert isinstance(cid, str)
        s.players[seat].hand.remove(cid)
        s.players[seat].jail.append(cid)
        if battle.stage == "attacker":
            battle.attacker_tool = cid
        else:
            battle.defender_tool = cid
        logs.append(says(seat, f"uses the battle tool {card.name.en}.", f"戦闘どうぐ{card.name.ja}を使った。"))
    else:
        logs.append(says(seat, "adds no battle tool.", "戦闘どうぐを使わなかった。"))
    if battle.stage == "attacker":
        battle.stage = "defender"
        return logs
    return logs + resolve_battle(s, defs)
