"""A replay's path (`apply_owned`, which builds no log line) against the pure
`apply`, action by action over bot matches: every candidate the menu starts
from for either seat (legal or not) and every attack from each square is
refused alike (the same message) or accepted by both to the same state; and
the battle phase's own list of attackers is exactly the squares an attack may
be declared from."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.musou.actions import candidates
from engine.musou.battle import attackers, can_attack
from engine.musou.game import GAME
from engine.musou.state import SQUARES
from tests.contract.matches import bot_turns
from tests.contract.owned import both_paths

seeds = st.integers(min_value=0, max_value=10**9)
EVERY = 7  # states between two checked ones: a state's candidates cost a few hundred actions


@pytest.mark.slow
@given(seeds)
def test_every_candidate_is_refused_or_played_alike_by_both_paths(seed: int) -> None:
    accepted = refused = 0
    for number, turn in enumerate(bot_turns(GAME, 2, seed)):
        if number % EVERY:
            continue
        state = turn.state
        # Both seats: the one not waited on has its own turn's candidates refused.
        for seat in (0, 1):
            attacks = [{"kind": "attack", "from": sq + 1, "target": "player"} for sq in SQUARES]
            for action in candidates(state, seat) + attacks:
                if both_paths(GAME, state, seat, action, turn.secret, turn.counter) is not None:
                    accepted += 1
                else:
                    refused += 1
    assert accepted and refused


@pytest.mark.slow
@given(seeds)
def test_the_attackers_are_the_squares_an_attack_may_be_declared_from(seed: int) -> None:
    for turn in bot_turns(GAME, 2, seed):
        state = turn.state
        for seat in (0, 1):
            declarable = [sq for sq in SQUARES if (slot := state.field[seat][sq]) is not None
                          and can_attack(state, seat, sq, slot)]
            if state.commander[seat] is not None:
                assert attackers(state, seat) == declarable, (seat, state.stage)
