"""Player records: matches, wins by game, win rate, move time and streak,
read from the stored match rows and their logs (any Recorder, so SQLite and
PostgreSQL alike).

Definitions, so the numbers can be checked by hand against a log:
- played: a match that started (running, finished or aborted) with the
  player in a seat at its end (the row's `players`); lobbies never count,
  nor do imported matches (`parley import`: nothing vouches for their play).
- finished: of those, the ones with a result; aborted matches are played but
  not finished. A shared win is a win for each winner.
- win rate: wins / finished (None before the first finished match).
- move time: for each action the player made themself (actor is their id,
  so bot moves, deadline skips and forfeited seats' moves are left out), the
  time since the event before it: the event that made the decision pending,
  which is how the scheduler times reminders too.
- a seat a bot took over when its player left (the result's `taken_over`)
  stays its player's match, never won: the bot's moves and result are not theirs.
- streak: the run of equal results at the end of the finished matches,
  ordered by when they ended: +3 is three wins in a row, -2 two losses.

Only public facts are read (actors, times, seats, results), never a
payload's hidden part or a secret, so stats of a running match leak nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from .recorder import Recorder
from .replay import MatchState
from .store import MatchRow

if TYPE_CHECKING:
    from .service import MatchService

PLAYED = ("running", "finished", "aborted")
ALL = 2**31 - 1


@dataclass
class Tally:
    played: int = 0
    finished: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.finished if self.finished else None


@dataclass
class PlayerStats:
    player: str
    name: str = ""
    total: Tally = field(default_factory=Tally)
    by_game: dict[str, Tally] = field(default_factory=dict)
    moves: int = 0  # moves timed
    move_seconds: float = 0.0
    streak: int = 0
    # (ended at, won) per finished match; folded into `streak` at the end
    results: list[tuple[str, bool]] = field(default_factory=list, repr=False)

    @property
    def avg_move_seconds(self) -> float | None:
        return self.move_seconds / self.moves if self.moves else None

    def game(self, game_id: str) -> Tally:
        return self.by_game.setdefault(game_id, Tally())


@dataclass
class ServerStats:
    guild: str | None
    total: Tally = field(default_factory=Tally)  # wins: matches with a winner
    by_game: dict[str, Tally] = field(default_factory=dict)
    moves: int = 0
    move_seconds: float = 0.0
    players: list[PlayerStats] = field(default_factory=list)  # people, most wins first

    @property
    def avg_move_seconds(self) -> float | None:
        return self.move_seconds / self.moves if self.moves else None


def _seconds(later: str, earlier: str) -> float:
    return (datetime.fromisoformat(later) - datetime.fromisoformat(earlier)).total_seconds()


def _streak(results: list[tuple[str, bool]]) -> int:
    ordered = [won for _, won in sorted(results)]
    if not ordered:
        return 0
    last = ordered[-1]
    run = 0
    for won in reversed(ordered):
        if won != last:
            break
        run += 1
    return run if last else -run


async def _rows(store: Recorder, guild: str | None) -> list[MatchRow]:
    return [r for r in await store.matches(guild=guild, status=PLAYED, limit=ALL) if not r.imported]


async def _fold(store: Recorder, rows: Iterable[MatchRow], wanted: str | None = None) -> dict[str, PlayerStats]:
    """Every person's stats over `rows` (only `wanted`'s when given)."""
    people: dict[str, PlayerStats] = {}

    def of(pid: str) -> PlayerStats:
        return people.setdefault(pid, PlayerStats(pid))

    for row in rows:
        seated = {p for p in row.players if not p.startswith("bot:")}
        if wanted is not None:
            if wanted not in seated:
                continue
            seated = {wanted}
        winners = {row.players[s] for s in (row.result or {}).get("winners", []) if s < len(row.players)}
        for pid in seated:
            st = of(pid)
            for tally in (st.total, st.game(row.game)):
                tally.played += 1
                if row.status == "finished":
                    tally.finished += 1
                    tally.wins += pid in winners
            if row.status == "finished":
                st.results.append((row.updated_at, pid in winners))
        before: str | None = None
        for e in await store.events(row.id):
            if e.type in ("player_joined", "player_replaced"):
                who = e.payload.get("player") or {}
                if who.get("id") in seated:
                    of(who["id"]).name = str(who.get("name", ""))
            if e.type == "action" and e.actor in seated and not e.payload.get("auto") and before is not None:
                st = of(e.actor)
                st.moves += 1
                st.move_seconds += _seconds(e.at, before)
            if e.type != "standing_orders":  # one seat's secret: nobody's clock restarts at it
                before = e.at
    for st in people.values():
        st.streak = _streak(st.results)
    return people


async def player_stats(store: Recorder, player_id: str, guild: str | None = None) -> PlayerStats:
    """One player's record, on one server (`guild`) or everywhere."""
    found = await _fold(store, await _rows(store, guild), player_id)
    return found.get(player_id) or PlayerStats(player_id)


async def server_stats(store: Recorder, guild: str) -> ServerStats:
    """A server's matches by game, its average move time and its players, most wins first."""
    rows = await _rows(store, guild)
    out = ServerStats(guild)
    per: dict[str, Tally] = defaultdict(Tally)
    for row in rows:
        for tally in (out.total, per[row.game]):
            tally.played += 1
            if row.status == "finished":
                tally.finished += 1
                tally.wins += bool((row.result or {}).get("winners"))
    out.by_game = dict(per)
    people = await _fold(store, rows)
    out.moves = sum(p.moves for p in people.values())
    out.move_seconds = sum(p.move_seconds for p in people.values())
    out.players = sorted(people.values(), key=lambda p: (-p.total.wins, -p.total.played, p.name, p.player))
    return out


async def waiting_on(service: MatchService, player_id: str, guild: str | None = None) -> list[MatchState]:
    """Running matches (on `guild`, or anywhere) where a decision of `player_id`'s
    is pending, oldest first. Only matches they sit in are loaded."""
    rows = await service.store.matches(guild=guild, status=("running",), limit=ALL)
    out: list[MatchState] = []
    for row in reversed(rows):
        if player_id not in row.players:
            continue
        ms = await service.get(row.id)
        if ms.status == "running" and any(ms.seats[p.seat].id == player_id and p.seat not in ms.forfeited
                                          for p in ms.game.pending(ms.state)):
            out.append(ms)
    return out


__all__ = ["PlayerStats", "ServerStats", "Tally", "player_stats", "server_stats", "waiting_on"]
