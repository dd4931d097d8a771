"""The battle phase (戦功フェイズ): attack declarations, the defender's response
window, and resolving an attack on the player or on a general."""

from __future__ import annotations

from typing import Any

from engine.core import RuleError, Text, seat_ref
from engine.core.text import join

from .losses import damage, lose_troops
from .state import (
    SQUARES,
    Attack,
    Log,
    MusouState,
    Slot,
    card_text,
    cdef,
    find,
    generals,
    owned,
    role,
    square_roles,
    square_text,
)
from .stats import power, strike, ward
from .timing import square_arg


def can_attack(s: MusouState, seat: int, sq: int, slot: Slot) -> bool:
    """Ready, face-up, on an attack square, not placed this turn, not attacked yet."""
    return (not slot.face_down and _ready(s, slot) and cdef(s, slot.card).type == "general"
            and role(s, seat, sq) == "A")


def _ready(s: MusouState, slot: Slot) -> bool:
    """Not exhausted, not placed this turn, not attacked yet: a general that may attack from an attack square."""
    return not slot.exhausted and not slot.attacked and slot.placed_turn != s.turn


def attackable(s: MusouState, seat: int) -> list[str]:
    """Enemy generals `seat` may attack: face up and not on a supply square."""
    foe = 1 - seat
    roles = square_roles(s, foe)
    return [slot.card for sq, slot in generals(s, foe) if roles[sq] != "S"]


def attackers(s: MusouState, seat: int) -> list[int]:
    """The squares `can_attack` allows, the commander's layout read once (the turn asks after every attack)."""
    roles = square_roles(s, seat)
    return [sq for sq, slot in generals(s, seat) if roles[sq] == "A" and _ready(s, slot)]


def check_attack(s: MusouState, seat: int, a: dict[str, Any]) -> None:
    if s.stage != "battle" or s.active != seat:
        raise RuleError(Text("Attacks are declared by the turn player in the battle phase.",
                             "攻撃宣言は戦功フェイズにターンプレイヤーが行います。"),
                        Text("In a main phase: act or pass; two passes in a row end it.",
                             "メインフェイズでは行動かパス。2人続けてパスで終わります。"))
    sq = square_arg(a.get("from"), "from")
    slot = s.field[seat][sq]
    if slot is None or not can_attack(s, seat, sq, slot):
        raise RuleError(Text("That square has no general able to attack.", "そのマスに攻撃できる武将はいません。"),
                        Text("A ready face-up general on an attack square, not placed this turn, attacks once.",
                             "戦攻マスの臨戦状態の武将が、配置ターン以外に1回攻撃できます。"))
    target = a.get("target")
    if target != "player" and target not in attackable(s, seat):
        raise RuleError(Text("That is not a valid attack target.", "それは攻撃対象にできません。"),
                        Text("Attack the player (target=player) or an enemy general not on a supply square.",
                             "相手プレイヤー（target=player）か、補給マス以外の敵武将を対象にします。"))


def ward_names(s: MusouState, seat: int) -> Text:
    """The face-up items that absorb troop losses for `seat` (public)."""
    names = [card_text(s, slot.card) for sq in SQUARES if (slot := s.field[seat][sq]) is not None
             and not slot.face_down and any(st.op == "ward" for st in cdef(s, slot.card).static)]
    return join(names)


def attack_text(s: MusouState, at: Attack) -> Text:
    """Who attacks what with what, and the total it would deal now: public,
    for the log line, the defender's prompt and the board."""
    slot = s.field[at.seat][at.square]
    foe = 1 - at.seat
    if slot is None or slot.card != at.attacker:
        return Text(f"{seat_ref(at.seat).en}'s attack: the attacker is gone, so it comes to nothing",
                    f"{seat_ref(at.seat).ja}の攻撃：攻撃した武将がいないため不成立")
    name = owned(s, at.seat, slot.card)
    where = square_text(at.square)
    if slot.exhausted:
        return Text(f"{name.en} ({where.en}) attacked but is exhausted, so the attack comes to nothing",
                    f"{name.ja}（{where.ja}）は攻撃したが行動不能のため、攻撃は不成立")
    if at.target == "player":
        hit, wards = strike(s, at.seat, slot), ward(s, foe)
        total = max(0, hit - wards)
        absorbed = (Text(f", {min(hit, wards)} absorbed by {ward_names(s, foe).en}",
                         f"、{ward_names(s, foe).ja}が{min(hit, wards)}を防ぐ") if wards else Text("", ""))
        return Text(f"{name.en} ({where.en}) attacks {seat_ref(foe).en}: strike {hit}{absorbed.en}, "
                    f"{total} {'troop' if total == 1 else 'troops'} to lose",
                    f"{name.ja}（{where.ja}）が{seat_ref(foe).ja}を攻撃：戦攻{hit}{absorbed.ja}、兵数{total}減")
    spot = find(s, at.target)
    target = s.field[spot[0]][spot[1]] if spot is not None else None
    if target is None or spot is None:
        return Text(f"{name.en} ({where.en}) attacks a general that is gone",
                    f"{name.ja}（{where.ja}）の攻撃対象はもういない")
    them = owned(s, foe, target.card)
    return Text(f"{name.en} ({where.en}, power {power(s, at.seat, slot)}) attacks {them.en} "
                f"({square_text(spot[1]).en}, power {power(s, foe, target)}): each deals its power to the other",
                f"{name.ja}（{where.ja}・武力{power(s, at.seat, slot)}）が{them.ja}（{square_text(spot[1]).ja}・"
                f"武力{power(s, foe, target)}）を攻撃：互いに武力分のダメージ")


def do_attack(s: MusouState, seat: int, a: dict[str, Any], log: Log) -> None:
    sq = a["from"] - 1
    slot = s.field[seat][sq]
    assert slot is not None
    slot.attacked = True
    s.attack = Attack(seat, sq, slot.card, a["target"])
    s.stage = "respond"
    if log is not None:
        text = attack_text(s, s.attack)
        log.append(Text(f"{text.en}.", f"{text.ja}。"))


def resolve_attack(s: MusouState, log: Log) -> None:
    """After the defender passes. An attack whose attacker is gone or exhausted,
    or whose target general is gone or now on a supply square, does nothing."""
    at = s.attack
    assert at is not None
    s.attack = None
    s.stage = "battle"
    if at.cancelled:
        return
    spot = find(s, at.attacker)
    slot = s.field[at.seat][at.square]
    if spot != (at.seat, at.square) or slot is None or slot.exhausted:
        if log is not None:
            who = seat_ref(at.seat)
            log.append(Text(f"{who.en}'s attack comes to nothing: the attacker is gone or exhausted.",
                            f"{who.ja}の攻撃は不成立：攻撃した武将がいないか、行動不能。"))
        return
    foe = 1 - at.seat
    if at.target == "player":
        hit, wards = strike(s, at.seat, slot), ward(s, foe)
        total = max(0, hit - wards)
        if log is not None:
            name = owned(s, at.seat, slot.card)
            absorbed = (Text(f", {min(hit, wards)} absorbed by {ward_names(s, foe).en}",
                             f"、{ward_names(s, foe).ja}が{min(hit, wards)}を防いだ") if wards else Text("", ""))
            log.append(Text(f"{name.en} hits {seat_ref(foe).en}: strike {hit}{absorbed.en}, total {total}.",
                            f"{name.ja}の攻撃が{seat_ref(foe).ja}に命中：戦攻{hit}{absorbed.ja}、合計{total}。"))
        lose_troops(s, foe, total, log)
        return
    tspot = find(s, at.target)
    if tspot is None or tspot[0] != foe or role(s, foe, tspot[1]) == "S":
        if log is not None:
            who = seat_ref(at.seat)
            log.append(Text(f"{who.en}'s attack comes to nothing: its target is gone or on a supply square.",
                            f"{who.ja}の攻撃は不成立：攻撃対象がいないか、補給マスにいる。"))
        return
    target = s.field[foe][tspot[1]]
    assert target is not None
    mine, theirs = power(s, at.seat, slot), power(s, foe, target)
    if log is not None:
        name, them = owned(s, at.seat, slot.card), owned(s, foe, target.card)
        log.append(Text(f"Clash: {name.en} (power {mine}) against {them.en} (power {theirs}).",
                        f"激突：{name.ja}（武力{mine}）対 {them.ja}（武力{theirs}）。"))
    damage(s, foe, tspot[1], mine, log)
    damage(s, at.seat, at.square, theirs, log)
