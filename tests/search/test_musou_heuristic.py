"""What the Musou search knows beyond the rules: the label-free candidates are
exactly the menu's actions in the menu's order (between games only keeping
the deck), and the rollout policy plays only legal actions, never ends a
battle phase while an attack is legal and keeps its deck between games."""

from __future__ import annotations

import pytest

from engine.core import clone
from engine.musou import actions
from engine.musou.heuristic import candidates, rollout, rollout_normal, settled
from engine.musou.state import MusouState
from engine.registry import get_game

from .helpers import match_states, rng, waiting_seat


def _positions() -> list[tuple[MusouState, int]]:
    game = get_game("musou")
    out = []
    for seed in (1, 2, 3):
        for state in match_states("musou", seed=seed, every=1):
            out.append((state, waiting_seat(game, state)))
    return out


@pytest.mark.slow
def test_candidates_are_the_menus_actions_in_the_menus_order() -> None:
    game = get_game("musou")
    positions = _positions()
    assert len(positions) > 500
    sides = 0
    for state, seat in positions:
        for who in (seat, 1 - seat):  # a seat not waited on has no menu either
            menu = [c.action for c in game.legal_actions(state, who)]
            if state.stage == "side" and menu:
                sides += 1
                assert len(menu) > 1 and candidates(game, state, who) == [{"kind": "keep"}] == menu[:1]
            else:
                assert candidates(game, state, who) == menu
    assert sides > 0


@pytest.mark.slow
def test_the_rollout_plays_legal_actions_and_never_leaves_an_attack_unmade() -> None:
    game = get_game("musou")
    battles = 0
    for n, (state, seat) in enumerate(_positions()):
        before = clone(state)
        legal = actions.legal(state, seat)
        a = rollout(game, state, seat, rng("musou-rollout", n))
        assert a in legal
        assert state == before  # the policy only reads the state
        if state.stage == "side":
            assert a == {"kind": "keep"}
        if state.stage == "battle" and any(x["kind"] == "attack" for x in legal):
            battles += 1
            assert a["kind"] == "attack"
    assert battles > 5


@pytest.mark.slow
def test_normal_rolls_out_as_the_easy_bot_and_hard_does_not() -> None:
    game = get_game("musou")
    differs = 0
    for n, (state, seat) in enumerate(_positions()):
        easy = game.bot_action(state, seat, rng("musou-normal", n))
        assert rollout_normal(game, state, seat, rng("musou-normal", n)) == easy
        differs += rollout(game, state, seat, rng("musou-normal", n)) != easy
    assert differs > 10


@pytest.mark.slow
def test_the_loser_of_a_game_takes_the_first_turn() -> None:
    game = get_game("musou")
    firsts = [(state, seat) for state, seat in _positions() if state.stage == "first"]
    assert firsts
    for state, seat in firsts:
        chosen = settled(game, state, seat, rng("musou-first"))
        assert chosen == {"kind": "first", "seat": seat + 1}
        assert chosen in actions.legal(state, seat)
