"""Property tests over random bot matches with 2 to 8 players."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import ALL_SEEING, SPECTATOR, Rng, Viewer
from engine.core.play import step
from engine.core.redaction import leaked
from engine.core.selfplay import derive_secret, play_bots, replay_moves
from engine.warlords.game import GAME, hidden_ids
from engine.warlords.state import WState, all_zones


def _walk(seats: int, seed: int, every: int = 1, max_steps: int = 4000) -> list[WState]:
    """Play a bot match step by step, returning a sample of the states passed through."""
    secret = derive_secret(seed)
    rng = Rng(secret, 0)
    state = GAME.setup(seats, GAME.options({}, seats), rng)
    counter = rng.counter
    bots = Rng(derive_secret(seed, "bots"))
    seen = [state]
    for i in range(max_steps):
        pending = GAME.pending(state)
        if not pending:
            break
        seat = min(pending, key=lambda p: (p.order, p.seat)).seat
        action = GAME.bot_action(state, seat, bots)
        before = pickle.dumps(state)
        result = step(GAME, state, seat, action, secret, counter)
        assert pickle.dumps(state) == before, "apply mutated its input"
        state, counter = result.transition.state, result.counter
        if i % every == 0:
            seen.append(state)
    seen.append(state)
    return seen


@pytest.mark.slow
@given(seats=st.integers(2, 8), seed=st.integers(0, 10_000))
def test_property_replay_is_deterministic(seats: int, seed: int) -> None:
    played = play_bots(GAME, seats, seed)
    again = replay_moves(GAME, seats, seed, played.moves)
    # Dataclass equality: the hand-made copy shares strings, so pickle bytes may differ by memo.
    assert again == played.state
    assert played.outcome is not None


@pytest.mark.slow
@given(seats=st.integers(2, 8), seed=st.integers(0, 10_000))
def test_property_cards_conserved_and_apply_is_pure(seats: int, seed: int) -> None:
    states = _walk(seats, seed, every=3)
    everything = Counter(list(states[0].cards))
    for s in states:
        zones = Counter(all_zones(s))
        assert zones == everything, {k: v for k, v in (zones - everything).items()} or (everything - zones)


@pytest.mark.slow
@given(seats=st.integers(2, 8), seed=st.integers(0, 10_000))
def test_property_no_hidden_information_in_views(seats: int, seed: int) -> None:
    for s in _walk(seats, seed, every=5):
        viewers = [SPECTATOR, *(Viewer.of(i) for i in range(seats))]
        for v in viewers:
            assert leaked(GAME.view(s, v), hidden_ids(s, v)) == set()
        assert hidden_ids(s, ALL_SEEING) == set()


@pytest.mark.slow
def test_property_every_player_count_finishes() -> None:
    for seats in range(2, 9):
        played = play_bots(GAME, seats, 100 + seats)
        out = played.outcome
        assert out is not None and out.winners
        assert GAME.pending(played.state) == ()


def test_view_hides_hands_and_decks_but_shows_time_passes() -> None:
    s = _walk(3, 7, every=1000)[-1]
    spectator = GAME.view(s, SPECTATOR)
    mine = GAME.view(s, Viewer.of(0))
    assert isinstance(spectator["players"][0]["hand"], dict)
    assert isinstance(mine["players"][0]["hand"], list) and isinstance(mine["players"][1]["hand"], dict)
    assert all(isinstance(p["time_passes"], bool) for p in spectator["players"])
    assert "decks" not in spectator and "decks" in GAME.view(s, ALL_SEEING)


def _mutables(obj: object, path: str = "s") -> list[tuple[str, object]]:
    """Every list/dict/dataclass reachable from obj (by path), for aliasing checks."""
    import dataclasses
    out: list[tuple[str, object]] = []
    if dataclasses.is_dataclass(obj):
        out.append((path, obj))
        for f in dataclasses.fields(obj):
            out += _mutables(getattr(obj, f.name), f"{path}.{f.name}")
    elif isinstance(obj, list):
        out.append((path, obj))
        for k, x in enumerate(obj):
            out += _mutables(x, f"{path}[{k}]")
    elif isinstance(obj, dict):
        out.append((path, obj))
    return out


def test_copy_state_copies_every_field_and_shares_only_the_card_maps() -> None:
    from engine.warlords.state import Decision, copy_state
    s = _walk(4, 3, every=1000, max_steps=300)[-1]
    s.decision = Decision("losses", [1, 2], 0, stack="x", target="y", bonus=2, a_loss=3, d_loss=4, queue=["z"])
    c = copy_state(s)
    assert c == s
    shared = {p for (p, a), (_, b) in zip(_mutables(s), _mutables(c), strict=True) if a is b}
    assert shared == {"s.cards", "s.owner"}  # never changed after set-up
