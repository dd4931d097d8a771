"""Every creature card's ability, one test each, named for the card."""

from __future__ import annotations

from engine.quarriors import attack as attack_rules
from engine.quarriors.game import GAME
from engine.quarriors.state import ATTACK, CAPTURE, MAIN, QState
from engine.quarriors.stats import attack, defense, summon_cost
from tests.quarriors.helpers import act, face_index, make, place, refused, slot


def _score(s: QState, p: int = 1) -> QState:
    """Let the other seat end its turn so that `p` scores."""
    s.active = 1 - p
    s.step = CAPTURE
    return act(s, 1 - p, kind="end_turn")


# -- Deathdealer -------------------------------------------------------------------------------


def test_card_deathdealer_on_scoring_may_swap_with_an_opponents_used_die() -> None:
    s = make(["deathdealer"])
    dd = place(s, "ready", 1, "deathdealer", level=1)
    theirs = place(s, "used", 0, "quake_dragon")
    s = _score(s)
    assert s.glory[1] == 2 and s.prompts[0] == ("swap", 1, dd)
    s = act(s, 1, kind="swap", die=theirs)
    assert theirs in s.used[1] and dd in s.used[0]


def test_card_mighty_deathdealer_adds_its_attack_again_at_the_first_kill() -> None:
    s = make(["mighty_deathdealer"])
    place(s, "ready", 0, "mighty_deathdealer", level=1)  # 3 attack
    v1 = place(s, "ready", 1, "assistant", creature=True)  # 2
    v2 = place(s, "ready", 1, "warrior_of_the_quay", level=1)  # 3
    v3 = place(s, "ready", 1, "assistant", creature=True)
    s = act(s, 0, kind="proceed")
    s = act(s, 1, kind="absorb", die=v1)  # 3 - 2 + 3 = 4 left
    assert s.remaining == 4
    s = act(s, 1, kind="absorb", die=v2)  # 4 - 3 = 1, no second bonus: the last one survives
    assert v2 in s.used[1] and v3 in s.ready[1] and s.step == CAPTURE


def test_card_strong_deathdealer_scores_at_once_when_you_destroy_a_creature() -> None:
    s = make(["strong_deathdealer"])
    sdd = place(s, "ready", 0, "strong_deathdealer", level=1)  # 3 attack
    place(s, "ready", 0, "assistant", creature=True)  # 1
    v1 = place(s, "ready", 1, "assistant", creature=True)
    v2 = place(s, "ready", 1, "assistant", creature=True)
    s = act(s, 0, kind="proceed")
    s = act(s, 1, kind="absorb", die=v1)
    assert sdd in s.used[0] and s.glory[0] == 2 and s.scored == 1
    assert v2 in s.used[1]  # the total (4) was kept: 4 - 2 = 2 destroys the second too


# -- Defender of the Pale ----------------------------------------------------------------------


def test_card_defender_of_the_pale_burst_scores_one_more_per_other_scorer() -> None:
    s = make(["defender_of_the_pale"])
    place(s, "ready", 1, "defender_of_the_pale", level=1, burst=1)
    place(s, "ready", 1, "assistant", creature=True)
    place(s, "ready", 1, "assistant", creature=True)
    s = _score(s)
    assert s.glory[1] == 2 + 1 + 1 + 2


def test_card_mighty_defender_of_the_pale_makes_opponents_summons_dearer() -> None:
    s = make(["mighty_defender_of_the_pale"])
    place(s, "ready", 1, "mighty_defender_of_the_pale", level=3, burst=2)
    a = place(s, "pool", 0, "assistant", creature=True)
    place(s, "pool", 0, "basic_quiddity", quiddity=2)
    assert summon_cost(s, a, 0) == 1 + 2
    refused(s, 0, kind="summon", die=a)
    place(s, "pool", 0, "basic_quiddity", quiddity=1)
    s = act(s, 0, kind="summon", die=a)
    assert a in s.ready[0]


def test_card_strong_defender_of_the_pale_scoring_draws_dice_into_the_pool() -> None:
    s = make(["strong_defender_of_the_pale"])
    place(s, "ready", 1, "strong_defender_of_the_pale", level=3, burst=2)
    s = _score(s)
    s = act(s, 1, kind="skip")  # no cull
    # 2 extra dice were put into the pool before the usual 6 were drawn and rolled
    assert s.step == MAIN and len(s.pool[1]) == 8 and s.glory[1] == 3


# -- Devotee of the Holy Query -----------------------------------------------------------------


def test_card_devotee_of_the_holy_query_burst_face_has_two_more_defense() -> None:
    s = make(["devotee_of_the_holy_query"])
    plain = place(s, "ready", 0, "devotee_of_the_holy_query", level=2, burst=0)
    burst = place(s, "ready", 0, "devotee_of_the_holy_query", level=2, burst=1)
    assert defense(s, plain, 0) == 4 and defense(s, burst, 0) == 6


def test_card_mighty_devotee_of_the_holy_query_ignores_attached_spells_and_cannot_be_targeted() -> None:
    s = make(["mighty_devotee_of_the_holy_query", "death_incantation", "life_cantrip"])
    md = place(s, "ready", 0, "mighty_devotee_of_the_holy_query", level=2, burst=1)
    assert defense(s, md, 0) == 4 + 3
    v = place(s, "ready", 1, "assistant", creature=True)
    shield = place(s, "used", 1, "life_cantrip")
    s.used[1].remove(shield)
    s.face[shield] = face_index(s, shield, spell=True)
    s.attached[v] = (shield,)  # 2 + 4 defense, but not against the Mighty Devotee
    s = act(s, 0, kind="proceed")
    assert v in s.used[1]
    s2 = make(["mighty_devotee_of_the_holy_query", "death_incantation"])
    md2 = place(s2, "ready", 1, "mighty_devotee_of_the_holy_query", level=1)
    sp = place(s2, "ready", 0, "death_incantation", spell=True, burst=2)
    refused(s2, 0, kind="cast", die=sp, target=md2)


def test_card_strong_devotee_of_the_holy_query_burst_scoring_takes_a_cheap_spell_into_the_bag() -> None:
    s = make(["strong_devotee_of_the_holy_query", "life_spell", "victory_incantation"])
    place(s, "ready", 1, "strong_devotee_of_the_holy_query", level=2, burst=1)
    s = _score(s)
    assert s.prompts[0][0] == "take"
    cards = {c.action.get("card") for c in GAME.legal_actions(s, 1)}
    assert "life_spell" in cards and "victory_incantation" not in cards  # cost 9 > 4
    before = len(s.bag[1])
    s = act(s, 1, kind="take", card="life_spell")
    assert len(s.bag[1]) == before + 1 and any(s.cards[s.dcard[d]].id == "life_spell" for d in s.bag[1])


# -- Ghostly Spirit ----------------------------------------------------------------------------


def test_card_ghostly_spirit_culls_basic_quiddity_to_return_when_destroyed() -> None:
    s = make(["ghostly_spirit"])
    place(s, "ready", 0, "quake_dragon", level=3)
    g = place(s, "ready", 1, "ghostly_spirit", level=1)
    q = place(s, "used", 1, "basic_quiddity")
    s = act(s, 0, kind="proceed")
    assert s.prompts[0][0] == "lost"
    s = act(s, 1, kind="cull", die=q)
    assert g in s.ready[1] and q in s.wild[slot(s, "basic_quiddity")] and s.step == CAPTURE


def test_card_mighty_ghostly_spirit_waits_aside_then_rolls_in_at_your_next_kill() -> None:
    s = make(["mighty_ghostly_spirit", "death_incantation"])
    place(s, "ready", 0, "quake_dragon", level=3)
    g = place(s, "ready", 1, "mighty_ghostly_spirit", level=1)
    s = act(s, 0, kind="proceed")
    assert s.aside[1] == (g,)
    s.step = CAPTURE
    s = act(s, 0, kind="end_turn")
    victim = place(s, "ready", 0, "assistant", creature=True)
    sp = place(s, "ready", 1, "death_incantation", spell=True, burst=1)
    s = act(s, 1, kind="cast", die=sp, target=victim)
    assert s.aside[1] == ()
    if s.cards[s.dcard[g]].faces[s.face[g]].creature:
        assert g in s.ready[1]
    else:
        assert g in s.used[1]


def test_card_strong_ghostly_spirit_goes_to_the_active_pool_when_destroyed() -> None:
    s = make(["strong_ghostly_spirit"])
    place(s, "ready", 0, "quake_dragon", level=3)
    g = place(s, "ready", 1, "strong_ghostly_spirit", level=1)
    s = act(s, 0, kind="proceed")
    assert g in s.pool[1]
    s.step = CAPTURE
    s = act(s, 0, kind="end_turn")
    assert g in s.pool[1] and len(s.pool[1]) == 7 and s.face[g] >= 0  # rolled with the six drawn


# -- Primordial Ooze ---------------------------------------------------------------------------


def test_card_primordial_ooze_counts_basic_quiddity_in_pool_and_used_and_dies_at_zero() -> None:
    s = make(["primordial_ooze"])
    o = place(s, "pool", 0, "primordial_ooze", level=2)
    place(s, "pool", 0, "basic_quiddity", quiddity=1)
    place(s, "pool", 0, "basic_quiddity", quiddity=1)
    place(s, "used", 0, "basic_quiddity")
    s = act(s, 0, kind="summon", die=o)  # the two pool dice pay and go to the used pile
    assert o in s.ready[0] and (attack(s, o, 0), defense(s, o, 0)) == (3, 3)
    s2 = make(["primordial_ooze"])
    o2 = place(s2, "pool", 0, "primordial_ooze", level=2)
    place(s2, "pool", 0, "assistant", quiddity=1)
    place(s2, "pool", 0, "assistant", quiddity=1)
    s2 = act(s2, 0, kind="summon", die=o2)
    assert o2 in s2.used[0]


def test_card_mighty_primordial_ooze_counts_every_creature_in_play() -> None:
    s = make(["mighty_primordial_ooze"])
    o = place(s, "ready", 0, "mighty_primordial_ooze", level=2)
    place(s, "ready", 0, "assistant", creature=True)
    place(s, "ready", 1, "assistant", creature=True)
    place(s, "ready", 1, "assistant", creature=True)
    assert (attack(s, o, 0), defense(s, o, 0)) == (4, 4)


def test_card_strong_primordial_ooze_copies_an_opposing_creature_or_is_zero_five() -> None:
    s = make(["strong_primordial_ooze"])
    lone = place(s, "pool", 0, "strong_primordial_ooze", level=2)
    place(s, "pool", 0, "basic_quiddity", quiddity=2)
    s1 = act(s, 0, kind="summon", die=lone)
    assert (attack(s1, lone, 0), defense(s1, lone, 0)) == (0, 5)
    qd = place(s, "ready", 1, "quake_dragon", level=2)
    s = act(s, 0, kind="summon", die=lone)
    assert s.prompts[0] == ("copy", 0, lone)
    s = act(s, 0, kind="copy", target=qd)
    assert (attack(s, lone, 0), defense(s, lone, 0)) == (6, 6)
    other = place(s, "ready", 1, "assistant", creature=True)
    s = act(s, 0, kind="switch", die=lone, target=other)
    assert (attack(s, lone, 0), defense(s, lone, 0)) == (1, 2)
    refused(s, 0, kind="switch", die=lone, target=qd)  # once a turn


def test_card_strong_primordial_ooze_attacks_at_the_level_of_what_it_copies() -> None:
    """The attack's snapshot (what shields and totals read) takes a copying ooze's level and
    attack from the face it copies (level 3), not from its own die's face (level 2)."""
    s = make(["strong_primordial_ooze"])
    ooze = place(s, "ready", 0, "strong_primordial_ooze", level=2)
    qd = place(s, "ready", 1, "quake_dragon", level=3)
    s.copies = {ooze: (s.dcard[qd], s.face[qd])}
    attack_rules.begin(s)
    assert s.snap == ((ooze, 8, 3),)


# -- Quake Dragon ------------------------------------------------------------------------------


def test_card_quake_dragon_destroys_every_level_one_creature_of_the_defender_first() -> None:
    s = make(["quake_dragon"])
    place(s, "ready", 0, "quake_dragon", level=1)  # 4 attack
    l1a = place(s, "ready", 1, "assistant", creature=True)
    l1b = place(s, "ready", 1, "assistant", creature=True)
    l2 = place(s, "ready", 1, "warrior_of_the_quay", level=2)  # defense 4
    s = act(s, 0, kind="proceed")
    assert l1a in s.used[1] and l1b in s.used[1] and l2 in s.used[1]


def test_card_mighty_quake_dragon_double_burst_defense_and_glory() -> None:
    s = make(["mighty_quake_dragon"])
    d = place(s, "ready", 1, "mighty_quake_dragon", level=3, burst=2)
    assert defense(s, d, 1) == 7 + 2
    s = _score(s)
    assert s.glory[1] == 4 + 2


def test_card_strong_quake_dragon_low_level_creatures_cannot_attack_you() -> None:
    s = make(["strong_quake_dragon"])
    place(s, "ready", 0, "warrior_of_the_quay", level=2)
    place(s, "ready", 0, "assistant", creature=True)
    place(s, "ready", 1, "strong_quake_dragon", level=1)
    place(s, "ready", 1, "assistant", creature=True)
    attack_rules.begin(s)
    assert attack_rules.total(s, 1) == 0


# -- Questing Wizard ---------------------------------------------------------------------------


def test_card_questing_wizard_burst_quiddity_face_draws_one_and_rerolls_itself() -> None:
    s = make(["questing_wizard"])
    w = place(s, "pool", 0, "questing_wizard", quiddity=2, burst=1)
    s = act(s, 0, kind="use", die=w)
    assert w in s.pool[0] and len(s.pool[0]) == 2
    s2 = make(["questing_wizard"])
    d2 = place(s2, "ready", 1, "questing_wizard", level=3, burst=2)
    assert defense(s2, d2, 1) == 8 + 1
    s2 = _score(s2)
    assert s2.glory[1] == 3 + 1


def test_card_mighty_questing_wizard_scoring_discounts_captures_and_allows_one_more() -> None:
    s = make(["mighty_questing_wizard"])
    place(s, "ready", 1, "mighty_questing_wizard", level=1)
    s = _score(s)
    s = act(s, 1, kind="skip") if s.prompts else s
    assert s.discount == 2 and s.captures == 2
    w = place(s, "pool", 1, "mighty_questing_wizard", quiddity=2, burst=1)
    before = len(s.pool[1])
    s = act(s, 1, kind="use", die=w)
    assert w in s.used[1] and len(s.pool[1]) == before - 1 + 2


def test_card_strong_questing_wizard_culls_spells_for_one_glory_each() -> None:
    s = make(["strong_questing_wizard", "life_spell"])
    place(s, "ready", 1, "strong_questing_wizard", level=1)
    sp = place(s, "ready", 1, "life_spell", spell=True)
    s = _score(s)
    assert s.prompts[0][0] == "spellcull"
    s = act(s, 1, kind="cull", die=sp)
    assert s.glory[1] == 3 + 1 and sp in s.wild[slot(s, "life_spell")]


# -- Scavenging Goblin -------------------------------------------------------------------------


def test_card_scavenging_goblin_burst_summon_gives_one_quiddity() -> None:
    s = make(["scavenging_goblin"])
    g = place(s, "pool", 0, "scavenging_goblin", level=1, burst=1)
    place(s, "pool", 0, "basic_quiddity", quiddity=1)
    s = act(s, 0, kind="summon", die=g)
    assert s.mana == 1


def test_card_mighty_scavenging_goblin_burst_destroyed_puts_two_dice_in_pool() -> None:
    s = make(["mighty_scavenging_goblin"])
    place(s, "ready", 0, "quake_dragon", level=3)
    g = place(s, "ready", 1, "mighty_scavenging_goblin", level=1, burst=1)
    s = act(s, 0, kind="proceed")
    assert g in s.used[1] and len(s.pool[1]) == 2


def test_card_strong_scavenging_goblin_burst_one_defense_per_other_creature() -> None:
    s = make(["strong_scavenging_goblin"])
    g = place(s, "ready", 0, "strong_scavenging_goblin", level=1, burst=1)
    place(s, "ready", 0, "assistant", creature=True)
    place(s, "ready", 0, "assistant", creature=True)
    assert defense(s, g, 0) == 2 + 2


# -- Warrior of the Quay -----------------------------------------------------------------------


def test_card_warrior_of_the_quay_three_more_attack_against_a_lone_creature() -> None:
    s = make(["warrior_of_the_quay"], seats=3)
    place(s, "ready", 0, "warrior_of_the_quay", level=1)
    place(s, "ready", 1, "assistant", creature=True)
    place(s, "ready", 2, "assistant", creature=True)
    place(s, "ready", 2, "assistant", creature=True)
    attack_rules.begin(s)
    assert attack_rules.total(s, 1) == 5 and attack_rules.total(s, 2) == 2


def test_card_mighty_warrior_of_the_quay_destroys_other_warriors_and_one_summon_a_turn() -> None:
    s = make(["mighty_warrior_of_the_quay"])
    theirs = place(s, "ready", 1, "mighty_warrior_of_the_quay", level=1)
    w1 = place(s, "pool", 0, "mighty_warrior_of_the_quay", level=1)
    w2 = place(s, "pool", 0, "mighty_warrior_of_the_quay", level=1)
    for _ in range(2):
        place(s, "pool", 0, "basic_quiddity", quiddity=1)
    s = act(s, 0, kind="summon", die=w1)
    assert theirs in s.used[1]
    refused(s, 0, kind="summon", die=w2)


def test_card_strong_warrior_of_the_quay_gives_your_other_creatures_plus_one() -> None:
    s = make(["strong_warrior_of_the_quay"])
    w = place(s, "ready", 0, "strong_warrior_of_the_quay", level=1)
    a = place(s, "ready", 0, "assistant", creature=True)
    assert (attack(s, a, 0), defense(s, a, 0)) == (2, 3)
    assert (attack(s, w, 0), defense(s, w, 0)) == (2, 3)


# -- Witching Hag ------------------------------------------------------------------------------


def test_card_witching_hag_each_kill_gives_one_quiddity() -> None:
    s = make(["witching_hag"])
    place(s, "ready", 0, "witching_hag", level=2)  # 4 attack
    v1 = place(s, "ready", 1, "assistant", creature=True)
    place(s, "ready", 1, "assistant", creature=True)
    s = act(s, 0, kind="proceed")
    s = act(s, 1, kind="absorb", die=v1)
    assert s.mana == 2 and s.step == CAPTURE


def test_card_mighty_witching_hag_caps_each_attacker_at_three() -> None:
    s = make(["mighty_witching_hag"])
    place(s, "ready", 0, "quake_dragon", level=3)  # 8
    place(s, "ready", 0, "assistant", creature=True)  # 1
    place(s, "ready", 1, "mighty_witching_hag", level=2)
    attack_rules.begin(s)
    assert s.step == ATTACK and attack_rules.total(s, 1) == 3 + 1


def test_card_strong_witching_hag_scoring_returns_another_creature_die_to_the_pool() -> None:
    s = make(["strong_witching_hag"])
    h = place(s, "ready", 1, "strong_witching_hag", level=1)
    a = place(s, "used", 1, "assistant")
    place(s, "used", 1, "basic_quiddity")
    s = _score(s)
    assert s.prompts[0] == ("recall", 1, h)
    assert {c.action.get("die") for c in GAME.legal_actions(s, 1)} == {None, a}
    s = act(s, 1, kind="recall", die=a)
    s = act(s, 1, kind="skip")
    assert a in s.pool[1] and len(s.pool[1]) == 7
