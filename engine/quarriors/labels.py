"""Menu labels: each legal action as a player reads it in a menu, and the
group (the die or card it is about) that lets front ends stage long menus."""

from __future__ import annotations

from typing import Any

from engine.core.text import Text

from .faces import face_text
from .names import NOTHING, a_die_of, card_name, die_text, ids
from .state import QState, face_of, own_card
from .stats import summon_cost


def paying(a: dict[str, Any]) -> Text:
    chosen = a.get("pay")
    if not isinstance(chosen, list):
        return NOTHING
    if not chosen:
        return Text(", paying with banked quiddity", "、蓄えた魔力で支払う")
    return Text(", paying with ", "、支払い：") + ids(chosen)


def capture_cost(s: QState, cid: str) -> int:
    slot = s.slots.get(cid)
    return max(0, s.cards[slot].cost - s.discount) if slot is not None else 0


def shaped_face(s: QState, a: dict[str, Any]) -> str:
    f = a.get("face")
    return face_text(own_card(s, a["die"]).faces[f]) if isinstance(f, int) and 0 <= f < 6 else "?"


def action_label(s: QState, a: dict[str, Any]) -> Text:
    # The commonest labels (a turn's summons and captures, culls, rerolls) in one f-string each:
    # a menu labels every choice, and each `+` of Texts builds one more
    k = a["kind"]
    d = die_text(s, a["die"]) if isinstance(a.get("die"), int) else NOTHING
    t = die_text(s, a["target"]) if isinstance(a.get("target"), int) else NOTHING
    if k == "proceed":
        return Text("Proceed to the attack", "攻撃へ進む")
    if k == "end_turn":
        return Text("End the turn", "手番を終える")
    if k == "pass":
        return Text("Pass", "パスする")
    if k == "skip":
        return Text("Skip", "見送る")
    if k == "use":
        return Text("Use ", "") + d + Text("", "の効果を使う")
    if k == "settle":
        return Text("Turn ", "") + d + Text(" to its quiddity face (only Portals are left)",
                                            "を魔力の目にする（次元扉しか残っていない）")
    if k == "reroll":
        if isinstance(a.get("other"), int):
            o = die_text(s, a["other"])
            return Text(f"Reroll {d.en} and {o.en}", f"{d.ja}と{o.ja}を振り直す")
        return Text(f"Reroll {d.en}", f"{d.ja}を振り直す")
    if k == "ready":
        return Text("Ready ", "") + d + Text("", "を準備する")
    if k == "summon":
        cost = summon_cost(s, a["die"], s.active) if s.face[a["die"]] >= 0 and face_of(s, a["die"]).creature else 0
        pay = paying(a)
        return Text(f"Summon {d.en} for {cost} quiddity{pay.en}", f"{d.ja}を召喚（魔力{cost}）{pay.ja}")
    if k == "cast":
        on = Text(" on ", "を発動、対象：") + t if isinstance(a.get("target"), int) else Text("", "を発動")
        out = Text("Cast ", "") + d + on
        if isinstance(a.get("others"), list) and a["others"]:
            out = out + Text(", rerolling ", "、振り直し：") + ids(a["others"])
        return out
    if k == "attach":
        return Text("Attach ", "") + d + Text(" to ", "を") + die_text(s, a["to"]) + Text("", "に付加する")
    if k == "switch":
        return Text("Make ", "") + d + Text(" copy ", "の複製先を") + t + Text("", "にする")
    if k == "shape":
        shown = shaped_face(s, a)
        if shown == face_text(face_of(s, a["die"])):
            return Text("Keep ", "") + d + Text("", "のままにする")
        return Text("Turn ", "") + d + Text(f" to [{shown}]", f"を[{shown}]にする")
    if k == "copy":
        return Text("Copy ", "") + t + Text("", "を複製する")
    if k == "destroy":
        return Text("Destroy ", "") + t + Text("", "を打倒する")
    if k == "capture":
        cost = capture_cost(s, a["card"])
        die, pay = a_die_of(s, a["card"]), paying(a)
        return Text(f"Capture {die.en} for {cost} quiddity{pay.en}", f"{die.ja}を捕獲（魔力{cost}）{pay.ja}")
    if k == "take":
        return Text("Take ", "") + a_die_of(s, a["card"]) + Text(" into your bag for free", "を無償でバッグに入れる")
    if k == "discard":
        return Text("Discard readied ", "待機中の") + d + Text("", "を捨てる")
    if k == "absorb":
        return Text("Absorb with ", "") + d + Text("", "で攻撃を受ける")
    if k == "cull":
        return Text(f"Cull {d.en}", f"{d.ja}を解雇する")
    if k == "swap":
        return Text("Swap your Deathdealer for ", "死の運び手を") + d + Text("", "と交換する")
    if k == "recall":
        return Text("Move ", "") + d + Text(" to your active pool", "を活動プールに移す")
    if k == "trade":
        return Text("Cull ", "") + d + Text(" and capture ", "を解雇し、") + a_die_of(s, a["card"]) + Text("", "を捕獲する")
    return Text(k, k)


_BY_DIE = frozenset({"use", "settle", "reroll", "ready", "summon", "cast", "attach", "switch", "discard"})


def action_group(s: QState, a: dict[str, Any]) -> Text | None:
    """The die (or card) a turn action is about: menus of many dice are staged by it."""
    k = a["kind"]
    if k in _BY_DIE and isinstance(a.get("die"), int):
        return die_text(s, a["die"])
    if k == "capture":
        return card_name(s, a["card"])
    return None
