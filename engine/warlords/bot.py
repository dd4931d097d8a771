"""The built-in bot: random legal play, biased towards deploying, marching and
attacking so that random matches end in tens of turns. It first picks a kind of
action by weight, then one action of that kind uniformly."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from engine.core import Choice, Rng

T = TypeVar("T")

WEIGHTS = {"attack": 60, "deploy": 20, "march": 20, "explore": 10, "calamity": 5, "cast": 5, "play": 5,
           "terrain": 2, "weather": 3, "sell": 4, "clear": 3, "recall": 1}
# Recall only now and then: a stack on campaign should mostly stay there and fight.
RECALL_ONE_IN = 8
GARRISON_EMPTY_CASTLE = 10  # the odds score of deploying an army to a castle without a garrison


def choose(choices: list[Choice], rng: Rng, active_turn: bool,
           odds: Callable[[Choice], int] | None = None) -> Choice:
    if not active_turn:
        # Responses: act about a third of the time, else take the passive first choice.
        if choices[0].action["kind"] in ("switch", "pick", "direction", "redirect"):
            return choices[rng.below(len(choices))]
        if len(choices) > 1 and rng.below(3) == 0:
            return choices[1 + rng.below(len(choices) - 1)]
        return choices[0]
    rest = [c for c in choices if c.action["kind"] != "end"]
    if not rest or rng.below(15) == 0:
        return choices[0]
    if odds is not None:
        # An unguarded castle loses any battle: garrison it first, as any player would.
        urgent = [c for c in rest if c.action["kind"] == "deploy" and odds(c) >= GARRISON_EMPTY_CASTLE]
        if urgent and rng.below(10) != 0:
            return urgent[rng.below(len(urgent))]
    kinds = sorted({c.action["kind"] for c in rest})
    if "recall" in kinds and rng.below(RECALL_ONE_IN) != 0:
        kinds.remove("recall")
        if not kinds:
            return choices[0]
    k = kinds[rng.weighted([WEIGHTS.get(kind, 1) for kind in kinds])]
    group = [c for c in rest if c.action["kind"] == k]
    if odds is None:
        return group[rng.below(len(group))]
    picked = of_kind(k, group, rng, odds)
    return choices[0] if picked is None else picked


def of_kind(kind: str, group: list[T], rng: Rng, odds: Callable[[T], int]) -> T | None:
    """One of a drawn kind's options, or None to hold back and end the turn."""
    if kind == "attack":
        # Attack where the odds are best; hold back from hopeless fights.
        best = max(odds(c) for c in group)
        if best < -3 and rng.below(4) != 0:
            return None
        group = [c for c in group if odds(c) == best]
    elif rng.below(2) == 0:
        # Half the time, the most useful of its kind (e.g. garrisoning an empty castle).
        best = max(odds(c) for c in group)
        group = [c for c in group if odds(c) == best]
    return group[rng.below(len(group))]
