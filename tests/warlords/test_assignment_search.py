"""The loss assignments a battle weighs come from every subset's total and largest value,
worked out once per side (`removal._subsets`): they are exactly what summing each subset
and asking `legal_assignment` of it finds, the automatic choice and every alternative."""

from __future__ import annotations

import random

from engine.warlords.removal import assignments, covering, legal_assignment, sole_assignment

from .helpers import Table


def _covering_by_sums(values: dict[str, int], loss: int) -> list[str]:
    """`covering` as a plain search: the subset with the smallest covering total, then fewest, then ids."""
    ids = sorted(values)
    if loss <= 0 or not ids:
        return []
    if sum(values.values()) <= loss:
        return ids
    subsets = [[ids[k] for k in range(len(ids)) if mask >> k & 1] for mask in range(1, 1 << len(ids))]
    covers = [(sum(values[c] for c in chosen), len(chosen), chosen) for chosen in subsets]
    return min((c for c in covers if c[0] >= loss), default=(0, 0, ids))[2]


def _legal_subsets(values: dict[str, int], loss: int) -> set[tuple[str, ...]]:
    ids = sorted(values)
    subsets = [tuple(ids[k] for k in range(len(ids)) if mask >> k & 1) for mask in range(1, 1 << len(ids))]
    return {c for c in subsets if legal_assignment(values, loss, list(c))}


def test_the_automatic_choice_and_the_alternatives_are_what_summing_each_subset_finds() -> None:
    rng = random.Random(7)
    t = Table(2)
    cards = ["army_light_infantry", "army_heavy_infantry", "army_cavalry", "army_giant_warriors", "army_militia"]
    ids = [t.card(0, cards[k % len(cards)]) for k in range(9)]
    alternatives = 0
    for _ in range(300):
        units = rng.sample(ids, rng.randint(1, 7))
        values = {u: rng.randint(1, 9) for u in units}
        for loss in range(0, sum(values.values()) + 2):
            auto = covering(values, loss)
            assert auto == _covering_by_sums(values, loss), (values, loss)
            every = assignments(t.s, values, loss)
            assert every[0] == auto
            legal = _legal_subsets(values, loss)
            assert all(tuple(sorted(c)) in legal for c in every[1:]), (values, loss)
            # one per distinct set of cards: every legal subset's cards are among those offered
            offered = {tuple(sorted(t.s.cards[u] for u in c)) for c in every}
            if 0 < loss < sum(values.values()):
                assert {tuple(sorted(t.s.cards[u] for u in c)) for c in legal} == offered, (values, loss)
            assert sole_assignment(t.s, values, loss) == (auto if len(every) == 1 else None)
            alternatives += len(every) > 1
    assert alternatives
