"""A player's card: ratings, recent results, reliability and current matches,
a projection of the log (rebuilt from it on every read, never stored).

Definitions, so a card can be checked by hand against a log (per server, or
everywhere when `guild` is None; imported matches never count):
- a player *holds* a seat from `match_started` (or a `player_replaced` that
  puts them in it) until a `player_removed` of that seat (they left: reason
  `forfeit`, `removed` by a moderator, or `timeout`, a deadline that forfeits)
  or a `player_replaced` that puts someone else in it (handed over);
- each match the player held a seat in counts once, by how their part in it
  ended: `left` with the reason of their last departure (a bot playing the seat
  on afterwards is `taken over`), `handed over`, else `finished` when the
  match finished, `aborted` when it was aborted, and running otherwise;
- reliability is finished / (finished + left + handed over): an aborted match
  is nobody's doing and a running one has not ended;
- a missed deadline is a decision of a seat the player held that the deadline
  played (an `action` the system made with `auto: deadline`) or a `timeout`;
- recent results are the last finished matches they held a seat in, newest
  first: won (their seat among the winners), lost, or left;
- current matches are running ones where they hold a seat and open lobbies
  they are in;
- the matches read are those whose row lists the player (seated now, or in a
  lobby) and those whose log shows they held a seat (`held_seats`, kept as a
  cache of that fold and continued with the matches written since).
Only public facts are read (who sat, who left, who won, which seat a deadline
played), never a hidden part of an event, so a card leaks nothing of a match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .model import Event
from .ratings import SEAT_EVENTS, Rating, cached_ladder, identity, server_of
from .recorder import Recorder
from .rows import Peek
from .store import MatchRow

RECENT = 5
HELD = "profile:held"  # kv, per server ("*": everywhere): who held a seat in each match (held_seats)
ALL = 2**31 - 1
LEFT = ("forfeit", "removed", "timeout")


@dataclass(frozen=True)
class Part:
    """How one match went for the player."""
    match_id: str
    game: str
    guild: str | None
    ended: str  # "finished", "aborted", "running", "lobby", "handed_over", or a LEFT reason
    at: str  # when the match (or their part in it) last moved
    won: bool = False
    taken_over: bool = False
    deadlines_missed: int = 0


@dataclass
class Reliability:
    finished: int = 0
    forfeit: int = 0
    removed: int = 0
    timeout: int = 0
    handed_over: int = 0
    taken_over: int = 0  # of the matches left, those a bot played on
    aborted: int = 0
    deadlines_missed: int = 0

    @property
    def left(self) -> int:
        return self.forfeit + self.removed + self.timeout

    @property
    def ended(self) -> int:
        return self.finished + self.left + self.handed_over

    @property
    def rate(self) -> float | None:
        return self.finished / self.ended if self.ended else None


@dataclass
class Profile:
    player: str
    name: str = ""
    ratings: dict[str, dict[str, Rating]] = field(default_factory=dict)  # server -> game -> rating
    recent: list[Part] = field(default_factory=list)
    reliability: Reliability = field(default_factory=Reliability)
    current: list[Part] = field(default_factory=list)


def part_of(player: str, row: MatchRow, events: Sequence[Event]) -> Part | None:
    """The player's part in one match, or None when they never held a seat or sat in its lobby."""
    holder: list[str] = []
    held = departed = False
    ended = ""
    taken = False
    missed = 0
    joined = False
    name_events = ("player_joined", "player_left")
    for e in events:
        p = e.payload
        if e.type in name_events and not holder:
            who = (p.get("player") or {}).get("id") if e.type == "player_joined" else p.get("player_id")
            if who == player:
                joined = e.type == "player_joined"
        elif e.type == "match_started":
            holder = [str(s) for s in p["seats"]]
            held = held or player in holder
        elif e.type == "player_replaced" and holder:
            seat, new = int(p["seat"]), str((p.get("player") or {}).get("id"))
            if holder[seat] == player and new != player:
                ended, taken, departed = "handed_over", False, True
            holder[seat] = new
            held = held or new == player
        elif e.type == "player_removed" and holder and holder[int(p["seat"])] == player:
            ended, taken, departed = str(p.get("reason", "removed")), "takeover" in p, True
            missed += ended == "timeout"
            holder[int(p["seat"])] = ""  # nobody holds a seat that left
        elif e.type == "action" and p.get("auto") == "deadline" and holder and holder[int(p["seat"])] == player:
            missed += 1
    if not held:
        return Part(row.id, row.game, row.guild, "lobby", row.updated_at) if joined and row.status == "lobby" else None
    still = player in holder
    if not departed or still:
        ended = row.status if row.status in ("finished", "aborted") else "running"
    winners = set((row.result or {}).get("winners", []))
    won = ended == "finished" and any(holder[s] == player for s in winners if 0 <= s < len(holder))
    return Part(row.id, row.game, row.guild, ended, row.updated_at, won, taken, missed)


def fold(player: str, parts: Sequence[Part]) -> Profile:
    """The card from the player's parts in matches (any order)."""
    out = Profile(player)
    r = out.reliability
    for part in parts:
        r.deadlines_missed += part.deadlines_missed
        if part.ended == "finished":
            r.finished += 1
        elif part.ended in LEFT:
            setattr(r, part.ended, getattr(r, part.ended) + 1)
            r.taken_over += part.taken_over
        elif part.ended == "handed_over":
            r.handed_over += 1
        elif part.ended == "aborted":
            r.aborted += 1
    newest = sorted(parts, key=lambda p: (p.at, p.match_id), reverse=True)
    out.recent = [p for p in newest if p.ended == "finished" or p.ended in LEFT][:RECENT]
    out.current = [p for p in newest if p.ended in ("running", "lobby")]
    return out


async def profile(store: Recorder, player: str, guild: str | None = None) -> Profile:
    """The player's card on one server (`guild`), or everywhere."""
    rows = [r for r in await store.matches(guild=guild, limit=ALL) if not r.imported]
    seats: dict[str, list[Peek]] = {}  # seat events of finished matches read by held_seats, for the ladders
    held = await held_seats(store, guild, rows, seats)
    mine = [r for r in rows if player in r.players or player in held.get(r.id, ())]
    read = await store.logs([r.id for r in mine])  # whole: a missed deadline is an action
    parts = [p for r in mine if r.id in read and (p := part_of(player, r, read[r.id])) is not None]
    out = fold(player, parts)
    # Only the ladders of games the player finished a match of (each read from its cache).
    for server, game in sorted({(server_of(r.guild), r.game) for r in mine if r.status == "finished"}):
        found = (await cached_ladder(store, server, game, seats)).ratings.get(identity(player))
        if found is not None:
            out.ratings.setdefault(server, {})[game] = found
    out.name = _name(player, [read[r.id] for r in mine if r.id in read])
    return out


def holders(events: Sequence[Peek]) -> set[str]:
    """Everyone who held a seat of a match at some point (from its start on)."""
    found: set[str] = set()
    for e in events:
        if e.type == "match_started":
            found.update(str(s) for s in e.payload["seats"])
        elif e.type == "player_replaced":
            found.add(str((e.payload.get("player") or {}).get("id")))
    return found


async def held_seats(store: Recorder, guild: str | None, rows: Sequence[MatchRow],
                     read: dict[str, list[Peek]] | None = None) -> dict[str, list[str]]:
    """Who ever held a seat in each started match of `rows`, by match id. A match's row lists its seats'
    players as they are now, so one who handed a seat over is only found in its log: the answer is kept
    (a cache of this fold, per server) and only matches written since it was made are read again, only
    their SEAT_EVENTS; those of finished matches are added to `read`, so the card's ladders need not
    read them again."""
    key = guild if guild is not None else "*"
    data = await store.get_kv(HELD, key) or {"through": "", "held": {}}
    fresh = [r for r in rows if r.status != "lobby" and r.updated_at >= data["through"]]
    if fresh:
        loaded = await store.peeks([r.id for r in fresh], SEAT_EVENTS)
        if read is not None:  # finished ones alone: a running match may have moved on by the time they are used
            read.update({r.id: loaded[r.id] for r in fresh if r.status == "finished" and r.id in loaded})
        found = {r.id: sorted(holders(loaded[r.id])) for r in fresh if r.id in loaded}
        through = max(r.updated_at for r in fresh)
        if through != data["through"] or any(data["held"].get(k) != v for k, v in found.items()):
            data["held"].update(found)
            data["through"] = through
            await store.set_kv(HELD, key, data)
    return dict(data["held"])


def _name(player: str, logs: Sequence[Sequence[Event]]) -> str:
    """The name the player last joined a match with."""
    found = ""
    for events in logs:
        for e in events:
            who = e.payload.get("player") or {}
            if e.type in ("player_joined", "player_replaced") and who.get("id") == player:
                found = str(who.get("name", found))
    return found


__all__ = ["LEFT", "RECENT", "Part", "Profile", "Reliability", "fold", "held_seats", "holders", "part_of", "profile"]
