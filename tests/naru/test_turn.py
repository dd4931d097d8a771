"""End of turn, hand and resource limits, deck-out, and a full scenario turn."""

from __future__ import annotations

import pytest

from engine.core import RuleError, UnknownAction
from engine.core.contract import clone
from engine.naru.game import GAME
from tests.naru.builder import Board, act, run, sq


def test_rule_hand_limit_discard_to_seven() -> None:
    b = Board()
    cards = [b.hand(0, "land-paddy") for _ in range(9)]
    s = act(b.s, 0, "end_turn").state
    assert [(p.seat, p.kind) for p in GAME.pending(s)] == [(0, "discard")]
    s = act(s, 0, "discard", card=cards[0]).state
    assert s.phase == "discard"
    s = act(s, 0, "discard", card=cards[1]).state
    assert s.active == 1 and len(s.players[0].hand) == 7
    assert cards[0] in s.players[0].jail and cards[1] in s.players[0].jail


def test_rule_resources_above_ten_are_lost_at_end_of_turn() -> None:
    b = Board()
    b.s.players[0].resources = 13
    s = act(b.s, 0, "end_turn").state
    assert s.players[0].resources == 10


def test_rule_cannot_draw_loses() -> None:
    b = Board()
    b.s.players[1].deck.clear()
    s = act(b.s, 0, "end_turn").state
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners == (0,) and GAME.pending(s) == ()


def test_rule_draw_effect_from_empty_deck_loses() -> None:
    b = Board()
    b.s.players[0].deck = b.s.players[0].deck[:1]
    letter = b.hand(0, "tool-letter")
    s = act(b.s, 0, "tool", card=letter).state
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners == (1,)


def test_rule_summon_phase_comes_before_action_phase() -> None:
    b = Board(phase="summon")
    b.unit(0, "gen-captain", "B2")
    b.land(0, "land-paddy", "A2")
    before = clone(b.s)
    with pytest.raises(UnknownAction):
        act(b.s, 0, "move", **{"from": "B2", "to": "A2"})
    assert b.s == before
    s = act(b.s, 0, "end_summon").state
    land = b.hand(0, "land-town")
    s.players[0].hand.append(land)
    with pytest.raises(UnknownAction):
        act(s, 0, "land", card=land, at="C1")


def test_rule_passive_choice_is_first() -> None:
    b = Board()
    assert GAME.legal_actions(b.s, 0)[0].action == {"kind": "end_turn"}
    assert GAME.default_action(b.s, 0) == {"kind": "end_turn"}
    assert GAME.legal_actions(b.s, 1) == []


def test_rule_errors_do_not_name_hidden_cards() -> None:
    b = Board()
    secret = b.hand(1, "gen-strategist")
    with pytest.raises(RuleError) as err:
        act(b.s, 0, "tool", card=secret)
    assert "Strategist" not in err.value.message("en") and "軍師" not in err.value.message("ja")


def test_scenario_full_turn() -> None:
    b = Board(phase="summon")
    b.s.players[0].resources = 6
    land = b.hand(0, "land-ford")
    farmer = b.hand(0, "com-farmer")
    archer = b.hand(0, "gen-archer")
    b.unit(0, "com-spear", "B2")
    b.unit(1, "com-fisher", "B3", facedown=True)
    s = run(b.s,
            (0, "land", {"card": land, "at": "A1"}),
            (0, "summon", {"card": farmer, "at": "A1"}),
            (0, "summon", {"card": archer, "at": "B1"}),
            (0, "end_summon", {}),
            (0, "move", {"from": "B2", "to": "B3"}),  # force 2 vs commerce fisher 3/1: 4 vs 1
            (0, "no_tool", {}), (1, "no_tool", {}),
            (0, "end_turn", {}))
    assert s.players[0].resources == 1
    assert s.units[sq("B3")] is not None and s.units[sq("B3")].owner == 0  # type: ignore[union-attr]
    assert len(s.players[1].jail) == 1
    assert s.active == 1 and s.phase == "summon"
    # Seat 1 gains 1: no units on lands.
    assert s.players[1].resources == 4
