"""Paying quiddity: banked quiddity from effects plus quiddity dice spent
from the active pool. Ruling: the engine picks the dice, wasting as little
quiddity as possible (spent and unspent dice both end in the used pile, so
only the amount matters)."""

from __future__ import annotations

from .state import QState


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
    pool, used = s.pool[p], s.used[p]
    if worth <= cost:  # everything is needed (or at least nothing is wasted): spend it all
        for _, d in dice:
            pool.remove(d)
            used.append(d)
        s.mana -= cost - worth
        return
    n1 = n2 = n3 = 0
    for q, _ in dice:
        if q == 1:
            n1 += 1
        elif q == 2:
            n2 += 1
        elif q == 3:
            n3 += 1
    best: tuple[int, int, int, int, int] | None = None  # (waste, dice, c3, c2, c1)
    for c3 in range(n3 + 1):
        for c2 in range(n2 + 1):
            c1 = need - 3 * c3 - 2 * c2
            if c1 < 0:
                c1 = 0
            elif c1 > n1:
                continue
            waste = 3 * c3 + 2 * c2 + c1 - cost
            key = (waste if waste > 0 else 0, c3 + c2 + c1, c3, c2, c1)
            if best is None or key[:2] < best[:2]:
                best = key
            if 3 * c3 + 2 * c2 >= need:
                break
    if best is None:  # only dice worth more than 3 (other card sets) can pay: spend from the dearest
        chosen, got = [], 0
        for q, d in sorted(dice, reverse=True):
            if got >= need:
                break
            chosen.append((q, d))
            got += q
    else:
        left = {1: best[4], 2: best[3], 3: best[2]}
        chosen = []
        for q, d in dice:
            if left.get(q, 0) > 0:
                left[q] -= 1
                chosen.append((q, d))
    spent = 0
    for q, d in chosen:
        pool.remove(d)
        used.append(d)
        spent += q
    s.mana -= max(0, cost - spent)
