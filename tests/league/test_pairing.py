"""Pairing rules checked against the definitions, computed here independently:
avoidable rematches by enumerating every possible pairing of small fields."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from events.league.pairing import (
    bracket,
    elimination_round,
    explain_swiss,
    met_pairs,
    next_slots,
    pod_sizes,
    pod_swiss,
    round_robin,
    round_robin_rounds,
    swiss,
)

BYE = None


def perfect_pairings(players: list[str]) -> list[list[tuple[str, str | None]]]:
    """Every way to seat `players` two by two, one of them alone when odd."""
    if not players:
        return [[]]
    if len(players) % 2:
        return [[(p, BYE), *rest] for i, p in enumerate(players)
                for rest in perfect_pairings(players[:i] + players[i + 1:])]
    first, others = players[0], players[1:]
    return [[(first, q), *rest] for i, q in enumerate(others) for rest in perfect_pairings(others[:i] + others[i + 1:])]


def rematches(pairs: list[tuple[str, str | None]], met: set[frozenset[str]]) -> int:
    return sum(1 for a, b in pairs if b is not BYE and frozenset((a, b)) in met)


def as_pairs(tables: tuple[tuple[str, ...], ...], byes: tuple[str, ...]) -> list[tuple[str, str | None]]:
    return [(t[0], t[1]) for t in tables] + [(b, BYE) for b in byes]


@st.composite
def seasons(draw: st.DrawFn) -> tuple[list[str], list[set[str]], list[list[float]]]:
    """A field, who drops before each round, and the score each table gives."""
    n = draw(st.integers(2, 9))
    players = [f"p{i}" for i in range(n)]
    rounds = draw(st.integers(1, n - 1))
    drops = [set(draw(st.lists(st.sampled_from(players), max_size=2))) for _ in range(rounds)]
    results = [draw(st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=n, max_size=n)) for _ in range(rounds)]
    return players, drops, results


@given(seasons())
def test_swiss_rounds_keep_every_promise(season: tuple[list[str], list[set[str]], list[list[float]]]) -> None:
    players, drops, results = season
    met: set[frozenset[str]] = set()
    had_bye: Counter[str] = Counter()
    score = dict.fromkeys(players, 0.0)
    dropped: set[str] = set()
    for drop, result in zip(drops, results, strict=True):
        dropped |= drop
        order = sorted((p for p in players if p not in dropped), key=lambda p: (-score[p], players.index(p)))
        if len(order) < 2:
            break
        pairing = swiss(order, score, met, set(had_bye))
        seated = pairing.players()
        assert sorted(seated) == sorted(order)  # every active player exactly once; nobody dropped
        ours = as_pairs(pairing.tables, pairing.byes)
        # Only pairings that give a bye to someone without one; a second bye only when every player
        # left had one (drops can shrink the field that far).
        avoidable = any(p not in had_bye for p in order)
        possible = [p for p in perfect_pairings(order)
                    if not avoidable or all(b is not BYE or a not in had_bye for a, b in p)]
        least = min(rematches(p, met) for p in possible)
        assert rematches(ours, met) == least
        if pairing.byes:
            (bye,) = pairing.byes
            assert had_bye[bye] == 0 or not avoidable
            # Among the pairings with as few rematches, none gives the bye to someone ranked lower.
            lowest = max(order.index(a) for p in possible if rematches(p, met) == least for a, b in p if b is BYE)
            assert order.index(bye) == lowest
        for k, (a, b) in enumerate(pairing.tables):
            met.add(frozenset((a, b)))
            score[a] += result[k]
            score[b] += 1.0 - result[k]
        for b in pairing.byes:
            had_bye[b] += 1
            score[b] += 1.0


def test_swiss_pairs_equal_scores_and_explains_a_forced_rematch() -> None:
    order = ["a", "b", "c", "d"]
    score = {"a": 2.0, "b": 2.0, "c": 0.0, "d": 0.0}
    fresh = swiss(order, score, set(), set())
    assert set(fresh.tables) == {("a", "b"), ("c", "d")}
    # With a-b and c-d met, the next best avoids both rematches.
    met = {frozenset("ab"), frozenset("cd")}
    again = swiss(order, score, met, set())
    assert not any(frozenset(t) in met for t in again.tables)
    # Three players who all met: a rematch cannot be avoided, and the explanation says so.
    trio = ["a", "b", "c"]
    met3 = {frozenset("ab"), frozenset("bc"), frozenset("ac")}
    forced = swiss(trio, {}, met3, {"c"})
    assert forced.byes == ("b",)  # c had one; b is the lowest without
    why = explain_swiss(trio, {}, met3, {"c"}, forced)
    assert {"kind": "table", "players": ["a", "c"], "places": [1, 3], "scores": [0.0, 0.0], "rematch": True} in why
    assert {"kind": "bye", "player": "b", "place": 2, "had_bye_below": ["c"], "second": False} in why


@given(st.integers(2, 11))
def test_round_robin_meets_everyone_once(n: int) -> None:
    players = [f"p{i}" for i in range(n)]
    meetings: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    for r in range(1, round_robin_rounds(n) + 1):
        pairing = round_robin(players, r)
        assert sorted(pairing.players()) == sorted(players)
        meetings.update(frozenset(t) for t in pairing.tables)
        byes.update(pairing.byes)
    assert set(meetings) == {frozenset(p) for p in combinations(players, 2)}
    assert set(meetings.values()) == {1}
    assert byes == (Counter(players) if n % 2 else Counter())


@given(st.integers(3, 20), st.integers(3, 8))
def test_pods_seat_everyone_in_sizes_the_game_takes(n: int, pod: int) -> None:
    sizes = pod_sizes(n, pod)
    assert sum(sizes) == n and all(2 <= s <= pod for s in sizes) and max(sizes) - min(sizes) <= 1
    players = [f"p{i}" for i in range(n)]
    for r in (1, 2):
        assert sorted(round_robin(players, r, pod).players()) == sorted(players)
    assert sorted(pod_swiss(players, {}, set(), pod).players()) == sorted(players)


def test_pod_swiss_avoids_repeat_opponents() -> None:
    order = list("abcdefghi")
    met = met_pairs([("a", "b", "c"), ("d", "e", "f"), ("g", "h", "i")])
    pods = pod_swiss(order, {}, met, 3)
    assert not any(frozenset(pair) in met for t in pods.tables for pair in combinations(t, 2))
    # Twelve in fours after three fours: each pod must hold two who met; no more than that.
    order12 = list("abcdefghijkl")
    met12 = met_pairs([tuple("abcd"), tuple("efgh"), tuple("ijkl")])
    pods12 = pod_swiss(order12, {}, met12, 4)
    assert sum(1 for t in pods12.tables for pair in combinations(t, 2) if frozenset(pair) in met12) == 3


def test_bracket_gives_the_byes_to_the_top_seeds() -> None:
    seeds = ["s1", "s2", "s3", "s4", "s5", "s6"]
    slots = bracket(seeds)
    assert slots == ["s1", None, "s4", "s5", "s2", None, "s3", "s6"]
    first = elimination_round(slots, dropped=set())
    assert first.byes == ("s1", "s2") and set(first.tables) == {("s4", "s5"), ("s3", "s6")}
    # s5 and s3 win; s2 then drops, so s3 goes through alone.
    winners = {frozenset(("s4", "s5")): "s5", frozenset(("s3", "s6")): "s3"}
    second = next_slots(slots, lambda a, b: winners[frozenset((a, b))], dropped=set())
    assert second == ["s1", "s5", "s2", "s3"]
    assert elimination_round(second, dropped={"s2"}) .byes == ("s3",)


def labelled_seatings(players: list[str], sizes: list[int]) -> list[list[list[str]]]:
    """Every assignment of the players to numbered tables of these sizes."""
    out: list[list[list[str]]] = []

    def place(k: int, tables: list[list[str]]) -> None:
        if k == len(players):
            out.append([list(t) for t in tables])
            return
        for t, size in zip(tables, sizes, strict=True):
            if len(t) < size:
                t.append(players[k])
                place(k + 1, tables)
                t.pop()
    place(0, [[] for _ in sizes])
    return out


@given(st.integers(3, 9), st.integers(3, 4), st.data())
def test_small_pod_fields_meet_as_few_old_opponents_as_can_be(n: int, pod: int, data: st.DataObject) -> None:
    players = [f"p{i}" for i in range(n)]
    every_pair = [frozenset(pair) for pair in combinations(players, 2)]
    met = set(data.draw(st.lists(st.sampled_from(every_pair), max_size=2 * n)))
    pairing = pod_swiss(players, {}, met, pod)
    assert sorted(pairing.players()) == players and not pairing.byes
    sizes = sorted(len(t) for t in pairing.tables)
    assert sizes == sorted(pod_sizes(n, pod))

    def repeats(tables: list[list[str]] | tuple[tuple[str, ...], ...]) -> int:
        return sum(1 for t in tables for pair in combinations(t, 2) if frozenset(pair) in met)
    assert repeats(pairing.tables) == min(repeats(s) for s in labelled_seatings(players, pod_sizes(n, pod)))
