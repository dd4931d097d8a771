"""`engine.core.play.owned_steps`, the replay's step for a run of actions on a
state it owns: one Rng cursor for the whole run, the game's methods looked up once,
and an action handed over uncopied when it came from JSON. It must fold a match to
what `step` folds it to, counter included, and refuse what `step` refuses, alike."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import NotYourDecision, RuleError
from engine.core.play import owned_steps, step
from engine.core.selfplay import play_bots
from tests.contract.matches import start
from tests.toygame import GAME, ToyGame


@given(st.integers(0, 10_000))
def test_a_run_folds_to_the_states_and_counters_of_step(seed):
    played = play_bots(GAME, 3, seed)
    secret, state, counter = start(GAME, 3, seed)
    owned, rng = owned_steps(GAME, secret, counter)
    mine = pickle.loads(pickle.dumps(state))
    for seat, action in played.moves:
        result = step(GAME, state, seat, action, secret, counter)
        state, counter = result.transition.state, result.counter
        mine = owned(mine, seat, action)
        assert mine == state and rng.counter == counter


def refusal(run, *args):
    try:
        run(*args)
    except RuleError as exc:
        return type(exc), exc.what, exc.allowed
    return None


def test_a_run_refuses_what_step_refuses_with_the_same_error():
    secret, state, counter = start(GAME, 3, 1)
    waiting = {p.seat for p in GAME.pending(state)}
    idle = next(s for s in range(3) if s not in waiting)
    seat = min(waiting)
    for who, action in [(idle, {"kind": "pass"}), (seat, {"kind": 3}), (seat, {}), (seat, {"kind": "no-such"})]:
        expected = refusal(step, GAME, state, who, action, secret, counter)
        owned, _ = owned_steps(GAME, secret, counter)
        assert expected is not None
        assert refusal(owned, pickle.loads(pickle.dumps(state)), who, action) == expected, action
    with pytest.raises(NotYourDecision):
        owned_steps(GAME, secret, counter)[0](state, idle, {"kind": "pass"})


class Recording(ToyGame):
    """The toy game, noting each action it is handed."""

    def __init__(self) -> None:
        self.seen: list[object] = []

    def apply_owned(self, state, seat, action, rng):
        self.seen.append(action)
        return super().apply_owned(state, seat, action, rng)


def test_an_action_with_tuples_reaches_the_game_as_lists_in_a_dict_of_its_own():
    game = Recording()
    secret, state, counter = start(GAME, 3, 2)
    seat = min(p.seat for p in game.pending(state))
    action = {"kind": "mark", "marks": (1, 2)}
    owned, _ = owned_steps(game, secret, counter)
    refusal(owned, state, seat, action)
    (seen,) = game.seen
    assert seen == {"kind": "mark", "marks": [1, 2]} and type(seen["marks"]) is list and seen is not action
    assert action == {"kind": "mark", "marks": (1, 2)}
