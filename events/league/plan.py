"""What comes next in a league: its standings so far and the next round's
tables, from the folded stream and its matches' results. Pure."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

from .fold import LeagueState, Round
from .pairing import (
    Pairing,
    bracket,
    elimination_round,
    explain_swiss,
    met_pairs,
    next_slots,
    pod_swiss,
    round_robin,
    round_robin_rounds,
    swiss,
)
from .standings import Played, Standing, standings

# A match's places (1 best; None: lost to everyone), or None while it is being played.
Places = tuple[tuple[str, int | None], ...]
Results = Mapping[str, Places | None]


def result_of(state: LeagueState, results: Results, match: str) -> Places | None:
    """An adjudication overrides what the match's log says (a stalled match ended by an organiser)."""
    return state.adjudicated.get(match) or results.get(match)


def round_done(state: LeagueState, rnd: Round, results: Results) -> bool:
    return all(result_of(state, results, t.match) is not None for t in rnd.tables)


def played(state: LeagueState, results: Results) -> list[Played]:
    out: list[Played] = []
    for rnd in state.rounds:
        for t in rnd.tables:
            places = result_of(state, results, t.match)
            if places is not None:
                out.append(Played(rnd.number, places))
        out.extend(Played(rnd.number, ((b, 1),)) for b in rnd.byes)
    return out


def table(state: LeagueState, results: Results) -> list[Standing]:
    return standings(state.seed_order(), played(state, results), state.dropped)


def planned_rounds(state: LeagueState, field: int) -> int:
    if state.format == "elimination":
        return max(1, math.ceil(math.log2(max(field, 2))))
    if state.rounds_wanted:
        return int(state.rounds_wanted)
    if state.format == "round-robin":
        return round_robin_rounds(field, state.pod)
    return max(1, math.ceil(math.log2(max(field, 2))))


def _winner(state: LeagueState, results: Results, rnd: Round) -> dict[frozenset[str], str | None]:
    """Who goes through from each table of an elimination round: the one placed
    first alone; on a tie the better seed; nobody when neither has a result."""
    seeds = state.seed_order()
    out: dict[frozenset[str], str | None] = {}
    for t in rnd.tables:
        places = [(p, k) for p, k in result_of(state, results, t.match) or () if k is not None]
        best = min((k for _, k in places), default=None)
        first = sorted((p for p, k in places if k == best), key=seeds.index)
        out[frozenset(t.players)] = first[0] if first else None
    return out


def next_round(state: LeagueState, results: Results, least: int = 2) -> tuple[Pairing, tuple[str | None, ...]] | None:
    """The next round's tables (and, for elimination, its slots), or None when
    the league is over: its rounds are played, or fewer than two remain."""
    active = state.active()
    number = len(state.rounds) + 1
    if state.format == "elimination":
        if state.current is None:
            slots: list[str | None] = bracket([p for p in state.seed_order() if p in active])
        else:
            through = _winner(state, results, state.current)
            slots = next_slots(state.current.slots, lambda a, b: through.get(frozenset((a, b))), state.dropped)
        if sum(1 for s in slots if s is not None and s not in state.dropped) < 2:
            return None
        return elimination_round(slots, state.dropped), tuple(slots)
    if len(active) < 2 or (state.rounds and number > state.planned):
        return None
    if state.format == "round-robin":
        # The field the league started with keeps its circle; dropped players leave holes.
        field = [p for p in state.seed_order() if p in _first_field(state)] if state.rounds else \
            [p for p in state.seed_order() if p in active]
        return _without_dropped(round_robin(field, number, state.pod, least), state.dropped, least), ()
    standing = [s for s in table(state, results) if s.player in active]
    order = [s.player for s in standing]
    scores = {s.player: s.score for s in standing}
    met = met_pairs([t.players for r in state.rounds for t in r.tables])
    if state.pod > 2:
        return pod_swiss(order, scores, met, state.pod, least), ()
    had_bye = {b for r in state.rounds for b in r.byes}
    return swiss(order, scores, met, had_bye), ()


def _first_field(state: LeagueState) -> set[str]:
    first = state.rounds[0]
    return {p for t in first.tables for p in t.players} | set(first.byes)


def _without_dropped(pairing: Pairing, dropped: frozenset[str], least: int) -> Pairing:
    tables: list[tuple[str, ...]] = []
    byes = [b for b in pairing.byes if b not in dropped]
    for t in pairing.tables:
        left = tuple(p for p in t if p not in dropped)
        if len(left) >= least:
            tables.append(left)
        else:
            byes.extend(left)
    return Pairing(tuple(tables), tuple(byes))


def explain_round(state: LeagueState, results: Results) -> list[dict[str, object]]:
    """The current round's pairing explained (events/league/pairing.explain_swiss),
    from the standings as they were when it was paired."""
    rnd = state.current
    if rnd is None:
        return []
    before = [r for r in state.rounds if r.number < rnd.number]
    earlier = replace(state, rounds=tuple(before))
    standing = [s for s in table(earlier, results) if s.player not in state.dropped]
    order = [s.player for s in standing]
    pairing = Pairing(tuple(t.players for t in rnd.tables), rnd.byes)
    seated = set(pairing.players())
    order = [p for p in order if p in seated]
    met = met_pairs([t.players for r in before for t in r.tables])
    had_bye = {b for r in before for b in r.byes}
    return list(explain_swiss(order, {s.player: s.score for s in standing}, met, had_bye, pairing))


__all__ = ["Places", "Results", "explain_round", "next_round", "planned_rounds", "played", "result_of",
           "round_done", "table"]
