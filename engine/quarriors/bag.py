"""Drawing from the bag and rolling. The bag is unordered: each draw picks a
die at random at the moment of drawing, so no hidden order exists to leak."""

from __future__ import annotations

from engine.core import Rng

from .state import QState


def draw(s: QState, p: int, n: int, rng: Rng) -> list[int]:
    """Take up to `n` dice from `p`'s bag, refilling it from the used pile
    when it runs empty (the seed's rule for a short bag)."""
    got: list[int] = []
    for _ in range(n):
        bag = s.bag[p]
        if not bag:
            if not s.used[p]:
                break
            bag = s.bag[p] = s.used[p]
            s.used[p] = []
            for d in bag:
                s.face[d] = -1
        i = rng.below(len(bag))
        got.append(bag[i])
        bag[i] = bag[-1]
        bag.pop()
    return got


def roll(s: QState, dice: list[int], rng: Rng) -> None:
    for d in dice:
        s.face[d] = rng.roll(6)


def draw_into_pool(s: QState, p: int, n: int, rng: Rng, *, rolled: bool) -> list[int]:
    got = draw(s, p, n, rng)
    for d in got:
        s.face[d] = -1
    if rolled:
        roll(s, got, rng)
    s.pool[p].extend(got)
    return got


def to_used(s: QState, p: int, d: int) -> None:
    s.used[p].append(d)


def to_wild(s: QState, d: int) -> None:
    """Culling: the die goes back onto its card in the wilds."""
    s.face[d] = -1
    s.wild[s.dcard[d]].append(d)
