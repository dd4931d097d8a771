"""One test per rule, on positions built directly (see helpers.Position).
Seat 0 commands Liu Bei's Army (ASA/SCS/PAP), seat 1 Cao Cao's Army (ASA/SCA/PSP):
squares 1-9 row by row, 5 is the commander."""

from __future__ import annotations

import pytest

from engine.core import RuleError, clone
from engine.musou.game import GAME
from engine.musou.state import Attack, MusouState

from .helpers import Position, act, rng


def refused(s: MusouState, seat: int, text: str) -> None:
    before = clone(s)
    with pytest.raises(RuleError):
        GAME.apply(s, seat, GAME.parse_action(text), rng())
    assert s == before


# ---- provisions, recovery, draw ------------------------------------------------

def test_rule_provisions_step_takes_one_plus_ready_supply_generals() -> None:
    p = Position(stage="main2", provisions=(0, 0))
    s = p.s
    s.passes = 1
    s.priority = 1
    p.put(1, 2, "xiahou_dun")  # supply square of Cao Cao's Army
    p.put(1, 4, "cao_ren")  # supply
    p.put(1, 8, "zhen_ji", exhausted=True)  # supply but exhausted at provisions time
    p.put(1, 1, "xu_zhu")  # attack square: not counted
    deck_before = len(s.decks[1])
    s2 = act(s, 1, "pass")  # two passes end main 2; seat 1's turn begins
    assert s2.active == 1 and s2.stage == "main1"
    assert len(s2.provisions[1]) == 3  # 1 + two ready supply generals
    assert len(s2.decks[1]) == deck_before - 3 - 1  # provisions then the draw


def test_rule_first_player_takes_no_provisions_on_first_turn() -> None:
    s = GAME.setup(2, GAME.options({"decks": ["shu", "wei"]}, 2), rng())
    s = act(s, 0, "commander card=m00")
    s = act(s, 1, "commander card=m10")
    first = s.first
    s = act(s, 0, "keep")
    s = act(s, 1, "keep")
    assert s.stage == "main1" and s.active == first and s.game_turn == 1
    assert [len(p) for p in s.provisions] == [1, 1]  # only the opening provision each
    assert len(s.hands[first]) == 6 + 1  # Liu Bei's / Cao Cao's hand size 6, plus the draw


def test_rule_recovery_readies_own_exhausted_cards_only() -> None:
    p = Position(stage="main2")
    s = p.s
    s.passes, s.priority = 1, 1
    mine = p.put(1, 1, "xu_zhu", exhausted=True)
    theirs = p.put(0, 1, "zhang_fei", exhausted=True)
    s2 = act(s, 1, "pass")
    assert s2.field[1][0] is not None and s2.field[1][0].card == mine and not s2.field[1][0].exhausted
    assert s2.field[0][0] is not None and s2.field[0][0].card == theirs and s2.field[0][0].exhausted


def test_rule_deck_out_loses_at_the_instant_it_empties() -> None:
    p = Position(stage="main2", deck=1, provisions=(0, 0))
    s = p.s
    s.passes, s.priority = 1, 1
    s.decks[1] = [p.new(1, "guan_ping")]  # the provisions step empties it
    s2 = act(s, 1, "pass")
    assert s2.results == [0] and s2.reasons == ["deck"]
    assert s2.stage == "side"


def test_rule_spent_provisions_return_face_down_to_deck_top() -> None:
    p = Position(provisions=(3, 3))
    s = p.s
    prov = list(s.provisions[0])
    (card,) = p.hand(0, "guan_ping")  # cost 2
    s2 = act(s, 0, f"place card={card} square=1")
    assert s2.provisions[0] == prov[:1]
    assert s2.decks[0][-2:] == [prov[2], prov[1]]  # taken from the top of provisions, onto the deck top


def test_rule_discard_a_hand_card_for_one_cost_once_per_turn() -> None:
    p = Position(provisions=(1, 1))
    s = p.s
    card, fodder, other, more = p.hand(0, "guan_ping", "guan_xing", "huang_gai", "gao_shun")
    s2 = act(s, 0, f"place card={card} square=1 pay={fodder}")
    assert fodder in s2.discard[0] and s2.provisions[0] == [] and s2.tribute_used[0]
    s2.priority = 0
    s2.provisions[0] = [p.new(0, "guan_ping")]
    refused(s2, 0, f"place card={other} square=3 pay={more}")


# ---- terms, formation, placing ---------------------------------------------------

def test_rule_terms_need_ready_supply_generals_of_the_element() -> None:
    p = Position()
    s = p.s
    (yu,) = p.hand(0, "guan_yu")  # terms: wood x1
    p.put(0, 1, "guan_xing")  # wood, but on an attack square
    refused(s, 0, f"place card={yu} square=3")
    p.put(0, 2, "zhao_yun", exhausted=True)  # wood on supply, exhausted
    refused(s, 0, f"place card={yu} square=3")
    s.field[0][1].exhausted = False  # type: ignore[union-attr]
    s2 = act(s, 0, f"place card={yu} square=3")
    assert s2.field[0][2] is not None and s2.field[0][2].card == yu
    assert len(s2.provisions[0]) == len(s.provisions[0])  - 4  # terms are not spent; the cost is


def test_rule_formation_needs_that_many_generals_on_your_field() -> None:
    p = Position(provisions=(9, 9))
    s = p.s
    (ma,) = p.hand(0, "ma_chao")  # formation 2
    p.put(0, 1, "guan_xing")
    refused(s, 0, f"place card={ma} square=3")
    p.put(0, 2, "guan_ping")
    assert act(s, 0, f"place card={ma} square=3").field[0][2] is not None


def test_rule_placing_on_an_occupied_square_costs_two_more_and_destroys_the_old_card() -> None:
    p = Position(provisions=(3, 3))
    s = p.s
    old = p.put(0, 1, "guan_xing")
    (new,) = p.hand(0, "guan_ping")  # cost 2 + 2
    refused(s, 0, f"place card={new} square=1")
    s.provisions[0].append(p.new(0, "guan_ping"))
    s2 = act(s, 0, f"place card={new} square=1")
    assert s2.field[0][0] is not None and s2.field[0][0].card == new
    assert old in s2.discard[0] and s2.provisions[0] == []


def test_rule_face_down_costs_one_or_three_when_replacing() -> None:
    p = Position(provisions=(3, 3))
    s = p.s
    a, b = p.hand(0, "fire_arrows", "retreat")
    s2 = act(s, 0, f"facedown card={a} square=1")
    assert s2.field[0][0] is not None and s2.field[0][0].face_down and len(s2.provisions[0]) == 2
    s2.priority = 0
    refused(s2, 0, f"facedown card={b} square=1")  # needs 3, has 2
    s2.provisions[0].append(p.new(0, "guan_ping"))
    s3 = act(s2, 0, f"facedown card={b} square=1")
    assert a in s3.discard[0] and s3.provisions[0] == []


def test_rule_ambush_reveal_pays_the_cost_and_keeps_the_placing_turn() -> None:
    p = Position(provisions=(3, 3))
    s = p.s
    wei_yan = p.put(0, 1, "wei_yan", face_down=True, placed_turn=2)  # 伏兵, cost 2
    s2 = act(s, 0, "reveal square=1")
    slot = s2.field[0][0]
    assert slot is not None and not slot.face_down and slot.card == wei_yan and slot.placed_turn == 2
    assert len(s2.provisions[0]) == 1


def test_rule_face_down_card_without_ambush_cannot_be_revealed() -> None:
    p = Position()
    p.put(0, 1, "guan_ping", face_down=True)
    refused(p.s, 0, "reveal square=1")


def test_rule_trap_is_revealed_only_against_an_attack() -> None:
    p = Position(stage="battle", active=1)
    s = p.s
    p.put(0, 2, "falling_rocks", face_down=True)
    attacker = p.put(1, 1, "xu_zhu")  # 武力 5
    s.priority = 0
    s.stage = "main1"
    refused(s, 0, "reveal square=2")
    s.stage, s.priority = "battle", 1
    s2 = act(s, 1, "attack from=1 target=player")
    assert s2.stage == "respond"
    s3 = act(s2, 0, "reveal square=2")  # 3 damage to the attacker: not yet 武力 5
    assert s3.field[1][0] is not None and s3.field[1][0].damage == 3
    assert s3.field[0][1] is None and any(s3.names[c] == "falling_rocks" for c in s3.discard[0])
    s4 = act(s3, 0, "pass")
    assert s4.troops[0] == 20 - 1 and attacker in [sl.card for sl in s4.field[1] if sl]


# ---- main phases -------------------------------------------------------------------

def test_rule_main_phase_alternates_and_ends_after_two_passes_in_a_row() -> None:
    p = Position()
    s = p.s
    a, b = p.hand(0, "guan_ping", "guan_xing")
    s1 = act(s, 0, f"place card={a} square=2")
    assert s1.priority == 1 and s1.stage == "main1"
    s2 = act(s1, 1, "pass")
    assert s2.priority == 0 and s2.stage == "main1"
    s3 = act(s2, 0, f"place card={b} square=4")
    s4 = act(s3, 1, "pass")
    s5 = act(s4, 0, "pass")  # two passes in a row: main 1 ends; nobody can attack -> main 2
    assert s5.stage == "main2" and s5.priority == 0


def test_rule_other_player_may_not_place_in_your_main_phase() -> None:
    p = Position()
    s = p.s
    s.priority = 1
    (card,) = p.hand(1, "cao_ren")
    refused(s, 1, f"place card={card} square=1")
    (strat,) = p.hand(1, "fire_arrows")
    target = p.put(0, 1, "guan_xing")
    s2 = act(s, 1, f"stratagem card={strat} target={target}")  # stratagems are allowed
    assert s2.field[0][0] is not None and s2.field[0][0].exhausted


# ---- battle ---------------------------------------------------------------------------

def test_rule_summoning_sickness_no_attack_on_the_placing_turn() -> None:
    p = Position(stage="battle")
    s = p.s
    p.put(0, 1, "zhang_fei", placed_turn=s.turn)
    refused(s, 0, "attack from=1 target=player")


def test_rule_only_attack_squares_attack() -> None:
    p = Position(stage="battle")
    p.put(0, 2, "zhang_fei")  # supply square
    p.put(0, 1, "guan_xing")
    refused(p.s, 0, "attack from=2 target=player")


def test_rule_attack_on_the_player_costs_troops_equal_to_strike() -> None:
    p = Position(stage="battle")
    s = p.s
    p.put(0, 1, "zhang_fei")  # 戦攻 2
    s2 = act(act(s, 0, "attack from=1 target=player"), 1, "pass")
    assert s2.troops[1] == 18
    assert s2.stage == "main2"  # nobody else can attack: the battle phase ends


def test_rule_generals_on_supply_squares_cannot_be_attacked() -> None:
    p = Position(stage="battle")
    p.put(0, 1, "zhang_fei")
    on_supply = p.put(1, 2, "cao_ren")
    refused(p.s, 0, f"attack from=1 target={on_supply}")


def test_rule_clash_damage_exhausts_then_destroys() -> None:
    p = Position(stage="battle")
    s = p.s
    p.put(0, 1, "zhang_fei")  # 武力 4
    p.put(0, 3, "huang_gai")  # 武力 3
    p.put(0, 8, "guan_xing")  # 武力 2
    target = p.put(1, 1, "cao_ren")  # 武力 4 on an attack square
    s2 = act(act(s, 0, f"attack from=1 target={target}"), 1, "pass")
    t, a = s2.field[1][0], s2.field[0][0]
    assert t is not None and t.exhausted and t.damage == 0  # 4 damage exhausts (and is used up)
    assert a is not None and a.exhausted  # the defender hits back with its 武力
    s3 = act(act(s2, 0, f"attack from=3 target={target}"), 1, "pass")
    t = s3.field[1][0]
    assert t is not None and t.damage == 3  # exhausted, 3 more: below 武力 4, survives
    s4 = act(act(s3, 0, f"attack from=8 target={target}"), 1, "pass")
    assert s4.field[1][0] is None and target in s4.discard[1]  # 3 + 2 >= 4 while exhausted: destroyed


def test_rule_damage_clears_at_end_of_turn_but_exhaustion_stays() -> None:
    p = Position(stage="main2")
    s = p.s
    s.passes, s.priority = 1, 1
    p.put(0, 1, "zhang_fei", damage=2)
    p.put(1, 1, "cao_ren", damage=3, exhausted=True)
    s2 = act(s, 1, "pass")  # seat 0's turn ends; seat 1's begins (its recovery readies its own)
    assert s2.field[0][0] is not None and s2.field[0][0].damage == 0
    p2 = Position(stage="main2")
    p2.s.passes, p2.s.priority = 1, 1
    p2.put(1, 1, "cao_ren", damage=3, exhausted=True)
    p2.s.active = 1
    p2.s.priority = 0
    s3 = act(p2.s, 0, "pass")  # seat 1's own turn ends: damage cleared, still exhausted until its recovery
    assert s3.field[1][0] is not None and s3.field[1][0].damage == 0 and s3.field[1][0].exhausted


# ---- same name, troops --------------------------------------------------------------

def test_rule_same_name_you_cannot_place_a_second() -> None:
    p = Position()
    p.put(0, 1, "guan_ping")
    (card,) = p.hand(0, "guan_ping")
    refused(p.s, 0, f"place card={card} square=3")


def test_rule_same_name_on_both_sides_destroys_both() -> None:
    p = Position()
    s = p.s
    theirs = p.put(1, 1, "guan_ping")
    (mine,) = p.hand(0, "guan_ping")
    s2 = act(s, 0, f"place card={mine} square=1")
    assert s2.field[0][0] is None and s2.field[1][0] is None
    assert mine in s2.discard[0] and theirs in s2.discard[1]


def test_rule_troops_at_zero_lose_the_game_at_once() -> None:
    p = Position(stage="battle", troops=(20, 2))
    s = p.s
    p.put(0, 1, "zhang_fei")
    p.put(0, 3, "guan_xing")
    s2 = act(act(s, 0, "attack from=1 target=player"), 1, "pass")
    assert s2.results == [0] and s2.wins == [1, 0] and s2.reasons == ["troops"]
    assert s2.stage == "side" and GAME.pending(s2)


# ---- responses, support, move, 無双, items ---------------------------------------------

def test_rule_response_stratagem_cancels_the_attack() -> None:
    p = Position(stage="battle")
    s = p.s
    p.put(0, 1, "zhang_fei")
    (retreat,) = p.hand(1, "retreat")
    s2 = act(s, 0, "attack from=1 target=player")
    assert GAME.pending(s2)[0].seat == 1 and GAME.pending(s2)[0].kind == "respond"
    s3 = act(s2, 1, f"stratagem card={retreat}")
    assert s3.troops[1] == 20 and s3.attack is None and retreat in s3.discard[1]


def test_rule_support_ability_exhausts_and_works_only_from_a_support_square() -> None:
    p = Position()
    s = p.s
    p.put(0, 1, "yueying")  # attack square
    refused(s, 0, "support square=1")
    p.put(0, 7, "da_qiao")  # support square; heal 2
    s2 = act(s, 0, "support square=7")
    assert s2.troops[0] == 22 and s2.field[0][6] is not None and s2.field[0][6].exhausted
    s2.priority = 0
    refused(s2, 0, "support square=7")


def test_rule_move_once_per_turn_to_an_empty_square() -> None:
    p = Position()
    s = p.s
    zy = p.put(0, 2, "zhao_yun")  # 移動
    p.put(0, 1, "guan_xing")
    refused(s, 0, "move from=2 to=1")
    s2 = act(s, 0, "move from=2 to=3")
    assert s2.field[0][2] is not None and s2.field[0][2].card == zy and s2.field[0][1] is None
    s2.priority = 0
    refused(s2, 0, "move from=3 to=2")


def test_rule_musou_once_per_game() -> None:
    p = Position(troops=(10, 20))
    s = p.s
    s2 = act(s, 0, "musou")  # 仁徳: heal 5, draw 1
    assert s2.troops[0] == 15 and len(s2.hands[0]) == 1 and s2.musou_used[0]
    s2.priority = 0
    refused(s2, 0, "musou")


def test_rule_items_raise_power_of_own_generals() -> None:
    p = Position(stage="battle")
    s = p.s
    p.put(0, 3, "green_dragon")
    p.put(0, 1, "huang_gai")  # 3 + 1
    target = p.put(1, 1, "cao_ren")  # 武力 4
    s2 = act(act(s, 0, f"attack from=1 target={target}"), 1, "pass")
    assert s2.field[1][0] is not None and s2.field[1][0].exhausted


def test_rule_ward_reduces_troop_loss() -> None:
    p = Position(stage="battle")
    s = p.s
    p.put(0, 1, "zhang_fei")
    p.put(1, 9, "city_walls")
    s2 = act(act(s, 0, "attack from=1 target=player"), 1, "pass")
    assert s2.troops[1] == 19


def test_rule_unknown_action_is_refused_without_change() -> None:
    refused(Position().s, 0, "fly")


# ---- further rules ----------------------------------------------------------------------

def test_rule_other_player_may_reveal_an_ambush_general_in_your_main_phase() -> None:
    p = Position()
    s = p.s
    s.priority = 1
    xu = p.put(1, 6, "xu_huang", face_down=True)  # 伏兵, cost 3; its step names the attacker
    s2 = act(s, 1, "reveal square=6")
    slot = s2.field[1][5]
    assert slot is not None and not slot.face_down and slot.card == xu and s2.priority == 0


def test_rule_attack_fails_when_a_response_exhausts_the_attacker() -> None:
    p = Position(stage="battle")
    s = p.s
    p.put(0, 1, "zhang_fei")
    p.put(1, 3, "pitfall", face_down=True)  # exhaust the attacker
    s2 = act(act(s, 0, "attack from=1 target=player"), 1, "reveal square=3")
    s3 = act(s2, 1, "pass")
    assert s3.troops[1] == 20
    assert s3.field[0][0] is not None and s3.field[0][0].exhausted


def test_rule_exhausting_an_exhausted_general_destroys_it() -> None:
    p = Position()
    s = p.s
    s.priority = 1
    (discord,) = p.hand(1, "sow_discord")  # exhaust an enemy general; terms water x1
    p.put(1, 2, "zhen_ji")  # a ready water general on a supply square
    target = p.put(0, 1, "zhang_fei", exhausted=True)
    s2 = act(s, 1, f"stratagem card={discord} target={target}")
    assert s2.field[0][0] is None and target in s2.discard[0]


def test_rule_stratagem_timing_main_only_is_refused_in_a_response() -> None:
    p = Position(stage="battle")
    s = p.s
    p.put(0, 1, "zhang_fei")
    (raid,) = p.hand(1, "surprise_raid")  # timing: main
    (retreat,) = p.hand(1, "retreat")  # timing: response
    s2 = act(s, 0, "attack from=1 target=player")
    refused(s2, 1, f"stratagem card={raid}")
    s.stage = "main1"
    s.priority = 1
    refused(s, 1, f"stratagem card={retreat}")


def test_rule_musou_only_on_your_own_turn() -> None:
    p = Position()
    s = p.s
    s.priority = 1
    refused(s, 1, "musou")


def test_rule_items_take_the_square_role_away() -> None:
    p = Position(stage="main2", provisions=(0, 0))
    s = p.s
    s.passes, s.priority = 1, 1
    p.put(1, 2, "granary")  # on a supply square: gives +1 provision as an item, not as a general
    s2 = act(s, 1, "pass")
    assert len(s2.provisions[1]) == 2  # 1 + granary; the square itself supplies nothing


def test_rule_pay_card_must_be_another_hand_card() -> None:
    p = Position(provisions=(0, 0))
    (card,) = p.hand(0, "guan_xing")  # cost 1
    refused(p.s, 0, f"place card={card} square=1 pay={card}")


def test_rule_same_name_reveal_is_refused_while_you_have_one_face_up() -> None:
    p = Position()
    p.put(0, 1, "wei_yan")
    p.put(0, 3, "wei_yan", face_down=True)
    refused(p.s, 0, "reveal square=3")


def test_rule_draw_effect_emptying_the_deck_loses() -> None:
    p = Position(deck=0, provisions=(2, 2))
    s = p.s
    (council,) = p.hand(0, "war_council")  # cost 2 (back onto the deck), then draw 2
    s2 = act(s, 0, f"stratagem card={council}")
    assert s2.results == [1] and s2.reasons == ["deck"]


def test_rule_targeted_ability_needs_a_target_when_one_exists() -> None:
    p = Position()
    s = p.s
    (arrows,) = p.hand(0, "fire_arrows")
    s2 = act(s, 0, f"stratagem card={arrows}")  # no enemy general: usable, does nothing
    assert arrows in s2.discard[0]
    p2 = Position()
    (arrows2,) = p2.hand(0, "fire_arrows")
    p2.put(1, 1, "cao_ren")
    refused(p2.s, 0, f"stratagem card={arrows2}")


def test_rule_passive_choice_is_listed_first() -> None:
    p = Position(stage="battle")
    p.put(0, 1, "zhang_fei")
    assert GAME.legal_actions(p.s, 0)[0].action == {"kind": "endbattle"}
    s2 = act(p.s, 0, "attack from=1 target=player")
    assert GAME.legal_actions(s2, 1)[0].action == {"kind": "pass"}
    assert GAME.legal_actions(s2, 0) == []


def test_rule_every_refusal_says_what_is_allowed_in_both_languages() -> None:
    p = Position()
    (guan_yu, arrows) = p.hand(0, "guan_yu", "fire_arrows")
    p.put(0, 1, "zhang_fei")
    p.put(1, 1, "xu_zhu")
    bad = ["place card=nope square=2", f"place card={guan_yu} square=5", f"stratagem card={guan_yu}",
           f"stratagem card={arrows}", f"stratagem card={arrows} target=zzz", "reveal square=2", "move from=1 to=2",
           "support square=1", "attack from=1 target=player", "endbattle", "first seat=1", "keep", "mulligan",
           "swap out=guan_yu in=guan_ping", "commander card=m00", f"place card={guan_yu} square=2 pay={guan_yu}"]
    for text in bad:
        with pytest.raises(RuleError) as err:
            GAME.apply(p.s, 0, GAME.parse_action(text), rng())
        allowed = err.value.allowed
        assert allowed is not None, text
        assert allowed.en and allowed.ja and allowed.en != allowed.ja, text
    with pytest.raises(RuleError) as err:
        GAME.apply(p.s, 0, GAME.parse_action(f"stratagem card={arrows}"), rng())
    assert err.value.allowed is not None and "Xu Zhu" in err.value.allowed.en  # the face-up targets are listed


# ---- added in review ---------------------------------------------------------------

def test_rule_twice_power_in_one_blow_destroys_a_ready_general() -> None:
    """ruling: damage beyond 武力 carries over, so 2x 武力 exhausts and then destroys."""
    p = Position(stage="battle")
    p.put(0, 1, "zhang_fei")  # 武力 4
    target = p.put(1, 1, "guan_xing")  # 武力 2
    s2 = act(act(p.s, 0, f"attack from=1 target={target}"), 1, "pass")
    assert s2.field[1][0] is None and target in s2.discard[1]
    t = p.s.field[1][0]
    assert t is not None and not t.exhausted  # the input state is untouched


def test_rule_exhausted_defender_strikes_back() -> None:
    p = Position(stage="battle")
    p.put(0, 1, "huang_gai")  # 武力 3
    target = p.put(1, 1, "xu_zhu", exhausted=True)  # 武力 5, exhausted
    s2 = act(act(p.s, 0, f"attack from=1 target={target}"), 1, "pass")
    mine = s2.field[0][0]
    assert mine is not None and mine.exhausted and mine.damage == 2  # took 5: exhausted at 3, 2 carried over
    t = s2.field[1][0]
    assert t is not None and t.damage == 3  # 3 < 5: the exhausted defender survives


def test_rule_discard_for_cost_is_also_once_in_the_opponents_turn() -> None:
    """ruling: once per turn for each player; the defender may use it in a response."""
    p = Position(stage="respond", active=1, provisions=(0, 0))
    retreat, fodder, retreat2, fodder2 = p.hand(0, "retreat", "guan_ping", "retreat", "guan_xing")
    attacker = p.put(1, 1, "zhang_fei")
    p.s.attack = Attack(1, 0, attacker, "player")
    s2 = act(p.s, 0, f"stratagem card={retreat} pay={fodder}")  # Retreat costs 1: paid by discarding
    assert s2.tribute_used == [True, False] and fodder in s2.discard[0] and s2.stage == "battle"
    s2.stage, s2.attack = "respond", Attack(1, 0, attacker, "player")
    refused(s2, 0, f"stratagem card={retreat2} pay={fodder2}")


def test_rule_ambush_general_revealed_against_an_attack_hits_the_attacker() -> None:
    p = Position(stage="battle")
    attacker = p.put(0, 1, "huang_gai")  # 武力 3
    p.put(1, 1, "wei_yan", face_down=True, placed_turn=4)  # 伏兵: damage 3 to the attacker
    s2 = act(p.s, 0, "attack from=1 target=player")
    s3 = act(s2, 1, "reveal square=1")
    assert s3.field[1][0] is not None and not s3.field[1][0].face_down
    a = s3.field[0][0]
    assert a is not None and a.card == attacker and a.exhausted  # 3 damage >= 武力 3
    s4 = act(s3, 1, "pass")  # the exhausted attacker's attack comes to nothing
    assert s4.troops[1] == 20


def test_rule_taking_provisions_that_empties_the_deck_loses() -> None:
    p = Position(deck=1)
    (line,) = p.hand(0, "supply_line")  # cost 1 (a provision back onto the deck top), then provision 2
    s2 = act(p.s, 0, f"stratagem card={line}")
    assert s2.results == [1] and s2.reasons == ["deck"]


def test_rule_square_arguments_reject_booleans() -> None:
    p = Position()
    (card,) = p.hand(0, "guan_ping")
    before = clone(p.s)
    with pytest.raises(RuleError):
        GAME.apply(p.s, 0, {"kind": "facedown", "card": card, "square": True}, rng())
    assert p.s == before


def test_rule_damage_is_compared_with_power_only_when_dealt() -> None:
    p = Position()
    p.put(0, 7, "green_dragon")  # +1 武力 to own generals
    fei = p.put(0, 1, "zhang_fei", damage=4)  # 武力 4 + 1 = 5: 4 damage does nothing
    (guan_xing,) = p.hand(0, "guan_xing")
    s2 = act(p.s, 0, f"place card={guan_xing} square=7")  # the item is replaced: 武力 back to 4
    slot = s2.field[0][0]
    assert slot is not None and slot.card == fei and not slot.exhausted and slot.damage == 4
