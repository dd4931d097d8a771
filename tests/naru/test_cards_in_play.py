"""Equipment, tools (どうぐ), rituals (儀式) and keep effects (天守効果)."""

from __future__ import annotations

from engine.core import ALL_SEEING
from engine.naru.game import GAME
from tests.naru.builder import Board, act, refused, sq


def test_rule_equipment_one_per_unit_and_adds_values() -> None:
    b = Board(phase="summon")
    b.s.players[0].resources = 9
    b.unit(0, "com-spear", "B2")
    blade, armour = b.hand(0, "eq-blade"), b.hand(0, "eq-armour")
    s = act(b.s, 0, "equip", card=blade, at="B2").state
    unit = GAME.view(s, ALL_SEEING)["board"][sq("B2")]["unit"]
    assert unit["attack"] == 4 and unit["equipment"]["id"] == blade
    refused(s, 0, "equip", card=armour, at="B2")


def test_rule_equipment_targets_reveal_a_face_down_commoner() -> None:
    b = Board(phase="summon")
    b.unit(0, "com-spear", "B2", facedown=True)
    coat = b.hand(0, "eq-surcoat")
    s = act(b.s, 0, "equip", card=coat, at="B2").state
    assert not s.units[sq("B2")].facedown  # type: ignore[union-attr]


def test_rule_tools_go_to_jail_and_rituals_to_exile() -> None:
    b = Board()
    b.s.players[0].resources = 9
    rice = b.hand(0, "tool-rice")
    prayer = b.hand(0, "rit-prayer")
    b.unit(0, "gen-priest", "B2")
    b.land(0, "land-shrine", "B2")
    s = act(b.s, 0, "tool", card=rice).state
    assert rice in s.players[0].jail and s.players[0].resources == 11
    s = act(s, 0, "ritual", card=prayer).state
    assert prayer in s.players[0].exile and prayer not in s.players[0].jail
    assert s.players[0].life == 3


def test_rule_ritual_needs_faith_unit_on_faith_land() -> None:
    b = Board()
    b.s.players[0].resources = 9
    prayer = b.hand(0, "rit-prayer")
    b.unit(0, "gen-priest", "B2")  # faith unit, ordinary land
    refused(b.s, 0, "ritual", card=prayer)
    b.land(0, "land-shrine", "B2")
    b.at("B2").summoned_turn = b.s.turn  # newly placed: cannot chant
    refused(b.s, 0, "ritual", card=prayer)
    b.at("B2").summoned_turn = 1
    b.at("B2").cards = [b.card(0, "gen-captain")]  # not a faith unit
    refused(b.s, 0, "ritual", card=prayer)


def test_rule_spyglass_reveals_targeted_commoner() -> None:
    b = Board()
    b.unit(1, "com-maiden", "B3", facedown=True)
    glass = b.hand(0, "tool-spyglass")
    t = act(b.s, 0, "tool", card=glass, at="B3")
    assert not t.state.units[sq("B3")].facedown  # type: ignore[union-attr]
    assert any("Shrine Maiden" in line.en for line in t.log)


def test_rule_jail_effect_checks_defense_after_reveal() -> None:
    b = Board()
    b.s.players[0].resources = 9
    b.unit(0, "gen-priest", "B2")
    b.land(0, "land-shrine", "B2")
    b.unit(1, "com-peddler", "B3", facedown=True)  # defense 3: jailed by Purification (<= 3)
    exo = b.hand(0, "rit-exorcism")
    s = act(b.s, 0, "ritual", card=exo, at="B3").state
    assert s.units[sq("B3")] is None
    b.unit(1, "gen-shipowner", "B3")  # defense 5: no effect, card still spent
    exo2 = b.hand(0, "rit-exorcism")
    s = act(b.s, 0, "ritual", card=exo2, at="B3").state
    assert s.units[sq("B3")] is not None and exo2 in s.players[0].exile


def test_rule_keep_effect_needs_enemy_in_territory_and_once_per_turn() -> None:
    b = Board()
    refused(b.s, 0, "keep_effect")
    b.unit(1, "com-farmer", "A2")
    s = act(b.s, 0, "keep_effect").state  # Spring Keep: +2 resources
    assert s.players[0].resources == b.s.players[0].resources + 2
    refused(s, 0, "keep_effect")


def test_rule_winter_keep_jails_weak_intruder() -> None:
    b = Board(keeps=("keep-winter", "keep-summer"))
    intruder = b.unit(1, "com-fisher", "A2")
    b.unit(1, "com-farmer", "B3")  # not in seat 0's territory: not a target
    choices = [c.action for c in GAME.legal_actions(b.s, 0) if c.action["kind"] == "keep_effect"]
    assert choices == [{"kind": "keep_effect", "at": "A2"}]
    s = act(b.s, 0, "keep_effect", at="A2").state
    assert intruder in s.players[1].jail


def test_rule_fast_horse_lets_a_moved_unit_move_again() -> None:
    b = Board()
    b.unit(0, "gen-captain", "B2", moved=True)
    b.land(0, "land-paddy", "A2")
    horse = b.hand(0, "tool-horse")
    refused(b.s, 0, "move", **{"from": "B2", "to": "A2"})
    s = act(b.s, 0, "tool", card=horse, at="B2").state
    s = act(s, 0, "move", **{"from": "B2", "to": "A2"}).state
    assert s.units[sq("A2")] is not None


def test_rule_pump_lasts_until_end_of_turn() -> None:
    b = Board(keeps=("keep-summer", "keep-spring"))
    b.unit(0, "com-spear", "B2")
    b.unit(1, "com-farmer", "A2")
    s = act(b.s, 0, "keep_effect", at="B2").state
    assert s.units[sq("B2")].buff_attack == 2  # type: ignore[union-attr]
    s = act(s, 0, "end_turn").state
    assert s.units[sq("B2")].buff_attack == 0  # type: ignore[union-attr]


def test_rule_other_tools_only_on_own_turn() -> None:
    b = Board()
    b.unit(0, "com-spear", "B2")
    b.unit(1, "com-watch", "B3")
    rice = b.hand(1, "tool-rice")
    s = act(b.s, 0, "move", **{"from": "B2", "to": "B3"}).state
    s = act(s, 0, "no_tool").state
    refused(s, 1, "tool", card=rice)
    refused(s, 1, "battle_tool", card=rice)
