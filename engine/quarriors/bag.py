"""Drawing from the bag and rolling. The bag is unordered: each draw picks a
die at random at the moment of drawing, so no hidden order exists to leak."""

from __future__ import annotations

from engine.core import Rng

from .state import QState


def draw(s: QState, p: int, n: int, rng: Rng) -> list[int]:
    """Take up to `n` dice from `p`'s bag, refilling it from the used pile
    when it runs empty (the seed's rule for a short bag). One random number
    picks a whole run of dice (mixed radix), to keep replays fast."""
    got: list[int] = []
    bag = list(s.bag[p])
    while len(got) < n:
        if not bag:
            if not s.used[p]:
                break
            bag = s.used[p]
            s.used[p] = []
            for d in bag:
                s.face[d] = -1
        k, span = 0, 1
        while k < min(n - len(got), len(bag)) and span * (len(bag) - k) < 1 << 62:  # one 64-bit draw
            span *= len(bag) - k
            k += 1
        x = rng.below(span) if span > 1 else 0
        for _ in range(k):
            size = len(bag)
            x, i = divmod(x, size)
            got.append(bag[i])
            bag[i] = bag[-1]
            bag.pop()
    s.bag = (*s.bag[:p], tuple(bag), *s.bag[p + 1:])
    return got


def roll(s: QState, dice: list[int], rng: Rng) -> None:
    """Roll dice, up to 24 per random number (6**24 < 2**64)."""
    for start in range(0, len(dice), 24):
        chunk = dice[start:start + 24]
        x = rng.below(6 ** len(chunk))
        for d in chunk:
            x, s.face[d] = divmod(x, 6)


def draw_into_pool(s: QState, p: int, n: int, rng: Rng, *, rolled: bool) -> list[int]:
    got = draw(s, p, n, rng)
    for d in got:
        s.face[d] = -1
    if rolled:
        roll(s, got, rng)
    s.pool[p].extend(got)
    return got




def to_wild(s: QState, d: int) -> None:
    """Culling: the die goes back onto its card in the wilds."""
    s.face[d] = -1
    wild = list(s.wild)
    slot = s.dcard[d]
    wild[slot] = (*wild[slot], d)
    s.wild = tuple(wild)


def from_wild(s: QState, slot: int) -> int:
    """Take the top die off a card in the wilds."""
    wild = list(s.wild)
    d = wild[slot][-1]
    wild[slot] = wild[slot][:-1]
    s.wild = tuple(wild)
    return d
