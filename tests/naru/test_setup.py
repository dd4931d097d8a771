"""Set-up: keep set aside, 7-card hands, mulligans, blind keep placement,
a fair first player, the turn-1 land swap."""

from __future__ import annotations

import pytest

from engine.core import SPECTATOR, Rng, RuleError, Viewer
from engine.core.contract import clone
from engine.naru.board import square_name
from engine.naru.game import GAME, hidden_ids
from engine.naru.state import NaruState
from tests.naru.builder import act, run


def fresh(decks: tuple[str, str] = ("spring", "summer"), seed: bytes = b"x" * 32) -> NaruState:
    return GAME.setup(2, GAME.options({"decks": list(decks)}, 2), Rng(seed))


def test_rule_setup_keep_out_of_deck_and_seven_in_hand() -> None:
    s = fresh()
    for p in s.players:
        assert len(p.hand) == 7 and len(p.deck) == 32
        assert s.cards[p.keep_card].startswith("keep-")
        assert all(not s.cards[c].startswith("keep-") for c in p.deck + p.hand)
        assert p.life == 2 and p.resources == 3
    assert {q.seat for q in GAME.pending(s)} == {0, 1}
    assert all(q.kind == "mulligan" for q in GAME.pending(s))


def test_ruling_first_player_is_chosen_at_random_after_the_keeps_are_placed() -> None:
    s = run(fresh(), (0, "keep_hand", {}), (1, "keep_hand", {}), (0, "place_keep", {"at": "A1"}))
    assert not s.order_known
    for viewer in (Viewer.of(0), Viewer.of(1), SPECTATOR):
        view = GAME.view(s, viewer)
        assert view["first"] is None and view["active"] is None
        assert all(p["first"] is None and p["territory_rows"] is None for p in view["players"])
    firsts = set()
    for i in range(12):
        # Both chose "column A, home row" / "column C, the row in front".
        t = GAME.apply(s, 1, {"kind": "place_keep", "at": "C2"}, Rng(bytes([i]) * 32))
        state = t.state
        assert state.order_known and state.active == state.first and state.phase in ("swap", "summon")
        assert any("goes first" in line.en for line in t.log)
        first, second = state.first, 1 - state.first
        expected = {0: "A1", 1: "C2"}
        # The first player's rows are 1-2; the second player's choice turned round onto rows 4-3.
        assert square_name(state.players[first].keep_sq) == expected[first]  # type: ignore[arg-type]
        flipped = {"A1": "A4", "C2": "C3"}[expected[second]]
        assert square_name(state.players[second].keep_sq) == flipped  # type: ignore[arg-type]
        firsts.add(first)
    assert firsts == {0, 1}


def test_rule_mulligan_two_free_then_one_resource_each() -> None:
    s = fresh()
    for expected in (3, 3, 2, 1, 0):
        s = act(s, 0, "mulligan").state
        assert s.players[0].resources == expected and len(s.players[0].hand) == 7
    before = clone(s)
    with pytest.raises(RuleError):
        act(s, 0, "mulligan")
    assert s == before
    assert [c.action["kind"] for c in GAME.legal_actions(s, 0)] == ["keep_hand"]


def test_rule_mulligan_returns_hand_and_redraws() -> None:
    s = fresh()
    after = act(s, 1, "mulligan").state
    assert sorted(after.players[1].hand + after.players[1].deck) == sorted(s.players[1].hand + s.players[1].deck)
    assert after.players[1].hand != s.players[1].hand


def test_rule_keeps_go_in_own_territory_and_stay_hidden_until_both_placed() -> None:
    s = run(fresh(), (0, "keep_hand", {}), (1, "keep_hand", {}))
    assert all(q.kind == "place_keep" for q in GAME.pending(s))
    # Seat-relative before the coin: row 1 is your home row, row 2 the one in front.
    assert sorted(c.action["at"] for c in GAME.legal_actions(s, 0)) == ["A1", "A2", "B1", "B2", "C1", "C2"]
    assert "home row" in GAME.legal_actions(s, 0)[0].label.en
    before = clone(s)
    with pytest.raises(RuleError):
        act(s, 0, "place_keep", at="B3")
    assert s == before
    s = act(s, 0, "place_keep", at="B2").state
    assert GAME.view(s, Viewer.of(1))["players"][0]["keep"] is None
    assert GAME.view(s, Viewer.of(1))["players"][0]["keep_choice"] is None
    assert s.players[0].keep_card in hidden_ids(s, Viewer.of(1))
    mine = GAME.view(s, Viewer.of(0))["players"][0]
    assert mine["keep_at"] is None and "in front" in mine["keep_choice"]["en"]
    s = act(s, 1, "place_keep", at="A1").state
    first = s.first
    view = GAME.view(s, SPECTATOR)
    at = {0: "B2", 1: "A1"}
    turned = {"B2": "B3", "A1": "A4"}
    assert view["players"][first]["keep_at"] == at[first]
    assert view["players"][1 - first]["keep_at"] == turned[at[1 - first]]
    assert s.lands[s.players[1 - first].keep_sq].keep  # type: ignore[index, union-attr]
    assert s.active == first and s.turn == 1


def test_rule_first_player_draws_on_turn_one_and_gains_income() -> None:
    s = run(fresh(), (0, "keep_hand", {}), (1, "keep_hand", {}))
    s = run(s, (0, "place_keep", {"at": "B1"}), (1, "place_keep", {"at": "B1"}))
    first = s.first
    assert len(s.players[first].hand) == 8
    assert s.players[first].resources == 4  # 3 + 1, no units yet


def started() -> NaruState:
    s = run(fresh(), (0, "keep_hand", {}), (1, "keep_hand", {}))
    return run(s, (0, "place_keep", {"at": "B1"}), (1, "place_keep", {"at": "B1"}))


def test_rule_turn_one_land_swap_costs_one_resource() -> None:
    s = started()
    seat = s.first
    assert GAME.pending(s)[0].kind == "swap"
    give = next(c for c in s.players[seat].hand if not s.cards[c].startswith("land-"))
    take = next(s.cards[c] for c in s.players[seat].deck if s.cards[c].startswith("land-"))
    after = act(s, seat, "land_swap", give=give, take=take).state
    player = after.players[seat]
    assert player.resources == s.players[seat].resources - 1
    assert give in player.deck and give not in player.hand
    assert sum(1 for c in player.hand if after.cards[c] == take) == sum(
        1 for c in s.players[seat].hand if s.cards[c] == take) + 1
    assert after.phase == "summon"


def test_rule_land_swap_only_on_turn_one() -> None:
    s = started()
    s = act(s, s.first, "no_swap").state
    assert s.phase == "summon"
    before = clone(s)
    with pytest.raises(RuleError):
        act(s, s.first, "land_swap", give=s.players[s.first].hand[0], take="land-paddy")
    assert s == before
