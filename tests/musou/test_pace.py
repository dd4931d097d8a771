"""Musou's share of issue 22's pace: a lone choice no hidden card could change
in this window is played at once, and the "their-main" standing order lets
the other player's main phases run while still answering an attack."""

from __future__ import annotations

from engine.core.forced import forced_action
from engine.core.orders import make_order, ordered_action
from engine.musou.game import GAME
from engine.musou.state import Attack, MusouState

from .helpers import Position

PASS = {"kind": "pass"}


def unpaid_turn() -> MusouState:
    """Seat 0's main phase 1 with two cards in hand, no provisions and the
    tribute spent: nothing from its hand could be paid for."""
    p = Position(provisions=(0, 5))
    p.hand(0, "fire_arrows", "guan_ping")
    p.s.tribute_used[0] = True
    p.s.musou_used[0] = True  # the commander's 無双 (public) is spent as well
    return p.s


def test_the_turn_player_who_can_pay_for_nothing_passes_at_once() -> None:
    assert forced_action(GAME, unpaid_turn(), 0) == PASS


def test_a_lone_pass_that_hangs_on_the_hand_waits() -> None:
    # A full field and one provision: no general or face-down card fits, but a
    # one-cost stratagem would, so the lone pass says what the hand holds.
    p = Position(provisions=(1, 5))
    p.s.musou_used[0] = True
    p.hand(0, "guan_ping")  # cost 2: cannot be placed onto a full field for 4
    for square in (1, 2, 3, 4, 6, 7, 8, 9):
        p.put(0, square, "guan_ping")
    assert [c.action for c in GAME.legal_actions(p.s, 0)] == [PASS]
    assert forced_action(GAME, p.s, 0) is None


def face_down_only(stage: str) -> MusouState:
    """Seat 1, with no hand, one provision and a face-down card, decides in
    seat 0's turn: on its priority in main phase 1, or against an attack."""
    p = Position(stage=stage, provisions=(5, 1))
    p.put(1, 1, "supply_line", face_down=True)  # a stratagem set face down: never revealed
    if stage == "respond":
        p.s.attack = Attack(0, 0, p.put(0, 1, "zhang_fei"), "player")
    else:
        p.s.priority = 1
    return p.s


def test_in_a_main_phase_a_face_down_card_it_cannot_pay_to_ambush_with_is_no_secret() -> None:
    # The cheapest ambush general costs 2: one provision and no hand card to give up fall short.
    assert forced_action(GAME, face_down_only("main1"), 1) == PASS


def test_against_an_attack_the_same_face_down_card_might_be_a_trap_so_it_waits() -> None:
    s = face_down_only("respond")
    assert [c.action for c in GAME.legal_actions(s, 1)] == [PASS]
    assert forced_action(GAME, s, 1) is None  # a one-cost trap would be payable


def test_the_battle_phase_choice_is_public() -> None:
    p = Position(stage="battle")
    p.hand(0, "fire_arrows", "retreat")
    assert GAME.decides_in_secret(p.s, 0) is False


def holding_rally(stage: str) -> MusouState:
    """Seat 1 holds Rally (any time, cost 1) with provisions to pay, and decides
    in seat 0's turn: on its priority in main phase 1, or against an attack."""
    p = Position(stage=stage)
    p.hand(1, "rally")
    p.put(1, 1, "guan_ping")  # a general for Rally to boost
    if stage == "respond":
        p.s.attack = Attack(0, 0, p.put(0, 1, "zhang_fei"), "player")
    else:
        p.s.priority = 1
    return p.s


def ordered(s: MusouState) -> object:
    pending = GAME.pending(s)[0]
    assert len(GAME.legal_actions(s, pending.seat)) > 1  # a real choice, not a forced one
    return ordered_action(GAME, s, pending, (make_order(GAME, s, "their-main"),))


def test_their_main_order_passes_priority_in_their_main_phase() -> None:
    assert ordered(holding_rally("main1")) == PASS


def test_their_main_order_leaves_an_attack_to_the_seat() -> None:
    assert ordered(holding_rally("respond")) is None


def test_their_main_is_not_the_turn_players_own_main_phase() -> None:
    s = Position().s
    assert "their-main" not in GAME.order_tags(s, GAME.pending(s)[0])
