"""The match log's line for an action: who did what, in a sentence, and for
actions that roll dice, what the dice show afterwards. What the engine then
does by itself (attack results, destroyed creatures, glory) follows in the
lines the rules note as they happen."""

from __future__ import annotations

from typing import Any

from engine.core.text import Text

from .labels import capture_cost, paying, shaped_face
from .names import TOK, a_die_of, dice_text, die_text, ids
from .state import QState, face_of
from .stats import summon_cost

Action = dict[str, Any]

# Actions whose result is a roll: their line says what came up.
ROLLS = frozenset({"use", "reroll", "cast", "settle"})

_UNKNOWN = Text("?", "?")

# (English, Japanese) after the seat token, for actions about one die: {d} is the die.
_ONE_DIE = {
    "use": ("uses {d}.", "が{d}の効果を使った。"),
    "settle": ("turns {d} to its quiddity face.", "が{d}を魔力の目にした。"),
    "ready": ("readies {d}.", "が{d}を準備した。"),
    "discard": ("discards readied {d}.", "が待機中の{d}を捨てた。"),
    "absorb": ("blocks with {d}.", "が{d}で攻撃を受ける。"),
    "cull": ("culls {d}.", "が{d}を解雇した。"),
    "swap": ("swaps Deathdealer for {d}.", "が死の運び手を{d}と交換した。"),
    "recall": ("moves {d} to the active pool.", "が{d}を活動プールに移した。"),
}

_PLAIN = {
    "proceed": ("proceeds to the attack.", "が攻撃へ進んだ。"),
    "end_turn": ("ends the turn.", "が手番を終えた。"),
    "pass": ("passes.", "はパスした。"),
    "skip": ("declines.", "は見送った。"),
}


def _d(s: QState, a: Action, key: str = "die") -> Text:
    v = a.get(key)
    return die_text(s, v) if isinstance(v, int) and 0 <= v < len(s.face) else _UNKNOWN


def action_line(s: QState, seat: int, a: Action) -> Text:
    """What `seat` does, read from the state the action was chosen in."""
    w = TOK[seat]
    k = a["kind"]
    if k in _PLAIN:
        en, ja = _PLAIN[k]
        return Text(f"{w} {en}", f"{w}{ja}")
    if k in _ONE_DIE:
        en, ja = _ONE_DIE[k]
        d = _d(s, a)
        return Text(f"{w} {en.format(d=d.en)}", f"{w}{ja.format(d=d.ja)}")
    if k == "reroll":
        d = _d(s, a)
        if "other" in a:
            o = _d(s, a, "other")
            return Text(f"{w} rerolls {d.en} and {o.en}.", f"{w}が{d.ja}と{o.ja}を振り直した。")
        return Text(f"{w} rerolls {d.en}.", f"{w}が{d.ja}を振り直した。")
    if k == "summon":
        d, x = _d(s, a), a.get("die")
        cost = summon_cost(s, x, seat) if isinstance(x, int) and s.face[x] >= 0 and face_of(s, x).creature else 0
        pay = paying(a)
        return Text(f"{w} summons {d.en} for {cost} quiddity{pay.en}.", f"{w}が{d.ja}を召喚した（魔力{cost}{pay.ja}）。")
    if k == "cast":
        d = _d(s, a)
        en, ja = f"{w} casts {d.en}", f"{w}が{d.ja}を発動した"
        if "target" in a:
            t = _d(s, a, "target")
            en, ja = f"{en} on {t.en}", f"{ja}。対象：{t.ja}"
        if isinstance(a.get("others"), list) and a["others"]:
            o = ids(a["others"])
            en, ja = f"{en}, rerolling {o.en}", f"{ja}。振り直し：{o.ja}"
        return Text(f"{en}.", f"{ja}。")
    if k == "attach":
        d, to = _d(s, a), _d(s, a, "to")
        return Text(f"{w} attaches {d.en} to {to.en}.", f"{w}が{d.ja}を{to.ja}に付加した。")
    if k == "switch":
        d, t = _d(s, a), _d(s, a, "target")
        return Text(f"{w} makes {d.en} copy {t.en}.", f"{w}が{d.ja}の複製先を{t.ja}にした。")
    if k == "shape":
        d, f = _d(s, a), shaped_face(s, a)
        return Text(f"{w} turns {d.en} to [{f}].", f"{w}が{d.ja}を[{f}]にした。")
    if k == "copy":
        ooze = s.prompts[0][2] if s.prompts and s.prompts[0][0] == "copy" else None
        o = die_text(s, ooze, face=False) if isinstance(ooze, int) else Text("ooze", "粘体")
        t = _d(s, a, "target")
        return Text(f"{w}'s {o.en} copies {t.en}.", f"{w}の{o.ja}が{t.ja}を複製した。")
    if k == "destroy":
        t = _d(s, a, "target")
        return Text(f"{w} picks {t.en} for Death Spell.", f"{w}が死の呪文で{t.ja}を選んだ。")
    if k == "capture":
        cid = str(a.get("card"))
        c, cost, pay = a_die_of(s, cid), capture_cost(s, cid), paying(a)
        return Text(f"{w} captures {c.en} for {cost} quiddity{pay.en}.", f"{w}が{c.ja}を捕獲した（魔力{cost}{pay.ja}）。")
    if k == "take":
        c = a_die_of(s, str(a.get("card")))
        return Text(f"{w} takes {c.en} into the bag for free.", f"{w}が{c.ja}を無償でバッグに入れた。")
    if k == "trade":
        d, c = _d(s, a), a_die_of(s, str(a.get("card")))
        return Text(f"{w} culls {d.en} and captures {c.en}.", f"{w}が{d.ja}を解雇し、{c.ja}を捕獲した。")
    return Text(f"{w}: {k}.", f"{w}：{k}。")


def rolled(before: QState, after: QState, seat: int, a: Action) -> Text | None:
    """The dice of `seat`'s pool that the action rolled (the same face again
    included) or brought in rolled, as they show now."""
    named = {a.get("die"), a.get("other"), *(a.get("others") or ())}
    changed = [d for d in after.pool[seat] if after.face[d] >= 0
               and (d in named or d not in before.pool[seat] or before.face[d] != after.face[d])]
    if not changed:
        return None
    shown = dice_text(after, changed)
    return Text(f" Result: {shown.en}.", f"結果：{shown.ja}。")
