"""The built-in bot: random legal play, biased toward placing and attacking
so that random matches end (they do anyway by the deck rule, only later)."""

from __future__ import annotations

from typing import Any

from engine.core import Rng

from .state import MusouState

# Relative weights per action kind when the bot acts rather than passes.
WEIGHTS = {"place": 12, "attack": 12, "reveal": 3, "stratagem": 3, "support": 3, "musou": 3,
           "facedown": 2, "move": 1}


def pick_weighted(actions: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    kinds = sorted({a["kind"] for a in actions})
    weights = [WEIGHTS.get(k, 1) for k in kinds]
    r = rng.below(sum(weights))
    for kind, w in zip(kinds, weights, strict=True):
        if r < w:
            return rng.choice([a for a in actions if a["kind"] == kind])
        r -= w
    return actions[-1]


def chance(rng: Rng, percent: int) -> bool:
    return rng.below(100) < percent


def choose(s: MusouState, seat: int, actions: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    passive, active = actions[0], actions[1:]
    if s.stage in ("commander", "first"):
        return rng.choice(actions)
    if not active:
        return passive
    if s.stage == "mulligan":
        return passive if chance(rng, 85) else active[0]
    if s.stage == "side":
        return passive if chance(rng, 60) else rng.choice(active)
    if s.stage == "battle":
        return pick_weighted(active, rng) if chance(rng, 95) else passive
    if s.stage == "respond":
        return passive if chance(rng, 70) else pick_weighted(active, rng)
    acting = 75 if seat == s.active else 30
    return pick_weighted(active, rng) if chance(rng, acting) else passive
