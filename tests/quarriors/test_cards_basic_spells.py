"""Every basic and spell card's ability, one test each, named for the card."""

from __future__ import annotations

from engine.quarriors.game import GAME
from engine.quarriors.state import CAPTURE
from engine.quarriors.stats import attack, defense
from tests.quarriors.helpers import act, die, make, place, refused, rng, slot

# -- basic cards ------------------------------------------------------------------------------


def test_card_basic_quiddity_culled_die_returns_to_its_card_and_captures_for_free() -> None:
    s = make()
    q = place(s, "used", 1, "basic_quiddity")
    place(s, "ready", 1, "assistant", creature=True)
    s.step = CAPTURE
    s = act(s, 0, kind="end_turn")
    s = act(s, 1, kind="cull", die=q)
    assert s.wild[slot(s, "basic_quiddity")] == (q,)
    s.step = CAPTURE
    s.mana = 0
    for d in s.pool[1]:
        s.face[d] = 4 if s.cards[s.dcard[d]].id == "assistant" else s.face[d]  # creature faces: no quiddity
    s.pool[1] = [d for d in s.pool[1] if s.cards[s.dcard[d]].id == "assistant"]
    s = act(s, 1, kind="capture", card="basic_quiddity")
    assert q in s.used[1]


def test_card_assistant_is_a_level_one_creature_worth_one_glory() -> None:
    s = make()
    q = place(s, "pool", 0, "basic_quiddity", quiddity=1)
    a = place(s, "pool", 0, "assistant", creature=True)
    s = act(s, 0, kind="summon", die=a)
    assert q in s.used[0] and (attack(s, a, 0), defense(s, a, 0)) == (1, 2)
    s.step = CAPTURE
    s = act(s, 0, kind="end_turn")
    s.step = CAPTURE
    s = act(s, 1, kind="end_turn")
    assert s.glory[0] == 1


def test_card_portal_draw_face_spends_it_and_draws_and_rolls() -> None:
    s = make()
    p = place(s, "pool", 0, "portal", draw=1)
    s = act(s, 0, kind="use", die=p)
    assert p in s.used[0] and len(s.pool[0]) == 1 and s.face[s.pool[0][0]] >= 0


def test_card_portal_turns_to_its_quiddity_face_when_only_portals_are_left() -> None:
    s = make()
    p = place(s, "pool", 0, "portal", draw=2)
    refused(s, 0, kind="settle", die=p)  # the bag holds other dice
    s.used[0].extend(s.bag[0])
    s.bag = ((), s.bag[1])  # nothing left in the bag, but other dice in the used pile
    assert "Other dice" in refused(s, 0, kind="settle", die=p).what.en
    s.used[0].clear()  # (those dice leave the match: this test does not count dice)
    s.used[0].append(die(s, "portal"))  # only Portals: drawing could only bring Portals back
    assert {"kind": "settle", "die": p} in [c.action for c in GAME.legal_actions(s, 0)]
    s = act(s, 0, kind="settle", die=p)
    assert p in s.pool[0] and s.cards[s.dcard[p]].faces[s.face[p]].quiddity == 1
    assert s.imm  # it resolves an immediate effect; the step stays open


# -- Death -------------------------------------------------------------------------------------


def test_card_death_cantrip_gives_each_creature_more_attack() -> None:
    s = make(["death_cantrip"])
    w = place(s, "ready", 0, "warrior_of_the_quay", level=1)
    sp = place(s, "ready", 0, "death_cantrip", spell=True, burst=2)
    s = act(s, 0, kind="cast", die=sp)
    assert attack(s, w, 0) == 2 + 3 and sp in s.used[0]
    sp2 = place(s, "ready", 0, "death_cantrip", spell=True, burst=1)
    s = act(s, 0, kind="cast", die=sp2)
    assert attack(s, w, 0) == 2 + 3 + 2


def test_card_death_charm_attaches_plus_three_or_five() -> None:
    s = make(["death_charm"])
    w = place(s, "ready", 0, "warrior_of_the_quay", level=1)
    sp = place(s, "ready", 0, "death_charm", spell=True, burst=2)
    refused(s, 0, kind="cast", die=sp)
    s = act(s, 0, kind="attach", die=sp, to=w)
    assert (attack(s, w, 0), defense(s, w, 0)) == (2 + 5, 3 + 5)
    assert s.attached[w] == (sp,)


def test_card_death_charm_goes_to_the_used_pile_with_its_creature() -> None:
    """A destroyed creature's attached spells go to its owner's used pile (destroy reads the
    attached spells only when some die has any)."""
    s = make(["death_charm"])
    place(s, "ready", 0, "quake_dragon", level=3)
    w = place(s, "ready", 1, "warrior_of_the_quay", level=1)
    sp = place(s, "ready", 1, "death_charm", spell=True, burst=1)
    s.ready[1].remove(sp)
    s.attached[w] = (sp,)
    s = act(s, 0, kind="proceed")
    assert w in s.used[1] and sp in s.used[1] and s.attached == {}


def test_card_death_incantation_destroys_low_level_on_one_burst_any_on_two() -> None:
    s = make(["death_incantation"])
    big = place(s, "ready", 1, "quake_dragon", level=3)
    small = place(s, "ready", 1, "assistant", creature=True)
    sp = place(s, "ready", 0, "death_incantation", spell=True, burst=1)
    refused(s, 0, kind="cast", die=sp, target=big)
    s1 = act(s, 0, kind="cast", die=sp, target=small)
    assert small in s1.used[1]
    sp2 = place(s, "ready", 0, "death_incantation", spell=True, burst=2)
    s2 = act(s, 0, kind="cast", die=sp2, target=big)
    assert big in s2.used[1]


def test_card_death_spell_destroys_one_weak_creature_per_opponent_caster_picks() -> None:
    s = make(["death_spell"], seats=3)
    a1 = place(s, "ready", 1, "assistant", creature=True)
    a2 = place(s, "ready", 1, "warrior_of_the_quay", level=1)
    tough = place(s, "ready", 2, "quake_dragon", level=3)  # defense 7: safe
    sp = place(s, "ready", 0, "death_spell", spell=True)
    s = act(s, 0, kind="cast", die=sp)
    assert GAME.pending(s)[0].seat == 0 and s.prompts[0][0] == "kill"
    assert {c.action["target"] for c in GAME.legal_actions(s, 0)} == {a1, a2}
    s = act(s, 0, kind="destroy", target=a2)
    assert a2 in s.used[1] and a1 in s.ready[1] and tough in s.ready[2]


# -- Growth ------------------------------------------------------------------------------------


def test_card_growth_cantrip_immediate_two_quiddity_and_one_more_capture() -> None:
    s = make(["growth_cantrip"])
    sp = place(s, "pool", 0, "growth_cantrip", spell=True)
    refused(s, 0, kind="ready", die=sp)
    s = act(s, 0, kind="cast", die=sp)
    assert s.mana == 2 and s.captures == 2


def test_card_growth_charm_cast_from_ready_gives_three() -> None:
    s = make(["growth_charm"])
    sp = place(s, "pool", 0, "growth_charm", spell=True)
    s = act(s, 0, kind="ready", die=sp)
    s = act(s, 0, kind="cast", die=sp)
    assert s.mana == 3 and sp in s.used[0]


def test_card_growth_incantation_two_quiddity_and_rerolls_two_others() -> None:
    s = make(["growth_incantation"])
    sp = place(s, "pool", 0, "growth_incantation", spell=True)
    a = place(s, "pool", 0, "assistant", quiddity=1)
    b = place(s, "pool", 0, "assistant", quiddity=1)
    c = place(s, "pool", 0, "assistant", quiddity=1)
    refused(s, 0, kind="cast", die=sp, others=[a, b, c])
    out = GAME.apply(s, 0, {"kind": "cast", "die": sp, "others": [a, b]}, rng())
    assert out.state.mana == 2 and out.state.face[c] == s.face[c]
    assert (out.state.face[a], out.state.face[b]) != (-1, -1)


def test_card_growth_spell_two_quiddity_then_draws_and_rolls_one() -> None:
    s = make(["growth_spell"])
    sp = place(s, "pool", 0, "growth_spell", spell=True)
    s = act(s, 0, kind="cast", die=sp)
    assert s.mana == 2 and len(s.pool[0]) == 1 and s.face[s.pool[0][0]] >= 0 and sp in s.used[0]


# -- Life --------------------------------------------------------------------------------------


def test_card_life_cantrip_attached_gives_four_defense() -> None:
    s = make(["life_cantrip"])
    w = place(s, "ready", 0, "warrior_of_the_quay", level=1)
    sp = place(s, "ready", 0, "life_cantrip", spell=True)
    s = act(s, 0, kind="attach", die=sp, to=w)
    assert defense(s, w, 0) == 3 + 4


def _attacked(spell: str, **face: object):  # type: ignore[no-untyped-def]
    s = make([spell])
    sp = place(s, "ready", 1, spell, spell=True, **face)
    return s, sp


def test_card_life_charm_destroyed_creatures_go_to_the_active_pool() -> None:
    s, sp = _attacked("life_charm")
    place(s, "ready", 0, "quake_dragon", level=3)
    v = place(s, "ready", 1, "warrior_of_the_quay", level=1)
    s = act(s, 0, kind="proceed")
    assert s.prompts[0] == ("guard", 1) and GAME.pending(s)[0].kind == "respond"
    s = act(s, 1, kind="cast", die=sp)  # nothing else to cast: the window closes by itself
    assert v in s.pool[1] and s.face[v] == -1 and s.step == CAPTURE


def test_card_life_incantation_sets_one_attackers_attack_to_zero() -> None:
    s, sp = _attacked("life_incantation")
    big = place(s, "ready", 0, "quake_dragon", level=3)
    place(s, "ready", 0, "assistant", creature=True)
    v = place(s, "ready", 1, "warrior_of_the_quay", level=2)  # defense 4
    s = act(s, 0, kind="proceed")
    s = act(s, 1, kind="cast", die=sp, target=big)
    assert v in s.ready[1] and big in s.zeroed


def test_card_life_spell_gives_your_creatures_four_defense_this_turn() -> None:
    s, sp = _attacked("life_spell")
    place(s, "ready", 0, "quake_dragon", level=2)  # 6 attack
    v = place(s, "ready", 1, "warrior_of_the_quay", level=2)  # 4 + 4 defense
    s = act(s, 0, kind="proceed")
    s = act(s, 1, kind="cast", die=sp)
    assert s.step == CAPTURE and v in s.ready[1]
    s = act(s, 0, kind="end_turn")
    assert defense(s, v, 1) == 4


def test_card_life_spell_may_be_cast_between_absorbs_and_keeps_a_lone_absorber_choosing() -> None:
    s, sp = _attacked("life_spell")
    place(s, "ready", 0, "quake_dragon", level=3)  # 8 attack
    w = place(s, "ready", 1, "warrior_of_the_quay", level=2)  # 4 defense
    v = place(s, "ready", 1, "warrior_of_the_quay", level=2)
    s = act(s, 0, kind="proceed")
    s = act(s, 1, kind="pass")  # the guard window passes by ...
    s = act(s, 1, kind="absorb", die=w)  # ... w dies, 4 left: v is the only one left, but not forced
    assert w in s.used[1] and s.step == "attack" and s.remaining == 4
    assert {"kind": "cast", "die": sp} in [c.action for c in GAME.legal_actions(s, 1)]
    s = act(s, 1, kind="cast", die=sp)  # +4: v survives with 8 defense
    assert s.step == CAPTURE and v in s.ready[1]


def test_card_life_spell_unneeded_when_the_lone_absorber_survives_anyway() -> None:
    s, sp = _attacked("life_spell")
    place(s, "ready", 0, "warrior_of_the_quay", level=1)  # 2 attack
    place(s, "ready", 1, "quake_dragon", level=3)  # 7 defense: survives, so no reason to ask
    s = act(s, 0, kind="proceed")
    s = act(s, 1, kind="pass")  # the guard window before the attack
    assert s.step == CAPTURE and sp in s.ready[1]


def test_card_life_spell_victim_of_death_spell_reacts_before_the_pick() -> None:
    s = make(["death_spell", "life_spell"])
    a1 = place(s, "ready", 1, "warrior_of_the_quay", level=2)  # defense 4, 8 with Life Spell
    ls = place(s, "ready", 1, "life_spell", spell=True)
    sp = place(s, "ready", 0, "death_spell", spell=True)
    s = act(s, 0, kind="cast", die=sp)
    assert GAME.pending(s)[0].seat == 1 and GAME.pending(s)[0].kind == "respond"
    s = act(s, 1, kind="cast", die=ls)
    assert a1 in s.ready[1] and not s.prompts and GAME.pending(s)[0].seat == 0  # out of reach: no pick


def test_card_life_incantation_only_before_the_total_is_fixed() -> None:
    s, sp = _attacked("life_incantation")
    place(s, "ready", 0, "quake_dragon", level=3)
    w = place(s, "ready", 1, "warrior_of_the_quay", level=2)
    place(s, "ready", 1, "warrior_of_the_quay", level=2)
    s = act(s, 0, kind="proceed")
    s = act(s, 1, kind="pass")
    err = refused(s, 1, kind="cast", die=sp)
    assert err.allowed is not None and "absorb" in err.allowed.en and err.allowed.ja
    s = act(s, 1, kind="absorb", die=w)
    assert w in s.used[1]


# -- Shaping -----------------------------------------------------------------------------------


def test_card_shaping_cantrip_returns_a_destroyed_creature_as_it_was() -> None:
    s, sp = _attacked("shaping_cantrip")
    place(s, "ready", 0, "quake_dragon", level=3)  # 8
    v = place(s, "ready", 1, "warrior_of_the_quay", level=2)
    fi = s.face[v]
    s = act(s, 0, kind="proceed")
    assert s.prompts[0][0] == "lost" and GAME.pending(s)[0].seat == 1
    s = act(s, 1, kind="cast", die=sp)
    assert v in s.ready[1] and s.face[v] == fi and sp in s.used[1] and s.step == CAPTURE


def test_card_shaping_charm_raises_each_creature_one_level() -> None:
    s = make(["shaping_charm"])
    w = place(s, "ready", 0, "warrior_of_the_quay", level=1)
    top = place(s, "ready", 0, "quake_dragon", level=3)
    sp = place(s, "ready", 0, "shaping_charm", spell=True)
    s = act(s, 0, kind="cast", die=sp)
    faces = s.cards[s.dcard[w]].faces
    assert faces[s.face[w]].level == 2 and s.cards[s.dcard[top]].faces[s.face[top]].level == 3


def test_card_shaping_charm_owner_chooses_among_different_higher_faces() -> None:
    s = make(["shaping_charm"])
    dv = place(s, "ready", 0, "devotee_of_the_holy_query", level=1)  # level 2: 2/4, or 2/4 with a burst
    sp = place(s, "ready", 0, "shaping_charm", spell=True)
    s = act(s, 0, kind="cast", die=sp)
    faces = s.cards[s.dcard[dv]].faces
    options = [c.action for c in GAME.legal_actions(s, 0)]
    assert GAME.pending(s)[0].kind == "choose" and len(options) == 2
    assert faces[options[0]["face"]].burst == 1  # the engine's former pick comes first (the default)
    plain = next(a for a in options if faces[a["face"]].burst == 0)
    s = act(s, 0, **plain)
    assert faces[s.face[dv]].level == 2 and faces[s.face[dv]].burst == 0 and not s.prompts
    assert refused(s, 0, kind="shape", die=dv, face=plain["face"]).allowed is not None


def test_card_shaping_incantation_on_scoring_culls_to_capture_up_to_three_more() -> None:
    s = make(["shaping_incantation"])
    w = place(s, "ready", 1, "assistant", creature=True)
    sp = place(s, "ready", 1, "shaping_incantation", spell=True)
    s.active = 1
    s = act(s, 1, kind="attach", die=sp, to=w)
    s.step = CAPTURE
    s = act(s, 1, kind="end_turn")
    s.step = CAPTURE
    s = act(s, 0, kind="end_turn")
    assert s.prompts[0][0] == "trade"
    legal = [c.action for c in GAME.legal_actions(s, 1)]
    assert {"kind": "trade", "die": sp, "card": "quake_dragon"} not in legal  # 4 + 3 < 8
    s = act(s, 1, kind="trade", die=sp, card="warrior_of_the_quay")  # 4 <= 4 + 3
    assert sp in s.wild[slot(s, "shaping_incantation")]
    assert s.cards[s.dcard[s.used[1][-1]]].id == "warrior_of_the_quay"


def test_card_shaping_spell_destroys_a_spell_die_in_a_ready_area() -> None:
    s = make(["shaping_spell", "life_spell"])
    held = place(s, "ready", 1, "life_spell", spell=True)
    sp = place(s, "ready", 0, "shaping_spell", spell=True)
    s = act(s, 0, kind="cast", die=sp, target=held)
    assert held in s.used[1] and sp in s.used[0]


# -- Victory -----------------------------------------------------------------------------------


def test_card_victory_cantrip_attached_creature_scores_two_more() -> None:
    s = make(["victory_cantrip"])
    w = place(s, "ready", 1, "warrior_of_the_quay", level=1)
    sp = place(s, "ready", 1, "victory_cantrip", spell=True)
    s.attached[w] = (sp,)
    s.ready[1].remove(sp)
    s.step = CAPTURE
    s = act(s, 0, kind="end_turn")
    assert s.glory[1] == 2 + 2 and sp in s.used[1]


def test_card_victory_charm_needs_two_scorers_then_one_glory_each() -> None:
    s = make(["victory_charm"])
    sp = place(s, "ready", 0, "victory_charm", spell=True)
    s.scored = 1
    refused(s, 0, kind="cast", die=sp)
    s.scored = 3
    s = act(s, 0, kind="cast", die=sp)
    assert s.glory[0] == 3


def test_card_victory_incantation_gives_three_glory() -> None:
    s = make(["victory_incantation"])
    sp = place(s, "ready", 0, "victory_incantation", spell=True)
    s = act(s, 0, kind="cast", die=sp)
    assert s.glory[0] == 3


def test_card_victory_spell_after_attack_one_glory_per_hurt_opponent() -> None:
    s = make(["victory_spell"], seats=3)
    sp = place(s, "ready", 0, "victory_spell", spell=True)
    refused(s, 0, kind="cast", die=sp)
    place(s, "ready", 0, "quake_dragon", level=3)
    place(s, "ready", 1, "assistant", creature=True)
    place(s, "ready", 1, "assistant", creature=True)
    s = act(s, 0, kind="proceed")
    assert s.step == CAPTURE and s.hurt == (1,)
    s = act(s, 0, kind="cast", die=sp)
    assert s.glory[0] == 1
