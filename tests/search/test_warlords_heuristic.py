"""What the Warlords search knows: its action list and rollout (the legal
actions, drawn as the game's own bot draws them) and what hard settles
without searching: set-up (the direction of play and the opening castle and
hero), which its rollouts, stopping when turn 1 starts, judge only by the
cards themselves, at over a second of CPU a decision. Everything from turn 1
on is searched."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from engine.core import Choice, Rng, Text
from engine.core.search import budget, choose
from engine.registry import get_game
from engine.warlords import bot
from engine.warlords.game import attack_odds
from engine.warlords.heuristic import (
    END_SCALE,
    LAST_HERO,
    MARCHED,
    SCALE,
    SPARE_HERO,
    _threat,
    candidates,
    castle_risk,
    ends_soon,
    evaluate,
    evaluate_normal,
    kept_revenue,
    last_hero,
    rollout,
    settled_hard,
    worths,
)
from engine.warlords.stacks import castle_revenue, stack_state
from engine.warlords.state import Castle, Stack, WState, cdef, copy_state

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


@pytest.mark.slow
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


def _table() -> tuple[WState, Stack]:
    """A real position cut down to what the threat rules read: seat 1's
    castles unguarded, and one stack of seat 0 (camped, at home)."""
    s = next(s for s in match_states("warlords", seed=1, every=1)
             if s.phase == "play" and s.players[0].stacks and s.players[1].castles)
    s = copy_state(s)
    for castle in s.players[1].castles:
        castle.garrison = []
        castle.besieged_by = None
    s.players[1].stacks = []
    stack = s.players[0].stacks[0]
    stack.march, stack.fleet, stack.besieging, stack.target = [], None, None, None
    s.players[0].stacks = [stack]
    return s, stack


def test_a_patrolling_stack_can_attack_on_the_coming_turn_and_a_camped_one_cannot() -> None:
    """A patrolling stack goes on campaign and attacks in one turn; a camped
    one needs two turns of marching first."""
    s, stack = _table()
    threat, by, soon = _threat(s, 1)
    assert (by, soon) == (0, False)
    assert castle_risk(False, threat, 0, soon) == 0.15
    stack.march = [stack.hero]  # any card: one March card attached
    assert stack_state(stack) == "patrolling"
    assert _threat(s, 1)[1:] == (0, True)
    assert castle_risk(False, _threat(s, 1)[0], 0, True) == 0.5
    s.players[0].stacks = []
    assert _threat(s, 1) == (0, -1, False)
    assert castle_risk(False, 0, 0, False) == 0.02  # no enemy stack: nothing can take it


def test_a_first_march_toward_unguarded_castles_is_worth_their_revenue_at_risk_now() -> None:
    """The search looks one turn ahead: the first March card must be worth
    more than the march itself, or no stack would ever set out."""
    s, stack = _table()
    camped = worths(s)[0]
    stack.march = [stack.hero]
    at_risk = sum(castle_revenue(s, c) for c in s.players[1].castles) * (0.5 - 0.15)
    assert worths(s)[0] - camped == pytest.approx(at_risk + MARCHED["patrolling"])


def test_a_stack_fights_one_battle_a_turn_so_it_puts_one_castle_at_risk() -> None:
    """Three unguarded castles against one patrolling stack: one of them may
    fall before their owner's next turn (the richest, as a player would
    choose), not half of each; a second stack puts a second at risk. What one
    seat may lose, the seat threatening it may gain."""
    s, stack = _table()
    stack.march = [stack.hero]
    player = s.players[1]
    extra = [i for i in player.deck if cdef(s, i).type == "castle"][:2]
    player.deck = [i for i in player.deck if i not in extra]
    player.castles = player.castles + [Castle(card=i) for i in extra]
    revenues = sorted((castle_revenue(s, c) for c in player.castles), reverse=True)
    total = sum(revenues) + sum(castle_revenue(s, c) for c in s.players[0].castles)
    kept = kept_revenue(s)
    assert kept[1] == pytest.approx(sum(revenues) - 0.5 * revenues[0])
    assert sum(kept) == pytest.approx(total)
    s.players[0].stacks = [stack, stack]
    kept = kept_revenue(s)
    assert kept[1] == pytest.approx(sum(revenues) - 0.5 * (revenues[0] + revenues[1]))
    assert sum(kept) == pytest.approx(total)


def _spare_hero(s: WState, seat: int, spare: bool) -> None:
    """Give `seat` a hero in hand from its deck, or put every hero in hand back."""
    player = s.players[seat]
    heroes = [i for i in player.hand if cdef(s, i).type == "hero"]
    player.hand = [i for i in player.hand if i not in heroes]
    player.deck = player.deck + heroes
    if spare:
        hero = next(i for i in player.deck if cdef(s, i).type == "hero")
        player.deck.remove(hero)
        player.hand.append(hero)


@pytest.mark.parametrize("spare", [True, False])
def test_the_first_stack_is_worth_more_than_any_other_and_most_with_no_spare_hero(spare: bool) -> None:
    """Without a stack a seat takes no castle until it deploys another hero:
    soon with one in hand, after some twenty turns of drawing without."""
    s, stack = _table()
    _spare_hero(s, 0, spare)
    one = worths(s)[0]
    s.players[0].stacks = []
    none = worths(s)[0]
    s.players[0].stacks = [stack, stack]
    two = worths(s)[0]
    assert one - none > two - one > 0
    # The first stack also threatens (a second as strong adds no threat).
    assert one - none - (two - one) >= (SPARE_HERO if spare else LAST_HERO)
    assert last_hero(s, 0) == (SPARE_HERO if spare else LAST_HERO)
    assert LAST_HERO > SPARE_HERO


def test_hard_judges_its_actions_side_by_side_and_normal_grows_a_tree() -> None:
    game = get_game("warlords")
    assert budget(game, "hard").paired and not budget(game, "normal").paired
    assert budget(game, "hard").caution > 0  # a battle must show its gain over ending the turn


def _time_passes(s: WState, seat: int, where: str) -> None:
    """Put `seat`'s Time Passes card on top of its deck, deep in it, or drawn."""
    player = s.players[seat]
    tp = next(i for i, c in s.cards.items() if s.owner[i] == seat and cdef(s, i).type == "time_passes")
    player.deck = [i for i in player.deck if i != tp]
    player.time_passes = []
    if where == "drawn":
        player.time_passes = [tp]
    elif where == "next":
        player.deck.append(tp)  # draws take the end of the list
    else:
        player.deck.insert(0, tp)


def test_the_end_is_near_when_every_seat_has_drawn_time_passes_or_draws_it_next() -> None:
    s, _ = _table()
    _time_passes(s, 0, "drawn")
    _time_passes(s, 1, "next")
    assert ends_soon(s)
    _time_passes(s, 1, "deep")
    assert not ends_soon(s)
    _time_passes(s, 0, "next")
    _time_passes(s, 1, "drawn")
    assert ends_soon(s)


def test_at_the_end_only_the_revenue_kept_counts() -> None:
    """When the match ends on revenue, the favourite's odds follow the
    revenue each seat keeps alone, sharply: a hand decides nothing."""
    s, _ = _table()
    _time_passes(s, 0, "drawn")
    _time_passes(s, 1, "deep")
    kept = kept_revenue(s)
    leader = max(range(2), key=lambda p: kept[p])
    trailer = s.players[1 - leader]
    trailer.deck, trailer.hand = trailer.deck + trailer.hand, []  # an empty hand
    far = evaluate(s)
    _time_passes(s, 1, "next")
    near = evaluate(s)
    assert near != far
    assert near[leader] == pytest.approx(1 / (1 + math.exp(-(kept[leader] - kept[1 - leader]) / END_SCALE)))
    trailer.hand, trailer.deck = trailer.deck[:12], trailer.deck[12:]  # a full hand, Time Passes kept on top
    assert evaluate(s) == near
    _time_passes(s, 1, "deep")
    assert evaluate(s)[leader] < far[leader]  # earlier, the hand counts


def test_normal_thinks_any_enemy_stack_can_attack_at_once_and_ignores_the_end() -> None:
    """normal's weaker knowledge (with hard's, at normal's budget, it drew
    level with hard): a camped stack worries it as much as a patrolling one,
    its first stack is worth no more than another, and the end changes
    nothing in its judgement."""
    s, stack = _table()

    def normal() -> list[float]:
        return worths(s, tempo=False, premium=False)

    camped = normal()[0]
    stack.march = [stack.hero]
    assert normal()[0] - camped == pytest.approx(MARCHED["patrolling"])  # no threat gained
    castles, s.players[1].castles = s.players[1].castles, []  # no castle to threaten
    with_stack, hard_with = normal()[0], worths(s)[0]
    s.players[0].stacks = []
    assert with_stack - normal()[0] == pytest.approx(hard_with - worths(s)[0] - last_hero(s, 0))
    s.players[0].stacks, s.players[1].castles = [stack], castles
    _time_passes(s, 0, "drawn")
    _time_passes(s, 1, "next")
    assert ends_soon(s)
    w = normal()
    assert evaluate_normal(s)[0] == pytest.approx(1 / (1 + math.exp(-(w[0] - w[1]) / SCALE)))
    assert evaluate_normal(s) != evaluate(s)
