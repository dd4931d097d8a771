"""Paying quiddity: banked quiddity from effects plus quiddity dice spent
from the active pool. Ruling: the engine picks the dice, wasting as little
quiddity as possible (spent and unspent dice both end in the used pile, so
only the amount matters)."""

from __future__ import annotations

from .state import QState, face_of


def quiddity_dice(s: QState, p: int) -> list[tuple[int, int]]:
    """(quiddity, die) for each rolled quiddity face in the pool (only creatures copy, so faces are direct)."""
    df, fc = s.dfaces, s.face
    return [(df[d][fc[d]].quiddity, d) for d in s.pool[p] if fc[d] >= 0 and df[d][fc[d]].quiddity > 0]


def available(s: QState, p: int) -> int:
    return s.mana + sum(q for q, _ in quiddity_dice(s, p))


def pay(s: QState, p: int, cost: int) -> None:
    """Spend `cost` (the caller has checked it is affordable): banked quiddity
    covers what the chosen dice do not; the dice chosen waste the least, then
    are the fewest."""
    need = cost - s.mana
    if need <= 0:
        s.mana -= max(cost, 0)
        return
    dice = quiddity_dice(s, p)
    worth = sum(q for q, _ in dice)
    if worth <= cost:  # everything is needed (or at least nothing is wasted): spend it all
        pool, used = s.pool[p], s.used[p]
        for _, d in dice:
            pool.remove(d)
            used.append(d)
        s.mana -= cost - worth
        return
    by_value: dict[int, list[int]] = {1: [], 2: [], 3: []}
    for q, d in dice:
        by_value.setdefault(q, []).append(d)
    big = [d for v, ds in by_value.items() if v > 3 for d in ds]
    ones, twos, threes = by_value[1], by_value[2], by_value[3]
    best: tuple[int, int, int, int, int] | None = None  # (waste, dice, c3, c2, c1)
    for c3 in range(len(threes) + 1):
        for c2 in range(len(twos) + 1):
            c1 = max(0, need - 3 * c3 - 2 * c2)
            if c1 > len(ones):
                continue
            total = 3 * c3 + 2 * c2 + c1
            key = (max(0, total - cost), c3 + c2 + c1, c3, c2, c1)
            if best is None or key[:2] < best[:2]:
                best = key
            if 3 * c3 + 2 * c2 >= need:
                break
    # Without a combination of 1-3s, dice worth more (other card sets) pay as well.
    chosen = big + ones + twos + threes if best is None else threes[:best[2]] + twos[:best[3]] + ones[:best[4]]
    spent = 0
    for d in chosen:
        s.pool[p].remove(d)
        s.used[p].append(d)
        spent += face_of(s, d).quiddity
    s.mana -= max(0, cost - spent)
