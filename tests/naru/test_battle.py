"""Battles, the attribute cycle, battle tools and attacks on the keep."""

from __future__ import annotations

import pytest

from engine.core import ALL_SEEING, RuleError
from engine.core.contract import clone
from engine.naru.game import GAME
from engine.naru.state import NaruState
from tests.naru.builder import Board, act, run, sq

NO_TOOLS = ((0, "no_tool", {}), (1, "no_tool", {}))


def attack(state: NaruState, origin: str, target: str) -> NaruState:
    return act(state, 0, "move", **{"from": origin, "to": target}).state


def test_rule_tied_battle_defender_loses_to_jail() -> None:
    b = Board()
    attacker = b.unit(0, "com-spear", "B2")  # force 2/2
    defender = b.unit(1, "com-watch", "B3")  # force 1/3 -> defense 3; make it a tie below
    b.s.units[sq("B3")].buff_defense = -1  # type: ignore[union-attr]
    s = run(attack(b.s, "B2", "B3"), *NO_TOOLS)
    assert defender in s.players[1].jail
    assert s.units[sq("B3")].cards == [attacker]  # type: ignore[union-attr]
    assert s.units[sq("B2")] is None


def test_rule_attacker_losing_returns_and_is_not_jailed() -> None:
    b = Board()
    attacker = b.unit(0, "com-watch", "B2")  # attack 1
    defender = b.unit(1, "com-watch", "B3")  # defense 3
    s = run(attack(b.s, "B2", "B3"), *NO_TOOLS)
    assert s.units[sq("B2")].cards == [attacker] and s.units[sq("B2")].moved  # type: ignore[union-attr]
    assert s.units[sq("B3")].cards == [defender]  # type: ignore[union-attr]
    assert s.players[0].jail == [] and s.players[1].jail == []


def test_rule_attribute_advantage_doubles_attack() -> None:
    # Politics beats force: a politics 2 attack is 4 against a force defense of 3.
    b = Board()
    b.unit(0, "com-clerk", "B2")  # politics 2/2
    defender = b.unit(1, "com-watch", "B3")  # force 1/3
    s = attack(b.s, "B2", "B3")
    assert GAME.view(s, ALL_SEEING)["battle"]["attack"] == 4
    s = run(s, *NO_TOOLS)
    assert defender in s.players[1].jail


def test_rule_attribute_advantage_doubles_defense() -> None:
    # Commerce beats politics: a commerce defense of 2 is 4 against a politics attack of 3.
    b = Board()
    b.unit(0, "com-messenger", "B2")  # politics 3/1
    defender = b.unit(1, "com-farmer", "B3")  # commerce 2/2
    s = run(attack(b.s, "B2", "B3"), *NO_TOOLS)
    assert s.units[sq("B3")].cards == [defender]  # type: ignore[union-attr]


def test_rule_attribute_cycle_is_politics_force_commerce() -> None:
    from engine.naru.units import BEATS
    assert BEATS == {"politics": "force", "force": "commerce", "commerce": "politics"}


def test_rule_commoner_revealed_when_attacked() -> None:
    b = Board()
    b.unit(0, "gen-captain", "B2")
    b.unit(1, "com-farmer", "B3", facedown=True)
    t = act(b.s, 0, "move", **{"from": "B2", "to": "B3"})
    assert not t.state.units[sq("B3")].facedown  # type: ignore[union-attr]
    assert any("Farmer" in line.en for line in t.log)


def test_rule_battle_tool_window_waits_on_defender_after_attacker() -> None:
    b = Board()
    b.unit(0, "com-spear", "B2")  # force 2 vs force 1/3 watchman
    b.unit(1, "com-watch", "B3")
    gun = b.hand(0, "bt-matchlock")
    pills = b.hand(1, "bt-rations")
    b.s.players[1].resources = 2
    s = attack(b.s, "B2", "B3")
    assert [(p.seat, p.kind) for p in GAME.pending(s)] == [(0, "battle_tool")]
    s = act(s, 0, "battle_tool", card=gun).state  # attack 4 vs defense 3
    assert [(p.seat, p.kind) for p in GAME.pending(s)] == [(1, "respond")]
    assert GAME.legal_actions(s, 1)[0].action == {"kind": "no_tool"}
    s = act(s, 1, "battle_tool", card=pills).state  # defense 6
    assert s.battle is None and s.units[sq("B2")] is not None and s.units[sq("B3")] is not None
    assert gun in s.players[0].jail and pills in s.players[1].jail
    assert s.players[1].resources == 0


def test_rule_one_battle_tool_per_side() -> None:
    b = Board()
    b.unit(0, "com-spear", "B2")
    b.unit(1, "com-watch", "B3")
    first, second = b.hand(0, "bt-matchlock"), b.hand(0, "bt-matchlock")
    s = act(attack(b.s, "B2", "B3"), 0, "battle_tool", card=first).state
    before = clone(s)
    with pytest.raises(RuleError):
        act(s, 0, "battle_tool", card=second)
    assert s == before


def test_rule_smoke_bomb_cancels_advantage() -> None:
    b = Board()
    b.unit(0, "com-clerk", "B2")  # politics 2 vs force defense 3: doubled to 4 normally
    defender = b.unit(1, "com-watch", "B3")
    smoke = b.hand(1, "bt-smoke")
    s = run(attack(b.s, "B2", "B3"), (0, "no_tool", {}), (1, "battle_tool", {"card": smoke}))
    assert s.units[sq("B3")].cards == [defender]  # type: ignore[union-attr]


def test_rule_empty_keep_attack_costs_a_life() -> None:
    b = Board()
    b.unit(0, "gen-captain", "B3")
    s = attack(b.s, "B3", "B4")
    assert s.players[1].life == 1 and s.battle is None
    assert s.units[sq("B4")] is not None and s.units[sq("B4")].came_from == sq("B3")  # type: ignore[union-attr]


def test_rule_keep_defender_must_be_beaten_first() -> None:
    b = Board()
    b.unit(0, "com-watch", "B3")  # attack 1
    b.unit(1, "gen-captain", "B4")  # defense 3
    s = run(attack(b.s, "B3", "B4"), *NO_TOOLS)
    assert s.players[1].life == 2 and s.units[sq("B3")] is not None
    b = Board()
    b.unit(0, "gen-swordmaster", "B3")  # attack 5
    defender = b.unit(1, "gen-captain", "B4")
    s = run(attack(b.s, "B3", "B4"), *NO_TOOLS)
    assert s.players[1].life == 1 and defender in s.players[1].jail


def test_rule_life_zero_ends_the_game() -> None:
    b = Board()
    b.unit(0, "gen-captain", "B3")
    b.s.players[1].life = 1
    s = attack(b.s, "B3", "B4")
    assert GAME.pending(s) == ()
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners == (0,) and "keep" in outcome.reason.en


def test_rule_unit_in_enemy_keep_returns_at_end_of_turn() -> None:
    b = Board()
    b.unit(0, "gen-captain", "B3")
    s = act(attack(b.s, "B3", "B4"), 0, "end_turn").state
    assert s.units[sq("B3")] is not None and s.units[sq("B4")] is None
    assert s.units[sq("B3")].came_from is None  # type: ignore[union-attr]


def test_ruling_return_square_is_kept_free() -> None:
    b = Board()
    b.unit(0, "gen-captain", "B3")
    b.unit(0, "com-farmer", "B2")
    s = attack(b.s, "B3", "B4")
    before = clone(s)
    with pytest.raises(RuleError):
        act(s, 0, "move", **{"from": "B2", "to": "B3"})
    assert s == before

