"""What the search bot knows about Musou beyond the rules: how good a position
is when a rollout stops. Within a game: troops left (as a share of the
commander's), the generals on the field by role (attackers by 戦攻 and 武力,
ready generals on supply squares for provisions), provisions, cards in hand and
how near a deck is to running out; then the match, best of three, from the
games already won. Also: the legal actions without their menu labels, a
rollout policy that plays like the easy bot but never skips an attack and
checks only the options it draws, and the between-games choices it makes
without searching (keep the deck, take the first turn)."""

from __future__ import annotations

import math
from typing import Any

from engine.core import Rng, RuleError
from engine.core.search import Budget

from . import actions, bot
from .state import SQUARES, MusouState, cdef, in_game, mdef, role
from .stats import power, strike

# Musou turns are long (two main phases with priority passes and a battle), so
# a rollout runs to the end of the opponent's next turn.
# Sized for one decision under a second on one core of the bench machine.
# Labels cost nothing now (`candidates`) and the rollout checks only the
# options it draws, so hard affords more samples than the 500 actions that
# peaked at 0.93 s; the peaks were samples crossing a game's end (every swap
# of the side deck checked, both decks dealt again), which `candidates`,
# `rollout` and `settled` now keep cheap.
# hard searched 800 actions until held-out seeds (5000-5019) showed it beating
# random only 17/20 with its slowest decision at 0.27 s: at 2000 it won 19/20
# (7000-7019), slowest 0.78 s (docs/bots.md).
# normal is a middle level: at 70 actions it drew even with hard (16/32); at
# 35 hard wins 27/32 and normal still beats easy 24/32 (bench/bench_bots.py).
BUDGETS = {
    "normal": Budget(actions=35, turns=2, depth=300),
    "hard": Budget(actions=2000, turns=2, depth=300),
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


def candidates(game: Any, s: MusouState, seat: int) -> list[dict[str, Any]]:
    """The legal actions in the menu's order without their labels: labels name
    cards and squares in two languages, and the search only keys on the action."""
    if all(p.seat != seat for p in game.pending(s)):
        return []
    if s.stage == "side":
        # Between games the bot keeps its deck (see `settled`), in simulated
        # matches too: checking every swap of deck and side deck made a
        # rollout crossing a game's end cost more than the rest of the search.
        return [{"kind": "keep"}]
    return actions.legal(s, seat)


def _legal_pick(s: MusouState, seat: int, options: list[dict[str, Any]], rng: Rng) -> dict[str, Any] | None:
    """A random option that passes the referee's check, checking only the ones
    drawn: most of a main phase's options are face-down variants, and checking
    them all was the rollout's largest cost."""
    options = list(options)
    while options:
        a = options.pop(rng.below(len(options)))
        try:
            actions.check(s, seat, a)
        except RuleError:
            continue
        return a
    return None


def _active_pick(s: MusouState, seat: int, active: list[dict[str, Any]], rng: Rng) -> dict[str, Any] | None:
    """The easy bot's choice (a kind by weight, mostly a sensible option of
    it), drawn before checking; a kind with no legal option drops out."""
    while active:
        kinds = sorted({a["kind"] for a in active})
        kind = kinds[rng.weighted([bot.WEIGHTS.get(k, 1) for k in kinds])]
        options = [a for a in active if a["kind"] == kind]
        picked = None
        if bot.chance(rng, 80):
            good = bot.sensible(s, seat, options)
            if good is not options:
                picked = _legal_pick(s, seat, good, rng)
        if picked is None:
            picked = _legal_pick(s, seat, options, rng)
        if picked is not None:
            return picked
        active = [a for a in active if a["kind"] != kind]
    return None


def rollout(game: Any, s: MusouState, seat: int, rng: Rng) -> dict[str, Any]:
    """The rollout policy in the games' turns: the easy bot's habits, but it
    always attacks when it can (a battle phase ended early is troops not
    taken), and options are checked only once drawn."""
    if s.stage == "side":
        return {"kind": "keep"}  # as `candidates` says
    if not in_game(s):
        return game.bot_action(s, seat, rng)  # type: ignore[no-any-return]
    cands = actions.candidates(s, seat)
    passive, active = cands[0], cands[1:]
    if s.stage == "battle":
        acting = 100
    elif s.stage == "respond":
        acting = 30
    else:
        acting = 75 if seat == s.active else 30
    if active and bot.chance(rng, acting):
        picked = _active_pick(s, seat, active, rng)
        if picked is not None:
            return picked
    return passive


def rollout_normal(game: Any, s: MusouState, seat: int, rng: Rng) -> dict[str, Any]:
    """Normal plays its rollouts as the easy bot does, battle phases ended
    early included: its samples judge a move less well than hard's, which
    keeps the levels apart (with the same rollout, hard's larger budget alone
    won barely more than half its matches against normal)."""
    return game.bot_action(s, seat, rng)  # type: ignore[no-any-return]


def settled(game: object, s: MusouState, seat: int, rng: object) -> dict[str, Any] | None:
    """Between games the bot keeps its deck: every position then looks even to
    the search, which would otherwise swap cards back and forth for ever; and
    it takes the first turn when it is its choice."""
    if s.stage == "side":
        return {"kind": "keep"}
    if s.stage == "first":
        # The loser of a game takes the first turn: the rules make the first
        # player skip its first provisions, a price for the tempo. Searching
        # this choice plays out a whole new deal (both decks shuffled, one
        # draw per card) for every sample, the costliest decision of a match.
        return {"kind": "first", "seat": seat + 1}
    return None
