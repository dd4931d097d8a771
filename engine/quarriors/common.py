"""Small shared rules: glory and the immediate win, entering the ready area
(an ooze must copy), the end by empty creature cards, rule errors."""

from __future__ import annotations

from typing import NoReturn

from engine.core import RuleError, Text

from .state import OVER, QState, creatures, own_card, pop_copy, set_copied


def refuse(en: str, ja: str, allowed_en: str = "", allowed_ja: str = "") -> NoReturn:
    raise RuleError(Text(en, ja), Text(allowed_en, allowed_ja) if allowed_en else None)


def note(s: QState, en: str, ja: str) -> None:
    s.notes = (*s.notes, Text(en, ja))


def die_name(s: QState, d: int) -> tuple[str, str]:
    c = own_card(s, d)
    return f"{c.die_name.en} d{d}", f"{c.die_name.ja} d{d}"


def gain(s: QState, p: int, n: int) -> None:
    """Glory; reaching the threshold ends the game at once (seed, end condition 1)."""
    if n <= 0 or s.step == OVER:
        return
    s.glory[p] += n
    if s.glory[p] >= s.goal:
        s.step = OVER
        s.winners = (p,)
        s.end_reason = "glory"
        s.prompts = ()


def enter_ready(s: QState, p: int, d: int) -> None:
    s.ready[p].append(d)
    if own_card(s, d).power("copy_creature") is not None and any(
            creatures(s, q) for q in range(s.seats) if q != p):
        s.prompts = (*s.prompts, ("copy", p, d))


def empty_creature_cards(s: QState) -> int:
    wild = s.wild
    return sum(1 for slot in s.cslots if not wild[slot])


def check_empty_cards(s: QState) -> None:
    """End condition 2: four creature cards without dice. Most glory wins,
    then most dice in the ready area, else a shared win (ruling)."""
    if s.step == OVER or empty_creature_cards(s) < 4:
        return
    def key(p: int) -> tuple[int, int]:
        attached = sum(len(s.attached.get(d, ())) for d in s.ready[p])
        return s.glory[p], len(s.ready[p]) + attached
    best = max(key(p) for p in range(s.seats))
    s.step = OVER
    s.winners = tuple(p for p in range(s.seats) if key(p) == best)
    s.end_reason = "cards"
    s.prompts = ()


def set_copy(s: QState, d: int, target: int) -> None:
    """Strong Primordial Ooze copies `target`; a copy is followed to its
    original, and copying a plain ooze makes it plain again."""
    slot, fi = s.copies.get(target, (s.dcard[target], s.face[target]))
    if slot == s.dcard[d]:
        pop_copy(s, d)
    else:
        set_copied(s, d, (slot, fi))
