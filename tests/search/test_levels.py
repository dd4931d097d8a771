"""Bot levels: easy is the game's own bot, normal and hard search with a
small and a large budget, and any other level is refused with a clear error."""

from __future__ import annotations

import pytest

from engine.core.search import LEVELS, budget, check_level, choose, levels
from engine.core.selfplay import play_bots
from engine.registry import get_game
from tests.toygame import GAME as TOY

from .helpers import GAMES, match_states, rng, waiting_seat


def test_the_levels_are_easy_normal_hard() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    for level in LEVELS:
        assert check_level(level) == level


@pytest.mark.parametrize("level", ["expert", "", "Hard", "bot:hard"])
def test_an_unknown_level_is_refused_with_a_clear_error(level: str) -> None:
    game = get_game("naru")
    state = match_states("naru")[1]
    with pytest.raises(ValueError, match=r"^unknown bot level .*: one of easy, normal, hard$"):
        choose(game, state, waiting_seat(game, state), rng("levels"), level)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_offers_every_level_and_hard_searches_more(game_id: str) -> None:
    game = get_game(game_id)
    assert levels(game) == LEVELS
    assert budget(game, "hard").actions > budget(game, "normal").actions > 0


def test_a_game_without_a_determinization_offers_only_easy() -> None:
    """Searching a state holding what the seat may not see would peek."""
    assert levels(TOY) == ("easy",)
    state = TOY.setup(2, TOY.options({}, 2), rng("toy"))
    with pytest.raises(LookupError, match="no search bot"):
        choose(TOY, state, waiting_seat(TOY, state), rng("toy-bot"), "hard")


@pytest.mark.parametrize("game_id", GAMES)
def test_easy_is_the_games_own_bot(game_id: str) -> None:
    game = get_game(game_id)
    for n, state in enumerate(match_states(game_id)[:6]):
        seat = waiting_seat(game, state)
        assert choose(game, state, seat, rng("easy", n), "easy") == game.bot_action(state, seat, rng("easy", n))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_search_level_chooses_a_legal_action_reproducibly(game_id: str) -> None:
    game = get_game(game_id)
    state = match_states(game_id)[2]
    seat = waiting_seat(game, state)
    first = choose(game, state, seat, rng("normal"), "normal")
    assert first in [c.action for c in game.legal_actions(state, seat)]
    assert choose(game, state, seat, rng("normal"), "normal") == first


def test_engine_selfplay_takes_a_level_per_seat_and_keeps_the_old_matches() -> None:
    game = get_game("naru")
    old = play_bots(game, 2, "levels-old")
    assert play_bots(game, 2, "levels-old", levels=["easy", "easy"]).moves == old.moves
    with pytest.raises(ValueError, match="1 bot levels for 2 seats"):
        play_bots(game, 2, "levels-old", levels=["easy"])
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        play_bots(game, 2, "levels-old", levels=["easy", "expert"])


@pytest.mark.slow
def test_a_heuristic_given_for_one_level_is_used_by_that_level_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """`settled_normal` in a game's heuristic module takes normal's decisions and leaves hard's alone."""
    import engine.naru.heuristic as heuristic

    game = get_game("naru")
    # A position with a choice to make: the marker must differ from hard's pick.
    state = next(s for s in match_states("naru") if game.pending(s)
                 and len(game.legal_actions(s, waiting_seat(game, s))) > 1)
    seat = waiting_seat(game, state)
    legal = sorted((c.action for c in game.legal_actions(state, seat)), key=repr)
    hard = choose(game, state, seat, rng("one-level"), "hard")
    marker = next(a for a in legal if a != hard)
    monkeypatch.setattr(heuristic, "settled_normal", lambda g, s, p, r: marker, raising=False)
    assert choose(game, state, seat, rng("one-level"), "normal") == marker
    assert choose(game, state, seat, rng("one-level"), "hard") == hard
