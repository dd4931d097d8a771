"""The fast menu lists exactly what the plain one did (reference_menu.py):
the same actions in the same order, with the same labels, groups and
subgroups in both languages, at every decision of whole bot matches (and for
the seat not deciding, whose list the bots' search also asks for)."""

from __future__ import annotations

import pytest

from engine.musou import actions
from engine.musou.game import GAME
from tests.contract.matches import bot_turns

from . import reference_menu


def compare(seeds: range) -> int:
    seen = 0
    for seed in seeds:
        for turn in bot_turns(GAME, 2, seed):
            state, waiting = turn.state, {p.seat for p in turn.pending}
            for seat in (0, 1):
                assert actions.legal(state, seat) == reference_menu.legal(state, seat), (seed, state.turn, seat)
                if seat in waiting:
                    # Choice compares action, label, group, shown and subgroup (each Text in en and ja).
                    assert GAME.legal_actions(state, seat) == reference_menu.choices(state, seat), (seed, state.turn)
                    seen += 1
    return seen


@pytest.mark.slow
def test_menu_matches_the_plain_reference_over_bot_matches() -> None:
    assert compare(range(3)) > 1000


@pytest.mark.slow
def test_menu_matches_the_plain_reference_over_many_bot_matches() -> None:
    assert compare(range(3, 40)) > 10000
