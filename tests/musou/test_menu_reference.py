"""The fast menu lists exactly what the plain one did (reference_menu.py):
the same actions in the same order, with the same labels, groups and
subgroups in both languages, at every decision of whole bot matches (and for
the seat not deciding, whose list the bots' search also asks for)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import Rng
from engine.core.play import step
from engine.core.selfplay import derive_secret
from engine.musou import actions
from engine.musou.game import GAME
from engine.musou.state import MusouState

from . import reference_menu


def positions(seed: int) -> Iterator[tuple[MusouState, tuple[int, ...]]]:
    """Every state of one bot match, with the seats it waits for."""
    secret = derive_secret(seed)
    rng = Rng(secret, 0)
    state = GAME.setup(2, GAME.options({}, 2), rng)
    counter, bots = rng.counter, Rng(derive_secret(seed, "bots"))
    while pending := GAME.pending(state):
        yield state, tuple(p.seat for p in pending)
        seat = min(pending, key=lambda p: (p.order, p.seat)).seat
        result = step(GAME, state, seat, GAME.bot_action(state, seat, bots), secret, counter)
        state, counter = result.transition.state, result.counter


def compare(seeds: range) -> int:
    seen = 0
    for seed in seeds:
        for state, waiting in positions(seed):
            for seat in (0, 1):
                assert actions.legal(state, seat) == reference_menu.legal(state, seat), (seed, state.turn, seat)
                if seat in waiting:
                    # Choice compares action, label, group, shown and subgroup (each Text in en and ja).
                    assert GAME.legal_actions(state, seat) == reference_menu.choices(state, seat), (seed, state.turn)
                    seen += 1
    return seen


def test_menu_matches_the_plain_reference_over_bot_matches() -> None:
    assert compare(range(3)) > 1000


@pytest.mark.slow
def test_menu_matches_the_plain_reference_over_many_bot_matches() -> None:
    assert compare(range(3, 40)) > 10000
