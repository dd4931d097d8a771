"""The battle phase (戦功フェイズ): attack declarations, the defender's response
window, and resolving an attack on the player or on a general."""

from __future__ import annotations

from typing import Any

from engine.core import RuleError, Text

from .losses import damage, lose_troops
from .state import Attack, MusouState, Slot, card_text, cdef, find, generals, role, square_text
from .stats import power, strike, ward
from .timing import square_arg


def can_attack(s: MusouState, seat: int, sq: int, slot: Slot) -> bool:
    """Ready, face-up, on an attack square, not placed this turn, not attacked yet."""
    return (not slot.face_down and not slot.exhausted and not slot.attacked and slot.placed_turn != s.turn
            and cdef(s, slot.card).type == "general" and role(s, seat, sq) == "A")


def attackable(s: MusouState, seat: int) -> list[str]:
    """Enemy generals `seat` may attack: face up and not on a supply square."""
    foe = 1 - seat
    return [slot.card for sq, slot in generals(s, foe) if role(s, foe, sq) != "S"]


def attackers(s: MusouState, seat: int) -> list[int]:
    return [sq for sq, slot in generals(s, seat) if can_attack(s, seat, sq, slot)]


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


def do_attack(s: MusouState, seat: int, a: dict[str, Any]) -> list[Text]:
    sq = a["from"] - 1
    slot = s.field[seat][sq]
    assert slot is not None
    slot.attacked = True
    s.attack = Attack(seat, sq, slot.card, a["target"])
    s.stage = "respond"
    name = card_text(s, slot.card)
    what = (Text("the player", "相手プレイヤー") if a["target"] == "player" else card_text(s, a["target"]))
    return [Text(f"{name.en} ({square_text(sq).en}) attacks {what.en}.",
                 f"{name.ja}（{square_text(sq).ja}）が{what.ja}に攻撃を宣言。")]


def resolve_attack(s: MusouState) -> list[Text]:
    """After the defender passes. An attack whose attacker is gone or exhausted,
    or whose target general is gone or now on a supply square, does nothing."""
    at = s.attack
    assert at is not None
    s.attack = None
    s.stage = "battle"
    if at.cancelled:
        return []
    spot = find(s, at.attacker)
    slot = s.field[at.seat][at.square]
    fizzle = [Text("The attack comes to nothing.", "攻撃は不成立になった。")]
    if spot != (at.seat, at.square) or slot is None or slot.exhausted:
        return fizzle
    foe = 1 - at.seat
    if at.target == "player":
        return lose_troops(s, foe, max(0, strike(s, at.seat, slot) - ward(s, foe)))
    tspot = find(s, at.target)
    if tspot is None or tspot[0] != foe or role(s, foe, tspot[1]) == "S":
        return fizzle
    target = s.field[foe][tspot[1]]
    assert target is not None
    mine, theirs = power(s, at.seat, slot), power(s, foe, target)
    log = [Text(f"Clash: {card_text(s, slot.card).en} ({mine}) vs {card_text(s, target.card).en} ({theirs}).",
                f"激突：{card_text(s, slot.card).ja}（{mine}）対 {card_text(s, target.card).ja}（{theirs}）。")]
    log += damage(s, foe, tspot[1], mine)
    log += damage(s, at.seat, at.square, theirs)
    return log

