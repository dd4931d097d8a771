"""The league service: league commands turned into events on the league's
own stream, and each round's matches made through the match service.

A command decides its events from the league folded from the log, under the
league's lock, and appends them after the seq it decided on (another process
that appended first makes it decide again). Matches a decision made are
aborted when its events could not be appended, so no round holds matches the
log does not name. Results are read from the matches' own logs.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from engine.core import commitment
from engine.registry import get_game

from .. import errors, moderators
from ..clockconfig import clock_place, duration
from ..model import Event, NewEvent, Player
from ..ratings import cached_ladder, identity, seat_places, server_of
from ..service import MatchService
from ..store import LEAGUE, Conflict, MatchRow
from ..window import parse_window, window_place
from . import refusals
from .fold import FORMATS, LeagueState, Round, Table, apply, fold
from .pairing import cut, pod_sizes
from .plan import Places, Results, explain_round, next_round, planned_rounds, result_of, round_done, table
from .standings import Standing

RULESET = "league-1"
RETRIES = 3
ROUNDS_MOST = 50

# A decision: the events to append and the matches made for them (aborted if they cannot be appended).
Decided = tuple[list[NewEvent], list[str]]


class LeagueService:
    def __init__(self, matches: MatchService) -> None:
        self.matches = matches
        self.store = matches.store
        self._locks: dict[str, asyncio.Lock] = {}
        self._final: dict[str, Places] = {}  # a finished match's places never change

    # -- reading -----------------------------------------------------------------

    async def get(self, league_id: str) -> LeagueState:
        row = await self.store.match(league_id)
        if row is None or row.game != LEAGUE:
            raise refusals.no_league(league_id)
        return fold(await self.store.events(league_id))

    async def leagues(self, guild: str | None = None) -> list[MatchRow]:
        return await self.store.matches(guild=guild, leagues=True, limit=2**31 - 1)

    async def resolve(self, typed: str) -> str:
        """A league id from enough of its start to name one."""
        found = sorted(r.id for r in await self.leagues() if r.id.startswith(typed.strip()))
        if len(found) != 1 or not typed.strip():
            raise refusals.no_league(typed)
        return found[0]

    async def results(self, state: LeagueState) -> dict[str, Places | None]:
        """Each of the league's matches' places, None while it is played. An
        aborted match has no result: everyone at it lost (unless adjudicated)."""
        out: dict[str, Places | None] = {}
        for rnd in state.rounds:
            for t in rnd.tables:
                out[t.match] = await self._result(t)
        return out

    async def _result(self, t: Table) -> Places | None:
        if t.match in self._final:
            return self._final[t.match]
        row = await self.store.match(t.match)
        if row is None or row.status in ("lobby", "running"):
            return None
        if row.status == "aborted":
            return tuple((p, None) for p in t.players)
        # The match seated the table's players in order: a seat is its league player's,
        # whoever (a substitute, a bot taking over) finished it.
        by_seat = {seat: place for seat, _, place in seat_places(row, await self.store.events(t.match))}
        places = tuple((p, by_seat.get(seat)) for seat, p in enumerate(t.players))
        self._final[t.match] = places
        return places

    async def standings(self, league_id: str) -> list[Standing]:
        state = await self.get(league_id)
        return table(state, await self.results(state))

    async def explain(self, league_id: str) -> list[dict[str, Any]]:
        state = await self.get(league_id)
        return explain_round(state, await self.results(state))

    # -- the write path ----------------------------------------------------------

    async def _run(self, league_id: str, decide: Callable[[LeagueState], Awaitable[Decided]]) -> LeagueState:
        lock = self._locks.setdefault(league_id, asyncio.Lock())
        async with lock:
            for attempt in range(RETRIES):
                state = await self.get(league_id)
                new, made = await decide(state)
                if not new:
                    return state
                after = state
                for e in new:  # the fold checks what the service decided, as replay will
                    after = apply(after, Event(match_id=league_id, seq=after.seq + 1, type=e.type, actor=e.actor,
                                               at="", payload=e.payload))
                try:
                    await self.store.append(league_id, state.seq, new, self.matches.clock(), status=after.status,
                                            players=after.active())
                except BaseException as exc:
                    await self._discard(made, "league round not recorded")
                    if not isinstance(exc, Conflict):
                        raise
                    if attempt == RETRIES - 1:
                        raise errors.busy() from None
                    continue
                return await self.get(league_id)
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def _organiser(self, state: LeagueState, actor: str) -> str:
        """The actor as the log records an organiser's act, or a refusal."""
        grant = await moderators.grant_of(self.store, state.place, actor)
        if not moderators.is_moderator(actor, state.place, grant, self.matches.operator):
            raise refusals.not_organiser()
        return f"mod:{actor}"

    # -- commands ----------------------------------------------------------------

    async def create(self, game_id: str, organiser: Player, fmt: str = "swiss", *,
                     options: Mapping[str, Any] | None = None, rated: bool = True, pod: int | None = None,
                     rounds: int | None = None, deadline: str | None = None, place: Mapping[str, Any] | None = None,
                     name: str = "", league_id: str | None = None) -> LeagueState:
        try:
            game = get_game(game_id)
        except (KeyError, ImportError) as exc:
            raise refusals.unknown_game(game_id) from exc
        if fmt not in FORMATS:
            raise refusals.bad_format(fmt)
        pod = pod if pod is not None else 2 if game.min_seats <= 2 <= game.max_seats else game.min_seats
        if not max(2, game.min_seats) <= pod <= min(8, game.max_seats):
            raise refusals.bad_pod(pod, max(2, game.min_seats), min(8, game.max_seats))
        if fmt == "elimination" and pod != 2:
            raise refusals.elimination_pods()
        if rounds is not None and not (isinstance(rounds, int) and 1 <= rounds <= ROUNDS_MOST):
            raise refusals.bad_rounds(rounds)
        if deadline is not None:
            duration(deadline)
        # The clock and response window are the tables' (each match's place), the rest the game's.
        opts = dict(options or {})
        tables = {**clock_place(opts), **window_place(parse_window(opts))}
        game.options(opts, pod)  # malformed match options fail now, not at round 1
        here = dict(place or {})
        # The organiser moderates the league and, through its place, each of its matches.
        here["moderators"] = sorted({*here.get("moderators", []), organiser.id})
        secret = self.matches.new_secret()  # the row needs one; nothing in a league is random
        league_id = league_id or uuid.uuid4().hex[:10]
        now = self.matches.clock()
        payload = {"game": game_id, "format": fmt, "options": opts, "tables": tables, "rated": rated, "pod": pod,
                   "rounds": rounds, "deadline": deadline, "place": here, "name": name,
                   "organiser": organiser.model_dump()}
        row = MatchRow(league_id, LEAGUE, RULESET, now, now, "lobby", commitment(secret),
                       _str(here.get("guild")), _str(here.get("channel")), [], None, 0)
        await self.store.create_match(row, secret, NewEvent(type="league_created", actor=organiser.id,
                                                            payload=payload))
        return await self.get(league_id)

    async def add(self, league_id: str, actor: str, player: Player) -> LeagueState:
        """A player joins (actor = the player) or an organiser adds one (a bot, or anyone)."""
        async def decide(state: LeagueState) -> Decided:
            who = player.id if actor == player.id else await self._organiser(state, actor)
            if state.status == "finished" or (state.status == "running" and state.format != "swiss"):
                raise refusals.closed_entry() if state.status == "running" else refusals.wrong_stage(state.status)
            if state.player(player.id) is not None:
                raise refusals.already_in(player.name)
            seed = await self._seed(state, player.id)
            return [NewEvent(type="player_added", actor=who, payload={"player": player.model_dump(), "seed": seed})], []
        return await self._run(league_id, decide)

    async def _seed(self, state: LeagueState, player_id: str) -> float:
        """The player's rating ordinal for the league's game and server, 0 when unrated."""
        ladder = await cached_ladder(self.store, server_of(_str(state.place.get("guild"))), state.game)
        rating = ladder.ratings.get(identity(player_id))
        return round(rating.ordinal, 6) if rating is not None else 0.0

    async def drop(self, league_id: str, actor: str, player_id: str, reason: str = "") -> LeagueState:
        """A player leaves (or is dropped by an organiser): never paired again.
        A match of theirs being played goes on; they may forfeit it there."""
        async def decide(state: LeagueState) -> Decided:
            who = player_id if actor == player_id else await self._organiser(state, actor)
            if state.status == "finished":
                raise refusals.wrong_stage(state.status)
            if state.player(player_id) is None or player_id in state.dropped:
                raise refusals.not_in(player_id)
            return [NewEvent(type="player_dropped", actor=who, payload={"player_id": player_id, "reason": reason})], []
        state = await self._run(league_id, decide)
        return await self.advance(league_id) if state.status == "running" else state

    async def start(self, league_id: str, actor: str) -> LeagueState:
        """Round 1, then on as far as the matches allow (bots' matches end at once)."""
        async def decide(state: LeagueState) -> Decided:
            who = await self._organiser(state, actor)
            if state.status != "lobby":
                raise refusals.wrong_stage(state.status)
            least = self._least(state)
            if len(state.active()) < least:
                raise refusals.too_few(len(state.active()), least)
            return await self._open(state, {}, who, [])
        await self._run(league_id, decide)
        return await self.advance(league_id)

    def _least(self, state: LeagueState) -> int:
        return max(2, get_game(state.game).min_seats)

    async def _open(self, state: LeagueState, results: Results, actor: str, head: list[NewEvent]) -> Decided:
        """The next round (its matches made and started) or the league's end, after `head`."""
        nxt = next_round(state, results, self._least(state))
        if nxt is None:
            final = [s.player for s in table(state, results)]
            return [*head, NewEvent(type="league_ended", actor=actor, payload={"standings": final})], []
        pairing, slots = nxt
        number = len(state.rounds) + 1
        made, tables = await self._make(state, number, pairing.tables)
        deadline = None
        if state.deadline is not None:
            deadline = (datetime.fromisoformat(self.matches.clock()) + duration(state.deadline)).isoformat()
        payload: dict[str, Any] = {"round": number, "tables": tables, "byes": list(pairing.byes),
                                   "deadline": deadline}
        if number == 1:
            payload["of"] = planned_rounds(state, len(state.active()))
        if state.format == "elimination":
            payload["slots"] = list(slots)
        return [*head, NewEvent(type="round_started", actor=actor, payload=payload)], made

    async def _make(self, state: LeagueState, number: int, tables: Sequence[Sequence[str]]
                    ) -> tuple[list[str], list[dict[str, Any]]]:
        """A match per table, with the league's options and clock, its players
        seated in the table's order and started (in the organiser's name)."""
        made: list[str] = []
        out: list[dict[str, Any]] = []
        place = {k: v for k, v in state.place.items() if k in ("via", "guild", "channel", "moderators", "locale")}
        place.update(state.tables)
        place.update({"league": state.league_id, "round": number, "rated": state.rated})
        try:
            for players in tables:
                ms = await self.matches.create(state.game, state.organiser, state.options, place=place, join=False)
                made.append(ms.match_id)
                for pid in players:
                    who = state.player(pid)
                    assert who is not None
                    await self.matches.join(ms.match_id, who)
                await self.matches.start(ms.match_id, state.organiser.id)
                out.append({"players": list(players), "match": ms.match_id})
        except BaseException:
            await self._discard(made, "league round not made")
            raise
        return made, out

    async def _discard(self, made: Sequence[str], reason: str) -> None:
        """No round may hold matches its log does not name: those still open are
        aborted (bots' may have finished already; they stay, outside every league)."""
        for match_id in made:
            with contextlib.suppress(errors.Refused):
                await self.matches.abort(match_id, None, reason)

    async def advance(self, league_id: str, now: str | None = None, actor: str | None = None) -> LeagueState:
        """End the round when its last match has ended or its deadline (checked
        against `now`) has passed, and open the next; repeat while rounds end
        at once. The scheduler calls it with the time; an organiser (`actor`)
        may call it too."""
        for _ in range(ROUNDS_MOST + 2):
            before = await self.get(league_id)
            if actor is not None:
                await self._organiser(before, actor)
            state = await self._run(league_id, lambda s: self._step(s, now, actor))
            if state.seq == before.seq:
                return state
        return await self.get(league_id)

    async def _step(self, state: LeagueState, now: str | None, actor: str | None) -> Decided:
        rnd = state.current
        if state.status != "running" or rnd is None:
            return [], []
        who = f"mod:{actor}" if actor is not None else "system"
        results = await self.results(state)
        if rnd.ended:  # a round ended but the next was never opened
            return await self._open(state, results, who, [])
        head: list[NewEvent] = []
        if not round_done(state, rnd, results):
            if rnd.deadline is None or now is None or _time(now) < _time(rnd.deadline):
                return [], []
            head = await self._expire(state, rnd, results)
            results = {**results, **{e.payload["match"]: tuple(map(tuple, e.payload["places"])) for e in head}}
        head.append(NewEvent(type="round_ended", actor=who, payload={"round": rnd.number}))
        after = state
        for e in head:
            after = apply(after, Event(match_id=state.league_id, seq=after.seq + 1, type=e.type, actor=e.actor,
                                       at="", payload=e.payload))
        return await self._open(after, results, who, head)

    async def _expire(self, state: LeagueState, rnd: Round, results: Results) -> list[NewEvent]:
        """The deadline passed: each match still played is ended with no result (everyone at it lost)."""
        out = []
        for t in rnd.tables:
            if result_of(state, results, t.match) is None:
                ms = await self.matches.get(t.match)
                if ms.status in ("lobby", "running"):
                    await self.matches.abort(t.match, None, "league round deadline")
                out.append(NewEvent(type="match_adjudicated", actor="system",
                                    payload={"match": t.match, "places": [[p, None] for p in t.players],
                                             "reason": "deadline"}))
        return out

    async def end_match(self, league_id: str, actor: str, match_id: str, winner: str | None = None,
                        reason: str = "") -> LeagueState:
        """An organiser ends a stalled match of the round: aborted, and awarded
        to `winner` (placed first, the others after) or to nobody (all lost)."""
        async def decide(state: LeagueState) -> Decided:
            who = await self._organiser(state, actor)
            rnd = state.current
            t = next((t for t in rnd.tables if t.match == match_id), None) if rnd and not rnd.ended else None
            if t is None:
                raise refusals.not_this_round(match_id)
            if result_of(state, await self.results(state), match_id) is not None:
                raise refusals.has_result(match_id)
            if winner is not None and winner not in t.players:
                raise refusals.not_at_table(winner)
            await self.matches.abort(match_id, actor, reason or "ended by the league's organiser")
            places = [[p, None if winner is None else (1 if p == winner else 2)] for p in t.players]
            return [NewEvent(type="match_adjudicated", actor=who,
                             payload={"match": match_id, "places": places,
                                      "reason": "award" if winner is not None else "abort"})], []
        await self._run(league_id, decide)
        return await self.advance(league_id)

    async def override(self, league_id: str, actor: str, players: Sequence[str]) -> LeagueState:
        """Seat `players` together this round: the matches they are in (none
        may have a result) are aborted, they get a new one, and those left
        from those tables meet in another (alone: a bye)."""
        async def decide(state: LeagueState) -> Decided:
            who = await self._organiser(state, actor)
            rnd = state.current
            if state.status != "running" or rnd is None or rnd.ended:
                raise refusals.wrong_stage(state.status)
            chosen = list(dict.fromkeys(players))
            seated = {p for t in rnd.tables for p in t.players} | set(rnd.byes)
            if not 2 <= len(chosen) <= state.pod or not set(chosen) <= seated:
                raise refusals.bad_table(len(chosen), state.pod)
            touched = [t for t in rnd.tables if set(t.players) & set(chosen)]
            results = await self.results(state)
            for t in touched:
                if result_of(state, results, t.match) is not None:
                    raise refusals.has_result(t.match)
            rest = [p for t in touched for p in t.players if p not in chosen]
            groups = [chosen, *cut(rest, pod_sizes(len(rest), state.pod, self._least(state)))]
            byes = rest if len(rest) < self._least(state) else []
            for t in touched:
                await self.matches.abort(t.match, actor, "league pairing overridden")
            made, tables = await self._make(state, rnd.number, [g for g in groups if len(g) >= 2])
            return [NewEvent(type="pairing_overridden", actor=who, payload={
                "round": rnd.number, "replaced": [t.match for t in touched], "tables": tables, "byes": byes,
                "from_byes": [p for p in chosen if p in rnd.byes]})], made
        return await self._run(league_id, decide)


def _time(iso: str) -> datetime:
    return datetime.fromisoformat(iso)


def _str(value: Any) -> str | None:
    return None if value is None else str(value)


__all__ = ["LeagueService"]
