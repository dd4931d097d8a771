"""The built-in bot: random legal play biased toward progress (use dice,
summon, attack, capture the dearest affordable die) so random matches end."""

from __future__ import annotations

from typing import Any

from engine.core import Rng

from .state import QState, own_card

Action = dict[str, Any]


def choose(s: QState, legal: list[Action], rng: Rng) -> Action:
    by: dict[str, list[Action]] = {}
    for a in legal:
        by.setdefault(a["kind"], []).append(a)
    if "absorb" in by or "copy" in by or "destroy" in by or "shape" in by:
        return rng.choice(legal)
    passive = legal[0]
    if passive["kind"] in ("pass", "skip"):
        real = legal[1:]
        if "cull" in by and passive["kind"] == "skip":
            cheap = [a for a in by["cull"] if own_card(s, a["die"]).id in ("basic_quiddity", "assistant")]
            if cheap:
                return rng.choice(cheap)
        if real and rng.below(10) < 7:
            return rng.choice(real)
        return passive
    if "end_turn" in by:  # capture step
        caps = by.get("capture", [])
        if caps and s.captures > 0:
            best = max(_value(s, a) for a in caps)
            return rng.choice([a for a in caps if _value(s, a) == best])
        if "cast" in by and rng.below(2) == 0:
            return rng.choice(by["cast"])
        return passive
    for kind, odds in (("use", 6), ("cast", 6), ("reroll", 2), ("settle", 5)):
        if kind in by and s.imm and rng.below(10) < odds:
            return rng.choice(by[kind])
    if "summon" in by:
        return rng.choice(by["summon"])
    if "ready" in by:
        return rng.choice(by["ready"])
    for kind in ("attach", "cast", "switch"):
        if kind in by and rng.below(10) < 6:
            return rng.choice(by[kind])
    return passive


def _value(s: QState, a: Action) -> int:
    for c in s.cards:
        if c.id == a["card"]:
            return c.cost + (3 if c.kind == "creature" else 0)
    return 0
