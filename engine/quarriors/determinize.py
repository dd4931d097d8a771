"""The search bot's view of a Quarriors state: the dice in the bags a seat may
not look into are dealt again at random among those bags (each keeps its size).
In two-player games that bag holds exactly the opponent's dice that are nowhere
else, so only its order is redone; with more players which die sits in which
hidden bag is what the deal samples."""

from __future__ import annotations

from engine.core import Rng
from engine.core.search import shuffled

from .state import QState, copy_state


def determinize(state: QState, seat: int, rng: Rng) -> QState:
    s = copy_state(state)
    hidden = [p for p in range(s.seats) if p != seat]
    dice = shuffled(rng, sorted(d for p in hidden for d in s.bag[p]))
    bags = [tuple(sorted(bag)) for bag in s.bag]
    for p in hidden:
        n = len(s.bag[p])
        bags[p], dice = tuple(sorted(dice[:n])), dice[n:]
    s.bag = tuple(bags)
    return s
