"""A league's state: a pure fold of its stream, checked as it folds.

A league is a row in `matches` (game `league`, events/store.py) whose events
are its own: created, players added and dropped, rounds started (with their
tables and the ids of the matches made for them), pairings overridden,
matches adjudicated, rounds and the league ended. The results of its matches
are not copied here: each is read from that match's own log when needed
(events/league/results.py), so there is one truth for each result.

Like a match's replay (events/authority.py), the fold refuses an event the
service could not have appended (an organiser's act by someone else, a round
started before the last ended), so a stream edited outside the service does
not rebuild. Organisers act as "mod:<id>" (decided by events/moderators.py
before the append); the scheduler and the service's own steps as "system".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import ReplayError
from ..model import Event, Player

FORMATS = ("swiss", "round-robin", "elimination")


@dataclass(frozen=True)
class Table:
    players: tuple[str, ...]
    match: str


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...]
    deadline: str | None  # ISO time; None: the round waits for its matches
    slots: tuple[str | None, ...] = ()  # single elimination: the bracket this round was paired from
    ended: bool = False


@dataclass(frozen=True)
class LeagueState:
    league_id: str
    game: str
    format: str
    name: str
    options: Mapping[str, Any]  # each match's game options
    tables: Mapping[str, Any]  # what each match's place holds of the table: its clock and response window
    rated: bool
    pod: int
    rounds_wanted: int | None  # as asked; None: the format's own count for the field
    deadline: str | None  # how long a round may take (clockconfig.duration), or None
    place: Mapping[str, Any]
    organiser: Player  # who created it; the matches it makes are created in their name
    status: str = "lobby"  # lobby | running | finished
    players: tuple[Player, ...] = ()
    seeds: Mapping[str, float] = field(default_factory=dict)
    dropped: frozenset[str] = frozenset()
    rounds: tuple[Round, ...] = ()
    planned: int = 0  # rounds the league plays, fixed when it starts
    adjudicated: Mapping[str, tuple[tuple[str, int | None], ...]] = field(default_factory=dict)
    final: tuple[str, ...] = ()
    seq: int = 0

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def active(self) -> list[str]:
        """Players still in, in the order they joined."""
        return [p.id for p in self.players if p.id not in self.dropped]

    def seed_order(self) -> list[str]:
        """Every player by rating when added (best first), then by when they joined."""
        ids = [p.id for p in self.players]
        return sorted(ids, key=lambda p: (-self.seeds.get(p, 0.0), ids.index(p)))

    def player(self, player_id: str) -> Player | None:
        return next((p for p in self.players if p.id == player_id), None)

    def round_of(self, match_id: str) -> Round | None:
        return next((r for r in self.rounds if any(t.match == match_id for t in r.tables)), None)


def _refuse(event: Event, why: str) -> ReplayError:
    return ReplayError(f"league event {event.seq} ({event.type} by {event.actor}): {why}")


def _organiser_or_system(event: Event) -> None:
    if event.actor != "system" and not event.actor.startswith("mod:"):
        raise _refuse(event, "only an organiser or the league itself does that")


def _tables(raw: Iterable[Mapping[str, Any]]) -> tuple[Table, ...]:
    return tuple(Table(tuple(str(p) for p in t["players"]), str(t["match"])) for t in raw)


def _check_seated(state: LeagueState, event: Event, tables: Iterable[Table], byes: Iterable[str]) -> None:
    seated = [p for t in tables for p in t.players] + list(byes)
    known = {p.id for p in state.players}
    if len(seated) != len(set(seated)) or not set(seated) <= known or set(seated) & state.dropped:
        raise _refuse(event, "a player is seated twice, is not in the league, or dropped")


def created(event: Event) -> LeagueState:
    if event.type != "league_created" or event.seq != 1:
        raise _refuse(event, "a league's stream starts with league_created")
    p = event.payload
    if p.get("format") not in FORMATS:
        raise _refuse(event, f"unknown format {p.get('format')}")
    organiser = Player.model_validate(p["organiser"])
    if organiser.id != event.actor:
        raise _refuse(event, "a league is created by its organiser")
    return LeagueState(event.match_id, str(p["game"]), str(p["format"]), str(p.get("name", "")),
                       dict(p.get("options") or {}), dict(p.get("tables") or {}), bool(p.get("rated", True)), int(p.get("pod", 2)),
                       p.get("rounds"), p.get("deadline"), dict(p.get("place") or {}), organiser, seq=1)


def apply(state: LeagueState, event: Event) -> LeagueState:
    """The state after `event`, or ReplayError when the service could not have appended it."""
    if event.seq != state.seq + 1:
        raise _refuse(event, f"expected event {state.seq + 1}")
    if state.status == "finished":
        raise _refuse(event, "the league is over")
    kind, p, now = event.type, event.payload, state
    if kind == "player_added":
        who = Player.model_validate(p["player"])
        if event.actor != who.id and not event.actor.startswith("mod:"):
            raise _refuse(event, "a player joins by themselves or is added by an organiser")
        if state.player(who.id) is not None:
            raise _refuse(event, "already in the league")
        if state.status == "running" and state.format != "swiss":
            raise _refuse(event, "only a Swiss league takes players once it runs")
        now = replace(state, players=(*state.players, who), seeds={**state.seeds, who.id: float(p.get("seed", 0.0))})
    elif kind == "player_dropped":
        pid = str(p["player_id"])
        if event.actor != pid and not event.actor.startswith("mod:"):
            raise _refuse(event, "a player drops by themselves or is dropped by an organiser")
        if state.player(pid) is None or pid in state.dropped:
            raise _refuse(event, "not in the league, or dropped already")
        now = replace(state, dropped=state.dropped | {pid})
    elif kind == "round_started":
        _organiser_or_system(event)
        if state.current is not None and not state.current.ended:
            raise _refuse(event, "the last round has not ended")
        number = len(state.rounds) + 1
        if p.get("round") != number:
            raise _refuse(event, f"the next round is {number}")
        tables, byes = _tables(p["tables"]), tuple(str(b) for b in p.get("byes", []))
        _check_seated(state, event, tables, byes)
        slots = tuple(None if s is None else str(s) for s in p.get("slots", []))
        opened = Round(number, tables, byes, p.get("deadline"), slots)
        now = replace(state, status="running", rounds=(*state.rounds, opened),
                      planned=int(p["of"]) if number == 1 else state.planned)
    elif kind == "pairing_overridden":
        if not event.actor.startswith("mod:"):
            raise _refuse(event, "only an organiser overrides a pairing")
        rnd = state.current
        if rnd is None or rnd.ended or p.get("round") != rnd.number:
            raise _refuse(event, "no round is being played")
        replaced = {str(m) for m in p["replaced"]}
        kept = tuple(t for t in rnd.tables if t.match not in replaced)
        if len(kept) + len(replaced) != len(rnd.tables) or replaced & set(state.adjudicated):
            raise _refuse(event, "a replaced match is not this round's, or has been adjudicated")
        tables = kept + _tables(p["tables"])
        moved = {pl for t in rnd.tables if t.match in replaced for pl in t.players} | set(p.get("from_byes", []))
        byes = tuple(b for b in rnd.byes if b not in moved) + tuple(str(b) for b in p.get("byes", []))
        _check_seated(state, event, tables, byes)
        now = replace(state, rounds=(*state.rounds[:-1], replace(rnd, tables=tables, byes=byes)))
    elif kind == "match_adjudicated":
        _organiser_or_system(event)
        rnd = state.current
        match = str(p["match"])
        if rnd is None or rnd.ended or match not in {t.match for t in rnd.tables} or match in state.adjudicated:
            raise _refuse(event, "not a match of the round being played, or adjudicated already")
        table = next(t for t in rnd.tables if t.match == match)
        places = tuple((str(x), None if k is None else int(k)) for x, k in p["places"])
        if sorted(x for x, _ in places) != sorted(table.players):
            raise _refuse(event, "the places are not the table's players")
        now = replace(state, adjudicated={**state.adjudicated, match: places})
    elif kind == "round_ended":
        _organiser_or_system(event)
        rnd = state.current
        if rnd is None or rnd.ended or p.get("round") != rnd.number:
            raise _refuse(event, "no round is being played")
        now = replace(state, rounds=(*state.rounds[:-1], replace(rnd, ended=True)))
    elif kind == "league_ended":
        _organiser_or_system(event)
        if state.current is not None and not state.current.ended:
            raise _refuse(event, "a round is still being played")
        now = replace(state, status="finished", final=tuple(str(x) for x in p.get("standings", [])))
    elif kind != "note":
        raise _refuse(event, "not a league event")
    return replace(now, seq=event.seq)


def fold(events: Iterable[Event]) -> LeagueState:
    it = iter(events)
    first = next(it, None)
    if first is None:
        raise ReplayError("a league's stream is empty")
    state = created(first)
    for e in it:
        state = apply(state, e)
    return state


__all__ = ["FORMATS", "LeagueState", "Round", "Table", "apply", "created", "fold"]
