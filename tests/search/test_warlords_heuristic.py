"""What the Warlords hard bot settles without searching: set-up (the
direction of play and the opening castle and hero), which its rollouts,
stopping when turn 1 starts, judge only by the cards themselves, at over a
second of CPU a decision. Everything from turn 1 on is searched."""

from __future__ import annotations

from engine.core import Rng
from engine.core.search import choose
from engine.registry import get_game
from engine.warlords.heuristic import candidates, settled_hard
from engine.warlords.state import cdef

from .helpers import match_states, waiting_seat


def test_hard_sets_up_on_the_strongest_castle_and_hero_without_searching() -> None:
    game = get_game("warlords")
    s = next(s for s in match_states("warlords", seed=1, every=1) if s.phase == "pick")
    seat = waiting_seat(game, s)
    options = candidates(game, s, seat)
    castles = {a["castle"] for a in options} - {"none"}
    heroes = {a["hero"] for a in options} - {"none"}
    assert len(castles) > 1 and len(heroes) > 1  # a real choice

    def keep(c: str) -> float:  # revenue, and what holds it
        return cdef(s, c).revenue + 0.5 * cdef(s, c).defence

    def might(h: str) -> float:  # its own combat, and the armies its capacity carries
        return cdef(s, h).combat + 4 * cdef(s, h).capacity

    pick = settled_hard(game, s, seat, Rng(b"x" * 32))
    assert pick is not None and pick["kind"] == "pick"
    assert keep(pick["castle"]) == max(keep(c) for c in castles)
    assert might(pick["hero"]) == max(might(h) for h in heroes)
    assert choose(game, s, seat, Rng(b"y" * 32), "hard") == pick  # the level takes it as is
    assert choose(game, s, seat, Rng(b"y" * 32), "normal") in options  # normal still searches set-up


def test_direction_is_settled_and_play_is_left_to_the_search() -> None:
    game = get_game("warlords")
    states = match_states("warlords", seed=2, every=1)
    direction = next((s for s in states if s.phase == "direction"), None)
    if direction is not None:
        seat = waiting_seat(game, direction)
        assert settled_hard(game, direction, seat, Rng(b"x" * 32)) == candidates(game, direction, seat)[0]
    played = [s for s in states if s.phase == "play"][:20]
    assert played and all(settled_hard(game, s, waiting_seat(game, s), Rng(b"x" * 32)) is None for s in played)


def test_the_label_free_actions_are_the_legal_ones_in_order() -> None:
    """The search's list (screening unaffordable deployments before the rules'
    check) holds exactly the menu's actions, in the menu's order."""
    game = get_game("warlords")
    checked = 0
    for seed in (1, 2, 3):
        for s in match_states("warlords", seed=seed, every=1):
            if s.phase != "play" or s.decision is not None:
                continue
            seat = s.active
            assert candidates(game, s, seat) == [c.action for c in game.legal_actions(s, seat)]
            checked += 1
    assert checked > 100
