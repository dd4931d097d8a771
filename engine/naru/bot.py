"""The built-in bot: random legal play, biased towards progress (placing
lands and units, advancing, attacking the keep) so random matches end by the
rules rather than by the deck running out."""

from __future__ import annotations

from collections import defaultdict

from engine.core import Action, Choice, Rng

from .board import parse_square, row_of
from .state import NaruState

# Weight of choosing each kind of action, when it is legal.
KIND_WEIGHTS: dict[str, int] = {
    "keep_hand": 8, "mulligan": 1, "place_keep": 1,
    "no_tool": 2, "battle_tool": 2,
    "decline": 1, "promote": 12, "promote_deck": 8,
    "no_swap": 3, "land_swap": 1,
    "end_summon": 2, "land": 12, "summon": 10, "equip": 3, "tool": 2, "ritual": 3,
    "end_turn": 2, "move": 16, "keep_effect": 4,
    "discard": 1,
}


def _move_weight(s: NaruState, seat: int, choice: Choice) -> int:
    origin = parse_square(choice.action.get("from"))
    target = parse_square(choice.action.get("to"))
    if origin is None or target is None:
        return 1
    if target == s.enemy_keep(seat):
        return 40
    if s.units[target] is not None:
        return 10
    step = (row_of(target) - row_of(origin)) * (1 if s.is_first(seat) else -1)
    return {1: 8, 0: 2}.get(step, 1)


def choose(s: NaruState, seat: int, choices: list[Choice], rng: Rng) -> Action:
    by_kind: dict[str, list[Choice]] = defaultdict(list)
    for choice in choices:
        by_kind[choice.action["kind"]].append(choice)
    kinds = sorted(by_kind)
    kind = kinds[rng.weighted([KIND_WEIGHTS.get(k, 1) for k in kinds])]
    options = by_kind[kind]
    if kind == "move":
        return options[rng.weighted([_move_weight(s, seat, c) for c in options])].action
    return rng.choice(options).action
