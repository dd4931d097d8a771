"""Quarriors's replay path (`apply_owned`): it writes no log lines, and what it
skips to be fast (the text, the ooze sweep when no ooze is in play) leaves the
same states as `apply`, which writes them."""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

from engine.core import Rng, RuleError, Text
from engine.core.play import step
from engine.core.selfplay import derive_secret, play_bots
from engine.quarriors import names
from engine.quarriors.game import GAME
from engine.quarriors.state import CAPTURE, MAIN, QState, copy_state
from tests.contract.matches import step_owned

from .helpers import act, make, place, refused, rng

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

    # The detector sees the pure path build its lines, so an empty answer for the replay means something.
    assert calls_into(TEXT_CODE, lambda: step(GAME, start, *played.moves[0], secret, setup_rng.counter))
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


def owned_refusal(s: QState, seat: int, **action: Any) -> RuleError:
    try:
        owned(s, seat, **action)
    except RuleError as e:
        return e
    raise AssertionError(f"{action} was allowed on the replay path")


def test_a_summon_and_a_capture_pay_what_their_check_found_on_both_paths() -> None:
    """A summon's or capture's check works out the cost and the pool's quiddity
    dice, and the payment uses them: the same dice pay on both paths, and a
    refusal names the quiddity there is (banked and in the pool) in the same words."""
    s = make()
    s.mana = 1
    ones = [place(s, "pool", 0, "basic_quiddity", quiddity=1) for _ in range(2)]
    two = place(s, "pool", 0, "basic_quiddity", quiddity=2)
    w = place(s, "pool", 0, "warrior_of_the_quay", level=2)
    pure = act(s, 0, kind="summon", die=w)  # the bank and one die pay 2: no waste, fewest dice
    assert pure.mana == 0 and w in pure.ready[0] and sum(d in pure.used[0] for d in [*ones, two]) == 1
    assert owned(s, 0, kind="summon", die=w) == pure
    named = act(s, 0, kind="summon", die=w, pay=[two])
    assert two in named.used[0] and named.mana == 1 and owned(s, 0, kind="summon", die=w, pay=[two]) == named

    s.step = CAPTURE
    card = next(c for c in s.cards if c.cost == 5 and s.wild[s.slots[c.id]])  # 1 banked + 1 + 1 + 2 = 5
    pure = act(s, 0, kind="capture", card=card.id)
    assert pure.mana == 0 and all(d in pure.used[0] for d in [*ones, two]) and pure.captures == 0
    assert owned(s, 0, kind="capture", card=card.id) == pure

    dear = next(c for c in s.cards if c.cost > 5 and s.wild[s.slots[c.id]])
    for action in ({"kind": "capture", "card": dear.id}, {"kind": "capture", "card": card.id, "pay": ones}):
        err = refused(s, 0, **action)
        assert owned_refusal(s, 0, **action).what == err.what
    assert "you have 5" in refused(s, 0, kind="capture", card=dear.id).what.en
    s.step = MAIN
    s.mana = 0
    s.pool[0].remove(two)
    err = refused(s, 0, kind="summon", die=w, pay=[ones[0]])
    assert "needed" in err.what.en and owned_refusal(s, 0, kind="summon", die=w, pay=[ones[0]]).what == err.what
    s.pool[0].remove(ones[0])
    err = refused(s, 0, kind="summon", die=w)
    assert "you have 1" in err.what.en and owned_refusal(s, 0, kind="summon", die=w).what == err.what
