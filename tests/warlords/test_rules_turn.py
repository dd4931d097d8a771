"""The turn sequence, revenue, draws, deployment, stacks and marching."""

from __future__ import annotations

import pickle

import pytest

from engine.core import RuleError
from engine.warlords.cards import card
from engine.warlords.game import GAME
from engine.warlords.stacks import stack_combat, stack_state

from .helpers import Table, act, texts


def _unchanged_on_error(s: object, seat: int, **action: object) -> None:
    before = pickle.dumps(s)
    with pytest.raises(RuleError):
        act(s, seat, **action)  # type: ignore[arg-type]
    assert pickle.dumps(s) == before


def test_rule_revenue_each_turn_and_unspent_revenue_lapses() -> None:
    t = Table(2)
    t.castle(0, "castle_oakvale")
    t.castle(1, "castle_highmark", improvements=("imp_market",))
    t.stack(1, "hero_aerin")
    t.s.players[0].revenue = 50
    after = act(t.s, 0, kind="end").state
    assert after.players[0].revenue == 0
    assert after.active == 1 and after.players[1].revenue == 35  # 30 + market 5


def test_rule_draw_two_cards_each_turn() -> None:
    t = Table(2)
    t.castle(1, "castle_oakvale")
    t.deck(1, "march_1", "march_2", "march_4")
    after = act(t.s, 0, kind="end").state
    assert len(after.players[1].hand) == 2 and len(after.players[1].deck) == 1


def test_rule_time_passes_is_announced_and_replaced() -> None:
    t = Table(2)
    t.castle(1, "castle_oakvale")
    t.deck(1, "march_1", "time_passes", "march_2")
    tr = act(t.s, 0, kind="end")
    p = tr.state.players[1]
    assert len(p.hand) == 2 and len(p.time_passes) == 1
    assert "⟦1⟧ draws their Time Passes card!" in texts(tr)
    view = GAME.view(tr.state, __import__("engine.core", fromlist=["SPECTATOR"]).SPECTATOR)
    assert view["players"][1]["time_passes"] is True


def test_rule_discard_pile_reshuffled_when_deck_empty() -> None:
    t = Table(2)
    t.castle(1, "castle_oakvale")
    t.s.players[1].discard = [t.card(1, "march_1"), t.card(1, "march_2"), t.card(1, "march_4")]
    after = act(t.s, 0, kind="end").state
    p = after.players[1]
    assert len(p.hand) == 2 and len(p.deck) == 1 and p.discard == []


def test_rule_deploy_army_pays_its_cost() -> None:
    t = Table(2)
    t.castle(0, "castle_oakvale")
    st = t.stack(0, "hero_aerin")
    (army,) = t.hand(0, "army_cavalry")
    t.s.players[0].revenue = 20
    after = act(t.s, 0, kind="deploy", card=army, to=st.hero).state
    assert after.players[0].revenue == 2
    assert army in after.players[0].stacks[0].members


def test_rule_deploy_refused_without_enough_revenue() -> None:
    t = Table(2)
    st = t.stack(0, "hero_aerin")
    (army,) = t.hand(0, "army_cavalry")
    t.s.players[0].revenue = 17
    _unchanged_on_error(t.s, 0, kind="deploy", card=army, to=st.hero)


def test_rule_stack_capacity_limits_armies() -> None:
    t = Table(2)
    st = t.stack(0, "hero_corvus", members=("army_militia", "army_militia", "army_militia"))  # capacity 3
    (army,) = t.hand(0, "army_militia")
    t.s.players[0].revenue = 50
    _unchanged_on_error(t.s, 0, kind="deploy", card=army, to=st.hero)


def test_rule_banner_adds_capacity_and_one_per_stack() -> None:
    t = Table(2)
    t.castle(1, "castle_dunmoor")
    st = t.stack(0, "hero_corvus", members=("army_militia", "army_militia", "army_militia"))
    b1, b2, army = t.hand(0, "banner_elvallie", "banner_orcs_of_kor", "army_militia")
    t.s.players[0].revenue = 50
    s = act(t.s, 0, kind="deploy", card=b1, to=st.hero).state
    s = act(s, 0, kind="deploy", card=army, to=st.hero).state  # capacity 3 + banner 1
    assert len(s.players[0].stacks[0].members) == 5
    _unchanged_on_error(s, 0, kind="deploy", card=b2, to=st.hero)


def test_rule_faction_bonus_applies_under_matching_banner() -> None:
    t = Table(2)
    st = t.stack(0, "hero_aerin", members=("army_archers",))
    base = card("hero_aerin").combat + card("army_archers").combat
    assert stack_combat(t.s, st) == base
    st.members.append(t.card(0, "banner_elvallie"))
    assert stack_combat(t.s, st) == base + card("army_archers").bonus["elvallie"] > base


def test_rule_unique_card_first_in_play_stays() -> None:
    t = Table(2)
    t.castle(1, "castle_oakvale")
    (dup,) = t.hand(0, "castle_oakvale")
    _unchanged_on_error(t.s, 0, kind="deploy", card=dup)


def test_rule_one_castle_deployed_per_turn() -> None:
    t = Table(2)
    a, b = t.hand(0, "castle_oakvale", "castle_dunmoor")
    s = act(t.s, 0, kind="deploy", card=a).state
    assert len(s.players[0].castles) == 1
    _unchanged_on_error(s, 0, kind="deploy", card=b)


def test_rule_hero_forms_a_camped_stack() -> None:
    t = Table(2)
    (hero,) = t.hand(0, "hero_thane")
    s = act(t.s, 0, kind="deploy", card=hero).state
    assert stack_state(s.players[0].stacks[0]) == "camped"


def test_rule_march_cards_change_stack_state() -> None:
    t = Table(2)
    t.castle(1, "castle_oakvale")
    st = t.stack(0, "hero_aerin")
    m1, m2, m3 = t.hand(0, "march_1", "march_2", "march_4")
    s = act(t.s, 0, kind="march", stack=st.hero, card=m1).state
    assert stack_state(s.players[0].stacks[0]) == "patrolling"
    s.players[0].stacks[0].marched = 0  # as on a later turn
    _unchanged_on_error(s, 0, kind="march", stack=st.hero, card=m2)  # needs a target now
    s = act(s, 0, kind="march", stack=st.hero, card=m2, target=1).state
    assert stack_state(s.players[0].stacks[0]) == "campaign" and s.players[0].stacks[0].target == 1
    _unchanged_on_error(s, 0, kind="march", stack=st.hero, card=m3)


def test_rule_a_stack_marches_one_step_a_turn() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    t.castle(1, "castle_oakvale")
    st = t.stack(0, "hero_aerin")
    m1, m2 = t.hand(0, "march_1", "march_2")
    t.deck(0, "march_5", "march_5")
    t.deck(1, "march_5", "march_5")
    s = act(t.s, 0, kind="march", stack=st.hero, card=m1).state
    before = pickle.dumps(s)
    with pytest.raises(RuleError) as err:
        act(s, 0, kind="march", stack=st.hero, card=m2, target=1)
    assert "already marched" in err.value.what.en and err.value.allowed is not None
    assert pickle.dumps(s) == before
    assert all(c.action["kind"] != "march" for c in GAME.legal_actions(s, 0))
    s = act(act(s, 0, kind="end").state, 1, kind="end").state  # the next turn of seat 0
    s = act(s, 0, kind="march", stack=st.hero, card=m2, target=1).state
    assert stack_state(s.players[0].stacks[0]) == "campaign"


def test_rule_fleet_puts_stack_in_port_then_at_sea() -> None:
    t = Table(2)
    t.castle(0, "castle_saltmere")  # a port
    t.castle(1, "castle_dunmoor")
    st = t.stack(0, "hero_aerin", march=1)
    fleet, m = t.hand(0, "fleet_longships", "march_1")
    t.s.players[0].revenue = 20
    s = act(t.s, 0, kind="deploy", card=fleet, to=st.hero).state
    assert stack_state(s.players[0].stacks[0]) == "in_port"
    assert s.players[0].stacks[0].march == []  # March cards are discarded
    s.players[0].stacks[0].marched = 0  # as on a later turn
    s = act(s, 0, kind="march", stack=st.hero, card=m).state
    assert stack_state(s.players[0].stacks[0]) == "at_sea"


def test_rule_fleet_needs_an_unbesieged_port_castle() -> None:
    t = Table(2)
    t.castle(0, "castle_oakvale")  # not a port
    st = t.stack(0, "hero_aerin")
    (fleet,) = t.hand(0, "fleet_longships")
    t.s.players[0].revenue = 20
    _unchanged_on_error(t.s, 0, kind="deploy", card=fleet, to=st.hero)


def test_rule_no_more_improvements_icon() -> None:
    t = Table(2)
    c = t.castle(0, "castle_oakvale", improvements=("imp_tower",))
    (walls,) = t.hand(0, "imp_walls")
    t.s.players[0].revenue = 50
    _unchanged_on_error(t.s, 0, kind="deploy", card=walls, to=c.card)


def test_rule_allies_come_only_from_ruins() -> None:
    t = Table(2)
    st = t.stack(0, "hero_aerin")
    (ally,) = t.hand(0, "ally_elf_ranger")
    _unchanged_on_error(t.s, 0, kind="deploy", card=ally, to=st.hero)


def test_rule_treasure_sold_for_its_revenue() -> None:
    t = Table(2)
    t.castle(0, "castle_oakvale")
    treasure = t.card(0, "treasure_jewelled_crown")
    t.s.players[0].treasures.append(treasure)
    s = act(t.s, 0, kind="sell", card=treasure).state
    assert s.players[0].revenue == 20 and treasure in s.players[0].discard


def test_rule_diplomacy_tribute_and_sabotage() -> None:
    t = Table(2)
    t.castle(1, "castle_oakvale")
    t.castle(0, "castle_dunmoor")
    tribute, sabotage = t.hand(0, "dip_tribute", "dip_sabotage")
    t.hand(1, "march_1", "march_2", "march_4")
    t.s.players[0].revenue = 10
    s = act(t.s, 0, kind="play", card=tribute).state
    assert s.players[0].revenue == 10 - 5 + 15
    s = act(s, 0, kind="play", card=sabotage, target="p1").state
    assert len(s.players[1].hand) == 1 and len(s.players[1].discard) == 2


def test_rule_action_end_turn_passes_in_chosen_direction() -> None:
    t = Table(3)
    t.s.direction = -1
    for seat in range(3):
        t.castle(seat, ["castle_oakvale", "castle_dunmoor", "castle_ashford"][seat])
    s = act(t.s, 0, kind="end").state
    assert s.active == 2


def test_rule_unknown_action_is_refused() -> None:
    t = Table(2)
    _unchanged_on_error(t.s, 0, kind="fly")
    assert GAME.legal_actions(t.s, 1) == []


def test_rule_draws_and_played_cards_count_as_revealing() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    st = t.stack(0, "hero_aerin", march=1)
    t.castle(1, "castle_oakvale")
    t.deck(1, "march_1", "march_2")
    assert act(t.s, 0, kind="recall", stack=st.hero).reveals is False
    assert act(t.s, 0, kind="end").reveals is True
