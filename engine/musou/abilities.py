"""Using cards and abilities without placing: stratagems (計略), support
abilities (支援) of generals on support squares, and the commander's 無双."""

from __future__ import annotations

from typing import Any

from engine.core import RuleError, Text, seat_ref

from .effects import check_target, resolve
from .placing import hand_card
from .provisions import check_payment, pay_cost
from .state import Log, MusouState, cdef, mdef, owned, role, square_text
from .terms import check_terms
from .timing import in_main, in_response, opt_str, require_main_or_response, require_turn_main, square_arg


def check_stratagem(s: MusouState, seat: int, a: dict[str, Any]) -> None:
    require_main_or_response(s, seat)
    cid = hand_card(s, seat, a)
    card = cdef(s, cid)
    if card.type != "stratagem":
        raise RuleError(Text(f"{card.name.en} is not a stratagem.", f"「{card.name.ja}」は計略ではありません。"),
                        Text("Place generals and items with place; set any card face down with facedown.",
                             "武将・アイテムは place、伏せ札は facedown で使います。"))
    if in_main(s, seat) and card.timing == "response":
        raise RuleError(Text(f"{card.name.en} is used only against an attack.", f"「{card.name.ja}」は攻撃への対応時のみ使えます。"),
                        Text("Use it when an attack is declared against you.", "攻撃宣言を受けたときに使ってください。"))
    if in_response(s, seat) and card.timing == "main":
        raise RuleError(Text(f"{card.name.en} is used only in a main phase.", f"「{card.name.ja}」はメインフェイズにのみ使えます。"),
                        Text("Respond with response or any-timing stratagems, traps, ambushes, support, or pass.",
                             "対応では対応・随時の計略、罠、伏兵、支援を使うか、パスします。"))
    check_terms(s, seat, card)
    check_payment(s, seat, card.cost, a.get("pay"), cid)
    check_target(s, seat, card.effects, a.get("target"))


def do_stratagem(s: MusouState, seat: int, a: dict[str, Any], log: Log) -> None:
    cid = a["card"]
    card = cdef(s, cid)
    pay_cost(s, seat, card.cost, opt_str(a, "pay"), log)
    s.hands[seat].remove(cid)
    if log is not None:
        log.append(Text(f"{seat_ref(seat).en} uses the stratagem {card.name.en}.",
                        f"{seat_ref(seat).ja}は計略「{card.name.ja}」を使った。"))
    resolve(s, seat, card.effects, opt_str(a, "target"), log)
    s.discard[seat].append(cid)


def check_support(s: MusouState, seat: int, a: dict[str, Any]) -> None:
    """Cost of a support ability (ruling): the general exhausts."""
    require_main_or_response(s, seat)
    sq = square_arg(a.get("square"))
    slot = s.field[seat][sq]
    if slot is None or slot.face_down or not cdef(s, slot.card).support:
        raise RuleError(Text("There is no general with a 支援 (support) ability there.", "そこに支援能力を持つ武将はいません。"),
                        Text("square= names your face-up general with 支援 on a support square.",
                             "square= には支援マスにいる支援能力を持つ表向きの武将を指定します。"))
    if role(s, seat, sq) != "P":
        raise RuleError(Text("Support abilities work only from a support square.", "支援能力は支援マスでのみ使えます。"),
                        Text("Move or place the general on a support square first.", "先に武将を支援マスに置いてください。"))
    if slot.exhausted:
        raise RuleError(Text("That general is exhausted.", "その武将は行動不能状態です。"),
                        Text("Using a support ability exhausts a ready general.", "支援能力は臨戦状態の武将を行動不能にして使います。"))
    check_target(s, seat, cdef(s, slot.card).support, a.get("target"))


def do_support(s: MusouState, seat: int, a: dict[str, Any], log: Log) -> None:
    sq = a["square"] - 1
    slot = s.field[seat][sq]
    assert slot is not None
    slot.exhausted = True
    card = cdef(s, slot.card)
    if log is not None:
        name = owned(s, seat, slot.card)
        log.append(Text(f"{name.en} ({square_text(sq).en}) uses its support ability and is exhausted.",
                        f"{name.ja}（{square_text(sq).ja}）は行動不能になって支援能力を使った。"))
    resolve(s, seat, card.support, opt_str(a, "target"), log)


def check_musou(s: MusouState, seat: int, a: dict[str, Any]) -> None:
    require_turn_main(s, seat)
    musou = mdef(s, seat).musou
    if musou is None:
        raise RuleError(Text("Your commander has no 無双.", "指揮官に無双がありません。"),
                        Text("Only commanders with a 無双 can use one.", "無双を持つ指揮官だけが使えます。"))
    if s.musou_used[seat]:
        raise RuleError(Text("You have already used your 無双 this game.", "このゲームでは既に無双を使いました。"),
                        Text("Once per game.", "1ゲームに1回です。"))
    check_target(s, seat, musou.effects, a.get("target"))


def do_musou(s: MusouState, seat: int, a: dict[str, Any], log: Log) -> None:
    musou = mdef(s, seat).musou
    assert musou is not None
    s.musou_used[seat] = True
    if log is not None:
        log.append(Text(f"{seat_ref(seat).en} unleashes 無双: {musou.name.en}!",
                        f"{seat_ref(seat).ja}の無双「{musou.name.ja}」！"))
    resolve(s, seat, musou.effects, opt_str(a, "target"), log)
