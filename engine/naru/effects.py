"""The effect vocabulary at work: tools (どうぐ), rituals (儀式), keep effects
and battle tools. Each card's ability is a list of `Effect`s run in order."""

from __future__ import annotations

from engine.core import Rng, RuleError, Text

from .battle import resolve_battle
from .board import square_name
from .cards import CardDef
from .catalog import ability
from .names import Log, listing, plural, says, whose
from .state import NaruState
from .summon import hand_card, pay
from .turn import draw
from .units import Defs, attack_of, can_act, card_of, defense_of, printed, remove_unit, reveal, unit_name


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


def _unit_at(s: NaruState, defs: Defs, sq: int | None) -> Text:
    """"{player}'s Farmer on B2": a unit named with its owner and square."""
    unit = s.units[sq] if sq is not None else None
    assert unit is not None and sq is not None
    return whose(unit.owner, Text(f"{unit_name(s, defs, unit).en} on {square_name(sq)}",
                                  f"{unit_name(s, defs, unit).ja}（{square_name(sq)}）"))


def chanters(s: NaruState, seat: int, defs: Defs) -> list[int]:
    """Squares of your faith units (not placed this turn) standing on a faith land.

    A face-down commoner counts: chanting is acting, so it turns face up (ruling)."""
    out = []
    for sq, unit in enumerate(s.units):
        land = s.lands[sq]
        if unit is None or land is None or unit.owner != seat or not can_act(s, unit):
            continue
        if printed(s, defs, unit).faith and card_of(s, defs, land.card).faith:
            out.append(sq)
    return out


def ritual_chanters(s: NaruState, seat: int, defs: Defs) -> list[int | None]:
    """The `by=` choices of a ritual: None when a face-up chanter is there
    (nothing to reveal), else each face-down chanter, which the ritual reveals."""
    squares = chanters(s, seat, defs)
    if any(not _facedown(s, sq) for sq in squares):
        return [None]
    return list(squares)


def _facedown(s: NaruState, sq: int) -> bool:
    unit = s.units[sq]
    return unit is not None and unit.facedown


def faith_unit_on_faith_land(s: NaruState, seat: int, defs: Defs) -> bool:
    return bool(chanters(s, seat, defs))


def _target_hint(s: NaruState, seat: int, card: CardDef) -> Text:
    names = listing([square_name(q) for q in target_squares(s, seat, card)])
    text = ability(card)
    return Text(f"{text.en} Targets now: {names.en}.", f"{text.ja}今選べる対象：{names.ja}。")


def _check_target(s: NaruState, seat: int, card: CardDef, sq: int | None) -> None:
    if card.target == "none":
        return
    if sq is None or sq not in target_squares(s, seat, card):
        raise RuleError(Text(f"{card.name.en} needs a valid target unit (at=<square>).",
                             f"{card.name.ja}には正しい対象ユニット（at=マス）が必要です。"),
                        _target_hint(s, seat, card))


def run_effects(s: NaruState, seat: int, card: CardDef, sq: int | None, defs: Defs, rng: Rng, log: Log) -> None:
    if sq is not None and card.target != "none":
        reveal(s, defs, sq, log)
    player = s.players[seat]
    for effect in card.effects:
        if s.phase == "over":
            break
        unit = s.units[sq] if sq is not None else None
        if effect.op == "draw":
            draw(s, seat, effect.n, log)
        elif effect.op == "gain":
            player.resources += effect.n
            if log is not None:
                log.append(says(seat, f"gains {plural(effect.n, 'resource', 'resources')} (now {player.resources}).",
                                f"リソースを{effect.n}得た（計{player.resources}）。"))
        elif effect.op == "heal":
            player.life += effect.n
            if log is not None:
                log.append(says(seat, f"gains {effect.n} life (now {player.life}).", f"ライフを{effect.n}得た（計{player.life}）。"))
        elif effect.op == "pump" and unit is not None:
            unit.buff_attack += effect.attack
            unit.buff_defense += effect.defense
            if log is None:
                continue
            it = _unit_at(s, defs, sq)
            now = Text(f"attack {attack_of(s, defs, unit)}, defense {defense_of(s, defs, unit)}",
                       f"こうげき{attack_of(s, defs, unit)}・ぼうぎょ{defense_of(s, defs, unit)}")
            log.append(Text(f"{it.en} gets {effect.attack:+d} attack and {effect.defense:+d} defense this turn "
                            f"(now {now.en}).",
                            f"{it.ja}はこのターン、こうげき{effect.attack:+d}・ぼうぎょ{effect.defense:+d}（{now.ja}）。"))
        elif effect.op == "ready" and unit is not None:
            unit.moved = False
            if log is not None:
                it = _unit_at(s, defs, sq)
                log.append(Text(f"{it.en} may move again.", f"{it.ja}はもう一度移動できる。"))
        elif effect.op == "jail" and unit is not None and sq is not None:
            # Named while it is still on the board.
            named = _unit_at(s, defs, sq) if log is not None else None
            defense = defense_of(s, defs, unit)
            jailed = defense <= effect.max_defense
            if jailed:
                remove_unit(s, sq)
            if log is None or named is None:
                continue
            if jailed:
                log.append(Text(f"{named.en} has defense {defense}, at most {effect.max_defense}: it goes to jail.",
                                f"{named.ja}はぼうぎょ{defense}（{effect.max_defense}以下）のため牢屋に送られた。"))
            else:
                log.append(Text(f"{named.en} has defense {defense}, more than {effect.max_defense}: no effect.",
                                f"{named.ja}はぼうぎょ{defense}で{effect.max_defense}を超えるため、効果なし。"))
        elif effect.op == "search_land":
            found = next((c for c in player.deck if card_of(s, defs, c).kind == "land"), None)
            if found is not None:
                player.deck.remove(found)
                player.hand.append(found)
            player.deck = rng.shuffled(player.deck)
            if log is None:
                continue
            if found is not None:
                log.append(says(seat, f"takes {card_of(s, defs, found).name.en} from the deck; the deck is shuffled.",
                                f"デッキから{card_of(s, defs, found).name.ja}を手札に加え、デッキをシャッフルした。"))
            else:
                log.append(says(seat, "finds no land in the deck; the deck is shuffled.",
                                "デッキに土地がなかった。デッキをシャッフルした。"))


def _chanter(s: NaruState, seat: int, by: int | None, defs: Defs) -> int | None:
    """The square of the unit chanting a ritual; refuses when there is none."""
    squares = chanters(s, seat, defs)
    if not squares:
        raise RuleError(Text("A ritual needs your faith unit standing on a faith land.",
                             "儀式には、信仰の土地にいる自分の神職ユニットが必要です。"),
                        Text("Move or place a faith unit onto a faith land first; a unit placed this turn cannot chant.",
                             "先に神職ユニットを信仰の土地へ移動・配置してください。配置したターンのユニットは唱えられません。"))
    if by is None:
        face_up = [sq for sq in squares if not _facedown(s, sq)]
        return face_up[0] if face_up else squares[0]
    if by not in squares:
        names = listing([square_name(q) for q in squares])
        raise RuleError(Text("The unit named by 'by' cannot chant this ritual.",
                             "by で指定したユニットはこの儀式を唱えられません。"),
                        Text(f"Chanters now: {names.en}.", f"唱えられるユニット：{names.ja}。"))
    return by


def use_card(s: NaruState, seat: int, cid: object, sq: int | None, defs: Defs, rng: Rng,
             by: int | None, log: Log) -> None:
    """A tool or ritual from hand on your own turn."""
    card = hand_card(s, seat, cid, defs, ("tool", "ritual"))
    chanter = _chanter(s, seat, by, defs) if card.kind == "ritual" else None
    _check_target(s, seat, card, sq)
    if card.target == "none":
        sq = None
    pay(s, seat, card.cost)
    assert isinstance(cid, str)
    s.players[seat].hand.remove(cid)
    # Used tools go to jail, used rituals to exile: two distinct zones.
    (s.players[seat].exile if card.kind == "ritual" else s.players[seat].jail).append(cid)
    if chanter is not None:
        reveal(s, defs, chanter, log)
    if log is not None:
        where = f" on {square_name(sq)}" if sq is not None else ""
        where_ja = f"{square_name(sq)}に" if sq is not None else ""
        if chanter is not None:
            voice = _unit_at(s, defs, chanter)
            log.append(Text(f"{voice.en} chants the ritual {card.name.en}{where}.",
                            f"{voice.ja}が{where_ja}儀式「{card.name.ja}」を唱えた。"))
        else:
            log.append(says(seat, f"uses {card.name.en}{where}.", f"{where_ja}{card.name.ja}を使った。"))
    run_effects(s, seat, card, sq, defs, rng, log)


def keep_available(s: NaruState, seat: int) -> bool:
    """Once per own turn, while an enemy unit is in your territory."""
    if s.players[seat].keep_used:
        return False
    return any(u is not None and u.owner != seat and s.territory(seat, sq) for sq, u in enumerate(s.units))


def keep_effect(s: NaruState, seat: int, sq: int | None, defs: Defs, rng: Rng, log: Log) -> None:
    if not keep_available(s, seat):
        raise RuleError(Text("Your keep effect works once per turn, while an enemy unit is in your territory.",
                             "天守効果は、相手ユニットが自分の領地内にいる間、自ターンに1回だけ使えます。"),
                        Text("Used already this turn, or no enemy unit is in your territory: move, use a card or end_turn.",
                             "このターンは使用済みか、領地内に相手ユニットがいません。移動・カード使用・end_turn を選んでください。"))
    card = card_of(s, defs, s.players[seat].keep_card)
    _check_target(s, seat, card, sq)
    if card.target == "none":
        sq = None
    s.players[seat].keep_used = True
    if log is not None:
        log.append(says(seat, f"uses the keep effect of {card.name.en}.", f"{card.name.ja}の天守効果を使った。"))
    run_effects(s, seat, card, sq, defs, rng, log)


def battle_seat(s: NaruState) -> int:
    battle = s.battle
    assert battle is not None
    attacker = s.units[battle.origin]
    assert attacker is not None
    return attacker.owner if battle.stage == "attacker" else 1 - attacker.owner


def battle_tool(s: NaruState, seat: int, cid: object | None, defs: Defs, log: Log) -> None:
    """One battle tool per side per battle, attacker first; None passes."""
    battle = s.battle
    assert battle is not None
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
        if log is not None:
            log.append(says(seat, f"uses the battle tool {card.name.en}.", f"戦闘どうぐ「{card.name.ja}」を使った。"))
    elif log is not None:
        log.append(says(seat, "adds no battle tool.", "戦闘どうぐを使わなかった。"))
    if battle.stage == "attacker":
        battle.stage = "defender"
        return
    resolve_battle(s, defs, log)
