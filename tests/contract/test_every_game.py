"""One contract, one suite: the properties every game in the registry must
have, checked over random bot matches of each (the toy game included). A new
game gets all of them by being registered. Example counts come from the
hypothesis profile (tests/conftest.py), never from a decorator here."""

from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import ALL_SEEING, SPECTATOR, RuleError, Viewer
from engine.core.play import step
from engine.core.redaction import leaked
from engine.core.selfplay import derive_secret, play_bots, replay_moves
from engine.registry import get_game

from .matches import GAMES, seats_of, walk

seeds = st.integers(min_value=0, max_value=10**9)


def test_the_registry_holds_the_four_games_and_the_toy():
    assert {"quarriors", "naru", "musou", "warlords", "toy"} <= set(GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@given(seed=seeds)
def test_replay_is_deterministic(game_id, seed):
    game = get_game(game_id)
    n = seats_of(game_id)
    played = play_bots(game, n, seed)
    again = replay_moves(game, n, seed, played.moves)
    assert game.view(again, ALL_SEEING) == game.view(played.state, ALL_SEEING)
    assert game.outcome(again) == played.outcome and played.outcome is not None


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@given(seed=seeds)
def test_apply_never_mutates_the_state_it_is_given(game_id, seed):
    game = get_game(game_id)
    for state, seat, action, _ in walk(game_id, seed, limit=120):
        before = pickle.dumps(state)
        step(game, state, seat, action, derive_secret(seed), 0)
        assert pickle.dumps(state) == before, f"{game_id}: {action} mutated its input"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@given(seed=seeds)
def test_no_action_makes_or_loses_a_card_or_die(game_id, seed):
    game = get_game(game_id)
    checked = 0
    for state, _seat, action, result in walk(game_id, seed):
        before, after = game.inventory(state), game.inventory(result.transition.state)
        if before is None:
            return
        assert after == before, f"{game_id}: {action} changed {(after - before) or (before - after)}"
        checked += 1
    assert checked


def test_every_real_game_declares_what_it_conserves():
    for game_id in ("quarriors", "naru", "musou", "warlords"):
        game = get_game(game_id)
        state = game.setup(2, game.options({}, 2), __import__("engine.core", fromlist=["Rng"]).Rng(b"k" * 32))
        assert game.inventory(state), game_id


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@given(seed=seeds)
def test_no_view_shows_what_is_hidden_from_its_viewer(game_id, seed):
    game = get_game(game_id)
    n = seats_of(game_id)
    for _state, _seat, _action, result in walk(game_id, seed):
        after = result.transition.state
        for viewer in [SPECTATOR, *(Viewer.of(s) for s in range(n))]:
            hidden = game.hidden_ids(after, viewer)
            assert not leaked(game.view(after, viewer), hidden), (game_id, viewer)
        # Prompts are posted where everyone reads them (the thread's "your turn" line).
        for p in game.pending(after):
            assert not leaked(p.prompt.to_json(), game.hidden_ids(after, SPECTATOR)), (game_id, p.kind)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@given(seed=seeds)
def test_every_viewers_view_at_once_is_each_view_alone(game_id, seed):
    game = get_game(game_id)
    viewers = [SPECTATOR, *(Viewer.of(s) for s in range(seats_of(game_id))), ALL_SEEING]
    for _state, _seat, _action, result in walk(game_id, seed, limit=120):
        after = result.transition.state
        # As JSON: the same keys in the same order too.
        assert json.dumps(game.views(after, viewers)) == json.dumps([game.view(after, v) for v in viewers]), game_id


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@given(seed=seeds)
def test_every_listed_action_applies(game_id, seed):
    """A menu never offers what the rules then refuse (sampled: every 7th position)."""
    game = get_game(game_id)
    secret = derive_secret(seed)
    for i, (state, _seat, _action, _result) in enumerate(walk(game_id, seed, limit=140)):
        if i % 7:
            continue
        for p in game.pending(state):
            for choice in game.legal_actions(state, p.seat)[:40]:
                try:
                    step(game, state, p.seat, dict(choice.action), secret, 0)
                except RuleError as err:  # pragma: no cover - the failure message is the point
                    pytest.fail(f"{game_id}: listed {choice.code} refused: {err.message('en')}")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@given(seed=seeds)
def test_menus_never_show_the_same_label_twice(game_id, seed):
    game = get_game(game_id)
    for i, (state, _seat, _action, _result) in enumerate(walk(game_id, seed, limit=140)):
        if i % 5:
            continue
        for p in game.pending(state):
            labels = [(c.group.en if c.group else "", c.label.en) for c in game.legal_actions(state, p.seat)]
            dupes = {x for x in labels if labels.count(x) > 1}
            assert not dupes, f"{game_id}: {sorted(dupes)[:3]}"
