"""How a die face is written: the board's shorthand (`Q2`, `R+1*`, `L1 1/2`)
and the same face in words, so a player never has to guess what a symbol
means (the boards carry a legend of the symbols they use)."""

from __future__ import annotations

from functools import lru_cache

from engine.core.text import Text

from .cards import Face


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


_BURSTS = {1: Text("one burst (*)", "爆発シンボル1つ（*）"), 2: Text("two bursts (**)", "爆発シンボル2つ（**）")}


@lru_cache(maxsize=512)
def face_words(f: Face) -> Text:
    """What the face does, in a sentence fragment (no final stop)."""
    if f.creature:
        if f.attack is None or f.defense is None:
            stats = Text("attack and defense set by its card", "攻撃力・防御力はカードの能力で決まる")
        else:
            stats = Text(f"attack {f.attack}, defense {f.defense}", f"攻撃力{f.attack}・防御力{f.defense}")
        out = Text(f"level {f.level} creature: ", f"レベル{f.level}のモンスター：") + stats
    elif f.spell:
        out = Text("spell: ready it for free (or cast it now if it is immediate)",
                   "魔法：無償で待機エリアに準備する（即時魔法なら今発動する）")
    elif f.choice:
        out = Text(f"{f.quiddity} quiddity, or reroll this die", f"魔力{f.quiddity}、またはこのダイスを振り直す")
    elif f.draw and f.reroll:
        out = Text(f"use: draw {f.draw} and roll, and reroll this die",
                   f"use：{f.draw}個取り出して振り、このダイスも振り直す")
    elif f.draw and f.quiddity:
        out = Text(f"use: {f.quiddity} quiddity, and draw {f.draw} and roll (the die is spent)",
                   f"use：魔力{f.quiddity}を得て、{f.draw}個取り出して振る（このダイスは消耗）")
    elif f.draw:
        out = Text(f"use: draw {f.draw} and roll (the die is spent)", f"use：{f.draw}個取り出して振る（このダイスは消耗）")
    elif f.reroll == 2:
        out = Text("reroll this die, and one other die of your pool if you like",
                   "このダイスと、望むなら活動プールの他のダイス1個を振り直す")
    elif f.reroll:
        out = Text("reroll this die", "このダイスを振り直す")
    else:
        out = Text(f"{f.quiddity} quiddity", f"魔力{f.quiddity}")
    if f.burst:
        out = out + Text("; ", "。") + _BURSTS[f.burst]
    return out
