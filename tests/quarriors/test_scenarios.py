"""Scenario tests: several decisions by several players in one turn."""

from __future__ import annotations

from engine.core import SPECTATOR
from engine.quarriors.game import GAME
from engine.quarriors.state import ATTACK, CAPTURE, MAIN
from engine.quarriors.stats import attack, defense
from tests.quarriors.helpers import act, make, place, refused


def test_scenario_death_incantation_gives_the_victim_a_window_on_the_active_turn() -> None:
    s = make(["death_incantation", "shaping_cantrip"])
    victim = place(s, "ready", 1, "warrior_of_the_quay", level=2)
    save = place(s, "ready", 1, "shaping_cantrip", spell=True)
    kill = place(s, "ready", 0, "death_incantation", spell=True, burst=1)
    s = act(s, 0, kind="cast", die=kill, target=victim)
    assert GAME.pending(s)[0].seat == 1 and GAME.pending(s)[0].kind == "respond"
    assert GAME.view(s, SPECTATOR)["question"] == {"kind": "lost", "seat": 1, "die": f"d{victim}"}
    refused(s, 0, kind="proceed")
    s = act(s, 1, kind="cast", die=save)
    assert victim in s.ready[1] and s.step == MAIN and GAME.pending(s)[0].seat == 0


def test_scenario_three_players_attack_with_reactions_and_choices() -> None:
    s = make(["life_spell"], seats=3)
    place(s, "ready", 0, "quake_dragon", level=2)  # 6 attack
    a1 = place(s, "ready", 1, "warrior_of_the_quay", level=2)  # 4
    a2 = place(s, "ready", 1, "assistant", creature=True)  # level 1: quaked
    shield = place(s, "ready", 2, "life_spell", spell=True)
    b1 = place(s, "ready", 2, "warrior_of_the_quay", level=2)
    b2 = place(s, "ready", 2, "devotee_of_the_holy_query", level=2)
    s = act(s, 0, kind="proceed")
    # seat 2 (left of seat 1) has no reaction: the quake kills the assistant, the warrior takes 6
    assert a2 in s.used[1] and a1 in s.used[1]
    assert GAME.pending(s)[0].seat == 2 and s.prompts[0][0] == "guard"
    s = act(s, 2, kind="cast", die=shield)
    assert s.step == ATTACK and GAME.pending(s)[0].kind == "defend"
    s = act(s, 2, kind="absorb", die=b2)  # 4 + 4 defense against 6: survives and absorbs it all
    assert b1 in s.ready[2] and b2 in s.ready[2] and s.step == CAPTURE
    assert s.hurt == (1,)


def test_scenario_strong_ooze_copying_a_copy_copies_the_original() -> None:
    s = make(["strong_primordial_ooze"], seats=3)
    dragon = place(s, "ready", 2, "quake_dragon", level=3)
    theirs = place(s, "ready", 1, "strong_primordial_ooze", level=2)
    s.copies[theirs] = (s.dcard[dragon], s.face[dragon])
    mine = place(s, "pool", 0, "strong_primordial_ooze", level=2)
    place(s, "pool", 0, "basic_quiddity", quiddity=2)
    s = act(s, 0, kind="summon", die=mine)
    s = act(s, 0, kind="copy", target=theirs)
    assert s.copies[mine] == (s.dcard[dragon], s.face[dragon])
    assert (attack(s, mine, 0), defense(s, mine, 0)) == (8, 7)


def test_scenario_turns_count_up_and_describe_is_bilingual() -> None:
    s = make()
    s.step = CAPTURE
    label = GAME.describe(s, 0, {"kind": "end_turn"})
    assert label.en and label.ja and label.en != label.ja
    s = act(s, 0, kind="end_turn")
    assert GAME.turn(s) == 2 and s.active == 1
