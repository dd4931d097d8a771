"""The proof that the search bot never reads what its seat may not see: from
states of real matches, the hidden state is changed (the other seats' hands
and decks dealt again, every deck in another order) and the bot, handed the
same Rng, must choose the same action. A deliberately peeking bot, searching
the real state instead of a determinization, fails the same comparison, so
the test would catch one."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Game, Viewer, clone
from engine.core.search import Budget, Search, choose
from engine.registry import get_game

from .helpers import GAMES, match_states, rng, unseen_change, waiting_seat

# Small enough to keep the test fast, large enough that the tree has several
# levels and rollouts reach hidden cards (draws, the opponent's replies).
LIMITS = Budget(actions=150, turns=2, depth=60)
# The paired search deals as the tree does but plays every action from each deal
# (with caution, as Warlords' hard plays it).
PAIRED = Budget(actions=150, turns=2, depth=60, paired=True, caution=1.0)
FORMS = {"tree": LIMITS, "paired": PAIRED}
STATES = 14


def decisions(game_id: str) -> list[tuple[Any, Any, int]]:
    """(state, the same state with hidden things changed, the seat to move)
    for states of two real matches where the seat has a real choice."""
    game = get_game(game_id)
    out = []
    for seed in (1, 2):
        for n, state in enumerate(match_states(game_id, seed=seed, every=5)):
            seat = waiting_seat(game, state)
            if len(game.legal_actions(state, seat)) < 2:
                continue
            other = unseen_change(game_id, state, seat, rng(f"invariance-change-{seed}", n))
            if other == state:
                continue  # nothing hidden to change here (e.g. before the cards are dealt)
            assert game.view(other, Viewer.of(seat)) == game.view(state, Viewer.of(seat))
            out.append((state, other, seat))
    return out[:STATES]


@pytest.mark.slow
@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("level", ["normal", "hard"])  # a level may have knowledge of its own (NAME_LEVEL)
@pytest.mark.parametrize("game_id", GAMES)
def test_the_decision_does_not_change_with_hidden_state_the_seat_cannot_see(game_id: str, level: str, form: str) -> None:
    game = get_game(game_id)
    limits = FORMS[form]
    cases = decisions(game_id)
    assert len(cases) >= STATES // 2
    for n, (state, other, seat) in enumerate(cases):
        before = clone(state)
        label = f"invariance-bot-{game_id}-{n}"
        seen = _search(game, state, seat, label, level, limits)
        unseen = _search(game, other, seat, label, level, limits)
        assert seen == unseen, f"{game_id} case {n}: {seen} != {unseen}"
        assert seen[0] == choose(game, state, seat, rng(label), level, limits)
        assert state == before  # the search never edits the state it is given


def _search(game: Game[Any], state: Any, seat: int, label: str, level: str, limits: Budget,
            deal: Any = None) -> tuple[Any, int]:
    """The decision and how far its simulated matches drew on their Rng: the
    search itself must not change, not only its verdict (a strong bot agrees
    with itself on most positions whatever it peeks at)."""
    search = Search(game, seat, limits, rng(label), deal=deal, level=level)
    return search.run(state), search.counter


def _peeking(game: Game[Any], state: Any, seat: int, label: str, limits: Budget) -> Any:
    """A bot that searches the real state: its 'determinization' keeps every
    hidden card where it is."""
    return _search(game, state, seat, label, "hard", limits, deal=lambda s, _seat, _rng: clone(s))


@pytest.mark.slow
@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("game_id", GAMES)
def test_a_peeking_bot_is_caught_by_the_same_comparison(game_id: str, form: str) -> None:
    """The negative control: the same states and Rngs, but a bot that reads
    the hidden state changes its mind when the hidden state changes."""
    game = get_game(game_id)
    differ = 0
    for n, (state, other, seat) in enumerate(decisions(game_id)):
        label = f"invariance-bot-{game_id}-{n}"
        differ += _peeking(game, state, seat, label, FORMS[form]) != _peeking(game, other, seat, label, FORMS[form])
    assert differ >= 1
