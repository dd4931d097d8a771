"""Forced decisions are played at once only when every seat can see they are
forced (issue 22, item 1).

The property, for all four games: whenever `forced_action` names an action,
dealing everything another seat cannot see again (each game's own
determinization, from that seat's view) leaves the deciding seat exactly that
one legal action. So the automatic move depends on nothing the table could
not already see, and its timing reveals nothing. The control shows the check
can fail: a game that calls every decision public (as if hands were not
hidden) is caught at once."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import Game, Rng
from engine.core.forced import forced_action
from engine.core.search import determinizer
from engine.core.selfplay import derive_secret
from engine.registry import get_game
from tests.contract.matches import bot_turns

GAMES = {"quarriors": 3, "naru": 2, "musou": 2, "warlords": 3}
REDEALS = 6
seeds = st.integers(min_value=0, max_value=10**9)


def decisions(game: Game[Any], seats: int, seed: int, limit: int = 400) -> Iterator[tuple[Any, int]]:
    """Every (state, seat) a bot match asks to decide, as far as `limit` actions."""
    for turn in bot_turns(game, seats, seed, limit):
        for p in turn.pending:
            yield turn.state, p.seat


def counterexamples(game: Game[Any], seats: int, seed: int) -> list[str]:
    """Forced decisions that some re-deal of what another seat cannot see un-forces."""
    deal = determinizer(game)
    found = []
    for n, (state, seat) in enumerate(decisions(game, seats, seed)):
        action = forced_action(game, state, seat)
        if action is None:
            continue
        for other in (o for o in range(seats) if o != seat):
            for k in range(REDEALS):
                dealt = deal(state, other, Rng(derive_secret(seed, f"redeal-{n}-{other}"), k))
                legal = [dict(c.action) for c in game.legal_actions(dealt, seat)]
                if legal != [action]:
                    found.append(f"{game.id} decision {n}: {action} forced, but seat {other + 1} could "
                                 f"imagine {legal[:3]}")
    return found


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
@given(seed=seeds)
def test_every_forced_decision_stays_forced_under_every_redeal(game_id, seed):
    game = get_game(game_id)
    assert counterexamples(game, GAMES[game_id], seed) == []


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["quarriors", "naru", "musou"])
def test_forced_decisions_happen(game_id):
    """Not vacuous: these games have decisions the service may play at once
    (Naru's: no battle tool, when nothing in the set is cheap enough to pay
    for; Warlords' lone choices nearly always hang on a hidden hand)."""
    game = get_game(game_id)
    forced = sum(forced_action(game, state, seat) is not None
                 for seed in range(4) for state, seat in decisions(game, GAMES[game_id], seed))
    assert forced > 0


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["naru", "musou", "warlords"])
def test_the_check_catches_a_game_that_plays_hidden_forced_decisions(game_id, monkeypatch):
    """The control: a lone choice that hangs on a hidden hand, called public."""
    game = get_game(game_id)
    monkeypatch.setattr(type(game), "decides_in_secret", lambda self, state, seat: False)
    assert any(counterexamples(game, GAMES[game_id], seed) for seed in range(6))
