"""What the search bot knows about Naru beyond the rules: how good a position
is for each seat when a rollout stops (life above all, then the units on the
board by their values and how close they stand to the enemy keep, lands,
resources and cards in hand), and its budgets."""

from __future__ import annotations

import math

from engine.core.search import Budget

from .board import COLS
from .game import GAME
from .state import NaruState
from .units import attack_of, defense_of

# A rollout runs to the start of the bot's next turn: the opponent has answered.
# 3300 actions peaked at 0.99 s of CPU for one decision and 2700 at 1.17 s on a
# loaded machine (bench/bench_bots.py), so hard is smaller still.
BUDGETS = {
    "normal": Budget(actions=250, turns=2, depth=200),
    "hard": Budget(actions=2200, turns=2, depth=200),
}
SCALE = 3.0
LIFE = 6.0


def _distance(a: int, b: int) -> int:
    return abs(a // COLS - b // COLS) + abs(a % COLS - b % COLS)


def worth(s: NaruState, p: int) -> float:
    defs = GAME.defs
    me = s.players[p]
    total = LIFE * me.life + 0.15 * min(me.resources, 10) + 0.1 * min(len(me.hand), 7)
    if len(me.deck) < 3:
        total -= 2.0 * (3 - len(me.deck))
    target = s.players[1 - p].keep_sq if s.order_known else None
    for sq, unit in enumerate(s.units):
        if unit is None or unit.owner != p:
            continue
        total += 1.0 + 0.35 * (attack_of(s, defs, unit) + defense_of(s, defs, unit))
        if target is not None:
            d = _distance(sq, target)
            total += 1.2 if d <= 1 else 0.5 if d == 2 else 0.0
    total += 0.3 * sum(1 for land in s.lands if land is not None and land.owner == p and not land.keep)
    return total


def evaluate(s: NaruState) -> list[float]:
    diff = (worth(s, 0) - worth(s, 1)) / SCALE
    first = 1.0 / (1.0 + math.exp(-diff))
    return [first, 1.0 - first]
