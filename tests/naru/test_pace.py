"""Naru's share of issue 22's pace: a battle-tool choice that no hidden card
could change is played at once, and the "settled" standing order keeps a
tool in hand when no tool could change who wins."""

from __future__ import annotations

from engine.core.forced import forced_action
from engine.core.orders import make_order, ordered_action
from engine.naru.game import GAME
from engine.naru.state import NaruState
from tests.naru.builder import Board, act, sq


def battle(attacker: str, defender: str, *, resources: int, tools: int, boost: int = 0) -> NaruState:
    """Seat 0's `attacker` on B2 (attack raised by `boost` this turn) attacks
    seat 1's `defender` on B3 and adds no tool; seat 1, to respond, has
    `resources` and `tools` matchlocks."""
    b = Board()
    b.unit(0, attacker, "B2")
    b.s.units[sq("B2")].buff_attack = boost  # type: ignore[union-attr]
    b.unit(1, defender, "B3")
    b.s.players[1].resources = resources
    b.s.players[1].hand = [b.card(1, "bt-matchlock") for _ in range(tools)] + [b.card(1, "land-paddy")]
    s = act(b.s, 0, "move", **{"from": "B2", "to": "B3"}).state
    s = act(s, 0, "no_tool").state
    assert [p.kind for p in GAME.pending(s)] == ["respond"] and s.units[sq("B3")] is not None
    return s


def test_no_tool_is_forced_when_no_battle_tool_could_be_paid_for() -> None:
    # No battle tool in the set costs less than 1: at 0 resources the hand cannot act.
    s = battle("com-spear", "com-watch", resources=0, tools=2)
    assert forced_action(GAME, s, 1) == {"kind": "no_tool"}


def test_a_lone_no_tool_that_hangs_on_the_hand_waits() -> None:
    # Resources to pay but no tool in hand: the choice is lone only by what the seat alone sees.
    s = battle("com-spear", "com-watch", resources=3, tools=0)
    assert [c.action for c in GAME.legal_actions(s, 1)] == [{"kind": "no_tool"}]
    assert forced_action(GAME, s, 1) is None


def tags_and_answer(s: NaruState) -> tuple[bool, object]:
    pending = GAME.pending(s)[0]
    return "settled" in GAME.order_tags(s, pending), ordered_action(GAME, s, pending, (make_order(GAME, s, "settled"),))


def test_settled_order_keeps_the_tool_while_the_defense_holds() -> None:
    s = battle("com-watch", "com-watch", resources=3, tools=1)  # attack 1 against defense 3
    assert tags_and_answer(s) == (True, {"kind": "no_tool"})


def test_settled_order_keeps_the_tool_when_no_tool_in_the_set_would_hold() -> None:
    # Attack 2+4 against defense 3: even Rations (+3, the set's strongest) ties, and the defender loses ties.
    s = battle("com-spear", "com-watch", resources=3, tools=1, boost=4)
    assert tags_and_answer(s) == (True, {"kind": "no_tool"})


def test_settled_order_hands_over_when_a_tool_could_turn_the_battle() -> None:
    s = battle("com-clerk", "com-watch", resources=3, tools=1)  # politics doubles: 4 against 3; +2 holds
    assert tags_and_answer(s) == (False, None)
    s = battle("com-spear", "com-watch", resources=3, tools=1, boost=2)  # 4 against 3; +2 holds
    assert tags_and_answer(s) == (False, None)
