"""Paying quiddity: banked quiddity from effects plus quiddity dice spent
from the active pool. Ruling: the engine picks the dice, wasting as little
quiddity as possible (spent and unspent dice both end in the used pile, so
only the amount matters)."""

from __future__ import annotations

from .state import QState, face_of


def quiddity_dice(s: QState, p: int) -> list[tuple[int, int]]:
    out = []
    for d in s.pool[p]:
        if s.face[d] >= 0:
            q = face_of(s, d).quiddity
            if q > 0:
                out.append((q, d))
    return out


def available(s: QState, p: int) -> int:
    return s.mana + sum(q for q, _ in quiddity_dice(s, p))


def pay(s: QState, p: int, cost: int) -> None:
    """Spend `cost` (the caller has checked it is affordable)."""
    if cost <= 0:
        return
    by_value: dict[int, list[int]] = {}
    for q, d in quiddity_dice(s, p):
        by_value.setdefault(q, []).append(d)
    values = sorted(by_value)
    best: tuple[int, int, tuple[int, ...]] | None = None

    def search(i: int, chosen: tuple[int, ...], total: int) -> None:
        nonlocal best
        if i == len(values):
            if total + s.mana < cost:
                return
            key = (max(0, total - cost), sum(chosen), chosen)
            if best is None or key[:2] < best[:2]:
                best = key
            return
        for k in range(len(by_value[values[i]]) + 1):
            search(i + 1, (*chosen, k), total + k * values[i])
            if total + k * values[i] >= cost:
                break

    search(0, (), 0)
    assert best is not None
    spent = 0
    for v, k in zip(values, best[2], strict=False):
        for d in by_value[v][:k]:
            s.pool[p].remove(d)
            s.used[p].append(d)
            spent += v
    s.mana -= max(0, cost - spent)
