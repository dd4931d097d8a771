"""Quarriors's replay path (`apply_owned`): it writes no log lines, and what it
skips to be fast (the text, the ooze sweep when no ooze is in play) leaves the
same states as `apply`, which writes them."""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

from engine.core import Rng, Text
from engine.core.play import step, step_owned
from engine.core.selfplay import derive_secret, play_bots
from engine.quarriors import names
from engine.quarriors.game import GAME
from engine.quarriors.state import QState, copy_state

from .helpers import act, make, place, rng

# The code that builds log text: none of it runs on the replay path.
TEXT_CODE = {Text.__init__.__code__, Text.__add__.__code__, Text.format.__code__,
             names.die_text.__code__, names.dice_text.__code__}


def calls_into(code: set[Any], run: Any) -> list[str]:
    """The names of the functions among `code` that `run()` calls."""
    seen: list[str] = []

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code in code:
            seen.append(frame.f_code.co_qualname)

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return seen


def test_a_replayed_match_builds_no_log_text_and_reaches_the_states_apply_does() -> None:
    played = play_bots(GAME, 4, 7)
    secret = derive_secret(7)
    setup_rng = Rng(secret, 0)
    start = GAME.setup(4, GAME.options({}, 4), setup_rng)
    pure, counter = start, setup_rng.counter
    logged = 0
    states = []
    for seat, action in played.moves:
        result = step(GAME, pure, seat, action, secret, counter)
        pure, counter = result.transition.state, result.counter
        logged += len(result.transition.log)
        states.append((pure, counter))
    assert logged > 100, "the pure path writes the match's log lines"
    owned, owned_counter = copy_state(start), setup_rng.counter
    kills = 0

    def replay() -> None:
        nonlocal owned, owned_counter, kills
        for (seat, action), (state, c) in zip(played.moves, states, strict=True):
            owned, owned_counter = step_owned(GAME, owned, seat, action, secret, owned_counter)
            assert (owned, owned_counter) == (state, c), action
            kills += action["kind"] == "absorb"

    assert calls_into(TEXT_CODE, replay) == []
    assert kills > 0, "the match has attacks, whose lines are the costliest"


def owned(s: QState, seat: int, **action: Any) -> QState:
    return GAME.apply_owned(copy_state(s), seat, dict(action), rng())


def test_an_ooze_that_counts_no_basic_quiddity_dies_on_the_replay_path_too() -> None:
    s = make(["primordial_ooze"])
    o = place(s, "pool", 0, "primordial_ooze", level=2)
    place(s, "pool", 0, "assistant", quiddity=1)
    place(s, "pool", 0, "assistant", quiddity=1)
    pure = act(s, 0, kind="summon", die=o)
    assert o in pure.used[0]
    assert owned(s, 0, kind="summon", die=o) == pure


def test_an_ooze_that_counts_basic_quiddity_lives_on_the_replay_path_too() -> None:
    s = make(["primordial_ooze"])
    o = place(s, "pool", 0, "primordial_ooze", level=2)
    place(s, "pool", 0, "basic_quiddity", quiddity=1)
    place(s, "pool", 0, "basic_quiddity", quiddity=1)
    place(s, "used", 0, "basic_quiddity")
    pure = act(s, 0, kind="summon", die=o)
    assert o in pure.ready[0]
    assert owned(s, 0, kind="summon", die=o) == pure
