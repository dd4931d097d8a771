"""Ruins, terrain, weather, calamities and spells."""

from __future__ import annotations

import pickle

import pytest

from engine.core import RuleError
from engine.warlords.cards import card
from engine.warlords.game import GAME
from engine.warlords.stacks import stack_combat, stack_state

from .helpers import Table, act, texts


def _two() -> Table:
    t = Table(3)
    t.castle(0, "castle_dunmoor")
    t.castle(1, "castle_oakvale", garrison=("army_militia", "army_light_infantry"))
    t.castle(2, "castle_ashford")
    return t


def _refused(s: object, seat: int, **action: object) -> None:
    before = pickle.dumps(s)
    with pytest.raises(RuleError):
        act(s, seat, **action)  # type: ignore[arg-type]
    assert pickle.dumps(s) == before


# --- ruins ---------------------------------------------------------------------------

def _explorer() -> tuple[Table, str, str, str]:
    t = _two()
    st = t.stack(0, "hero_aerin")
    ruin = t.card(0, "ruin_old_barrow")
    t.s.players[0].ruins.append(ruin)
    t.s.players[0].ruin_turn[ruin] = 0  # placed on an earlier turn
    (reward,) = t.hand(0, "ally_elf_ranger")  # search risk 3
    t.s.turn = 2
    return t, st.hero, ruin, reward


def test_rule_ruin_explored_with_others_asked_in_turn_order() -> None:
    t, st, ruin, reward = _explorer()
    (swamp,) = t.hand(2, "terrain_swamp")
    s = act(t.s, 0, kind="explore", stack=st, ruin=ruin, reward=reward).state
    pend = GAME.pending(s)
    assert [(p.seat, p.kind, p.order) for p in pend] == [(1, "obstruct", 0), (2, "obstruct", 1)]
    _refused(s, 2, kind="obstruct", card=swamp)  # seat 2 obstructs only after seat 1 answered
    assert [c.action for c in GAME.legal_actions(s, 2)] == [{"kind": "pass"}]  # it may decline early
    s = act(s, 2, kind="pass").state
    assert [p.seat for p in GAME.pending(s)] == [1]
    s = act(s, 1, kind="pass").state
    assert reward in s.players[0].stacks[0].members
    assert ruin in s.players[0].discard and s.players[0].ruins == []


def test_rule_ruin_obstruction_check_within_search_risk_loses_the_expedition() -> None:
    t, st, ruin, reward = _explorer()
    (swamp,) = t.hand(1, "terrain_swamp")
    t.deck(1, "march_2")  # 2 <= search risk 3
    s = act(t.s, 0, kind="explore", stack=st, ruin=ruin, reward=reward).state
    tr = act(s, 1, kind="obstruct", card=swamp)
    s = tr.state
    assert s.players[0].stacks == [] and reward in s.players[0].discard
    assert ruin in s.players[0].ruins and s.decision is None
    assert "is lost" in texts(tr)


def test_rule_ruin_obstruction_check_above_search_risk_fails() -> None:
    t, st, ruin, reward = _explorer()
    (swamp,) = t.hand(1, "terrain_swamp")
    t.deck(1, "march_8")
    s = act(t.s, 0, kind="explore", stack=st, ruin=ruin, reward=reward).state
    s = act(s, 1, kind="obstruct", card=swamp).state
    s = act(s, 2, kind="pass").state
    assert reward in s.players[0].stacks[0].members


def test_rule_ruin_not_explored_on_the_turn_it_was_placed() -> None:
    t, st, ruin, reward = _explorer()
    t.s.players[0].ruin_turn[ruin] = 2
    _refused(t.s, 0, kind="explore", stack=st, ruin=ruin, reward=reward)


def test_rule_treasure_reward_goes_to_the_treasury() -> None:
    t, st, ruin, _ = _explorer()
    (gold,) = t.hand(0, "treasure_chest_of_gold")
    s = act(t.s, 0, kind="explore", stack=st, ruin=ruin, reward=gold).state
    s = act(act(s, 1, kind="pass").state, 2, kind="pass").state
    assert s.players[0].treasures == [gold]


# --- terrain and weather ----------------------------------------------------------------

def test_rule_terrain_on_enemy_campaign_strips_march_unless_cancelled_at_once() -> None:
    t = _two()
    enemy = t.stack(1, "hero_corvus", march=2, target=0)
    (hills,) = t.hand(0, "terrain_mountains")
    (m,) = t.hand(1, "march_1")
    s = act(t.s, 0, kind="terrain", card=hills, stack=enemy.hero).state
    assert [(p.seat, p.kind) for p in GAME.pending(s)] == [(1, "terrain_response")]
    assert GAME.legal_actions(s, 1)[0].action == {"kind": "pass"}
    let_stand = act(s, 1, kind="pass").state
    st = let_stand.players[1].stacks[0]
    assert st.march == [] and st.terrain == hills and stack_state(st) == "camped"
    assert len(let_stand.players[1].discard) == 2  # the two March cards
    s = act(s, 1, kind="cancel", card=m).state
    st = s.players[1].stacks[0]
    assert st.terrain is None and hills in s.players[0].discard
    assert len(st.march) == 2 and stack_state(st) == "campaign"  # countered: it had no effect
    assert GAME.pending(s)[0].seat == 0


def test_rule_terrain_only_on_own_home_stacks_or_enemy_campaign() -> None:
    t = _two()
    camped = t.stack(1, "hero_corvus")
    (forest,) = t.hand(0, "terrain_forest")
    _refused(t.s, 0, kind="terrain", card=forest, stack=camped.hero)


def test_rule_terrain_modifies_combat_and_one_per_stack_per_turn() -> None:
    t = _two()
    own = t.stack(0, "hero_aerin")
    hills, forest = t.hand(0, "terrain_hills", "terrain_forest")
    s = act(t.s, 0, kind="terrain", card=hills, stack=own.hero).state
    assert stack_combat(s, s.players[0].stacks[0]) == card("hero_aerin").combat + 2
    _refused(s, 0, kind="terrain", card=forest, stack=own.hero)


def test_rule_weather_holds_a_stack_at_sea_until_cleared() -> None:
    t = _two()
    ship = t.stack(1, "hero_corvus", march=1, fleet="fleet_longships")
    (storm,) = t.hand(0, "weather_storm")
    (m1,) = t.hand(1, "march_1")
    s = act(t.s, 0, kind="weather", card=storm, stack=ship.hero).state
    assert s.players[1].stacks[0].march and s.players[1].stacks[0].fleet  # kept
    s.active = 1
    _refused(s, 1, kind="march", stack=ship.hero, card=m1)
    s = act(s, 1, kind="clear", on=storm, card=m1).state
    assert s.players[1].stacks[0].weather is None


def test_rule_weather_only_on_enemy_stacks_at_sea() -> None:
    t = _two()
    port = t.stack(1, "hero_corvus", fleet="fleet_longships")  # in port, not at sea
    (fog,) = t.hand(0, "weather_fog")
    _refused(t.s, 0, kind="weather", card=fog, stack=port.hero)


# --- calamities ----------------------------------------------------------------------

def test_rule_instant_calamity_checked_by_victim_then_discarded() -> None:
    t = _two()
    target = t.stack(1, "hero_corvus", members=("army_militia", "army_knights"))
    (cal,) = t.hand(0, "cal_desertion")  # effect 1-5
    t.deck(1, "march_2")
    s = act(t.s, 0, kind="calamity", card=cal, target=target.hero).state
    assert len(s.players[1].stacks[0].members) == 1  # militia deserted
    assert cal in s.players[0].discard and len(s.players[1].discard) == 2  # check card + militia


def test_rule_persistent_calamity_stays_and_checks_in_stack_advance() -> None:
    t = _two()
    castle = t.s.players[1].castles[0]
    (plague,) = t.hand(0, "cal_plague")  # castle, effect 1-4, switch 5
    t.deck(1, "march_8", "march_1", "march_2")  # first check 2, then at seat 1's turn draws 2 and checks 8
    s = act(t.s, 0, kind="calamity", card=plague, target=castle.card).state
    assert s.players[1].castles[0].calamities == [plague] and len(s.players[1].castles[0].garrison) == 1
    t.deck(1, "march_10", "march_1", "march_1", "march_1")
    s.players[1].deck = list(t.s.players[1].deck[:4])
    s.cards.update(t.s.cards)
    s.owner.update(t.s.owner)
    s = act(s, 0, kind="end").state  # seat 1 draws 2, then checks 1: the plague strikes again
    assert s.players[1].castles[0].garrison == [] and s.players[1].castles[0].calamities == [plague]


def test_rule_persistent_calamity_removed_with_a_march_card() -> None:
    t = _two()
    castle = t.s.players[1].castles[0]
    plague = t.card(0, "cal_plague")
    castle.calamities.append(plague)
    t.s.active = 1
    (m,) = t.hand(1, "march_1")
    s = act(t.s, 1, kind="clear", on=plague, card=m).state
    assert s.players[1].castles[0].calamities == [] and plague in s.players[0].discard


def test_rule_calamity_switch_is_chosen_by_the_victim() -> None:
    t = _two()
    target = t.stack(1, "hero_corvus", members=("army_militia",))
    mine = t.stack(0, "hero_aerin", members=("army_militia",))
    (cal,) = t.hand(0, "cal_desertion")  # switch 6-7
    t.deck(1, "march_6")
    t.deck(0, "march_1")
    s = act(t.s, 0, kind="calamity", card=cal, target=target.hero).state
    assert [(p.seat, p.kind) for p in GAME.pending(s)] == [(1, "switch")]
    assert {"kind": "switch", "target": mine.hero} in [c.action for c in GAME.legal_actions(s, 1)]
    s = act(s, 1, kind="switch", target=mine.hero).state
    assert s.players[0].stacks[0].members == [] and len(s.players[1].stacks[0].members) == 1
    assert GAME.pending(s)[0].seat == 0 and GAME.pending(s)[0].kind == "turn"


def test_rule_transient_calamity_repeats_until_it_ends() -> None:
    t = _two()
    target = t.stack(1, "hero_corvus", members=("army_militia", "army_militia", "army_knights"))
    (fire,) = t.hand(0, "cal_wildfire")  # effect 1-4, switch 5-6
    t.deck(1, "march_10", "march_1", "march_2")  # strikes twice, then ends on 10
    s = act(t.s, 0, kind="calamity", card=fire, target=target.hero).state
    assert [s.cards[m] for m in s.players[1].stacks[0].members] == ["army_knights"]
    assert fire in s.players[0].discard


def test_rule_one_calamity_per_turn() -> None:
    t = _two()
    target = t.stack(1, "hero_corvus")
    a, b = t.hand(0, "cal_desertion", "cal_pestilence")
    t.deck(1, "march_10", "march_10")
    s = act(t.s, 0, kind="calamity", card=a, target=target.hero).state
    _refused(s, 0, kind="calamity", card=b, target=target.hero)


# --- spells ------------------------------------------------------------------------------

def test_rule_spell_needs_a_magic_hero_and_the_target_checks() -> None:
    t = _two()
    plain = t.stack(0, "hero_thane")
    mage = t.stack(0, "hero_aerin", members=("art_orb_of_seeing",))
    target = t.stack(1, "hero_corvus", members=("army_militia",))
    fire, fire2 = t.hand(0, "spell_fireball", "spell_fireball")
    _refused(t.s, 0, kind="cast", card=fire, stack=plain.hero, target=target.hero)
    t.deck(1, "march_2")  # 1-6: the target loses a unit
    s = act(t.s, 0, kind="cast", card=fire, stack=mage.hero, target=target.hero).state
    assert s.players[1].stacks[0].members == []
    _refused(s, 0, kind="cast", card=fire2, stack=mage.hero, target=target.hero)  # one per hero per turn


def test_rule_spell_fumble_hurts_the_caster() -> None:
    t = _two()
    mage = t.stack(0, "hero_aerin", members=("art_orb_of_seeing", "army_militia"))
    target = t.stack(1, "hero_corvus", members=("army_militia",))
    (fire,) = t.hand(0, "spell_fireball")
    t.deck(1, "march_10")
    tr = act(t.s, 0, kind="cast", card=fire, stack=mage.hero, target=target.hero)
    assert [tr.state.cards[m] for m in tr.state.players[0].stacks[0].members] == ["art_orb_of_seeing"]
    assert "fumbles" in texts(tr)


def test_rule_transient_calamity_victim_moves_it_among_own_targets() -> None:
    t = _two()
    first = t.stack(1, "hero_corvus", members=("army_militia",))
    second = t.stack(1, "hero_thane", members=("army_militia", "army_knights"))
    (fire,) = t.hand(0, "cal_wildfire")  # transient, effect 1-4
    t.deck(1, "march_10", "march_1", "march_2")
    s = act(t.s, 0, kind="calamity", card=fire, target=first.hero).state
    assert [(p.seat, p.kind) for p in GAME.pending(s)] == [(1, "redirect")]
    assert GAME.legal_actions(s, 1)[0].action == {"kind": "redirect", "target": first.hero}
    s = act(s, 1, kind="redirect", target=second.hero).state  # next check (1) strikes the second stack
    s = act(s, 1, kind="redirect", target=second.hero).state  # then 10 ends it
    assert s.players[1].stacks[0].members == []
    assert [s.cards[m] for m in s.players[1].stacks[1].members] == ["army_knights"]
    assert fire in s.players[0].discard and s.decision is None
