"""What the search bot knows about Musou beyond the rules: how good a position
is when a rollout stops. Within a game: troops left (as a share of the
commander's), the generals on the field by role (attackers by 戦攻 and 武力,
ready generals on supply squares for provisions), provisions, cards in hand and
how near a deck is to running out; then the match, best of three, from the
games already won."""

from __future__ import annotations

import math

from engine.core.search import Budget

from .state import SQUARES, MusouState, cdef, in_game, mdef, role
from .stats import power, strike

# Musou turns are long (two main phases with priority passes and a battle), so
# a rollout runs to the end of the opponent's next turn.
# Sized for one decision under a second on one core of the bench machine: in
# battles a simulated action costs up to ~1.7 ms (750 actions peaked at 1.28 s
# in bench/bench_bots.py, though the mean decision took 0.1 s).
BUDGETS = {
    "normal": Budget(actions=70, turns=2, depth=300),
    "hard": Budget(actions=500, turns=2, depth=300),
}
SCALE = 4.0


def worth(s: MusouState, p: int) -> float:
    total = 12.0 * s.troops[p] / max(mdef(s, p).troops, 1)
    for sq in SQUARES:
        slot = s.field[p][sq]
        if slot is None:
            continue
        if slot.face_down:
            total += 0.6
            continue
        card = cdef(s, slot.card)
        if card.type != "general":
            total += 1.0
            continue
        where = role(s, p, sq)
        value = 0.5 + 0.25 * power(s, p, slot)
        if where == "A":
            value += 0.6 * strike(s, p, slot)
        elif where == "S" and not slot.exhausted:
            value += 0.6
        total += value * (0.6 if slot.exhausted else 1.0)
    total += 0.25 * min(len(s.provisions[p]), 8) + 0.2 * min(len(s.hands[p]), 8)
    if len(s.decks[p]) < 6:
        total -= 1.0 * (6 - len(s.decks[p]))
    return total


def game_chance(s: MusouState) -> float:
    """Seat 0's chance to win the game in progress."""
    if not in_game(s) or s.commander[0] is None or s.commander[1] is None:
        return 0.5
    if s.troops[0] <= 0 or s.troops[1] <= 0:
        return 1.0 if s.troops[1] <= 0 else 0.0
    return 1.0 / (1.0 + math.exp(-(worth(s, 0) - worth(s, 1)) / SCALE))


def match_chance(wins: tuple[int, int], game: float) -> float:
    """Seat 0's chance to take the match from the score and the game in
    progress, later games taken as even."""
    if wins[0] >= 2 or wins[1] >= 2:
        return 1.0 if wins[0] >= 2 else 0.0
    after_win = match_chance((wins[0] + 1, wins[1]), 0.5)
    after_loss = match_chance((wins[0], wins[1] + 1), 0.5)
    return game * after_win + (1.0 - game) * after_loss


def evaluate(s: MusouState) -> list[float]:
    first = match_chance((s.wins[0], s.wins[1]), game_chance(s))
    return [first, 1.0 - first]


def settled(game: object, s: MusouState, seat: int, rng: object) -> dict[str, str] | None:
    """Between games the bot keeps its deck: every position then looks even to
    the search, which would otherwise swap cards back and forth for ever."""
    if s.stage == "side":
        return {"kind": "keep"}
    return None
