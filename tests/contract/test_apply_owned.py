"""`Game.apply_owned`, the replay-only path that may edit the state it is
handed, against the pure `apply`, for every game: two folds of the same bot
match, one through `step` and one through `step_owned` on a state of its own,
agree after every action (the state, its all-seeing view and the Rng counter).
Along the way, `Game.waiting` names the seats `pending` does."""

from __future__ import annotations

import hashlib
import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import ALL_SEEING, Rng, RuleError
from engine.core.play import step
from engine.core.selfplay import derive_secret, play_bots
from engine.registry import get_game

from .matches import GAMES, fold, seats_of, start, step_owned

seeds = st.integers(min_value=0, max_value=10**9)


def digest(game, state) -> str:
    view = game.view(state, ALL_SEEING)
    return hashlib.sha256(json.dumps(view, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@given(seed=seeds)
def test_the_owned_path_folds_a_match_to_the_same_states_as_the_pure_one(game_id, seed):
    game = get_game(game_id)
    n = seats_of(game_id)
    played = play_bots(game, n, seed)
    secret, state, counter = start(game, n, seed)
    # The owned fold starts from a state of its own, as replay's does (it never shares the envelope's).
    owned, owned_counter = pickle.loads(pickle.dumps(state)), counter
    for number, (_, seat, action, result) in enumerate(fold(game, state, counter, secret, played.moves)):
        state, counter = result.transition.state, result.counter
        owned, owned_counter = step_owned(game, owned, seat, action, secret, owned_counter)
        where = f"{game_id} seed {seed}, action {number} {action}"
        assert owned_counter == counter, where
        assert owned == state, where
        assert waiting(game, state) == sorted(p.seat for p in game.pending(state)), where
        if number % 16 == 0:  # the view's digest costs more than the action: now and then, and at the end
            assert digest(game, owned) == digest(game, state), where
    assert digest(game, owned) == digest(game, state)
    assert game.outcome(owned) == played.outcome is not None


def waiting(game, state) -> list[int]:
    """`Game.waiting`, which the framework checks instead of building `pending`'s prompts."""
    return sorted(game.waiting(state))


def outcome_of(run, game, state, seat, action, secret, counter):
    """What one path makes of an action: the refusal's kind, or the state and counter."""
    try:
        new, counter = run(game, state, seat, action, secret, counter)
    except RuleError as exc:
        return type(exc), exc.what
    return digest(game, new), counter


def pure(game, state, seat, action, secret, counter):
    result = step(game, state, seat, action, secret, counter)
    return result.transition.state, result.counter


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@given(seed=seeds, cut=st.integers(min_value=0, max_value=60))
def test_the_owned_path_refuses_what_the_pure_one_refuses(game_id, seed, cut):
    game = get_game(game_id)
    n = seats_of(game_id)
    secret, state, counter = start(game, n, seed)
    bots = Rng(derive_secret(seed, "bots"))
    for _ in range(cut):
        pending = game.pending(state)
        assert waiting(game, state) == sorted(p.seat for p in pending)
        if not pending:
            break
        seat = pending[0].seat
        state, counter = step_owned(game, state, seat, game.bot_action(state, seat, bots), secret, counter)
    pending = game.pending(state)
    seats = {p.seat for p in pending}
    seat = min(seats) if seats else 0
    kinds = {c.action["kind"] for c in game.legal_actions(state, seat)} if seats else {"pass"}
    odd = [{"kind": "no-such-action"}, *({"kind": kind, "die": 999, "card": "x", "to": -1} for kind in sorted(kinds))]
    idle = [s for s in range(n) if s not in seats]
    refused = 0
    for who, action in [(seat, a) for a in odd] + [(s, {"kind": "pass"}) for s in idle]:
        expected = outcome_of(pure, game, state, who, action, secret, counter)
        got = outcome_of(step_owned, game, pickle.loads(pickle.dumps(state)), who, action, secret, counter)
        assert got == expected, f"{game_id} seed {seed} after {cut}: {action} by seat {who}"
        refused += isinstance(expected[0], type)
    assert refused, "at least the unknown kind is refused"
