"""A response window opens and closes on public facts alone (events/window.py),
in all four games.

The window of a decision opens when the decision does and closes the match's N
minutes later, so its timing can tell the table something only if whether the
seat is asked, or asked a *response*, hangs on what the seat holds. The
property: for every response decision of a random match, dealing again
everything another seat cannot see (each game's determinization, from that
seat's view) leaves the seat pending on a decision tagged `response`. The
control: a game whose response tag read the seat's hand is caught."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

from engine.core import Game, Rng
from engine.core.ordertags import RESPONSE
from engine.core.search import determinizer
from engine.core.selfplay import derive_secret
from engine.registry import get_game
from tests.pace.test_forced_is_public import GAMES, decisions, seeds

REDEALS = 3


def _responds(game: Game[Any], state: Any, seat: int) -> bool:
    return any(p.seat == seat and RESPONSE in game.order_tags(state, p) for p in game.pending(state))


def counterexamples(game: Game[Any], seats: int, seed: int) -> tuple[int, list[str]]:
    """How many response decisions were checked, and those a re-deal changes."""
    deal = determinizer(game)
    found, checked = [], 0
    for n, (state, seat) in enumerate(decisions(game, seats, seed, limit=250)):
        if not _responds(game, state, seat):
            continue
        checked += 1
        for other in (o for o in range(seats) if o != seat):
            for k in range(REDEALS):
                dealt = deal(state, other, Rng(derive_secret(seed, f"window-{n}-{other}"), k))
                if not _responds(game, dealt, seat):
                    found.append(f"{game.id} decision {n}: seat {other + 1} could imagine seat {seat + 1} "
                                 "not asked to respond")
    return checked, found


@pytest.mark.slow  # re-deals at every decision of random matches
@pytest.mark.parametrize("game_id", sorted(GAMES))
@given(seed=seeds)
def test_every_response_stays_a_response_under_every_redeal(game_id, seed):
    assert counterexamples(get_game(game_id), GAMES[game_id], seed)[1] == []


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_response_decisions_happen(game_id):
    """Not vacuous: every game asks for responses in another seat's turn."""
    game = get_game(game_id)
    assert sum(counterexamples(game, GAMES[game_id], seed)[0] for seed in range(3)) > 0


def test_the_check_catches_a_response_tag_that_reads_the_hand(monkeypatch):
    """The control: Naru tags a decision a response only when the seat holds a battle tool."""
    game = get_game("naru")
    real = type(game).order_tags

    def by_hand(self: Any, state: Any, pending: Any) -> frozenset[str]:
        tags = real(self, state, pending)
        tool = any(self.defs[state.cards[c]].kind == "battle_tool" for c in state.players[pending.seat].hand)
        return tags if tool else tags - {RESPONSE}

    monkeypatch.setattr(type(game), "order_tags", by_hand)
    assert any(counterexamples(game, GAMES["naru"], seed)[1] for seed in range(6))
