"""The three-game match in one state: commanders, who goes first, mulligans,
side-deck swaps."""

from __future__ import annotations

import pytest

from bot.render.musou import board
from engine.core import SPECTATOR, RuleError, Viewer, clone
from engine.core.selfplay import play_bots
from engine.musou import actions, game, menu
from engine.musou.game import GAME
from engine.musou.state import MusouState

from . import reference_menu
from .helpers import Position, act, rng


def opening() -> MusouState:
    return GAME.setup(2, GAME.options({"decks": ["shu", "wei"]}, 2), rng())


def test_rule_commanders_are_chosen_face_down() -> None:
    s = act(opening(), 0, "commander card=m01")
    assert GAME.view(s, Viewer.of(1))["players"][0]["commander"] == {"hidden": 1}
    assert GAME.view(s, Viewer.of(0))["players"][0]["commander"]["key"] == "guan_yu_army"
    assert [p.seat for p in GAME.pending(s)] == [1]
    s = act(s, 1, "commander card=m12")
    assert GAME.view(s, SPECTATOR)["players"][0]["commander"]["key"] == "guan_yu_army"
    assert s.stage == "mulligan" and s.troops == [18, 22]


def test_rule_one_mulligan_per_game() -> None:
    s = act(act(opening(), 0, "commander card=m00"), 1, "commander card=m10")
    hand = list(s.hands[0])
    s2 = act(s, 0, "mulligan")
    assert len(s2.hands[0]) == len(hand) and s2.hands[0] != hand
    with pytest.raises(RuleError):
        GAME.apply(s2, 0, {"kind": "mulligan"}, rng())
    assert [p.seat for p in GAME.pending(s2)] == [1]


def finished_game_one(loser: int) -> MusouState:
    """Game 1 just lost by `loser` through troops."""
    p = Position(stage="battle", active=1 - loser, troops=(1, 1))
    s = p.s
    for seat in (0, 1):
        for k, key in ((1, "guan_yu_army" if seat == 0 else "sima_yi_army"),
                       (2, "zhuge_liang_army" if seat == 0 else "xiahou_dun_army")):
            s.names[f"m{seat}{k}"] = key
            s.pool[seat].append(f"m{seat}{k}")
        s.decks[seat] = s.decks[seat][:35]
        s.side[seat] = [p.new(seat, "huang_gai") for _ in range(15)]
    p.put(1 - loser, 1, "zhang_fei")
    s = act(act(s, 1 - loser, "attack from=1 target=player"), loser, "pass")
    assert s.stage == "side" and s.wins[1 - loser] == 1
    return s


def test_rule_between_games_side_swaps_keep_counts() -> None:
    s = finished_game_one(loser=1)
    assert {p.seat for p in GAME.pending(s)} == {0, 1}
    assert next(c.action["kind"] for c in GAME.legal_actions(s, 0)) == "keep"  # keep is the passive choice
    s2 = act(s, 0, "swap out=guan_ping in=huang_gai")
    assert s2.decks[0].count("huang_gai") == 1 and s2.side[0].count("guan_ping") == 1
    assert len(s2.decks[0]) == len(s.decks[0]) and len(s2.side[0]) == 15
    s3 = act(act(s2, 0, "swap out=guan_ping in=huang_gai"), 0, "swap out=guan_ping in=huang_gai")
    before = clone(s3)
    with pytest.raises(RuleError):  # a fourth copy
        GAME.apply(s3, 0, {"kind": "swap", "out": "guan_ping", "in": "huang_gai"}, rng())
    assert s3 == before
    assert "deck_list" not in GAME.view(s3, Viewer.of(1))["players"][0]


def test_rule_new_commander_each_game_and_loser_chooses_who_goes_first() -> None:
    s = finished_game_one(loser=1)
    s = act(act(s, 0, "keep"), 1, "ready")  # ready is an alias of keep
    assert s.stage == "commander"
    with pytest.raises(RuleError):  # m00 led game 1
        GAME.apply(s, 0, {"kind": "commander", "card": "m00"}, rng())
    s = act(act(s, 0, "commander card=m01"), 1, "commander card=m12")
    assert s.stage == "first" and [p.seat for p in GAME.pending(s)] == [1]
    s = act(s, 1, "first seat=2")
    assert s.first == 1 and s.stage == "mulligan" and s.game_no == 2
    s = act(act(s, 0, "keep"), 1, "keep")
    assert s.active == 1 and s.stage == "main1"


@pytest.mark.slow
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_rule_match_ends_when_someone_wins_two_games(seed: int) -> None:
    played = play_bots(GAME, 2, seed)
    s = played.state
    assert played.outcome is not None and max(s.wins) == 2 and len(s.results) == sum(s.wins) <= 3
    assert played.outcome.winners == (s.wins.index(2),)
    for seat in (0, 1):  # a different commander each game; the deciding game's still leads its army
        led = [*s.used[seat], s.commander[seat]]
        assert len(set(led)) == len(led) == len(s.results)


def test_issue_21_the_match_over_screen_shows_the_deciding_games_final_board() -> None:
    p = Position(stage="battle", active=0, troops=(20, 1))
    p.s.wins, p.s.results, p.s.reasons, p.s.game_no = [1, 1], [0, 1], ["troops", "troops"], 3
    fei = p.put(0, 1, "zhang_fei")
    hidden = p.put(1, 2, "huang_gai", face_down=True)
    p.hand(1, "guan_ping")
    s = act(act(p.s, 0, "attack from=1 target=player"), 1, "pass")
    assert s.stage == "over" and GAME.outcome(s) is not None and s.wins == [2, 1]
    seen = GAME.view(s, SPECTATOR)
    assert seen["players"][0]["field"][0]["card"]["id"] == fei  # the winning attacker is still there
    assert seen["players"][1]["field"][1] == {"face_down": True}  # and a face-down card still face down
    assert seen["players"][1]["hand"] == {"hidden": 1} and seen["players"][0]["commander"]["key"] == "liu_bei_army"
    assert hidden in GAME.hidden_ids(s, SPECTATOR) and hidden not in GAME.hidden_ids(s, Viewer.of(1))
    assert "Zhang Fei" in board(seen, "en") and "張飛" in board(seen, "ja")


def test_rule_side_deck_keeps_at_most_three_of_a_name_after_swaps() -> None:
    s = finished_game_one(loser=1)
    s.side[0] = sorted(["guan_ping"] * 3 + ["huang_gai"] * 12)
    assert "guan_ping" in s.decks[0]
    before = clone(s)
    with pytest.raises(RuleError) as err:  # a fourth Guan Ping in the side deck
        GAME.apply(s, 0, {"kind": "swap", "out": "guan_ping", "in": "huang_gai"}, rng())
    assert s == before and err.value.allowed is not None
    assert all(a.action.get("out") != "guan_ping" for a in GAME.legal_actions(s, 0))


def test_swaps_listed_are_the_ones_the_referee_accepts_at_the_copy_limits() -> None:
    # match.swaps lists the swaps from counts instead of checking each through check_swap:
    # the same list as the plain menu that checks every deck card against every side card.
    s = finished_game_one(loser=1)
    # Three Huang Gai and three Guan Yu in the deck (no fourth may come in), three Zhang Fei
    # in the side deck (none may go out to join them), and names on both sides (never
    # swapped for themselves).
    s.decks[0] = sorted(["guan_ping"] * 20 + ["huang_gai"] * 3 + ["zhang_fei"] * 2 + ["guan_yu"] * 3)
    s.side[0] = sorted(["huang_gai"] * 2 + ["zhang_fei"] * 3 + ["guan_yu"] * 2 + ["da_qiao"])
    listed = actions.legal(s, 0)
    assert listed == reference_menu.legal(s, 0)
    swaps = {(a["out"], a["in"]) for a in listed[1:]}
    assert listed[0] == {"kind": "keep"} and len(swaps) == len(listed) - 1
    assert ("guan_ping", "da_qiao") in swaps and ("huang_gai", "zhang_fei") in swaps
    assert all(i not in ("huang_gai", "guan_yu") and o != "zhang_fei" for o, i in swaps)
    s.waiting[0] = False  # kept: nothing more to choose
    assert actions.legal(s, 0) == reference_menu.legal(s, 0) == []


def test_a_kept_between_games_menu_is_the_one_built_afresh() -> None:
    # GAME.legal_actions keeps the last few between-games menus, keyed by deck and side deck.
    s = finished_game_one(loser=1)
    s.decks[0] = sorted(["guan_ping"] * 20 + ["huang_gai"] * 2 + ["zhang_fei"] * 2)
    other = clone(s)
    other.side[0] = sorted(["da_qiao"] * 3 + ["huang_gai"] * 12)  # the same deck, another side deck
    for state in (s, other, s, other):
        assert GAME.legal_actions(state, 0) == menu.choices(state, 0, actions.legal(state, 0))
    assert GAME.legal_actions(s, 0) != GAME.legal_actions(other, 0)
    GAME.legal_actions(s, 0).clear()  # each reader's list is its own
    assert len(GAME.legal_actions(s, 0)) > 1
    for n in range(game.SIDE_MENUS_KEPT + 3):
        s.decks[0] = ["guan_ping"] * (30 + n) + ["zhang_fei"]  # a deck not asked before
        GAME.legal_actions(s, 0)
    assert len(game._SIDE_MENUS) == game.SIDE_MENUS_KEPT


def test_describe_first_player_choice_names_seats_not_you() -> None:
    s = finished_game_one(loser=1)
    s = act(act(s, 0, "keep"), 1, "keep")
    s = act(act(s, 0, "commander card=m01"), 1, "commander card=m11")
    assert s.stage == "first" and s.chooser == 1
    menu = {c.label("en"): c.code for c in GAME.legal_actions(s, 1)}
    assert menu == {"You go first": "first seat=2", "Your opponent goes first": "first seat=1"}
    text = GAME.describe(s, 1, {"kind": "first", "seat": 2})
    assert "⟦1⟧ goes first" in text.en and "you" not in text.en.lower()
