"""The built-in bot: random legal play, biased toward placing and attacking
so that random matches end sooner (they end anyway by the deck rule)."""

from __future__ import annotations

from typing import Any

from engine.core import Rng

from .state import MusouState, cdef, role

# Relative weights per action kind when the bot acts rather than passes.
WEIGHTS = {"place": 12, "attack": 12, "reveal": 3, "stratagem": 3, "support": 3, "musou": 3,
           "facedown": 2, "move": 1}


def chance(rng: Rng, percent: int) -> bool:
    return rng.below(100) < percent


def wanted_roles(s: MusouState, cid: str) -> str:
    """Support generals to support squares, other generals to attack or supply
    squares, items where they take no general's place."""
    card = cdef(s, cid)
    if card.type != "general":
        return "P"
    return "P" if card.support else "AS"


def sensible(s: MusouState, seat: int, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Narrow one kind's options the way a beginner would: cards onto empty
    squares of a fitting role, attacks mostly at the player."""
    kind = actions[0]["kind"]
    if kind == "place":
        good = [a for a in actions if s.field[seat][a["square"] - 1] is None
                and role(s, seat, a["square"] - 1) in wanted_roles(s, a["card"])]
        return good or actions
    if kind == "attack":
        return [a for a in actions if a["target"] == "player"] or actions
    return actions


def pick(s: MusouState, seat: int, actions: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """A kind by weight, then mostly a sensible option of that kind."""
    kinds = sorted({a["kind"] for a in actions})
    kind = kinds[rng.weighted([WEIGHTS.get(k, 1) for k in kinds])]
    options = [a for a in actions if a["kind"] == kind]
    if chance(rng, 80):
        options = sensible(s, seat, options)
    return rng.choice(options)


def choose(s: MusouState, seat: int, actions: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """`actions` is the legal list, passive choice first."""
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
        return pick(s, seat, active, rng) if chance(rng, 95) else passive
    if s.stage == "respond":
        return passive if chance(rng, 70) else pick(s, seat, active, rng)
    acting = 75 if seat == s.active else 30
    return pick(s, seat, active, rng) if chance(rng, acting) else passive
