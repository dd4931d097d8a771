"""Burst conditions: the single-burst and no-burst faces of cards whose power depends on them."""

from __future__ import annotations

from engine.quarriors.state import CAPTURE, MAIN, QState
from engine.quarriors.stats import attack, defense, summon_cost
from tests.quarriors.helpers import act, make, place


def _score(s: QState) -> QState:
    s.step = CAPTURE
    return act(s, 0, kind="end_turn")


def test_card_mighty_defender_of_the_pale_single_burst_surcharge_is_one() -> None:
    s = make(["mighty_defender_of_the_pale"])
    place(s, "ready", 1, "mighty_defender_of_the_pale", level=1, burst=1)
    a = place(s, "pool", 0, "assistant", creature=True)
    assert summon_cost(s, a, 0) == 2
    assert summon_cost(s, a, 1) == 1  # not against its owner


def test_card_strong_defender_of_the_pale_single_burst_draws_one() -> None:
    s = make(["strong_defender_of_the_pale"])
    place(s, "ready", 1, "strong_defender_of_the_pale", level=1, burst=1)
    s = _score(s)
    s = act(s, 1, kind="skip")
    assert s.step == MAIN and len(s.pool[1]) == 7


def test_card_death_charm_single_burst_gives_three() -> None:
    s = make(["death_charm"])
    w = place(s, "ready", 0, "warrior_of_the_quay", level=1)
    sp = place(s, "ready", 0, "death_charm", spell=True, burst=1)
    s = act(s, 0, kind="attach", die=sp, to=w)
    assert (attack(s, w, 0), defense(s, w, 0)) == (5, 6)


def test_card_mighty_quake_dragon_single_burst_defense_only() -> None:
    s = make(["mighty_quake_dragon"])
    d = place(s, "ready", 1, "mighty_quake_dragon", level=2, burst=1)
    assert defense(s, d, 1) == 6 + 1
    s = _score(s)
    assert s.glory[1] == 4


def test_card_defender_of_the_pale_double_burst_also_counts_each_other_scorer() -> None:
    s = make(["defender_of_the_pale"])
    place(s, "ready", 1, "defender_of_the_pale", level=3, burst=2)
    place(s, "ready", 1, "assistant", creature=True)
    s = _score(s)
    assert s.glory[1] == 2 + 1 + 1


def test_card_strong_devotee_of_the_holy_query_without_burst_takes_nothing() -> None:
    s = make(["strong_devotee_of_the_holy_query", "life_spell"])
    place(s, "ready", 1, "strong_devotee_of_the_holy_query", level=2, burst=0)
    s = _score(s)
    assert all(pr[0] != "take" for pr in s.prompts)


def test_card_scavenging_goblin_without_burst_gives_nothing() -> None:
    s = make(["scavenging_goblin"])
    g = place(s, "pool", 0, "scavenging_goblin", level=1, burst=0)
    place(s, "pool", 0, "basic_quiddity", quiddity=1)
    s = act(s, 0, kind="summon", die=g)
    assert s.mana == 0


def test_card_mighty_scavenging_goblin_without_burst_draws_nothing() -> None:
    s = make(["mighty_scavenging_goblin"])
    place(s, "ready", 0, "quake_dragon", level=3)
    g = place(s, "ready", 1, "mighty_scavenging_goblin", level=1, burst=0)
    s = act(s, 0, kind="proceed")
    assert g in s.used[1] and s.pool[1] == []


def test_card_strong_scavenging_goblin_without_burst_has_no_bonus() -> None:
    s = make(["strong_scavenging_goblin"])
    g = place(s, "ready", 0, "strong_scavenging_goblin", level=1, burst=0)
    place(s, "ready", 0, "assistant", creature=True)
    assert defense(s, g, 0) == 2
