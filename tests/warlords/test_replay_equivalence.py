"""Warlords' rules traced over real bot matches, against the trace the code had
when the replay path was last sped up (commit e98afc6): a change meant to be
only faster must leave every figure of it as it was.

Per action of each match: every seat's legal actions (the action and its
menu text) and the refusal each rejected candidate gets, the prompts, the log
lines, the reveal flag, the Rng counter, the whole state and its all-seeing
view. The same actions folded through the owned path (`apply_owned`, what a
replay runs) must make the pure path's state and counter after every one.
A digest stands for the trace; should a rule change on purpose, record the new
one and say why in the commit."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import pickle
from typing import Any

import pytest

from engine.core import ALL_SEEING, RuleError
from engine.warlords import legal
from engine.warlords.game import GAME
from engine.warlords.state import WState
from tests.contract.matches import bot_turns, step_owned

# (seats, seed) of each match, and its trace's digest as commit e98afc6 made it.
QUICK = {(4, 1): "7ed343a78a219a400fced8508c13b9ae7891b8f74f034e6d1767e761f4d4dd64",
         (3, 2): "315e2e3ee1ea4a2621091cc8899986424fb646c00dc39777d2491c5db63270b3",
         (2, 3): "29dd98fb5c5eac2a4f39e739f4afd4612e04b302c5ffe7ae72b960caad5f9846"}
SLOW_SEEDS = range(100, 130)
SLOW = "6ee2b81bbd78c36a3899b4b1c159f6cfdbef174d1143397101f2e44c14836842"


def _json(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr).encode()


def _refusals(s: WState, seat: int) -> list[Any]:
    """What each candidate of the active player's menu gets from its rule check."""
    out: list[Any] = []
    for a in legal.play_candidates(s, seat):
        try:
            legal.CHECKS[a["kind"]](s, seat, a)
        except RuleError as exc:
            out.append([a, exc.what.to_json(), exc.allowed.to_json() if exc.allowed else None])
        else:
            out.append([a, "ok"])
    return out


def trace(seats: int, seed: int) -> str:
    h = hashlib.sha256()
    owned: Any = None
    for number, turn in enumerate(bot_turns(GAME, seats, seed)):
        state = turn.state
        if owned is None:  # the set-up, before its first action
            owned, owned_counter = pickle.loads(pickle.dumps(state)), turn.counter
        for who in range(seats):
            h.update(_json([[c.action, c.label.to_json(), c.group.to_json() if c.group else None, c.shown]
                            for c in GAME.legal_actions(state, who)]))
        h.update(_json([[p.seat, p.kind, p.order, p.prompt.to_json()] for p in turn.pending]))
        if state.phase == "play" and state.decision is None:
            h.update(_json(_refusals(state, state.active)))
        state, counter = turn.after, turn.step.counter
        h.update(_json([[line.to_json() for line in turn.step.transition.log], turn.step.transition.reveals, counter]))
        h.update(_json(dataclasses.asdict(state)))
        h.update(_json(GAME.view(state, ALL_SEEING)))
        owned, owned_counter = step_owned(GAME, owned, turn.seat, turn.action, turn.secret, owned_counter)
        assert (owned, owned_counter) == (state, counter), f"seats {seats} seed {seed}, action {number} {turn.action}"
    assert GAME.outcome(owned) is not None and GAME.outcome(owned) == GAME.outcome(state)
    return h.hexdigest()


@pytest.mark.slow
@pytest.mark.parametrize(("seats", "seed"), sorted(QUICK))
def test_a_bot_match_traces_as_it_did(seats: int, seed: int) -> None:
    assert trace(seats, seed) == QUICK[seats, seed]


@pytest.mark.slow
def test_thirty_bot_matches_trace_as_they_did() -> None:
    h = hashlib.sha256()
    for seed in SLOW_SEEDS:
        h.update(trace(2 + seed % 3, seed).encode())
    assert h.hexdigest() == SLOW
