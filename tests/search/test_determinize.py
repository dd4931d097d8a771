"""The search bot's determinizations: a seat's determinized state shows the
seat exactly what the real one does, holds the same cards, deals the hidden
ones anew, and depends only on what the seat may see and the Rng."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Viewer, clone
from engine.core.search import determinizer
from engine.registry import get_game

from .helpers import GAMES, cards, keys_by_owner, match_states, rng, unseen_change


def _cases(game_id: str) -> list[tuple[Any, int]]:
    game = get_game(game_id)
    states = match_states(game_id)
    seats = range(len(game.view(states[0], Viewer.of(0)).get("players", [0, 0])) or 2)
    return [(s, seat) for s in states for seat in seats]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_determinized_state_shows_the_seat_what_the_real_one_does(game_id: str) -> None:
    game, deal = get_game(game_id), determinizer(get_game(game_id))
    for n, (state, seat) in enumerate(_cases(game_id)):
        dealt = deal(state, seat, rng("determinize-view", n))
        assert game.view(dealt, Viewer.of(seat)) == game.view(state, Viewer.of(seat))


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_conserves_every_card_and_never_mutates(game_id: str) -> None:
    deal = determinizer(get_game(game_id))
    for n, (state, seat) in enumerate(_cases(game_id)):
        before = clone(state)
        dealt = deal(state, seat, rng("determinize-conserve", n))
        assert state == before
        # Every place holds one card still, and each seat the same cards (ids may be dealt anew).
        assert sorted(c for c, _, _ in cards(game_id, dealt)) == sorted(c for c, _, _ in cards(game_id, state))
        assert keys_by_owner(game_id, dealt) == keys_by_owner(game_id, state)


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_depends_only_on_what_the_seat_sees(game_id: str) -> None:
    deal = determinizer(get_game(game_id))
    game = get_game(game_id)
    changed = 0
    for n, (state, seat) in enumerate(_cases(game_id)):
        other = unseen_change(game_id, state, seat, rng("determinize-unseen", n))
        assert game.view(other, Viewer.of(seat)) == game.view(state, Viewer.of(seat))
        changed += other != state
        assert deal(other, seat, rng("determinize-same", n)) == deal(state, seat, rng("determinize-same", n))
        # A determinization is itself such a change.
        again = deal(state, seat, rng("determinize-first", n))
        assert deal(again, seat, rng("determinize-same", n)) == deal(state, seat, rng("determinize-same", n))
    assert changed > len(_cases(game_id)) // 2  # the changes do change something hidden


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_deals_the_hidden_cards_anew(game_id: str) -> None:
    deal = determinizer(get_game(game_id))
    differ = sum(deal(state, seat, rng("determinize-first-a", 0)) != deal(state, seat, rng("determinize-second-b", 0))
                 for state, seat in _cases(game_id))
    assert differ > len(_cases(game_id)) // 2


def test_musou_commander_chosen_face_down_is_dealt_from_the_unused_ones() -> None:
    """While the other seat still chooses, the commander chosen face down stays
    in its pool (it leaves it when both have chosen): it may be any of them."""
    game = get_game("musou")
    deal = determinizer(game)
    state = game.setup(2, game.options({}, 2), rng("musou-commander-stage"))
    state = game.apply(state, 1, {"kind": "commander", "card": "m12"}, rng("x")).state
    seen = set()
    for n in range(30):
        dealt = deal(state, 0, rng("musou-commander", n))
        assert sorted(dealt.pool[1]) == ["m10", "m11", "m12"] and dealt.commander[1] in dealt.pool[1]
        seen.add(dealt.commander[1])
        game.apply(dealt, 0, {"kind": "commander", "card": "m00"}, rng("y"))  # a legal state to go on from
    assert seen == {"m10", "m11", "m12"}


def test_naru_face_down_units_and_an_unplaced_keep_get_cards_of_their_kind() -> None:
    game = get_game("naru")
    deal = determinizer(game)
    defs = game.defs  # type: ignore[attr-defined]
    checked = 0
    for state in match_states("naru", seed=2, every=3):
        for seat in (0, 1):
            for n in range(3):
                dealt = deal(state, seat, rng("naru-kinds-of-cards", n))
                for unit in dealt.units:
                    if unit is not None and unit.facedown:
                        assert defs[dealt.cards[unit.top]].kind == "commoner"
                        checked += 1
                for p in dealt.players:
                    assert defs[dealt.cards[p.keep_card]].kind == "keep"
    assert checked
