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
    """Seat 0's Aerin (11) + 2 light infantry (5+5) = 21 on campaign against seat 1."""
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
    assert [card(c).combat for c in ("hero_aerin", "hero_corvus", "army_light_infantry", "army_militia")] == [11, 12, 5, 4]


def test_rule_battle_losses_armies_before_hero() -> None:
    # 21 against Corvus 12 + 5 + 4 = 21: difference 0 draws one card each side.
    t = _duel(("march_8", "march_2"))
    att, dfd = t.s.players[0].stacks[0], t.s.players[1].stacks[0]
    tr = act(t.s, 0, kind="attack", stack=att.hero, target=dfd.hero, cards=[t.s.players[0].hand[0]])
    a = tr.state.players[0].stacks[0]
    d = tr.state.players[1].stacks[0]
    assert len(a.members) == 1  # loss 2 took one light infantry
    assert d.members == [] and d.hero == dfd.hero  # loss 8 took militia and infantry, hero stands
    assert "Losses: attacker 2, defender 8." in texts(tr)


def test_rule_hero_removed_when_loss_covers_its_combat() -> None:
    # 21 against a lone Corvus (12): difference 9 draws 1 for the attacker, 2 (4 + 8) for the defender.
    t = _duel(("march_8", "march_4", "march_1"), defender=())
    att, dfd = t.s.players[0].stacks[0], t.s.players[1].stacks[0]
    s = act(t.s, 0, kind="attack", stack=att.hero, target=dfd.hero, cards=[t.s.players[0].hand[0]]).state
    assert s.players[1].stacks == []
    assert dfd.hero in s.players[1].discard


def test_rule_hero_survives_loss_below_its_combat() -> None:
    t2 = _duel(("march_2", "march_2", "march_1"), defender=())
    att2, dfd2 = t2.s.players[0].stacks[0], t2.s.players[1].stacks[0]
    s2 = act(t2.s, 0, kind="attack", stack=att2.hero, target=dfd2.hero, cards=[t2.s.players[0].hand[0]]).state
    assert len(s2.players[1].stacks) == 1  # 2 + 2 = 4 < 12


def test_rule_sudden_death_destroys_the_side_it_was_drawn_for() -> None:
    t = _duel(("march_4", "march_9"))  # the attacker's own loss card has the icon
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
    assert {"kind": "intercept", "stacks": [guard.hero]} in choices
    tr = act(s, 1, kind="intercept", stacks=[guard.hero])
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
    att = t.stack(0, "hero_aerin", members=("army_light_infantry",), march=2, target=1)  # 12 v 16: row (1, 1)
    t.deck(0, "march_1", "march_1", "march_1")  # small losses both sides
    (card,) = t.hand(0, "march_1")
    s = act(t.s, 0, kind="attack", stack=att.hero, target=castle.card, cards=[card]).state
    s = act(s, 1, **GAME.default_action(s, 1)).state  # the garrison loses its militia
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
    att = t.stack(0, "hero_mira", members=("army_giant_warriors", "army_giant_warriors"), march=2, target=1)
    # 9 + 9 + 9 = 27 against 3 + 4 + 9 + 8 = 24: row (1, 1); the garrison loses 8, the knights (8) absorb it.
    t.deck(0, "march_8", "march_1")
    (card_id,) = t.hand(0, "march_2")
    s = act(t.s, 0, kind="attack", stack=att.hero, target=castle.card, cards=[card_id]).state
    assert [(p.seat, p.kind) for p in GAME.pending(s)] == [(1, "losses")]
    default = GAME.default_action(s, 1)
    assert [s.cards[u] for u in default["units"]] == ["army_knights"]  # the automatic choice comes first
    s = act(s, 1, **default).state
    assert sorted(s.cards[g] for g in s.players[1].castles[0].garrison) == ["army_giant_warriors", "army_militia"]


def _garrison_choice() -> tuple[Table, str, dict[str, str]]:
    """Seat 1's garrison must absorb a loss of 8 from militia 4, giants 9 and knights 8."""
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    castle = t.castle(1, "castle_oakvale", garrison=("army_militia", "army_giant_warriors", "army_knights"))
    att = t.stack(0, "hero_mira", members=("army_giant_warriors", "army_giant_warriors"), march=2, target=1)
    t.deck(0, "march_8", "march_1")
    (card_id,) = t.hand(0, "march_2")
    t.s = act(t.s, 0, kind="attack", stack=att.hero, target=castle.card, cards=[card_id]).state
    units = {t.s.cards[g]: g for g in t.s.players[1].castles[0].garrison}
    return t, castle.card, units


def test_rule_owner_assigns_losses_to_armies_of_their_choice() -> None:
    t, _, units = _garrison_choice()
    options = [sorted(t.s.cards[u] for u in c.action["units"]) for c in GAME.legal_actions(t.s, 1)]
    assert ["army_giant_warriors"] in options and ["army_knights"] in options
    assert ["army_giant_warriors", "army_militia"] in options  # the militia first, then part of the giants' 9
    assert ["army_giant_warriors", "army_knights"] not in options  # either alone covers 8: not both
    s = act(t.s, 1, kind="assign", units=[units["army_giant_warriors"]]).state
    assert sorted(s.cards[g] for g in s.players[1].castles[0].garrison) == ["army_knights", "army_militia"]
    assert s.decision is None and s.players[0].stacks[0].besieging is not None


def test_rule_loss_assignment_must_cover_the_loss_with_needed_units_only() -> None:
    t, _, units = _garrison_choice()
    before = pickle.dumps(t.s)
    for bad in ([units["army_militia"]], [units["army_knights"], units["army_giant_warriors"]], [], ["c999"]):
        with pytest.raises(RuleError) as err:
            act(t.s, 1, kind="assign", units=bad)
        assert "loss of 8" in err.value.what.en and err.value.allowed is not None
    with pytest.raises(RuleError):
        act(t.s, 0, kind="assign", units=[units["army_knights"]])  # not the attacker's loss to assign
    assert pickle.dumps(t.s) == before


def test_rule_both_sides_assign_losses_in_either_order() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    t.castle(1, "castle_oakvale", garrison=("army_militia",))
    att = t.stack(0, "hero_aerin", members=("army_light_infantry", "army_militia"), march=2, target=1)
    dfd = t.stack(1, "hero_corvus", members=("army_light_infantry", "army_militia"))
    # 7 + 5 + 4 = 16 against 8 + 5 + 4 = 17: one card each, 2 and 4; each side has a choice.
    t.deck(0, "march_4", "march_2")
    (card_id,) = t.hand(0, "march_2")
    s = act(t.s, 0, kind="attack", stack=att.hero, target=dfd.hero, cards=[card_id]).state
    assert sorted((p.seat, p.kind, p.order) for p in GAME.pending(s)) == [(0, "losses", 0), (1, "losses", 0)]
    infantry = next(u for u in s.players[1].stacks[0].members if s.cards[u] == "army_light_infantry")
    s = act(s, 1, kind="assign", units=[infantry]).state  # the defender answers first
    assert [p.seat for p in GAME.pending(s)] == [0]
    s = act(s, 0, **GAME.default_action(s, 0)).state
    assert GAME.pending(s)[0].kind == "turn"
    assert [s.cards[u] for u in s.players[0].stacks[0].members] == ["army_light_infantry"]
    assert [s.cards[u] for u in s.players[1].stacks[0].members] == ["army_militia"]


def test_rule_several_stacks_intercept_one_after_another() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    castle = t.castle(1, "castle_oakvale", garrison=("army_militia",))
    att = t.stack(0, "hero_brakk", march=2, target=1)  # 13, +3 from Ambush
    first = t.stack(1, "hero_tamsin", march=1)  # 9
    second = t.stack(1, "hero_mira", march=1)  # 9
    # Against each interceptor: difference 7, one card (1) for the attacker, two (4 + 6) for the defender.
    t.deck(0, "march_6", "march_4", "march_1", "march_6", "march_4", "march_1")
    (card_id,) = t.hand(0, "act_ambush")
    s = act(t.s, 0, kind="attack", stack=att.hero, target=castle.card, cards=[card_id]).state
    choices = [c.action for c in GAME.legal_actions(s, 1)]
    assert {"kind": "intercept", "stacks": [first.hero, second.hero]} in choices
    assert GAME.parse_action(f"intercept stacks={first.hero}") == {"kind": "intercept", "stacks": [first.hero]}
    tr = act(s, 1, kind="intercept", stacks=[second.hero, first.hero])
    assert "intercepts with their stack of Mira of the Vale and their stack of Tamsin Reed" in texts(tr)
    assert "engages the attacker next" in texts(tr)
    assert tr.state.players[1].stacks == []  # both fell, in the order the defender named
    assert tr.state.players[1].castles[0].garrison == castle.garrison  # the castle itself was not fought
    assert tr.state.players[0].stacks[0].hero == att.hero


def test_rule_interceptors_must_be_eligible_and_named_once() -> None:
    t = _duel(("march_1", "march_1"))
    guard = t.stack(1, "hero_thane", march=1)
    castle = t.s.players[1].castles[0]
    s = act(t.s, 0, kind="attack", stack=t.s.players[0].stacks[0].hero, target=castle.card,
            cards=[t.s.players[0].hand[0]]).state
    before = pickle.dumps(s)
    camped = s.players[1].stacks[0].hero
    for bad in ([guard.hero, guard.hero], [camped], []):
        with pytest.raises(RuleError):
            act(s, 1, kind="intercept", stacks=bad)
    assert pickle.dumps(s) == before


def test_rule_interception_chain_stops_when_the_attacker_falls() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    castle = t.castle(1, "castle_oakvale", garrison=("army_militia",))
    att = t.stack(0, "hero_tamsin", march=2, target=1)  # 9
    first = t.stack(1, "hero_brakk", march=1)  # 13
    second = t.stack(1, "hero_ulric", march=1)  # 13
    t.deck(0, "march_1", "march_10")  # difference -4: the attacker's card (10) covers its hero's 9
    (card_id,) = t.hand(0, "march_2")
    s = act(t.s, 0, kind="attack", stack=att.hero, target=castle.card, cards=[card_id]).state
    tr = act(s, 1, kind="intercept", stacks=[first.hero, second.hero])
    assert tr.state.players[0].stacks == [] and "engages the attacker next" not in texts(tr)
    assert [st.hero for st in tr.state.players[1].stacks] == [first.hero, second.hero]
    assert GAME.pending(tr.state)[0].kind == "turn"


def test_sole_assignment_is_the_only_assignment_when_there_is_one_and_none_otherwise() -> None:
    """A battle asks `sole_assignment` instead of listing every assignment: it must
    answer what `assignments` would, for copies of one card too (offered once)."""
    from itertools import product

    from engine.warlords.removal import assignments, sole_assignment
    from engine.warlords.stacks import unit_value

    armies = ["army_light_infantry", "army_light_infantry", "army_heavy_infantry", "army_cavalry",
              "army_giant_warriors"]
    asked = sole = 0
    for picked in product((False, True), repeat=len(armies)):
        t = Table(2)
        ids = [t.card(0, a) for a, keep in zip(armies, picked, strict=True) if keep]
        values = {u: unit_value(t.s, u, None) for u in ids}
        for loss in range(0, sum(values.values()) + 2):
            every = assignments(t.s, values, loss)
            assert sole_assignment(t.s, values, loss) == (every[0] if len(every) == 1 else None), (values, loss)
            asked += 1
            sole += len(every) == 1
    assert 0 < sole < asked  # both answers were asked for
