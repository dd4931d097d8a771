"""Who meets whom in a league's round: pure functions of the players' order,
scores and history, the same input always giving the same tables.

Swiss pairs two-seat tables with a maximum-weight matching (networkx's
blossom algorithm), so its priorities hold over the whole field at once
rather than as far as a greedy pass gets. The weights are lexicographic, each
level worth more than every lower one can add up to:
1. no rematch while one can be avoided (each fresh pair is worth `_A`);
2. the bye to the lowest-ranked player without one (worth `_B` per place from
   the top); a player who had a bye gets none while anyone else can take it;
3. scores as close as they can be (each pair worth the score gap's complement).
Multi-seat games meet in pods, where there is no matching to use: a field of
up to nine is seated by trying every partition into pods (fewest repeat
opponents, then the narrowest spread of scores); a larger one by swapping
players between pods from the standings cut into pods, for as long as a swap
lowers that cost, which finds a good seating, not always the best.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import networkx as nx  # type: ignore[import-untyped]

EXACT_MOST = 9  # pod Swiss: fields up to this size are seated by trying every partition (280 at most)
BYE = "\x00bye"  # the matching's stand-in opponent for the bye; never a player id


@dataclass(frozen=True)
class Pairing:
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()

    def players(self) -> list[str]:
        return [p for t in self.tables for p in t] + list(self.byes)


def met_pairs(tables: Sequence[Sequence[str]]) -> frozenset[frozenset[str]]:
    """Every two players who sat at one table."""
    return frozenset(frozenset(pair) for t in tables for pair in combinations(t, 2))


def pod_sizes(n: int, pod: int, least: int = 2) -> list[int]:
    """`n` players in as few pods of at most `pod` as can seat them, sizes as
    even as can be (10 in fours: 4, 3, 3); empty when fewer than `least`."""
    if n < least:
        return []
    count = math.ceil(n / pod)
    small, extra = divmod(n, count)
    return [small + 1] * extra + [small] * (count - extra)


def cut(order: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """`order` cut into consecutive groups of `sizes`."""
    out, at = [], 0
    for size in sizes:
        out.append(list(order[at:at + size]))
        at += size
    return out


# -- round robin ----------------------------------------------------------------

def round_robin_rounds(n: int, pod: int = 2) -> int:
    """Rounds for everyone to meet everyone two by two; with pods, enough
    rotations that each player has sat with about as many others."""
    if n < 2:
        return 0
    circle = n - 1 if n % 2 == 0 else n
    return circle if pod == 2 else math.ceil(circle / (pod - 1))


def round_robin(players: Sequence[str], number: int, pod: int = 2, least: int = 2) -> Pairing:
    """Round `number` (1-based) by the circle method: the first player stays,
    the others turn one place a round; two seats meet across the circle, pods
    are cut from it. An odd field's stand-in opponent is the bye."""
    field: list[str | None] = list(players)
    if len(field) % 2:
        field.append(None)
    if len(field) < 2:
        return Pairing((), tuple(p for p in field if p is not None))
    rest = field[1:]
    turn = (number - 1) % len(rest)
    circle = [field[0], *rest[len(rest) - turn:], *rest[:len(rest) - turn]]
    if pod == 2:
        half = len(circle) // 2
        tables: list[tuple[str, str]] = []
        byes: list[str] = []
        for a, b in zip(circle[:half], reversed(circle[half:]), strict=True):
            if a is None or b is None:
                byes.extend(x for x in (a, b) if x is not None)
            else:
                tables.append((a, b))
        return Pairing(tuple(tables), tuple(byes))
    # Pods take every other place of the circle, so neighbours of one round sit apart in the next.
    seated = [p for p in circle[0::2] + circle[1::2] if p is not None]
    return _pods(seated, pod, least)


def _pods(order: Sequence[str], pod: int, least: int) -> Pairing:
    sizes = pod_sizes(len(order), pod, least)
    if not sizes:
        return Pairing((), tuple(order))
    return Pairing(tuple(tuple(t) for t in cut(order, sizes)))


# -- Swiss ----------------------------------------------------------------------

_GAP_STEPS = 4  # scores are compared in quarter points (a four-seat pod's third place scores 1/3: near enough)


@dataclass(frozen=True)
class _Weights:
    gap: int  # D: the closeness of a pair with equal scores
    bye_step: int  # B
    fresh: int  # A


def _weights(order: Sequence[str], scores: Mapping[str, float]) -> _Weights:
    values = [scores.get(p, 0.0) for p in order]
    gap = round((max(values, default=0.0) - min(values, default=0.0)) * _GAP_STEPS) + 1
    edges = (len(order) + 1) // 2
    bye_step = edges * gap + 1
    return _Weights(gap, bye_step, bye_step * (len(order) + 1) + edges * gap + 1)


def swiss(order: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]],
          had_bye: Collection[str]) -> Pairing:
    """Two-seat Swiss. `order` is the active players, best first (the
    standings); `met` the pairs that already played; `had_bye` who had one."""
    if len(order) < 2:
        return Pairing((), tuple(order))
    w = _weights(order, scores)
    graph = nx.Graph()
    for (i, a), (j, b) in combinations(enumerate(order), 2):
        close = w.gap - round(abs(scores.get(a, 0.0) - scores.get(b, 0.0)) * _GAP_STEPS)
        graph.add_edge(i, j, weight=close + (0 if frozenset((a, b)) in met else w.fresh))
    if len(order) % 2:
        # A second bye only when everyone had one (a league longer than its field).
        eligible = [i for i, p in enumerate(order) if p not in had_bye] or list(range(len(order)))
        for i in eligible:
            graph.add_edge(i, -1, weight=w.fresh + w.bye_step * (i + 1) + w.gap)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables: list[tuple[str, str]] = []
    byes: list[str] = []
    for u, v in matching:
        if -1 in (u, v):
            byes.append(order[max(u, v)])
        else:
            tables.append((order[min(u, v)], order[max(u, v)]))
    tables.sort(key=lambda t: order.index(t[0]))
    return Pairing(tuple(tables), tuple(byes))


def pod_swiss(order: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]], pod: int,
              least: int = 2) -> Pairing:
    """Swiss in pods, at the least cost: each repeat opponent costs more than
    any spread of scores can. A small field (EXACT_MOST) tries every way to seat
    it. A larger one starts from the standings cut into pods (and dealt round
    them) and swaps two players between pods for as long as a swap lowers the
    cost, which may settle short of the best; a swap is judged by what it
    changes in its two pods alone, so a pass over 64 players in sixes is a few
    thousand small set operations."""
    sizes = pod_sizes(len(order), pod, least)
    if not sizes:
        return Pairing((), tuple(order))
    spread_most = (max(scores.values(), default=0.0) - min(scores.values(), default=0.0)) * pod * pod + 1
    seen: dict[str, set[str]] = {p: set() for p in order}  # who met whom, as sets to intersect
    for pair in met:
        x, y = tuple(pair)
        if x in seen and y in seen:
            seen[x].add(y)
            seen[y].add(x)
    score = {p: scores.get(p, 0.0) for p in order}

    def cost(group: Sequence[str]) -> float:
        repeats = sum(len(seen[p] & set(group)) for p in group) // 2
        values = [score[p] for p in group]
        return repeats * spread_most + (max(values) - min(values))

    def without(group: list[str], k: int, into: str) -> float:
        """The cost of `group` with its k-th player replaced by `into`."""
        others = group[:k] + group[k + 1:]
        rest = set(others)
        repeats = sum(len(seen[p] & rest) for p in others) // 2 + len(seen[into] & rest)
        values = [score[p] for p in others] + [score[into]]
        return repeats * spread_most + (max(values) - min(values))

    def settle(pods: list[list[str]]) -> float:
        costs = [cost(g) for g in pods]
        improved = True
        while improved:
            improved = False
            for i, j in combinations(range(len(pods)), 2):
                for a in range(len(pods[i])):
                    for b in range(len(pods[j])):
                        ci, cj = without(pods[i], a, pods[j][b]), without(pods[j], b, pods[i][a])
                        if ci + cj < costs[i] + costs[j] - 1e-9:
                            pods[i][a], pods[j][b] = pods[j][b], pods[i][a]
                            costs[i], costs[j] = ci, cj
                            improved = True
        return sum(costs)

    if len(order) <= EXACT_MOST:  # every way to seat a small field: the best, not a good one
        # Players as bits, so a pod's repeats are a few popcounts.
        bit = {p: 1 << k for k, p in enumerate(order)}
        mask = {p: sum(bit[q] for q in seen[p]) for p in order}

        def quick(group: tuple[str, ...]) -> float:
            members = sum(bit[p] for p in group)
            values = [score[p] for p in group]
            repeats = sum((mask[p] & members).bit_count() for p in group) // 2
            return repeats * spread_most + (max(values) - min(values))

        best = min(_partitions(list(order), sizes), key=lambda ps: sum(quick(g) for g in ps))
        pods = [list(g) for g in best]
    else:  # swaps can settle short of the best: from two starts, the cheaper kept
        pods = min([cut(order, sizes), cut([*order[0::2], *order[1::2]], sizes)], key=settle)
    rank = {p: k for k, p in enumerate(order)}
    return Pairing(tuple(tuple(sorted(g, key=rank.__getitem__)) for g in pods))


def _partitions(players: list[str], sizes: list[int]) -> Iterator[list[tuple[str, ...]]]:
    """Every way to seat `players` in groups of `sizes` (a multiset), each once:
    the first player not yet seated leads a group of each size still wanted."""
    if not sizes:
        yield []
        return
    head, rest = players[0], players[1:]
    for size in sorted(set(sizes), reverse=True):
        left_sizes = list(sizes)
        left_sizes.remove(size)
        for others in combinations(rest, size - 1):
            left = [p for p in rest if p not in others]
            for tail in _partitions(left, left_sizes):
                yield [(head, *others), *tail]


def explain_swiss(order: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]],
                  had_bye: Collection[str], pairing: Pairing) -> list[dict[str, Any]]:
    """Why the round is paired so, as data a front end words (bot/leaguetext.py):
    each table with its players' places and scores and whether it is a rematch
    (only ever because none could be avoided), and who has the bye and who,
    ranked below them, had one already."""
    place = {p: k + 1 for k, p in enumerate(order)}
    out: list[dict[str, Any]] = []
    for table in pairing.tables:
        out.append({"kind": "table", "players": list(table), "places": [place.get(p) for p in table],
                    "scores": [scores.get(p, 0.0) for p in table],
                    "rematch": any(frozenset(pair) in met for pair in combinations(table, 2))})
    for p in pairing.byes:
        below = [q for q in order[place[p]:] if q in had_bye] if p in place else []
        out.append({"kind": "bye", "player": p, "place": place.get(p), "had_bye_below": below,
                    "second": p in had_bye})
    return out


# -- single elimination ----------------------------------------------------------

def bracket(seeds: Sequence[str]) -> list[str | None]:
    """The first round's slots, best seed first, in the usual bracket order
    (1 v 8, 4 v 5, 2 v 7, 3 v 6): a field short of a power of two leaves the
    top seeds facing no one, which is their bye."""
    size = 1
    while size < len(seeds):
        size *= 2
    order = [1]
    while len(order) < size:
        order = [x for s in order for x in (s, 2 * len(order) + 1 - s)]
    return [seeds[s - 1] if s <= len(seeds) else None for s in order]


def elimination_round(slots: Sequence[str | None], dropped: Collection[str]) -> Pairing:
    """The tables of a round from its slots, two by two; a player whose
    opponent is missing (a bye in the bracket, or dropped) goes through alone."""
    tables: list[tuple[str, str]] = []
    byes: list[str] = []
    for a, b in zip(slots[0::2], slots[1::2], strict=True):
        here = [p for p in (a, b) if p is not None and p not in dropped]
        if len(here) == 2:
            tables.append((here[0], here[1]))
        else:
            byes.extend(here)
    return Pairing(tuple(tables), tuple(byes))


def next_slots(slots: Sequence[str | None], through: Callable[[str, str], str | None],
               dropped: Collection[str]) -> list[str | None]:
    """The next round's slots: each pair's winner (`through(a, b)`, None when
    neither goes on), or the one present."""
    out: list[str | None] = []
    for a, b in zip(slots[0::2], slots[1::2], strict=True):
        here = [p for p in (a, b) if p is not None and p not in dropped]
        out.append(through(here[0], here[1]) if len(here) == 2 else (here[0] if here else None))
    return out


__all__ = ["BYE", "Pairing", "bracket", "cut", "elimination_round", "explain_swiss", "met_pairs", "next_slots", "pod_sizes",
           "pod_swiss", "round_robin", "round_robin_rounds", "swiss"]
