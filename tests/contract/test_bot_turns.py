"""`matches.bot_turns`, the bot match tests walk action by action, is the match
`play_bots` plays: the same seats taking the same actions, to the same state and
Rng counter at its end, each turn starting where the one before left off."""

from __future__ import annotations

from itertools import pairwise

import pytest

from engine.core.selfplay import play_bots
from engine.registry import get_game

from . import matches
from .matches import GAMES, bot_turns, seats_of


@pytest.mark.parametrize("game_id", GAMES)
def test_the_turns_are_the_match_play_bots_plays(game_id):
    game, seats = get_game(game_id), seats_of(game_id)
    played = play_bots(game, seats, 3)
    turns = list(bot_turns(game, seats, 3))
    assert [(t.seat, t.action) for t in turns] == played.moves
    assert (turns[-1].after, turns[-1].step.counter) == (played.state, played.counter)
    for before, turn in pairwise(turns):
        assert (turn.state, turn.counter) == (before.after, before.step.counter)
        assert turn.pending == game.pending(turn.state) and turn.secret == before.secret
    assert [t.action for t in bot_turns(game, seats, 3, limit=5)] == [a for _, a in played.moves[:5]]


def test_a_match_that_does_not_end_fails_rather_than_runs_on(monkeypatch):
    monkeypatch.setattr(matches, "MAX_ACTIONS", 3)  # the toy match takes longer
    with pytest.raises(RuntimeError, match="no result after 3 actions"):
        list(bot_turns(get_game("toy"), 2, 3))
    assert len(list(bot_turns(get_game("toy"), 2, 3, limit=5))) == 5  # a limit is not an end
