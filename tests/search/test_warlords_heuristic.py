"""What the Warlords search knows: its action list and rollout (the legal
actions, drawn as the game's own bot draws them) and what hard settles
without searching: set-up (the direction of play and the opening castle and
hero), which its rollouts, stopping when turn 1 starts, judge only by the
cards themselves, at over a second of CPU a decision. Everything from turn 1
on is searched."""

from __future__ import annotations

from collections import Counter

from engine.core import Choice, Rng, Text
from engine.core.search import choose
from engine.registry import get_game
from engine.warlords import bot
from engine.warlords.game import attack_odds
from engine.warlords.heuristic import candidates, rollout, settled_hard
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
    direction = next(s for s in states if s.phase == "direction")
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


def test_the_rollout_plays_legal_actions_drawn_as_the_games_own_bot_draws() -> None:
    """hard's rollout checks only the kind of action it draws: it still plays
    only legal actions, and draws each kind about as often as the game's own
    bot drawing over the whole legal list."""
    game = get_game("warlords")
    states = [s for s in match_states("warlords", seed=2, every=3) if s.phase == "play" and s.decision is None]
    assert len(states) >= 10
    draws = 300
    for n, s in enumerate(states[:10]):
        seat = s.active
        legal = candidates(game, s, seat)
        ours: Counter[str] = Counter()
        theirs: Counter[str] = Counter()
        for k in range(draws):
            action = rollout(game, s, seat, Rng(f"ours-{n}-{k}".encode().ljust(32, b".")))
            assert action in legal
            ours[action["kind"]] += 1
            choices = [Choice(a, Text("", "")) for a in legal]
            pick = bot.choose(choices, Rng(f"theirs-{n}-{k}".encode().ljust(32, b".")), True,
                              lambda c, s=s: attack_odds(s, c.action))
            theirs[pick.action["kind"]] += 1
        for kind in ours.keys() | theirs.keys():
            assert abs(ours[kind] - theirs[kind]) / draws < 0.1, (n, kind, ours, theirs)
