"""A replay's path (`apply_owned`, which builds no log line) against the pure
`apply`, action by action over bot matches: every candidate the menu starts
from for either seat (legal or not) and every attack from each square is
refused alike (the same message) or accepted by both to the same state; and
the battle phase's own list of attackers is exactly the squares an attack may
be declared from."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engine.core import Rng, RuleError, clone
from engine.core.play import step
from engine.core.selfplay import play_bots
from engine.musou.actions import candidates
from engine.musou.battle import attackers, can_attack
from engine.musou.game import GAME
from engine.musou.state import SQUARES, MusouState
from tests.contract.matches import start

seeds = st.integers(min_value=0, max_value=10**9)
EVERY = 7  # states between two checked ones: a state's candidates cost a few hundred actions


def positions(seed: int) -> Iterator[tuple[MusouState, int, bytes, int]]:
    """Each state of a bot match with the seat it waits on, its secret and its Rng counter."""
    played = play_bots(GAME, 2, seed)
    secret, state, counter = start(GAME, 2, seed)
    for seat, action in played.moves:
        yield state, seat, secret, counter
        result = step(GAME, state, seat, action, secret, counter)
        state, counter = result.transition.state, result.counter


def both_paths(state: MusouState, seat: int, action: dict[str, Any], secret: bytes, counter: int) -> bool:
    """Whether `apply` accepts `action`; fails unless `apply_owned` does the same."""
    try:
        pure = GAME.apply(state, seat, action, Rng(secret, counter)).state
    except RuleError as exc:
        try:
            GAME.apply_owned(clone(state), seat, action, Rng(secret, counter))
        except RuleError as owned_exc:
            assert (type(owned_exc), owned_exc.what, owned_exc.allowed) == (type(exc), exc.what, exc.allowed), action
            return False
        raise AssertionError(f"apply refuses {action} but apply_owned accepts it") from exc
    assert GAME.apply_owned(clone(state), seat, action, Rng(secret, counter)) == pure, action
    return True


@given(seeds)
def test_every_candidate_is_refused_or_played_alike_by_both_paths(seed: int) -> None:
    accepted = refused = 0
    for number, (state, _, secret, counter) in enumerate(positions(seed)):
        if number % EVERY:
            continue
        # Both seats: the one not waited on has its own turn's candidates refused.
        for seat in (0, 1):
            attacks = [{"kind": "attack", "from": sq + 1, "target": "player"} for sq in SQUARES]
            for action in candidates(state, seat) + attacks:
                if both_paths(state, seat, action, secret, counter):
                    accepted += 1
                else:
                    refused += 1
    assert accepted and refused


@given(seeds)
def test_the_attackers_are_the_squares_an_attack_may_be_declared_from(seed: int) -> None:
    for state, _, _, _ in positions(seed):
        for seat in (0, 1):
            declarable = [sq for sq in SQUARES if (slot := state.field[seat][sq]) is not None
                          and can_attack(state, seat, sq, slot)]
            if state.commander[seat] is not None:
                assert attackers(state, seat) == declarable, (seat, state.stage)
