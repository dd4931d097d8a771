"""成る!: promotion of commoners, from hand or from the deck."""

from __future__ import annotations

from engine.core import SPECTATOR
from engine.naru.game import GAME
from engine.naru.state import NaruState
from tests.naru.builder import Board, act, run, sq


def to_home_row(b: Board) -> NaruState:
    b.unit(0, "com-farmer", "A3", facedown=True)
    b.land(1, "land-paddy", "A4")
    return act(b.s, 0, "move", **{"from": "A3", "to": "A4"}).state


def test_rule_promotion_offered_on_reaching_enemy_home_row() -> None:
    s = to_home_row(Board())
    assert s.promotion == sq("A4")
    assert [(p.seat, p.kind) for p in GAME.pending(s)] == [(0, "promote")]
    assert GAME.legal_actions(s, 0)[0].action == {"kind": "decline"}


def test_rule_promotion_from_hand_stacks_general_on_commoner() -> None:
    b = Board()
    captain = b.hand(0, "gen-captain")
    s = to_home_row(b)
    commoner = s.units[sq("A4")].cards[0]  # type: ignore[union-attr]
    s = act(s, 0, "promote", card=captain).state
    unit = s.units[sq("A4")]
    assert unit is not None and unit.cards == [commoner, captain]
    assert GAME.view(s, SPECTATOR)["board"][sq("A4")]["unit"]["attack"] == 4
    assert s.players[0].resources == b.s.players[0].resources  # free


def test_rule_promotion_from_deck_takes_first_general_and_shuffles_rest_back() -> None:
    b = Board()
    general = b.card(0, "gen-archer")
    b.s.players[0].deck.insert(3, general)
    s = to_home_row(b)
    s = act(s, 0, "promote_deck").state
    assert s.units[sq("A4")].cards[-1] == general  # type: ignore[union-attr]
    assert len(s.players[0].deck) == 10 and general not in s.players[0].deck


def test_rule_promotion_from_deck_with_no_general_left() -> None:
    b = Board()
    s = to_home_row(b)
    t = act(s, 0, "promote_deck")
    unit = t.state.units[sq("A4")]
    assert unit is not None and len(unit.cards) == 1
    assert sorted(t.state.players[0].deck) == sorted(s.players[0].deck)
    assert t.state.promotion is None and t.reveals


def test_rule_promotion_offered_when_commoner_damages_keep() -> None:
    b = Board()
    b.unit(0, "com-farmer", "B3")
    s = act(b.s, 0, "move", **{"from": "B3", "to": "B4"}).state
    assert s.players[1].life == 1 and s.promotion == sq("B4")


def test_rule_no_promotion_for_generals_or_lost_battles() -> None:
    b = Board()
    b.unit(0, "gen-captain", "A3")
    b.land(1, "land-paddy", "A4")
    assert act(b.s, 0, "move", **{"from": "A3", "to": "A4"}).state.promotion is None
    b = Board()
    b.unit(0, "com-watch", "A3")
    b.unit(1, "gen-headman", "A4")
    s = run(act(b.s, 0, "move", **{"from": "A3", "to": "A4"}).state, (0, "no_tool", {}), (1, "no_tool", {}))
    assert s.promotion is None


def test_rule_promoted_unit_is_not_newly_summoned_and_keeps_moved_status() -> None:
    b = Board()
    horse = b.hand(0, "tool-horse")
    captain = b.hand(0, "gen-captain")
    s = act(to_home_row(b), 0, "promote", card=captain).state
    unit = s.units[sq("A4")]
    assert unit is not None and unit.moved and unit.summoned_turn != s.turn
    # Readied, it may act at once as a general.
    s = act(s, 0, "tool", card=horse, at="A4").state
    assert any(c.action.get("from") == "A4" for c in GAME.legal_actions(s, 0))


def test_rule_promoted_unit_sends_every_card_to_jail() -> None:
    b = Board()
    commoner = b.unit(0, "com-farmer", "B2")
    general = b.card(0, "gen-lady")
    blade = b.card(0, "eq-blade")
    b.at("B2").cards.append(general)
    b.at("B2").equipment = blade
    b.unit(1, "gen-swordmaster", "B3")  # force 5 against commerce defense 2: doubled to 10
    b.s.active = 1
    s = run(act(b.s, 1, "move", **{"from": "B3", "to": "B2"}).state, (1, "no_tool", {}), (0, "no_tool", {}))
    assert {commoner, general, blade} <= set(s.players[0].jail)
    assert s.units[sq("B2")] is not None and s.units[sq("B2")].owner == 1  # type: ignore[union-attr]
