"""Across every game: what the service publishes about a move (its log lines,
or the action's label when a game writes none) never names a hidden card."""

import importlib

import pytest

from engine.core import SPECTATOR
from engine.registry import get_game
from tests.contract.matches import bot_turns

CASES = [("quarriors", 3), ("naru", 2), ("musou", 2), ("warlords", 4)]


def hidden_ids_of(game_id):
    for module in (f"engine.{game_id}.game", f"engine.{game_id}.view", f"engine.{game_id}.views"):
        try:
            fn = getattr(importlib.import_module(module), "hidden_ids", None)
        except ModuleNotFoundError:
            continue
        if fn is not None:
            return fn
    raise AssertionError(f"{game_id} exports no hidden_ids")


@pytest.mark.slow
@pytest.mark.parametrize("game_id,seats", CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_public_log_lines_never_name_a_hidden_card(game_id, seats, seed):
    game = get_game(game_id)
    hidden_ids = hidden_ids_of(game_id)
    for turn in bot_turns(game, seats, seed):
        state, after = turn.state, turn.after
        lines = list(turn.step.transition.log) or [game.describe(state, turn.seat, turn.action)]
        # Hidden before and still hidden after: it must not have been named.
        secret_ids = hidden_ids(state, SPECTATOR) & hidden_ids(after, SPECTATOR)
        for line in lines:
            for text in (line.en, line.ja):
                named = {i for i in secret_ids if i in text.replace(",", " ").replace("(", " ").replace(")", " ").split()}
                assert not named, (game_id, text, named)
