"""Property tests over random bot matches: determinism, purity, conservation
of cards across zones, and no hidden information in any view."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import ALL_SEEING, SPECTATOR, Rng, Viewer
from engine.core.contract import clone
from engine.core.play import step
from engine.core.redaction import leaked
from engine.core.selfplay import derive_secret, play_bots, replay_moves
from engine.naru.game import GAME, hidden_ids
from engine.naru.inventory import inventory
from engine.naru.state import NaruState

seeds = st.integers(min_value=0, max_value=10**9)


def zones(s: NaruState) -> Counter[str]:
    return inventory(s)


def walk(seed: int):  # type: ignore[no-untyped-def]
    """Replay a bot match step by step, yielding each state."""
    played = play_bots(GAME, 2, seed)
    secret = derive_secret(seed)
    rng = Rng(secret, 0)
    state = GAME.setup(2, GAME.options({}, 2), rng)
    counter = rng.counter
    yield state
    for seat, action in played.moves:
        before = clone(state)
        result = step(GAME, state, seat, action, secret, counter)
        assert state == before, "apply mutated its input"
        state, counter = result.transition.state, result.counter
        yield state


@given(seeds)
def test_property_replay_is_deterministic(seed: int) -> None:
    played = play_bots(GAME, 2, seed)
    assert played.outcome is not None
    assert replay_moves(GAME, 2, seed, played.moves) == played.state


@given(seeds)
def test_property_cards_conserved_and_apply_pure(seed: int) -> None:
    for state in walk(seed):
        counts = zones(state)
        assert set(counts) == set(state.cards)
        assert all(n == 1 for n in counts.values()), [c for c, n in counts.items() if n != 1]


@pytest.mark.slow
@given(seeds)
def test_property_no_hidden_information_in_views(seed: int) -> None:
    for state in walk(seed):
        for viewer in (Viewer.of(0), Viewer.of(1), SPECTATOR):
            view = GAME.view(state, viewer)
            assert leaked(view, hidden_ids(state, viewer)) == set()
            for square in view["board"]:
                unit = square["unit"]
                if unit and unit["facedown"] and not viewer.sees_seat(unit["owner"]):
                    assert set(unit) == {"owner", "facedown", "sick", "moved"}
        assert GAME.view(state, ALL_SEEING)


@given(seeds)
def test_property_matches_end_with_a_winner(seed: int) -> None:
    played = play_bots(GAME, 2, seed)
    outcome = GAME.outcome(played.state)
    assert outcome is not None and len(outcome.winners) == 1
    assert GAME.pending(played.state) == ()


@given(seeds)
def test_property_every_listed_action_is_accepted(seed: int) -> None:
    rng = Rng(b"z" * 32)
    for index, state in enumerate(walk(seed)):
        if index % 2:
            continue
        for pending in GAME.pending(state):
            for choice in GAME.legal_actions(state, pending.seat):
                GAME.apply(state, pending.seat, choice.action, rng)
