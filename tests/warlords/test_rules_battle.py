"""Battles, the oracle, loss assignment, castles, sieges, elimination and the end."""

from __future__ import annotations

import pickle

import pytest

from engine.core import RuleError
from engine.warlords.cards import card, rules
from engine.warlords.game import GAME
from engine.warlords.stacks import stack_state

from .helpers import Table, act, texts


def _duel(att_deck: tuple[str, ...], defender: tuple[str, ...] = ("army_light_infantry", "army_militia")) -> Table:
    """Seat 0's Aerin (7) + 2 light infantry (5+5) = 17 on campaign against seat 1."""
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    t.castle(1, "castle_oakvale", garrison=("army_militia",))
    t.stack(0, "hero_aerin", members=("army_light_infantry", "army_light_infantry"), march=2, target=1)
    t.stack(1, "hero_corvus", members=defender)
    t.deck(0, *att_deck)
    t.hand(0, "march_1")
    return t


def test_rule_oracle_rows_come_from_data() -> None:
    r = rules()
    assert r.oracle_row(0).attacker == 1 and r.oracle_row(0).defender == 1
    assert r.oracle_row(-50).defender == 0 and r.oracle_row(50).attacker == 0
    lows = sorted(row.min for row in r.oracle)
    assert lows[0] <= -8 and max(row.max for row in r.oracle) >= 8


def test_combat_values_used_below() -> None:
    assert [card(c).combat for c in ("hero_aerin", "hero_corvus", "army_light_infantry", "army_militia")] == [7, 8, 5, 4]


def test_rule_battle_losses_armies_before_hero() -> None:
    # 17 against Corvus 8 + 5 + 4 = 17: difference 0 draws one card each side.
    t = _duel(("march_8", "march_2"))
    att, dfd = t.s.players[0].stacks[0], t.s.players[1].stacks[0]
    tr = act(t.s, 0, kind="attack", stack=att.hero, target=dfd.hero, cards=[t.s.players[0].hand[0]])
    a = tr.state.players[0].stacks[0]
    d = tr.state.players[1].stacks[0]
    assert len(a.members) == 1  # loss 2 took one light infantry
    assert d.members == [] and d.hero == dfd.hero  # loss 8 took militia and infantry, hero stands
    assert "Losses: attacker 2, defender 8." in texts(tr)


def test_rule_hero_removed_when_loss_covers_its_combat() -> None:
    # 17 against a lone Corvus (8): difference 9 draws 1 for the attacker, 2 for the defender.
    t = _duel(("march_4", "march_4", "march_1"), defender=())
    att, dfd = t.s.players[0].stacks[0], t.s.players[1].stacks[0]
    s = act(t.s, 0, kind="attack", stack=att.hero, target=dfd.hero, cards=[t.s.players[0].hand[0]]).state
    assert s.players[1].stacks == []
    assert dfd.hero in s.players[1].discard


def test_rule_hero_survives_loss_below_its_combat() -> None:
    t2 = _duel(("march_2", "march_2", "march_1"), defender=())
    att2, dfd2 = t2.s.players[0].stacks[0], t2.s.players[1].stacks[0]
    s2 = act(t2.s, 0, kind="attack", stack=att2.hero, target=dfd2.hero, cards=[t2.s.players[0].hand[0]]).state
    assert len(s2.players[1].stacks) == 1  # 2 + 2 = 4 < 8


def test_rule_sudden_death_destroys_the_side_it_was_drawn_for() -> None:
    t = _duel(("march_4", "march_3"))  # the attacker's own loss card has the icon
    att, dfd = t.s.players[0].stacks[0], t.s.players[1].stacks[0]
    tr = act(t.s, 0, kind="attack", stack=att.hero, target=dfd.hero, cards=[t.s.players[0].hand[0]])
    assert tr.state.players[0].stacks == []
    assert len(tr.state.players[1].stacks[0].members) == 2  # the battle ended at once


def test_rule_attack_needs_a_stack_on_campaign() -> None:
    t = _duel(("march_4",))
    t.s.players[0].stacks[0].march = t.s.players[0].stacks[0].march[:1]
    t.s.players[0].stacks[0].target = None
    before = pickle.dumps(t.s)
    with pytest.raises(RuleError):
        act(t.s, 0, kind="attack", stack=t.s.players[0].stacks[0].hero, target=t.s.players[1].stacks[0].hero,
            cards=[t.s.players[0].hand[0]])
    assert pickle.dumps(t.s) == before


def test_rule_attack_needs_a_battle_card() -> None:
    t = _duel(("march_4",))
    (dip,) = t.hand(0, "dip_tribute")
    with pytest.raises(RuleError):
        act(t.s, 0, kind="attack", stack=t.s.players[0].stacks[0].hero, target=t.s.players[1].stacks[0].hero,
            cards=[dip])


def test_rule_one_battle_per_stack_per_turn() -> None:
    t = _duel(("march_1", "march_1", "march_2", "march_2"))
    t.hand(0, "march_2")
    att, dfd = t.s.players[0].stacks[0], t.s.players[1].stacks[0]
    s = act(t.s, 0, kind="attack", stack=att.hero, target=dfd.hero, cards=[t.s.players[0].hand[0]]).state
    with pytest.raises(RuleError):
        act(s, 0, kind="attack", stack=att.hero, target=dfd.hero, cards=[s.players[0].hand[0]])


def test_rule_castle_without_garrison_falls() -> None:
    t = _duel(())
    castle = t.s.players[1].castles[0]
    castle.garrison = []
    s = act(t.s, 0, kind="attack", stack=t.s.players[0].stacks[0].hero, target=castle.card,
            cards=[t.s.players[0].hand[0]]).state
    assert [c.card for c in s.players[0].castles][-1] == castle.card
    assert s.players[1].castles == []


def test_rule_home_castle_needs_two_battle_cards() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    home = t.castle(1, "home_orcs_of_kor")
    st = t.stack(0, "hero_aerin", march=2, target=1)
    a, b, c = t.hand(0, "march_1", "march_2", "act_ambush")
    with pytest.raises(RuleError):
        act(t.s, 0, kind="attack", stack=st.hero, target=home.card, cards=[a])
    with pytest.raises(RuleError):
        act(t.s, 0, kind="attack", stack=st.hero, target=home.card, cards=[a, c])  # not the same kind
    s = act(t.s, 0, kind="attack", stack=st.hero, target=home.card, cards=[a, b]).state
    assert s.players[0].castles[-1].card == home.card  # no garrison: it falls


def test_rule_defender_chooses_interception() -> None:
    t = _duel(("march_1", "march_1"))
    guard = t.stack(1, "hero_thane", march=1)  # patrolling
    castle = t.s.players[1].castles[0]
    att = t.s.players[0].stacks[0]
    s = act(t.s, 0, kind="attack", stack=att.hero, target=castle.card, cards=[t.s.players[0].hand[0]]).state
    pend = GAME.pending(s)
    assert [(p.seat, p.kind) for p in pend] == [(1, "intercept")]
    choices = [c.action for c in GAME.legal_actions(s, 1)]
    assert choices[0] == {"kind": "intercept", "stack": "none"}
    assert {"kind": "intercept", "stack": guard.hero} in choices
    tr = act(s, 1, kind="intercept", stack=guard.hero)
    assert "intercepts" in texts(tr)
    assert tr.state.players[1].castles[0].garrison == castle.garrison  # the castle was not fought


def test_rule_flying_attack_intercepted_only_by_flying_stacks() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    t.castle(1, "castle_oakvale", garrison=("army_militia",))
    att = t.stack(0, "hero_lyra", members=("army_pegasi",), march=2, target=1)
    target = t.stack(1, "hero_corvus")
    t.stack(1, "hero_thane", march=1)
    t.deck(0, "march_1", "march_1")
    (card,) = t.hand(0, "march_1")
    s = act(t.s, 0, kind="attack", stack=att.hero, target=target.hero, cards=[card]).state
    assert s.decision is None  # no flying interceptor: resolved at once
    t.stack(1, "hero_kira", march=1)  # a flying patrol
    s = act(t.s, 0, kind="attack", stack=att.hero, target=target.hero, cards=[card]).state
    assert s.decision is not None and s.decision.kind == "intercept"


def test_rule_siege_then_starvation_takes_the_castle() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    castle = t.castle(1, "castle_oakvale", garrison=("army_giant_warriors", "army_militia"))  # 3 + 9 + 4
    t.stack(1, "hero_corvus")
    att = t.stack(0, "hero_aerin", members=("army_light_infantry",), march=2, target=1)  # 12: row (2, 1)
    t.deck(0, "march_1", "march_1", "march_1")  # small losses both sides
    (card,) = t.hand(0, "march_1")
    s = act(t.s, 0, kind="attack", stack=att.hero, target=castle.card, cards=[card]).state
    c = s.players[1].castles[0]
    assert c.besieged_by == att.hero and stack_state(s.players[0].stacks[0]) == "besieging"
    assert len(c.garrison) == 1
    s = act(s, 0, kind="end").state  # seat 1's stack advance: the last army starves
    assert s.players[1].castles == [] and s.players[0].castles[-1].card == castle.card


def test_rule_besieged_castle_cannot_be_reinforced() -> None:
    t = Table(2)
    c = t.castle(0, "castle_oakvale", garrison=("army_militia",))
    enemy = t.stack(1, "hero_corvus", march=2, target=0)
    c.besieged_by = enemy.hero
    enemy.besieging = c.card
    (army,) = t.hand(0, "army_militia")
    t.s.players[0].revenue = 10
    with pytest.raises(RuleError):
        act(t.s, 0, kind="deploy", card=army, to=c.card)


def test_rule_player_without_castle_or_stack_is_eliminated() -> None:
    t = Table(3)
    t.castle(0, "castle_dunmoor")
    t.castle(2, "castle_ashford")
    castle = t.castle(1, "castle_oakvale")
    att = t.stack(0, "hero_aerin", march=2, target=1)
    (card,) = t.hand(0, "march_1")
    tr = act(t.s, 0, kind="attack", stack=att.hero, target=castle.card, cards=[card])
    assert tr.state.players[1].eliminated and "is out" in texts(tr)
    assert tr.state.players[0].stacks[0].march == []  # its campaign target is gone: it comes home
    assert tr.state.phase == "play"


def test_rule_last_player_standing_wins() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    castle = t.castle(1, "castle_oakvale")
    att = t.stack(0, "hero_aerin", march=2, target=1)
    (card,) = t.hand(0, "march_1")
    s = act(t.s, 0, kind="attack", stack=att.hero, target=castle.card, cards=[card]).state
    assert GAME.pending(s) == ()
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,)


def test_rule_glory_road_ends_when_everyone_drew_time_passes() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")  # 15
    t.castle(1, "castle_oakvale")  # 22
    big = t.card(0, "treasure_dragon_hoard")
    t.s.players[0].treasures.append(big)  # treasure does not count
    t.s.players[0].time_passes.append(t.card(0, "time_passes"))
    t.deck(1, "march_1", "march_2", "time_passes")
    s = act(t.s, 0, kind="end").state
    assert s.phase == "over"
    out = GAME.outcome(s)
    assert out is not None and out.winners == (1,) and out.scores[0] == 15


def test_rule_game_goes_on_until_every_player_drew_time_passes() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    t.castle(1, "castle_oakvale")
    t.deck(1, "march_1", "march_2", "time_passes")
    s = act(t.s, 0, kind="end").state
    assert s.phase == "play" and s.players[1].time_passes


def test_rule_losses_remove_the_cheapest_set_of_units_that_covers_them() -> None:
    from engine.warlords.removal import covering
    assert covering({"a": 4, "b": 7}, 6) == ["b"]  # one 7 rather than 4 then 7
    assert covering({"a": 4, "b": 7}, 3) == ["a"]
    assert covering({"a": 4, "b": 7}, 12) == ["a", "b"]  # all go, 1 left for the hero
    assert covering({"a": 4}, 0) == []


def test_rule_garrison_losses_spare_what_they_can() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    castle = t.castle(1, "castle_oakvale", garrison=("army_militia", "army_giant_warriors", "army_knights"))
    att = t.stack(0, "hero_brakk", members=("army_giant_warriors", "army_giant_warriors"), march=2, target=1)
    # 9 + 9 + 9 = 27 against 3 + 4 + 9 + 8 = 24: row (1, 1); the garrison loses 8, the knights (8) absorb it.
    t.deck(0, "march_8", "march_1")
    (card_id,) = t.hand(0, "march_2")
    s = act(t.s, 0, kind="attack", stack=att.hero, target=castle.card, cards=[card_id]).state
    assert sorted(s.cards[g] for g in s.players[1].castles[0].garrison) == ["army_giant_warriors", "army_militia"]
