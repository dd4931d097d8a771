"""Property tests over random bot matches: replay, purity, conservation, secrecy."""

from __future__ import annotations

import contextlib
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import SPECTATOR, Rng, Viewer
from engine.core.redaction import leaked
from engine.core.selfplay import derive_secret, play_bots, replay_moves
from engine.quarriors.game import GAME, hidden_ids
from engine.quarriors.state import zones
from tests.contract.matches import bot_turns

seeds = st.integers(min_value=0, max_value=10**6)
seat_counts = st.integers(min_value=2, max_value=4)


@given(seed=seeds, seats=seat_counts)
def test_property_replay_reproduces_final_state(seed: int, seats: int) -> None:
    played = play_bots(GAME, seats, seed)
    assert played.outcome is not None and played.outcome.winners
    assert replay_moves(GAME, seats, seed, played.moves) == played.state


@given(seed=seeds, seats=seat_counts)
def test_property_dice_conserved_and_apply_pure(seed: int, seats: int) -> None:
    secret = derive_secret(seed)
    rng = Rng(secret)
    state = GAME.setup(seats, {}, rng)
    counter = rng.counter
    bots = Rng(derive_secret(seed, "bots"))
    total = len(state.face)
    for _ in range(3000):
        pending = GAME.pending(state)
        if not pending:
            break
        assert sorted(zones(state)) == list(range(total))
        seat = pending[0].seat
        action = GAME.bot_action(state, seat, bots)
        before = pickle.dumps(state)
        r = Rng(secret, counter)
        nxt = GAME.apply(state, seat, action, r).state
        assert pickle.dumps(state) == before
        state, counter = nxt, r.counter
    assert not GAME.pending(state)
    assert sorted(zones(state)) == list(range(total))


@pytest.mark.slow
@given(seed=seeds, seats=seat_counts)
def test_property_no_view_leaks_bag_contents(seed: int, seats: int) -> None:
    played = play_bots(GAME, seats, seed)
    secret = derive_secret(seed)
    rng = Rng(secret)
    state = GAME.setup(seats, {}, rng)
    counter = rng.counter
    viewers = [SPECTATOR, *(Viewer(seat=i) for i in range(seats))]
    for seat, action in played.moves:
        for v in viewers:
            assert leaked(GAME.view(state, v), hidden_ids(state, v)) == set()
        r = Rng(secret, counter)
        state, counter = GAME.apply(state, seat, action, r).state, r.counter


@given(seed=seeds)
def test_property_legal_actions_all_apply(seed: int) -> None:
    for i, turn in enumerate(bot_turns(GAME, 3, seed)):
        if i % 5 == 0:
            for choice in GAME.legal_actions(turn.state, turn.seat)[:12]:
                GAME.apply(turn.state, turn.seat, choice.action, Rng(turn.secret, turn.counter))


@given(seed=seeds, seats=seat_counts)
def test_property_the_menu_is_every_accepted_action_but_the_named_capture_payments(seed: int, seats: int) -> None:
    """`legal_actions` works out only the captures a menu shows (turn.candidates' `menu`):
    the same list as the accepted actions with the named payments left out."""
    for turn in bot_turns(GAME, seats, seed):
        menu = [c.action for c in GAME.legal_actions(turn.state, turn.seat)]
        assert menu == [a for a in GAME.raw_actions(turn.state, turn.seat) if not _paid_capture(a)]


def _paid_capture(a: dict[str, Any]) -> bool:
    """A capture naming the dice that pay: what a menu leaves out (turn.candidates)."""
    return a["kind"] == "capture" and "pay" in a


KINDS = ["proceed", "use", "settle", "reroll", "ready", "summon", "cast", "attach", "switch", "capture", "discard",
         "end_turn", "absorb", "pass", "skip", "cull", "copy", "destroy", "swap", "take", "recall", "trade", "fly"]


@given(seed=seeds, junk=st.lists(st.tuples(st.sampled_from(KINDS), st.integers(-2, 140), st.integers(-2, 140),
                                           st.sampled_from(["die", "target", "other", "to", "card", "others"])),
                                 min_size=5, max_size=15))
def test_property_any_action_is_applied_or_refused_cleanly(seed: int, junk: list[tuple[str, int, int, str]]) -> None:
    from engine.core import RuleError

    turns = list(bot_turns(GAME, 3, seed))
    cards = [c.id for c in turns[0].state.cards] + ["nothing"]
    for turn in turns[::7]:
        for kind, x, y, key in junk:
            value: object = [x, y] if key == "others" else (cards[x % len(cards)] if key == "card" else y)
            attempt = {"kind": kind, "die": x, key: value}
            before = pickle.dumps(turn.state)
            with contextlib.suppress(RuleError):
                GAME.apply(turn.state, turn.seat, attempt, Rng(turn.secret, turn.counter))
            assert pickle.dumps(turn.state) == before
