"""More rules: recall, attacks from the sea, captured improvements, turn order past
eliminated players, uniqueness of rewards and terrain on a besieger."""

from __future__ import annotations

import pickle

import pytest

from engine.core import RuleError
from engine.warlords.game import GAME
from engine.warlords.stacks import stack_state

from .helpers import Table, act


def _refused(s: object, seat: int, **action: object) -> None:
    before = pickle.dumps(s)
    with pytest.raises(RuleError):
        act(s, seat, **action)  # type: ignore[arg-type]
    assert pickle.dumps(s) == before


def test_rule_recall_brings_a_stack_home() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    t.castle(1, "castle_oakvale")
    st = t.stack(0, "hero_aerin", march=2, target=1)
    s = act(t.s, 0, kind="recall", stack=st.hero).state
    assert stack_state(s.players[0].stacks[0]) == "camped" and len(s.players[0].discard) == 2
    _refused(s, 0, kind="recall", stack=st.hero)


def test_rule_stack_at_sea_attacks_only_port_castles() -> None:
    t = Table(2)
    t.castle(0, "castle_saltmere")
    inland = t.castle(1, "castle_oakvale", garrison=("army_militia",))
    port = t.castle(1, "castle_gullwater")
    st = t.stack(0, "hero_aerin", march=1, fleet="fleet_galleons")
    assert stack_state(st) == "at_sea"
    (a,) = t.hand(0, "march_1")
    _refused(t.s, 0, kind="attack", stack=st.hero, target=inland.card, cards=[a])
    s = act(t.s, 0, kind="attack", stack=st.hero, target=port.card, cards=[a]).state
    assert s.players[0].castles[-1].card == port.card


def test_rule_captured_castle_keeps_its_improvements() -> None:
    t = Table(3)
    t.castle(0, "castle_dunmoor")
    t.castle(2, "castle_ashford")
    castle = t.castle(1, "castle_oakvale", improvements=("imp_market",))
    t.stack(1, "hero_corvus")
    st = t.stack(0, "hero_aerin", march=2, target=1)
    (m,) = t.hand(0, "march_1")
    s = act(t.s, 0, kind="attack", stack=st.hero, target=castle.card, cards=[m]).state
    taken = s.players[0].castles[-1]
    assert taken.card == castle.card and [s.cards[i] for i in taken.improvements] == ["imp_market"]
    from engine.warlords.stacks import glory
    assert glory(s, s.players[0]) == 15 + 22 + 5


def test_rule_turn_order_skips_eliminated_players() -> None:
    t = Table(3)
    t.castle(0, "castle_dunmoor")
    t.castle(2, "castle_ashford")
    t.s.players[1].eliminated = True
    s = act(t.s, 0, kind="end").state
    assert s.active == 2


def test_rule_eliminated_players_need_not_draw_time_passes() -> None:
    t = Table(3)
    t.castle(0, "castle_dunmoor")
    t.castle(2, "castle_ashford")
    t.s.players[1].eliminated = True
    t.s.players[0].time_passes.append(t.card(0, "time_passes"))
    t.deck(2, "march_1", "time_passes")
    s = act(t.s, 0, kind="end").state
    assert s.phase == "over" and GAME.outcome(s) is not None


def test_rule_unique_reward_refused_when_already_in_play() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    t.castle(1, "castle_oakvale")
    t.stack(1, "hero_corvus", members=("ally_elf_ranger",))
    st = t.stack(0, "hero_aerin")
    ruin = t.card(0, "ruin_old_barrow")
    t.s.players[0].ruins.append(ruin)
    t.s.players[0].ruin_turn[ruin] = 0
    (reward,) = t.hand(0, "ally_elf_ranger")
    _refused(t.s, 0, kind="explore", stack=st.hero, ruin=ruin, reward=reward)


def test_rule_terrain_on_a_besieger_lifts_the_siege() -> None:
    t = Table(2)
    castle = t.castle(0, "castle_oakvale", garrison=("army_militia",))
    enemy = t.stack(1, "hero_corvus", march=2, target=0)
    castle.besieged_by = enemy.hero
    enemy.besieging = castle.card
    (swamp,) = t.hand(0, "terrain_swamp")
    s = act(t.s, 0, kind="terrain", card=swamp, stack=enemy.hero).state
    s = act(s, 1, kind="pass").state  # the besieger's owner lets it stand
    assert s.players[0].castles[0].besieged_by is None
    assert stack_state(s.players[1].stacks[0]) == "camped"


def test_rule_at_most_one_hero_deployed_per_turn() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    t.castle(1, "castle_oakvale")
    a, b = t.hand(0, "hero_thane", "hero_mira")
    s = act(t.s, 0, kind="deploy", card=a).state
    _refused(s, 0, kind="deploy", card=b)


def test_rule_weather_blocks_exploration_and_spells() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    t.castle(1, "castle_oakvale")
    st = t.stack(0, "hero_aerin", members=("art_orb_of_seeing",))
    st.weather = t.card(1, "weather_fog")
    target = t.stack(1, "hero_corvus")
    (fire,) = t.hand(0, "spell_fireball")
    _refused(t.s, 0, kind="cast", card=fire, stack=st.hero, target=target.hero)
