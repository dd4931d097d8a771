"""Small shared rules: glory and the immediate win, entering the ready area
(an ooze must copy), the end by empty creature cards, rule errors."""

from __future__ import annotations

from typing import NoReturn

from engine.core import RuleError, Text

from .names import TOK
from .state import OVER, QState, creatures, own_card, pop_copy, set_copied


def refuse(en: str, ja: str, allowed_en: str = "", allowed_ja: str = "") -> NoReturn:
    raise RuleError(Text(en, ja), Text(allowed_en, allowed_ja) if allowed_en else None)


def telling(s: QState) -> bool:
    """Whether log lines are wanted: a replay folding its log (`apply_owned`)
    throws them away, so callers skip building the text when not."""
    return s.notes is not None


def note(s: QState, en: str, ja: str) -> None:
    """A public log line about what the rules did (see QState.notes)."""
    if s.notes is not None:  # `telling`, spelt so that the type checker sees notes is a tuple
        s.notes = (*s.notes, Text(en, ja))


def note_texts(s: QState, *lines: Text) -> None:
    """Public log lines already built (see QState.notes)."""
    if s.notes is not None:
        s.notes = (*s.notes, *lines)


def gain(s: QState, p: int, n: int, why: Text | None = None) -> None:
    """Glory; reaching the threshold ends the game at once (seed, end condition 1).
    `why` opens the log line (e.g. the creatures scoring); without it the line names the seat."""
    if n <= 0 or s.step == OVER:
        return
    s.glory[p] += n
    w = TOK[p]
    if s.notes is not None:  # `telling`
        head_en, head_ja = (why.en, why.ja) if why is not None else (f"{w} gains", f"{w}が")
        note(s, f"{head_en} {n} glory ({s.glory[p]} in all).", f"{head_ja}勝利点{n}を得た（計{s.glory[p]}）。")
    if s.glory[p] >= s.goal:
        s.step = OVER
        s.winners = (p,)
        s.end_reason = "glory"
        s.prompts = ()
        note(s, f"{w} reaches {s.goal} glory and wins.", f"{w}が勝利点{s.goal}に達し、勝利した。")


def enter_ready(s: QState, p: int, d: int) -> None:
    s.ready[p].append(d)
    if "copy_creature" in s.fx and own_card(s, d).first.get("copy_creature") is not None and any(
            creatures(s, q) for q in range(s.seats) if q != p):
        s.prompts = (*s.prompts, ("copy", p, d))


def check_empty_cards(s: QState) -> None:
    """End condition 2: four creature cards without dice. Most glory wins,
    then most dice in the ready area, else a shared win (ruling)."""
    if s.step == OVER:
        return
    wild, n = s.wild, 0
    if wild.count(()) < 4:  # fewer empty cards of any kind, in C: the common case
        return
    for slot in s.cslots:  # a loop: a generator costs twice as much, on every capture and every turn
        if not wild[slot]:
            n += 1
    if n < 4:
        return
    def key(p: int) -> tuple[int, int]:
        attached = sum(len(s.attached.get(d, ())) for d in s.ready[p])
        return s.glory[p], len(s.ready[p]) + attached
    best = max(key(p) for p in range(s.seats))
    s.step = OVER
    s.winners = tuple(p for p in range(s.seats) if key(p) == best)
    s.end_reason = "cards"
    s.prompts = ()
    winner = "Winners" if len(s.winners) > 1 else "Winner"
    note(s, f"Four creature cards are empty: the game ends. {winner}: {', '.join(TOK[p] for p in s.winners)}.",
         f"モンスターカード4枚が空になり、ゲーム終了。勝者：{'、'.join(TOK[p] for p in s.winners)}。")


def set_copy(s: QState, d: int, target: int) -> None:
    """Strong Primordial Ooze copies `target`; a copy is followed to its
    original, and copying a plain ooze makes it plain again."""
    slot, fi = s.copies.get(target, (s.dcard[target], s.face[target]))
    if slot == s.dcard[d]:
        pop_copy(s, d)
    else:
        set_copied(s, d, (slot, fi))
