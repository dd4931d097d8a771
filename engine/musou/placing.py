"""Putting cards on the field: placing face up (generals, items), placing face
down (伏せ札), revealing a face-down card (伏兵, traps) and moving (移動)."""

from __future__ import annotations

from typing import Any

from engine.core import RuleError, Text, seat_ref

from .cards import CardDef
from .effects import check_target, resolve
from .losses import destroy, same_name
from .provisions import check_payment, pay_cost
from .state import Log, MusouState, Slot, card_text, cdef, generals, owned, role_square, square_text
from .terms import check_formation, check_terms
from .timing import in_response, opt_str, require_main_or_response, require_turn_main, square_arg

REPLACE_EXTRA = 2
FACE_DOWN_COST = 1
FACE_DOWN_REPLACE_COST = 3


def hand_card(s: MusouState, seat: int, a: dict[str, Any]) -> str:
    cid = a.get("card")
    if not isinstance(cid, str) or cid not in s.hands[seat]:
        raise RuleError(Text("That card is not in your hand.", "そのカードは手札にありません。"),
                        Text("Name a card id from your hand (card=...).", "手札のカードIDを指定してください（card=...）。"))
    return cid


def replacing(s: MusouState, seat: int, sq: int) -> Text:
    """`, replacing Guan Ping (destroyed)`: what a card put on an occupied square destroys."""
    old = s.field[seat][sq]
    if old is None:
        return Text("", "")
    if old.face_down:
        return Text(", destroying the face-down card there", "（そこの伏せ札は破壊された）")
    name = card_text(s, old.card)
    return Text(f", destroying {name.en} there", f"（そこの{name.ja}は破壊された）")


def check_unique(s: MusouState, seat: int, card: CardDef, square: int | None) -> None:
    names = s.names  # a card's key, as its id names it
    if any(names[slot.card] == card.key for sq, slot in generals(s, seat) if sq != square):
        raise RuleError(Text(f"You already have {card.name.en} on your field.", f"既に自分の場に「{card.name.ja}」がいます。"),
                        Text("Only one general of a name per side.", "同名の武将は自分の場に1体までです。"))


def check_place(s: MusouState, seat: int, a: dict[str, Any]) -> None:
    require_turn_main(s, seat)
    cid = hand_card(s, seat, a)
    card = cdef(s, cid)
    if card.type not in ("general", "item"):
        raise RuleError(Text(f"{card.name.en} is a {card.type}; only generals and items are placed face up.",
                             f"「{card.name.ja}」は配置できません。表向きに配置できるのは武将とアイテムです。"),
                        Text("Use a stratagem with `stratagem`, or set any card face down with `facedown`.",
                             "計略は stratagem、伏せ札は facedown で使います。"))
    sq = square_arg(a.get("square"))
    cost = card.cost + (REPLACE_EXTRA if s.field[seat][sq] is not None else 0)
    if card.type == "general":
        check_unique(s, seat, card, sq)
        check_formation(s, seat, card, sq)
    check_terms(s, seat, card)
    check_payment(s, seat, cost, a.get("pay"), cid)
    check_target(s, seat, card.on_place, a.get("target"))


def do_place(s: MusouState, seat: int, a: dict[str, Any], log: Log) -> None:
    cid, sq = a["card"], a["square"] - 1
    card = cdef(s, cid)
    pay_cost(s, seat, card.cost + (REPLACE_EXTRA if s.field[seat][sq] is not None else 0), opt_str(a, "pay"), log)
    s.hands[seat].remove(cid)
    # The line below names what the card replaces, so the destroy writes none of its own.
    old = replacing(s, seat, sq) if log is not None else None
    destroy(s, seat, sq, None)
    s.field[seat][sq] = Slot(cid, placed_turn=s.turn)
    if log is not None and old is not None:
        where = role_square(s, seat, sq)
        log.append(Text(f"{seat_ref(seat).en} places {card.name.en} on {where.en}{old.en}.",
                        f"{seat_ref(seat).ja}は{card.name.ja}を{where.ja}に配置した{old.ja}。"))
    same_name(s, log)
    resolve(s, seat, card.on_place, opt_str(a, "target"), log)


def check_facedown(s: MusouState, seat: int, a: dict[str, Any]) -> None:
    require_turn_main(s, seat)
    cid = hand_card(s, seat, a)
    sq = square_arg(a.get("square"))
    cost = FACE_DOWN_REPLACE_COST if s.field[seat][sq] is not None else FACE_DOWN_COST
    check_payment(s, seat, cost, a.get("pay"), cid)


def do_facedown(s: MusouState, seat: int, a: dict[str, Any], log: Log) -> None:
    cid, sq = a["card"], a["square"] - 1
    cost = FACE_DOWN_REPLACE_COST if s.field[seat][sq] is not None else FACE_DOWN_COST
    pay_cost(s, seat, cost, opt_str(a, "pay"), log)
    s.hands[seat].remove(cid)
    # The line below names what the card replaces, so the destroy writes none of its own.
    old = replacing(s, seat, sq) if log is not None else None
    destroy(s, seat, sq, None)
    s.field[seat][sq] = Slot(cid, face_down=True, placed_turn=s.turn)
    if log is not None and old is not None:
        where = role_square(s, seat, sq)
        log.append(Text(f"{seat_ref(seat).en} sets a face-down card on {where.en}{old.en}.",
                        f"{seat_ref(seat).ja}は{where.ja}に伏せ札を置いた{old.ja}。"))


def facedown_at(s: MusouState, seat: int, a: dict[str, Any]) -> tuple[int, Slot, CardDef]:
    sq = square_arg(a.get("square"))
    slot = s.field[seat][sq]
    if slot is None or not slot.face_down:
        raise RuleError(Text("You have no face-down card there.", "そこに自分の伏せ札はありません。"),
                        Text("Name the square of one of your face-down cards (square=1-9).",
                             "自分の伏せ札のあるマスを指定してください（square=1〜9）。"))
    return sq, slot, cdef(s, slot.card)


def check_reveal(s: MusouState, seat: int, a: dict[str, Any]) -> None:
    require_main_or_response(s, seat)
    sq, _slot, card = facedown_at(s, seat, a)
    if card.type == "general" and card.ambush:
        check_unique(s, seat, card, sq)
        check_formation(s, seat, card, sq)
        effects = card.on_reveal
    elif card.type == "trap" and in_response(s, seat):
        effects = card.effects
    else:
        raise RuleError(Text("That face-down card cannot be turned face up now.", "その伏せ札は今は表向きにできません。"),
                        Text("Generals with 伏兵 (ambush) may be revealed in main phases or against an attack; "
                             "traps only against an attack on you.",
                             "伏兵を持つ武将はメインフェイズか攻撃への対応時、罠は攻撃を受けた時のみ表向きにできます。"))
    check_terms(s, seat, card)
    check_payment(s, seat, card.cost, a.get("pay"))
    if card.type == "general" and not in_response(s, seat):
        # The ambush steps naming the attacker simply do nothing outside an attack.
        effects = [e for e in effects if e.target != "attacker" and e.op != "cancel"]
    check_target(s, seat, effects, a.get("target"))


def do_reveal(s: MusouState, seat: int, a: dict[str, Any], log: Log) -> None:
    sq = a["square"] - 1
    slot = s.field[seat][sq]
    assert slot is not None
    card = cdef(s, slot.card)
    pay_cost(s, seat, card.cost, opt_str(a, "pay"), log)
    slot.face_down = False
    if log is not None:
        log.append(Text(f"{seat_ref(seat).en} reveals {card.name.en} on {square_text(sq).en}.",
                        f"{seat_ref(seat).ja}は{square_text(sq).ja}の伏せ札を表向きにした：{card.name.ja}。"))
    if card.type == "general":
        same_name(s, log)
        effects = card.on_reveal if s.stage == "respond" else [
            e for e in card.on_reveal if e.target != "attacker" and e.op != "cancel"]
        resolve(s, seat, effects, opt_str(a, "target"), log)
    else:
        resolve(s, seat, card.effects, opt_str(a, "target"), log)
        if s.field[seat][sq] is slot:  # a used trap is discarded
            s.field[seat][sq] = None
            s.discard[seat].append(slot.card)


def check_move(s: MusouState, seat: int, a: dict[str, Any]) -> None:
    require_turn_main(s, seat)
    src, dst = square_arg(a.get("from"), "from"), square_arg(a.get("to"), "to")
    slot = s.field[seat][src]
    if slot is None or slot.face_down or cdef(s, slot.card).type != "general" or not cdef(s, slot.card).move:
        raise RuleError(Text("There is no general with 移動 (move) there.", "そこに移動を持つ武将はいません。"),
                        Text("from= names the square of your face-up general with 移動.",
                             "from= には移動を持つ自分の表向きの武将のマスを指定します。"))
    if slot.moved:
        raise RuleError(Text("That general has already moved this turn.", "その武将はこのターン既に移動しました。"),
                        Text("A general with 移動 moves once per turn.", "移動は1ターンに1回です。"))
    if s.field[seat][dst] is not None:
        raise RuleError(Text("The destination square is occupied.", "移動先のマスは空いていません。"),
                        Text("Move to an empty square of your formation.", "自陣の空いているマスへ移動してください。"))


def do_move(s: MusouState, seat: int, a: dict[str, Any], log: Log) -> None:
    src, dst = a["from"] - 1, a["to"] - 1
    slot = s.field[seat][src]
    assert slot is not None
    slot.moved = True
    s.field[seat][dst], s.field[seat][src] = slot, None
    if log is not None:
        name, where = owned(s, seat, slot.card), role_square(s, seat, dst)
        log.append(Text(f"{name.en} moves from {square_text(src).en} to {where.en}.",
                        f"{name.ja}は{square_text(src).ja}から{where.ja}へ移動した。"))

