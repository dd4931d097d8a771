"""One test per rule of the turn, building positions directly."""

from __future__ import annotations

import pytest

from engine.core import SPECTATOR, BadOptions, Rng, Viewer
from engine.core.selfplay import derive_secret
from engine.quarriors.game import GAME
from engine.quarriors.state import ATTACK, CAPTURE, MAIN, OVER, copy_state, zones
from tests.quarriors.helpers import act, face_index, make, place, refused, rng, slot


def _setup(seats: int, seed: int = 1):  # type: ignore[no-untyped-def]
    return GAME.setup(seats, GAME.options({}, seats), Rng(derive_secret(seed)))


def test_rule_setup_basic_cards_and_seven_creatures_three_spells_of_distinct_classes() -> None:
    for seed in range(8):
        s = _setup(3, seed)
        kinds = [c.kind for c in s.cards]
        assert [c.id for c in s.cards[:3]] == ["basic_quiddity", "assistant", "portal"]
        assert kinds.count("creature") == 7 and kinds.count("spell") == 3
        classes = [c.die for c in s.cards]
        assert len(set(classes)) == len(classes)


def test_rule_setup_dice_on_cards_and_starting_bags() -> None:
    s = make(seats=4)
    for sl, c in enumerate(s.cards):
        expected = {"basic_quiddity": 0, "assistant": 2}.get(c.id, 5)
        assert len(s.wild[sl]) == expected
    for bag in s.bag:
        names = sorted(s.cards[s.dcard[d]].id for d in bag)
        assert names == ["assistant"] * 4 + ["basic_quiddity"] * 8
    assert sorted(zones(s)) == list(range(len(s.face)))


@pytest.mark.parametrize(("seats", "goal"), [(2, 20), (3, 15), (4, 12)])
def test_rule_glory_needed_depends_on_player_count(seats: int, goal: int) -> None:
    assert _setup(seats).goal == goal


def test_rule_players_may_choose_the_cards_but_never_two_of_a_class() -> None:
    with pytest.raises(BadOptions):
        GAME.options({"cards": ["deathdealer", "mighty_deathdealer"]}, 2)
    with pytest.raises(BadOptions):
        GAME.options({}, 5)


def test_rule_first_turn_draws_six_dice_and_rolls_them() -> None:
    s = _setup(2)
    assert s.step == MAIN and s.active == 0
    assert len(s.pool[0]) == 6 and all(s.face[d] >= 0 for d in s.pool[0])
    assert len(s.bag[0]) == 6
    assert GAME.pending(s)[0].seat == 0 and GAME.pending(s)[0].kind == "turn"


def test_rule_short_bag_takes_all_then_refills_from_used_pile() -> None:
    s = make()
    s.step = CAPTURE
    keep = list(s.bag[0])
    s.bag = ((keep[0], keep[1]), s.bag[1])
    s.used[0] = keep[2:]
    s.active = 1
    s.step = CAPTURE
    s = act(s, 1, kind="end_turn")
    assert s.active == 0 and len(s.pool[0]) == 6
    assert keep[0] in s.pool[0] and keep[1] in s.pool[0]
    assert len(s.bag[0]) == 6 and s.used[0] == []


def test_rule_score_creatures_then_cull_one_die_per_creature() -> None:
    s = make()
    a = place(s, "ready", 1, "assistant", creature=True)
    w = place(s, "ready", 1, "warrior_of_the_quay", creature=True)
    place(s, "used", 1, "basic_quiddity")
    s.step = CAPTURE
    s = act(s, 0, kind="end_turn")
    assert s.glory[1] == 1 + 2
    assert a in s.used[1] and w in s.used[1]
    assert s.prompts[0] == ("cull", 1, 2)
    assert GAME.pending(s)[0].seat == 1
    s = act(s, 1, kind="cull", die=w)  # the scored creature itself may be culled
    assert w in s.wild[slot(s, "warrior_of_the_quay")]
    s = act(s, 1, kind="skip")
    assert s.step == MAIN and len(s.pool[1]) == 6


def test_rule_reaching_the_glory_threshold_ends_the_game_at_once() -> None:
    s = make()
    s.glory[1] = 19
    place(s, "ready", 1, "warrior_of_the_quay", creature=True)
    s.step = CAPTURE
    s = act(s, 0, kind="end_turn")
    assert s.step == OVER and GAME.pending(s) == ()
    out = GAME.outcome(s)
    assert out is not None and out.winners == (1,)


def test_rule_summon_pays_quiddity_equal_to_level() -> None:
    s = make()
    q1 = place(s, "pool", 0, "basic_quiddity", quiddity=2)
    w = place(s, "pool", 0, "warrior_of_the_quay", level=2)
    s = act(s, 0, kind="summon", die=w)
    assert w in s.ready[0] and q1 in s.used[0]


def test_rule_summon_refused_without_enough_quiddity() -> None:
    s = make()
    place(s, "pool", 0, "basic_quiddity", quiddity=1)
    w = place(s, "pool", 0, "warrior_of_the_quay", level=2)
    err = refused(s, 0, kind="summon", die=w)
    assert "quiddity" in err.what.en


def test_rule_readying_a_spell_is_free() -> None:
    s = make()
    sp = place(s, "pool", 0, "death_cantrip", spell=True)
    s = act(s, 0, kind="ready", die=sp)
    assert sp in s.ready[0] and s.mana == 0


def test_rule_immediate_effects_close_once_you_summon() -> None:
    s = make()
    place(s, "pool", 0, "basic_quiddity", quiddity=1)
    a = place(s, "pool", 0, "assistant", creature=True)
    p = place(s, "pool", 0, "portal", draw=2)
    s = act(s, 0, kind="summon", die=a)
    refused(s, 0, kind="use", die=p)


def test_rule_portal_spends_itself_to_draw_and_roll() -> None:
    s = make()
    p = place(s, "pool", 0, "portal", draw=2)
    s = act(s, 0, kind="use", die=p)
    assert p in s.used[0] and len(s.pool[0]) == 2 and all(s.face[d] >= 0 for d in s.pool[0])


def test_rule_assistant_rerolls_itself_and_one_other_die() -> None:
    s = make()
    a = place(s, "pool", 0, "assistant", reroll=2)
    w = place(s, "pool", 0, "warrior_of_the_quay", quiddity=1)
    s2 = GAME.apply(s, 0, {"kind": "reroll", "die": a, "other": w}, Rng(b"y" * 32))
    r = Rng(b"y" * 32)
    x = r.below(36)
    assert (s2.state.face[a], s2.state.face[w]) == (x % 6, x // 6)
    # alone is allowed as well (ruling)
    act(s, 0, kind="reroll", die=a)


def _attack_position(seats: int = 2):  # type: ignore[no-untyped-def]
    s = make(seats=seats)
    return s


def test_rule_attack_destroys_on_equal_defense() -> None:
    s = _attack_position()
    place(s, "ready", 0, "warrior_of_the_quay", level=1)  # 2 attack
    v = place(s, "ready", 1, "assistant", creature=True)  # 2 defense
    s = act(s, 0, kind="proceed")
    assert v in s.used[1] and s.step == CAPTURE


def test_rule_creature_survives_when_attack_is_below_defense_and_absorbs_it_all() -> None:
    s = _attack_position()
    place(s, "ready", 0, "warrior_of_the_quay", level=1)  # 2 attack (+3 vs a lone creature)
    place(s, "ready", 0, "assistant", creature=True)  # 1 attack
    d1 = place(s, "ready", 1, "devotee_of_the_holy_query", level=2, burst=1)  # 4+2 defense
    d2 = place(s, "ready", 1, "assistant", creature=True)
    s = act(s, 0, kind="proceed")
    assert s.step == ATTACK and GAME.pending(s)[0].seat == 1 and GAME.pending(s)[0].kind == "defend"
    assert s.remaining == 3
    s = act(s, 1, kind="absorb", die=d1)
    assert d1 in s.ready[1] and d2 in s.ready[1] and s.step == CAPTURE


def test_rule_remaining_attack_continues_after_a_destroyed_defender() -> None:
    s = _attack_position()
    place(s, "ready", 0, "quake_dragon", level=3)  # 8 attack
    d1 = place(s, "ready", 1, "warrior_of_the_quay", level=2)  # 4 defense
    d2 = place(s, "ready", 1, "devotee_of_the_holy_query", level=2, burst=1)  # 6 defense
    s = act(s, 0, kind="proceed")
    s = act(s, 1, kind="absorb", die=d1)
    assert d1 in s.used[1] and s.step == CAPTURE  # 4 left < 6: the second one is forced and survives
    assert d2 in s.ready[1]


def test_rule_every_defender_in_seat_order_from_the_left_faces_the_full_total() -> None:
    s = make(seats=4)
    s.active = 2
    place(s, "ready", 2, "warrior_of_the_quay", level=2)  # 3
    place(s, "ready", 2, "assistant", creature=True)  # 1 -> 4 total
    victims = {}
    for q in (3, 0, 1):
        victims[q] = (place(s, "ready", q, "assistant", creature=True),
                      place(s, "ready", q, "assistant", creature=True))
    s = act(s, 2, kind="proceed")
    order = []
    while s.step == ATTACK:
        seat = GAME.pending(s)[0].seat
        order.append(seat)
        assert s.remaining == 4
        s = act(s, seat, kind="absorb", die=victims[seat][0])
    assert order == [3, 0, 1]
    for q in (3, 0, 1):
        assert all(v in s.used[q] for v in victims[q])


def test_rule_capture_takes_one_die_into_the_used_pile() -> None:
    s = make()
    s.step = CAPTURE
    place(s, "pool", 0, "basic_quiddity", quiddity=2)
    place(s, "pool", 0, "basic_quiddity", quiddity=2)
    before = len(s.wild[slot(s, "warrior_of_the_quay")])
    s = act(s, 0, kind="capture", card="warrior_of_the_quay")
    assert len(s.wild[slot(s, "warrior_of_the_quay")]) == before - 1
    assert s.cards[s.dcard[s.used[0][-1]]].id == "warrior_of_the_quay"
    refused(s, 0, kind="capture", card="assistant")  # only one capture a turn


def test_rule_capture_comes_after_the_attack() -> None:
    s = make()
    place(s, "pool", 0, "basic_quiddity", quiddity=2)
    refused(s, 0, kind="capture", card="assistant")


def test_rule_end_of_turn_moves_pool_to_used_and_may_discard_ready_spells() -> None:
    s = make()
    s.step = CAPTURE
    q = place(s, "pool", 0, "basic_quiddity", quiddity=1)
    sp = place(s, "ready", 0, "death_cantrip", spell=True)
    s = act(s, 0, kind="discard", die=sp)
    assert sp in s.used[0]
    s = act(s, 0, kind="end_turn")
    assert q in s.used[0] and s.pool[0] == [] and s.active == 1 and s.turn == 2


def test_rule_four_empty_creature_cards_end_the_game_most_glory_wins() -> None:
    s = make()
    for cid in ("deathdealer", "ghostly_spirit", "quake_dragon"):
        sl = slot(s, cid)
        s.used[1].extend(s.wild[sl])
        s.wild = (*s.wild[:sl], (), *s.wild[sl + 1:])
    sl = slot(s, "warrior_of_the_quay")
    s.used[1].extend(s.wild[sl][1:])
    s.wild = (*s.wild[:sl], s.wild[sl][:1], *s.wild[sl + 1:])
    s.glory = [5, 5]
    place(s, "ready", 1, "assistant", creature=True)
    s.step = CAPTURE
    place(s, "pool", 0, "basic_quiddity", quiddity=2)
    place(s, "pool", 0, "basic_quiddity", quiddity=2)
    s = act(s, 0, kind="capture", card="warrior_of_the_quay")
    assert s.step == OVER
    out = GAME.outcome(s)
    assert out is not None and out.winners == (1,)  # tie on glory, more dice in the ready area


def test_rule_only_empty_creature_cards_count_towards_the_end() -> None:
    """The end's check first counts every empty card (basic and spell cards too) and stops
    below four: four empty creature cards end the game while every other card holds dice,
    and three do not however many other cards are empty."""
    s = make()
    basic = slot(s, "basic_quiddity")
    s.wild = (*s.wild[:basic], (s.bag[1][0],), *s.wild[basic + 1:])  # no card empty but the creatures below
    s.bag = (s.bag[0], s.bag[1][1:])
    for cid in ("deathdealer", "ghostly_spirit", "quake_dragon", "warrior_of_the_quay"):
        sl = slot(s, cid)
        s.used[1].extend(s.wild[sl])
        s.wild = (*s.wild[:sl], (), *s.wild[sl + 1:])
    assert s.wild.count(()) == 4
    s.step = CAPTURE
    assert act(s, 0, kind="end_turn").step == OVER
    s = make()
    for cid in ("deathdealer", "ghostly_spirit", "quake_dragon", "death_cantrip", "growth_cantrip", "life_spell"):
        sl = slot(s, cid)
        s.used[1].extend(s.wild[sl])
        s.wild = (*s.wild[:sl], (), *s.wild[sl + 1:])
    s.step = CAPTURE
    assert act(s, 0, kind="end_turn").step != OVER


def test_rule_empty_cards_tie_on_glory_and_ready_dice_is_shared() -> None:
    s = make()
    for cid in ("deathdealer", "ghostly_spirit", "quake_dragon", "warrior_of_the_quay"):
        sl = slot(s, cid)
        s.used[1].extend(s.wild[sl])
        s.wild = (*s.wild[:sl], (), *s.wild[sl + 1:])
    s.step = CAPTURE
    s = act(s, 0, kind="end_turn")
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0, 1)


def test_rule_reaction_spells_cannot_be_cast_on_your_own_turn() -> None:
    s = make()
    sp = place(s, "ready", 0, "life_spell", spell=True)
    refused(s, 0, kind="cast", die=sp)


def test_rule_illegal_action_is_refused_and_changes_nothing() -> None:
    s = make()
    refused(s, 0, kind="summon", die=9999)
    refused(s, 0, kind="fly")
    refused(s, 0, kind="end_turn")


def test_rule_only_the_pending_seat_may_act() -> None:
    s = make()
    refused(s, 1, kind="proceed")


def test_view_bag_contents_are_counts_for_others_and_faces_are_public() -> None:
    s = _setup(3)
    own = GAME.view(s, Viewer(seat=0))
    other = GAME.view(s, Viewer(seat=1))
    assert isinstance(own["players"][0]["bag"], list)
    assert other["players"][0]["bag"] == {"hidden": len(s.bag[0])}
    assert GAME.view(s, SPECTATOR)["players"][1]["bag"] == {"hidden": len(s.bag[1])}
    assert [d["face"] for d in other["players"][0]["pool"]] == [d["face"] for d in own["players"][0]["pool"]]


def test_scenario_full_turn_summon_attack_capture_end() -> None:
    s = make()
    q = [place(s, "pool", 0, "basic_quiddity", quiddity=2) for _ in range(3)]
    w = place(s, "pool", 0, "warrior_of_the_quay", level=2)  # 3 attack, +3 vs a lone creature
    v = place(s, "ready", 1, "devotee_of_the_holy_query", level=1)  # 3 defense
    s = act(s, 0, kind="summon", die=w)
    assert q[0] in s.used[0]
    s = act(s, 0, kind="proceed")
    assert v in s.used[1] and s.step == CAPTURE
    s = act(s, 0, kind="capture", card="assistant")
    assert not any(d in s.pool[0] for d in q[:1])
    s = act(s, 0, kind="end_turn")
    assert s.active == 1 and s.step == MAIN and w in s.ready[0]
    # seat 0 scores the warrior at the start of its next turn
    s.step = CAPTURE
    for d in s.pool[1]:
        s.face[d] = face_index(s, d, quiddity=1) if s.cards[s.dcard[d]].id == "basic_quiddity" else s.face[d]
    s = act(s, 1, kind="end_turn")
    assert s.glory[0] == 2 and w in s.used[0]
    assert copy_state(s) == s


def test_render_board_and_private_in_both_languages_are_whole_with_a_key() -> None:
    from bot.render import quarriors as render
    from engine.core.selfplay import play_bots

    played = play_bots(GAME, 4, 7)
    for state in (_setup(4), played.state):
        for locale in ("en", "ja"):
            text = render.board(GAME.view(state, SPECTATOR), locale)
            assert text and not text.endswith("…")  # never clipped: the Discord front end splits long boards
            assert text.splitlines()[-1].startswith("記号：" if locale == "ja" else "Key: ")
            mine = render.private(GAME.view(state, Viewer(seat=0)), 0, locale)
            assert ("バッグ" if locale == "ja" else "Bag") in mine
    assert "魔力源" in render.board(GAME.view(_setup(2), SPECTATOR), "ja")


def test_rule_draws_from_a_very_large_bag_pick_distinct_dice() -> None:
    from engine.quarriors.bag import draw
    from engine.quarriors.flow import roll_phase

    s = make(seats=2)
    big = tuple(range(len(s.face)))  # every die, as if all were in one bag
    s.bag = (big, ())
    got = draw(s, 0, 6, rng())
    assert len(set(got)) == 6 and len(s.bag[0]) == len(big) - 6
    s.pool[0] = list(range(10))
    s.bag = (tuple(range(10, len(s.face))), ())
    roll_phase(s, rng())
    assert len(s.pool[0]) == 16 and all(s.face[d] >= 0 for d in s.pool[0])


def test_rule_malformed_arguments_are_refused_without_change() -> None:
    s = make()
    s.step = CAPTURE
    refused(s, 0, kind="capture", card=["a", "b"])
    refused(s, 0, kind="capture", card=3)
    s.step = MAIN
    refused(s, 0, kind="summon", die="x")
    refused(s, 0, kind="cast", die=True)
    refused(s, 0, kind="reroll", die=-1)


def test_rule_cull_answers_must_name_a_die_of_your_used_pile() -> None:
    s = make()
    place(s, "ready", 1, "assistant", creature=True)
    mine = place(s, "used", 1, "basic_quiddity")
    theirs = place(s, "used", 0, "basic_quiddity")
    s.step = CAPTURE
    s = act(s, 0, kind="end_turn")
    assert s.prompts[0][0] == "cull"
    refused(s, 1, kind="cull", die=theirs)
    refused(s, 1, kind="cull", die=mine, extra=1)
    refused(s, 1, kind="summon", die=mine)
    s = act(s, 1, kind="cull", die=mine)
    assert mine in s.wild[slot(s, "basic_quiddity")]


def test_rule_payment_spends_the_dice_that_waste_least() -> None:
    s = make()
    ones = [place(s, "pool", 0, "basic_quiddity", quiddity=1) for _ in range(2)]
    two = place(s, "pool", 0, "basic_quiddity", quiddity=2)
    w = place(s, "pool", 0, "warrior_of_the_quay", level=2)
    s = act(s, 0, kind="summon", die=w)
    assert two in s.used[0] and all(o in s.pool[0] for o in ones)
    s2 = make()
    s2.mana = 1
    q = place(s2, "pool", 0, "basic_quiddity", quiddity=2)
    a = place(s2, "pool", 0, "assistant", creature=True)
    s2 = act(s2, 0, kind="summon", die=a)  # banked quiddity pays first, the die is kept
    assert q in s2.pool[0] and s2.mana == 0


def test_rule_player_may_name_the_dice_that_pay() -> None:
    s = make()
    ones = [place(s, "pool", 0, "basic_quiddity", quiddity=1) for _ in range(2)]
    two = place(s, "pool", 0, "basic_quiddity", quiddity=2)
    w = place(s, "pool", 0, "warrior_of_the_quay", level=2)
    listed = [c.action for c in GAME.legal_actions(s, 0) if c.action["kind"] == "summon"]
    assert {"kind": "summon", "die": w} in listed and {"kind": "summon", "die": w, "pay": ones} in listed
    s = act(s, 0, kind="summon", die=w, pay=ones)  # not the engine's pick (the 2)
    assert all(o in s.used[0] for o in ones) and two in s.pool[0] and w in s.ready[0]


def test_rule_named_payment_must_be_pool_quiddity_enough_and_not_wasteful() -> None:
    s = make()
    one = place(s, "pool", 0, "basic_quiddity", quiddity=1)
    two = place(s, "pool", 0, "basic_quiddity", quiddity=2)
    other = place(s, "pool", 0, "basic_quiddity", quiddity=2)
    w = place(s, "pool", 0, "warrior_of_the_quay", level=2)
    assert "needed" in refused(s, 0, kind="summon", die=w, pay=[one]).what.en
    assert "needed" in refused(s, 0, kind="summon", die=w, pay=[one, two]).what.en  # the 1 is superfluous
    assert "each once" in refused(s, 0, kind="summon", die=w, pay=[two, two]).what.en
    err = refused(s, 0, kind="summon", die=w, pay=[w])
    assert err.allowed is not None and f"d{two}" in err.allowed.en and err.allowed.ja
    s.mana = 1
    s2 = act(s, 0, kind="summon", die=w, pay=[one])  # the die plus banked quiddity
    assert one in s2.used[0] and two in s2.pool[0] and other in s2.pool[0] and s2.mana == 0


def test_rule_forced_absorb_by_the_only_creature_left_is_logged() -> None:
    s = _attack_position()
    place(s, "ready", 0, "quake_dragon", level=3)  # 8 attack
    d1 = place(s, "ready", 1, "warrior_of_the_quay", level=2)  # 4 defense
    d2 = place(s, "ready", 1, "devotee_of_the_holy_query", level=2, burst=1)  # 6 defense
    s = act(s, 0, kind="proceed")
    t = GAME.apply(s, 1, {"kind": "absorb", "die": d1}, rng())
    lines = [x.en for x in t.log]
    assert any("destroyed" in x and f"d{d1}" in x for x in lines)
    assert any(x.startswith("Forced") and f"d{d2}" in x for x in lines)
    assert all(x.ja for x in t.log) and t.state.notes == ()


def test_rule_every_refusal_says_what_is_allowed_instead_in_both_languages() -> None:
    s = make()
    q = place(s, "pool", 0, "basic_quiddity", quiddity=1)
    w = place(s, "pool", 0, "warrior_of_the_quay", level=1)
    attempts = [dict(kind="summon", die=q), dict(kind="ready", die=w), dict(kind="cast", die=w),
                dict(kind="summon", die=999), dict(kind="capture", card="portal"), dict(kind="end_turn"),
                dict(kind="attach", die=q, to=w), dict(kind="discard", die=q), dict(kind="fly")]
    for a in attempts:
        err = refused(s, 0, **a)
        assert err.allowed is not None and err.allowed.en and err.allowed.ja, a
        assert err.what.ja != err.what.en
    err = refused(s, 0, kind="ready", die=w)
    assert "summon" in err.allowed.en and "proceed" in err.allowed.ja  # type: ignore[union-attr]
