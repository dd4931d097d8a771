"""Lands, placing units and movement on the 3 x 4 grid."""

from __future__ import annotations

from engine.naru.game import GAME
from engine.naru.turn import income
from tests.naru.builder import Board, act, refused, sq


def test_rule_land_goes_next_to_own_land() -> None:
    b = Board(phase="summon")
    paddy = b.hand(0, "land-paddy")
    refused(b.s, 0, "land", card=paddy, at="A3")  # not adjacent to seat 0's lands
    s = act(b.s, 0, "land", card=paddy, at="A1").state
    assert s.lands[sq("A1")] is not None and s.lands[sq("A1")].owner == 0  # type: ignore[union-attr]


def test_rule_at_most_one_land_per_turn() -> None:
    b = Board(phase="summon")
    first, second = b.hand(0, "land-paddy"), b.hand(0, "land-town")
    s = act(b.s, 0, "land", card=first, at="A1").state
    refused(s, 0, "land", card=second, at="C1")


def test_rule_land_swap_replaces_own_land_and_exiles_it() -> None:
    b = Board(phase="summon")
    old = b.land(0, "land-paddy", "B2")
    unit = b.unit(0, "com-farmer", "B2")
    town = b.hand(0, "land-town")
    s = act(b.s, 0, "land", card=town, at="B2").state
    assert s.lands[sq("B2")].card == town  # type: ignore[union-attr]
    assert old in s.players[0].exile and old not in s.players[0].jail
    assert s.units[sq("B2")].cards == [unit]  # type: ignore[union-attr]


def test_rule_keep_cannot_be_replaced_and_enemy_land_cannot_be_swapped() -> None:
    b = Board(phase="summon")
    b.land(1, "land-paddy", "B3")
    town = b.hand(0, "land-town")
    refused(b.s, 0, "land", card=town, at="B1")
    b.land(0, "land-paddy", "B2")
    refused(b.s, 0, "land", card=town, at="B3")


def test_rule_land_may_extend_into_enemy_territory() -> None:
    b = Board(phase="summon")
    b.land(0, "land-paddy", "A2")
    town = b.hand(0, "land-town")
    s = act(b.s, 0, "land", card=town, at="A3").state
    assert s.lands[sq("A3")].owner == 0  # type: ignore[union-attr]


def test_rule_commoner_placed_face_down_for_two() -> None:
    b = Board(phase="summon")
    b.s.players[0].resources = 5
    farmer = b.hand(0, "com-farmer")
    s = act(b.s, 0, "summon", card=farmer, at="B1").state
    unit = s.units[sq("B1")]
    assert unit is not None and unit.facedown and unit.cards == [farmer]
    assert s.players[0].resources == 3


def test_rule_general_placed_face_up_for_its_cost() -> None:
    b = Board(phase="summon")
    b.s.players[0].resources = 5
    captain = b.hand(0, "gen-captain")
    s = act(b.s, 0, "summon", card=captain, at="B1").state
    assert not s.units[sq("B1")].facedown and s.players[0].resources == 1  # type: ignore[union-attr]
    b.s.players[0].resources = 3
    refused(b.s, 0, "summon", card=captain, at="B1")


def test_rule_units_only_on_lands_in_own_territory_without_units() -> None:
    b = Board(phase="summon")
    b.s.players[0].resources = 9
    farmer = b.hand(0, "com-farmer")
    b.land(0, "land-paddy", "B3")
    refused(b.s, 0, "summon", card=farmer, at="B3")  # enemy territory
    refused(b.s, 0, "summon", card=farmer, at="A1")  # no land
    b.unit(0, "com-clerk", "B2")
    refused(b.s, 0, "summon", card=farmer, at="B2")  # occupied


def test_rule_summoning_sickness_for_commoners_and_generals() -> None:
    for key, facedown in (("com-farmer", True), ("gen-captain", False)):
        b = Board()
        b.unit(0, key, "B2", facedown=facedown, summoned=b.s.turn)
        b.land(0, "land-paddy", "B3")
        refused(b.s, 0, "move", **{"from": "B2", "to": "B3"})
        assert not any(c.action["kind"] == "move" for c in GAME.legal_actions(b.s, 0))


def test_rule_move_one_orthogonal_step_onto_a_land() -> None:
    b = Board()
    b.unit(0, "gen-captain", "B2")
    b.land(0, "land-paddy", "C3")
    refused(b.s, 0, "move", **{"from": "B2", "to": "C3"})  # diagonal
    refused(b.s, 0, "move", **{"from": "B2", "to": "A2"})  # no land
    b.land(0, "land-paddy", "A2")
    s = act(b.s, 0, "move", **{"from": "B2", "to": "A2"}).state
    assert s.units[sq("A2")] is not None and s.units[sq("B2")] is None


def test_rule_each_unit_moves_once_per_turn() -> None:
    b = Board()
    b.unit(0, "gen-captain", "B2")
    b.land(0, "land-paddy", "A2")
    s = act(b.s, 0, "move", **{"from": "B2", "to": "A2"}).state
    refused(s, 0, "move", **{"from": "A2", "to": "B2"})


def test_rule_cannot_move_onto_own_unit() -> None:
    b = Board()
    b.unit(0, "gen-captain", "B2")
    b.unit(0, "com-farmer", "B1")
    refused(b.s, 0, "move", **{"from": "B2", "to": "B1"})


def test_rule_commoner_revealed_when_it_moves() -> None:
    b = Board()
    b.unit(0, "com-farmer", "B2", facedown=True)
    b.land(0, "land-paddy", "A2")
    t = act(b.s, 0, "move", **{"from": "B2", "to": "A2"})
    assert not t.state.units[sq("A2")].facedown  # type: ignore[union-attr]
    assert t.reveals and any("Farmer" in line.en for line in t.log)


def test_rule_income_is_one_plus_occupied_lands() -> None:
    b = Board()
    b.unit(0, "com-farmer", "B1")  # on the keep
    b.unit(0, "com-clerk", "A2")
    b.unit(1, "com-farmer", "C3")
    assert income(b.s, 0) == 3 and income(b.s, 1) == 2


def test_rule_turn_start_gains_income_and_draws() -> None:
    b = Board()
    b.unit(1, "com-farmer", "B4")
    b.s.players[1].resources = 2
    s = act(b.s, 0, "end_turn").state
    assert s.active == 1 and s.turn == 6 and s.phase == "summon"
    assert s.players[1].resources == 4 and len(s.players[1].hand) == 1 and len(s.players[1].deck) == 9
