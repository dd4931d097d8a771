"""The contract's promises, checked on the test-only toy game."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import ALL_SEEING, SPECTATOR, NotYourDecision, Rng, Viewer, clone
from engine.core.play import step
from engine.core.redaction import leaked
from engine.core.selfplay import derive_secret, play_bots, replay_moves
from tests.toygame import GAME, hidden_ids

SECRET = derive_secret("toy")


@given(st.integers(0, 10_000), st.integers(2, 8))
def test_replay_is_deterministic(seed, seats):
    played = play_bots(GAME, seats, seed)
    assert played.outcome is not None
    assert replay_moves(GAME, seats, seed, played.moves) == played.state


@given(st.integers(0, 10_000))
def test_apply_never_mutates_its_input(seed):
    played = play_bots(GAME, 3, seed)
    rng = Rng(derive_secret(seed))
    state = GAME.setup(3, GAME.options({}, 3), rng)
    counter = rng.counter
    for seat, action in played.moves:
        before = clone(state)
        result = step(GAME, state, seat, action, derive_secret(seed), counter)
        assert state == before
        state, counter = result.transition.state, result.counter


@given(st.integers(0, 10_000), st.integers(2, 5))
def test_no_view_shows_what_its_viewer_may_not_see(seed, seats):
    played = play_bots(GAME, seats, seed)
    rng = Rng(derive_secret(seed))
    state = GAME.setup(seats, GAME.options({}, seats), rng)
    counter = rng.counter
    for seat, action in played.moves:
        for viewer in [SPECTATOR, *(Viewer.of(s) for s in range(seats))]:
            assert leaked(GAME.view(state, viewer), hidden_ids(state, viewer)) == set()
        result = step(GAME, state, seat, action, derive_secret(seed), counter)
        state, counter = result.transition.state, result.counter
    assert "deck_order" in GAME.view(state, ALL_SEEING)


def test_the_framework_refuses_a_seat_the_game_is_not_waiting_for():
    state = GAME.setup(2, {"goal": 15}, Rng(SECRET))
    with pytest.raises(NotYourDecision) as err:
        step(GAME, state, 1, {"kind": "pass"}, SECRET, 0)
    assert "seat 1" in err.value.message("en")


def test_using_the_rng_marks_the_action_as_revealing():
    state = GAME.setup(2, {"goal": 15}, Rng(SECRET))
    rolled = step(GAME, state, 0, {"kind": "roll"}, SECRET, 100)
    marked = step(GAME, state, 0, {"kind": "mark"}, SECRET, 100)
    assert rolled.reveals and rolled.counter > 100
    assert not marked.reveals and marked.counter == 100


def test_a_redone_roll_comes_back_identical():
    state = GAME.setup(2, {"goal": 15}, Rng(SECRET))
    first = step(GAME, state, 0, {"kind": "roll"}, SECRET, 40)
    again = step(GAME, state, 0, {"kind": "roll"}, SECRET, 40)
    assert first.transition.state == again.transition.state
