"""Bilingual labels: faces, dice, actions and prompts."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core.text import Text

from .cards import Face
from .state import QState, face_of, own_card
from .stats import summon_cost


@lru_cache(maxsize=512)
def face_text(f: Face) -> str:
    stars = "*" * f.burst
    if f.creature:
        a = "?" if f.attack is None else f.attack
        df = "?" if f.defense is None else f.defense
        return f"L{f.level} {a}/{df}{stars}"
    if f.spell:
        return f"SP{stars}"
    parts = []
    if f.quiddity:
        parts.append(f"Q{f.quiddity}")
    if f.draw:
        parts.append(f"D{f.draw}")
    if f.reroll:
        parts.append("R" if f.reroll == 1 else "R+1")
    return ("/" if f.choice else "+").join(parts) + stars


def die_text(s: QState, d: int) -> Text:
    c = own_card(s, d)
    shown = f" [{face_text(face_of(s, d))}]" if s.face[d] >= 0 else ""
    if d in s.copies:
        cc = s.cards[s.copies[d][0]]
        return Text(f"{c.die_name.en} d{d}{shown} as {cc.name.en}", f"{c.die_name.ja} d{d}{shown}（{cc.name.ja}の複製）")
    return Text(f"{c.die_name.en} d{d}{shown}", f"{c.die_name.ja} d{d}{shown}")


def _card(s: QState, cid: str) -> Text:
    for c in s.cards:
        if c.id == cid:
            return c.name
    return Text(cid, cid)


def _paying(a: dict[str, Any]) -> Text:
    chosen = a.get("pay")
    if not isinstance(chosen, list):
        return Text("", "")
    ids = [f"d{d}" for d in chosen]
    return Text(" paying with " + (", ".join(ids) or "banked quiddity"), " 支払い: " + ("、".join(ids) or "蓄えた魔力"))


def action_label(s: QState, a: dict[str, Any]) -> Text:
    k = a["kind"]
    d = die_text(s, a["die"]) if isinstance(a.get("die"), int) else Text("", "")
    t = die_text(s, a["target"]) if isinstance(a.get("target"), int) else None
    if k == "proceed":
        return Text("Proceed to the attack", "攻撃へ進む")
    if k == "end_turn":
        return Text("End the turn", "手番を終える")
    if k in ("pass", "skip"):
        return Text("Pass", "パス") if k == "pass" else Text("Skip", "しない")
    if k == "use":
        return Text("Use ", "効果を使う: ") + d
    if k == "settle":
        return Text("Turn to its quiddity face (only Portals left) ", "魔力の目にする（次元扉しか残っていない）: ") + d
    if k == "reroll":
        extra = Text(" and ", "と") + die_text(s, a["other"]) if "other" in a else Text("", "")
        return Text("Reroll ", "振り直す: ") + d + extra
    if k == "ready":
        return Text("Ready ", "魔法の準備: ") + d
    if k == "summon":
        cost = summon_cost(s, a["die"], s.active) if s.face[a["die"]] >= 0 and face_of(s, a["die"]).creature else 0
        return Text("Summon ", "召喚: ") + d + Text(f" for {cost} quiddity", f"（魔力{cost}）") + _paying(a)
    if k == "cast":
        base = Text("Cast ", "発動: ") + d
        if t is not None:
            base = base + Text(" on ", " 対象: ") + t
        if a.get("others"):
            base = base + Text(" rerolling ", " 振り直し: ") + Text(
                ", ".join(f"d{o}" for o in a["others"]), "、".join(f"d{o}" for o in a["others"]))
        return base
    if k == "attach":
        return Text("Attach ", "付加: ") + d + Text(" to ", " → ") + die_text(s, a["to"])
    if k == "switch":
        return Text("Ooze copies ", "粘体の複製先: ") + (t or Text("", ""))
    if k == "shape":
        face = own_card(s, a["die"]).faces[a["face"]] if isinstance(a.get("face"), int) and 0 <= a["face"] < 6 else None
        shown = face_text(face) if face is not None else "?"
        return Text("Shaping Charm: turn ", "形成の護符: ") + d + Text(f" to {shown}", f" を {shown} に")
    if k == "copy":
        return Text("Copy ", "複製: ") + (t or Text("", ""))
    if k == "destroy":
        return Text("Destroy ", "打倒: ") + (t or Text("", ""))
    if k == "capture":
        cost = next((max(0, c.cost - s.discount) for c in s.cards if c.id == a["card"]), 0)
        return Text("Capture from ", "捕獲: ") + _card(s, a["card"]) + Text(f" for {cost}", f"（魔力{cost}）") + _paying(a)
    if k == "take":
        return Text("Take free from ", "無償で獲得: ") + _card(s, a["card"])
    if k == "discard":
        return Text("Discard readied ", "待機の魔法を捨てる: ") + d
    if k == "absorb":
        return Text("Absorb with ", "防御させる: ") + d
    if k == "cull":
        return Text("Cull ", "解雇: ") + d
    if k == "swap":
        return Text("Swap Deathdealer for ", "交換: ") + d
    if k == "recall":
        return Text("Return to pool ", "活動プールへ: ") + d
    if k == "trade":
        return Text("Cull ", "解雇: ") + d + Text(", capture from ", "、捕獲: ") + _card(s, a["card"])
    return Text(k, k)


PROMPTS = {
    "guard": Text("You are attacked (or a Death Spell picks in your area): cast a reaction or pass.",
                  "攻撃されます（または死の呪文の対象になります）。リアクション魔法を使うかパスしてください。"),
    "lost": Text("Your creature was destroyed: react or pass.", "モンスターが打倒されました。対応するかパスしてください。"),
    "shape": Text("Shaping Charm: choose the higher face of your creature.", "形成の護符：モンスターの1レベル上の目を選んでください。"),
    "copy": Text("Choose the creature your ooze copies.", "粘体が複製するモンスターを選んでください。"),
    "kill": Text("Choose which creature Death Spell destroys.", "死の呪文で打倒するモンスターを選んでください。"),
    "cull": Text("Cull dice from your used pile (one per creature scored).", "休眠パイルのダイスを解雇できます（得点化1体につき1個）。"),
    "swap": Text("Deathdealer: swap with a die in an opponent's used pile?", "死の運び手：対戦相手の休眠パイルのダイスと交換しますか？"),
    "take": Text("Take a spell die for free?", "魔法ダイスを無償で獲得しますか？"),
    "recall": Text("Move a creature die from your used pile to your pool?", "休眠パイルのモンスターダイスを活動プールに移しますか？"),
    "trade": Text("Shaping Incantation: cull to capture?", "形成の詠唱：解雇して捕獲しますか？"),
    "spellcull": Text("Cull spell dice for 1 glory each?", "魔法ダイスを解雇して1個につき勝利点+1？"),
}
