"""Scenario tests: a whole set-up and first turn, and every listed action being legal."""

from __future__ import annotations

from engine.core import Rng
from engine.warlords.cards import card
from engine.warlords.game import GAME
from engine.warlords.stacks import stack_state
from tests.contract.matches import bot_turns

from .helpers import act


def test_scenario_setup_and_a_first_turn() -> None:
    rng = Rng(b"x" * 32)
    s = GAME.setup(3, GAME.options({"decks": ["orcs_of_kor", "selentine", "lord_bane"]}, 3), rng)
    first = s.first
    s = act(s, first, kind="direction", dir="cw").state
    for _ in range(3):
        seat = GAME.pending(s)[0].seat
        s = act(s, seat, **GAME.legal_actions(s, seat)[0].action).state
    assert s.phase == "play" and s.active == first and s.turn == 1
    p = s.players[first]
    assert p.revenue == sum(card(s.cards[x.card]).revenue for x in p.castles) > 0
    stack = p.stacks[0].hero
    march = next(i for i in p.hand if s.cards[i].startswith("march_"))
    s = act(s, first, kind="march", stack=stack, card=march).state
    assert stack_state(s.players[first].stacks[0]) == "patrolling"
    s = act(s, first, kind="end").state
    assert s.active == (first + 1) % 3 and s.turn == 2


def test_every_listed_action_is_accepted_and_the_first_is_passive() -> None:
    checked = 0
    for i, turn in enumerate(bot_turns(GAME, 4, 11, limit=400)):
        if i % 7:
            continue
        state, seat = turn.state, turn.seat
        choices = GAME.legal_actions(state, seat)
        for c in choices:
            GAME.apply(state, seat, c.action, Rng(turn.secret, turn.counter))  # must not raise
            assert GAME.parse_action(c.code) == c.action  # the text form round-trips
            assert c.label.en and c.label.ja
            checked += 1
        if state.phase == "play" and state.decision is None:
            assert choices[0].action == {"kind": "end"}
        if state.decision is not None and state.decision.kind in ("intercept", "obstruct", "terrain_response"):
            assert choices[0].action["kind"] in ("pass", "intercept")
            assert choices[0].action.get("stack", "none") == "none"
    assert checked > 100
