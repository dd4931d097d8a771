"""Ratings and ladders: a projection of the log, per server and game.

The rating system is openskill's Plackett-Luce model (PyPI `openskill`),
never one written here: it rates 2-8 seats at once, with placements and
ties, and is maintained. A ladder is a pure fold over finished matches in the
order they ended (`fold`); what a match contributes is read from its row and
its events alone (`rated_match`), so the same log always gives the same
ladder, and a cached ladder (`cached_ladder`) keeps the match it was folded
through, so it only ever continues the same fold. What each rated match gives
is kept too (`facts`, per server, continued from the last row it read), so a
ladder rebuilt or a season closed folds those instead of reading every log;
logs are read only for their seat events (`SEAT_EVENTS`, as `rows.Peek`s), never
the moves.

Definitions, so a ladder can be checked by hand against a log:
- a ladder is per server (`guild`; terminal matches, which have none, form
  the "local" ladder) and game;
- rated: finished, not imported (nothing vouches for its play), not marked
  casual (`place["rated"] is False` in match_created; a match without the
  mark, like every older log, is rated: a ladder that people must opt into
  stays empty), with at least two different entrants. An aborted match has
  no result and is never rated;
- entrants: every seat's player. A bot is one player per level and game
  (`bot:easy`, `bot:normal`, `bot:hard`), on the same ladder as people, so a
  bot-vs-human match moves both. A player who left (forfeit, removal,
  deadline: the log's `player_removed`) is placed last, below everyone who
  stayed, whether a bot took the seat over or a substitute came in (the
  substitute is placed where the seat finished); a bot that took a seat over
  is not an entrant, its result being its player's;
- places: the outcome's winners first (tied), then the others by score
  (equal scores tie), then those who left (tied);
- one player in several seats (two bots of a level): each seat is rated from
  the same prior and the player's new rating is the mean of the seats';
- the time a match ended is its last event's but notes (a note may be added
  to a finished match; it changes no result).

A season is a window over the same log (ended at or after its start, before
its end): starting or closing one only writes a kv record of times, never
touches a match or a rating, so nothing can be lost or double-counted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from engine.core import Text

from .bots import LEVEL_NAMES, bot_level
from .gcpause import gc_paused
from .model import Event
from .recorder import Recorder
from .rows import Peek
from .store import MatchRow

# The ordinal (mu - 3 sigma) already discounts an uncertain rating, so the
# mark only needs to flag a rating still mostly its prior. Sigma falls by about
# the same amount each match (8.3 to 7.2 over the first five 2-seat matches),
# so no count is sharper than another; five is under a month for a player who
# finishes two asynchronous matches a week, well inside a three-month season.
PROVISIONAL = 5
LOCAL = "local"  # the ladder of matches with no server (the terminal)
ALL = 2**31 - 1
CACHE = "ratings"
FACTS = "ratings:facts"  # kv, per server: every rated match's entrants and places (facts)
SEASONS = "seasons"
MODEL = PlackettLuce()
# What `rated_match` reads of a log (besides its last event but notes, when it
# ended): who was in which seat and who left, never the moves between.
SEAT_EVENTS = ("match_created", "match_started", "player_joined", "player_replaced", "player_removed")


@dataclass(frozen=True)
class RatedMatch:
    """What one finished match gives a ladder: its entrants and places (1 best)."""
    match_id: str
    server: str
    game: str
    ended_at: str
    places: tuple[tuple[str, int], ...]  # (player, place), one per entrant
    names: tuple[tuple[str, str], ...] = ()

    @property
    def key(self) -> tuple[str, str]:
        return self.ended_at, self.match_id


@dataclass
class Rating:
    player: str
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    matches: int = 0
    name: str = ""

    @property
    def ordinal(self) -> float:
        return MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal()

    @property
    def provisional(self) -> bool:
        return self.matches < PROVISIONAL

    def to_json(self) -> list[Any]:
        return [self.player, self.mu, self.sigma, self.matches, self.name]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Rating:
        return cls(str(data[0]), float(data[1]), float(data[2]), int(data[3]), str(data[4]))


@dataclass
class Ladder:
    server: str
    game: str
    ratings: dict[str, Rating] = field(default_factory=dict)
    through: tuple[str, str] = ("", "")  # the (ended_at, match id) of the last match folded

    def table(self) -> list[Rating]:
        """Best ordinal first; provisional players after settled ones."""
        return sorted(self.ratings.values(), key=lambda r: (r.provisional, -r.ordinal, r.name, r.player))

    def to_json(self) -> dict[str, Any]:
        return {"through": list(self.through), "ratings": [r.to_json() for r in self.ratings.values()]}

    @classmethod
    def from_json(cls, server: str, game: str, data: dict[str, Any]) -> Ladder:
        rs = (Rating.from_json(x) for x in data["ratings"])
        return cls(server, game, {r.player: r for r in rs}, (str(data["through"][0]), str(data["through"][1])))


def server_of(guild: str | None) -> str:
    return guild if guild is not None else LOCAL


def identity(player_id: str) -> str:
    """Who a seat's player is on a ladder: a bot is its level."""
    return f"bot:{bot_level(player_id)}" if player_id.startswith("bot:") else player_id


def bot_label(identity_: str) -> Text | None:
    """A bot level's name on a ladder, or None for a person."""
    if not identity_.startswith("bot:"):
        return None
    word = LEVEL_NAMES.get(identity_[4:], Text(identity_[4:], identity_[4:]))
    return Text(f"Bot ({word.en})", f"ボット（{word.ja}）")


def _places(keys: list[tuple[int, float]]) -> list[int]:
    place = {k: i for i, k in enumerate(sorted(set(keys)), start=1)}
    return [place[k] for k in keys]


def _seating(events: Sequence[Peek] | Sequence[Event]) -> tuple[list[str], dict[str, str], dict[str, int]]:
    """Who sat in each seat at the end, every joined player's name, and who
    left (each with the seat they left first)."""
    occupant: list[str] = []
    names: dict[str, str] = {}
    left: dict[str, int] = {}
    for e in events:
        p = e.payload
        if e.type == "match_started":
            occupant = [str(s) for s in p["seats"]]
        elif e.type in ("player_joined", "player_replaced"):
            who = p.get("player") or {}
            names[str(who.get("id"))] = str(who.get("name", ""))
            if e.type == "player_replaced" and occupant:
                occupant[p["seat"]] = str(who.get("id"))
        elif e.type == "player_removed" and occupant:
            left.setdefault(occupant[p["seat"]], p["seat"])
    return occupant, names, left


def seat_places(row: MatchRow, events: Sequence[Peek] | Sequence[Event]) -> list[tuple[int, str, int]]:
    """(seat, player id, place: 1 best) of each entrant of a finished match (a
    league tells its bots apart by id and its players by seat; a ladder names
    bots by level): the winners first, then by score, then those who left.
    Empty without a result."""
    return _placed(row, _seating(events)) if row.status == "finished" and row.result else []


def _placed(row: MatchRow, seating: tuple[list[str], dict[str, str], dict[str, int]]) -> list[tuple[int, str, int]]:
    occupant, _, left = seating
    assert row.result is not None
    winners = set(row.result.get("winners", []))
    scores = {int(k): float(v) for k, v in (row.result.get("scores") or {}).items() if isinstance(v, int | float)}
    entrants: list[tuple[int, str]] = []
    keys: list[tuple[int, float]] = []
    for seat, pid in enumerate(occupant):
        if pid in left:
            continue  # placed below, once, with those who left
        entrants.append((seat, pid))
        keys.append((0 if seat in winners else 1, -scores.get(seat, 0.0)))
    for pid, seat in left.items():
        entrants.append((seat, pid))
        keys.append((2, 0.0))
    return [(seat, pid, place) for (seat, pid), place in zip(entrants, _places(keys), strict=True)]


def rated_match(row: MatchRow, events: Sequence[Peek] | Sequence[Event]) -> RatedMatch | None:
    """The entrants and places a match gives its ladder, or None when unrated."""
    if row.status != "finished" or row.imported or not row.result or not events:
        return None
    first = events[0]
    if first.type == "match_created" and (first.payload.get("place") or {}).get("rated") is False:
        return None
    seating = _seating(events)  # one pass over the log: a ladder's rebuild reads thousands
    places = tuple((identity(pid), place) for _, pid, place in _placed(row, seating))
    if len({pid for pid, _ in places}) < 2:
        return None
    ended = next((e.at for e in reversed(events) if e.type != "note"), row.updated_at)
    # A person's identity is their id: only bots' are not, and bots have no name on a ladder.
    names = tuple(sorted((k, v) for k, v in seating[1].items() if not k.startswith("bot:")))
    return RatedMatch(row.id, server_of(row.guild), row.game, ended, places, names)


def fold(matches: Iterable[RatedMatch], ladder: Ladder) -> Ladder:
    """`ladder` moved by `matches` of its server and game, in the order they ended."""
    with gc_paused():  # openskill's updates make many short-lived objects, which the collector would only rescan
        return _folded(sorted(matches, key=lambda m: m.key), ladder)


def _folded(matches: list[RatedMatch], ladder: Ladder) -> Ladder:
    # Each player's rating as openskill returned it, handed to the next match as it is: building one costs
    # as much as a fifth of a 2-seat update (each carries a fresh uuid4).
    held: dict[str, PlackettLuceRating] = {}
    for m in matches:
        if (m.server, m.game) != (ladder.server, ladder.game) or m.key <= ladder.through:
            continue
        for pid, name in m.names:
            ladder.ratings.setdefault(pid, Rating(pid)).name = name
        teams = [[_openskill(ladder.ratings.setdefault(pid, Rating(pid)), held)] for pid, _ in m.places]
        after = MODEL.rate(teams, ranks=[float(place) for _, place in m.places])
        new: dict[str, list[PlackettLuceRating]] = {}
        for (pid, _), [rated] in zip(m.places, after, strict=True):
            new.setdefault(pid, []).append(rated)
        for pid, seats in new.items():
            r = ladder.ratings[pid]
            r.mu = sum(x.mu for x in seats) / len(seats)
            r.sigma = sum(x.sigma for x in seats) / len(seats)
            r.matches += 1
            held[pid] = seats[0]
        ladder.through = m.key
    return ladder


def _openskill(r: Rating, held: dict[str, PlackettLuceRating]) -> PlackettLuceRating:
    """`r` as openskill's rating: the one it returned last when that is still `r` (not a mean of seats).
    Taken out of `held`, so a player in two seats gets a second object: `rate` copies its teams in one
    deepcopy, which would make one object of two copies of the same one."""
    last = held.pop(r.player, None)
    if last is None or last.mu != r.mu or last.sigma != r.sigma:
        return MODEL.rating(mu=r.mu, sigma=r.sigma)
    return last


async def _finished(store: Recorder, server: str, since: str = "", game: str | None = None) -> list[MatchRow]:
    """The server's finished matches (of `game`) last written at or after `since` (one indexed query)."""
    return await store.written_since(since, guild=None if server == LOCAL else server, local=server == LOCAL,
                                     game=game, status=("finished",))


async def _from_log(store: Recorder, rows: Sequence[MatchRow],
                    known: Mapping[str, list[Peek]] | None = None) -> list[RatedMatch]:
    # Logs in bulk (a query per 500 matches, not one per match), only their
    # SEAT_EVENTS as Peeks, without the secrets and snapshots a rating never reads;
    # those a caller already read so (`known`, e.g. a player's card) are not read again.
    known = known or {}
    loaded = {**await store.peeks([r.id for r in rows if r.id not in known], SEAT_EVENTS), **known}
    with gc_paused():
        found = [rated_match(r, loaded[r.id]) for r in rows if r.id in loaded]
    return [m for m in found if m is not None]


def _fact(m: RatedMatch) -> list[Any]:
    return [m.game, m.ended_at, [list(p) for p in m.places], [list(n) for n in m.names]]


def _from_fact(server: str, match_id: str, data: Sequence[Any]) -> RatedMatch:
    return RatedMatch(match_id, server, str(data[0]), str(data[1]), tuple((str(p), int(k)) for p, k in data[2]),
                      tuple((str(p), str(n)) for p, n in data[3]))


async def facts(store: Recorder, server: str, known: Mapping[str, list[Peek]] | None = None) -> list[RatedMatch]:
    """Every rated match of the server, a cache of `rated_match` over its log
    (kv FACTS, per server): the fold continues with the finished matches written
    at or after the last one it read, so each log is read once, not per ladder."""
    data = await store.get_kv(FACTS, server) or {"through": "", "matches": {}}
    fresh = await _finished(store, server, data["through"])
    read = {m.match_id: m for m in await _from_log(store, fresh, known)}
    if fresh:  # at least the newest row read last time, which was written at `through`
        found = {mid: _fact(m) for mid, m in read.items()}
        through = fresh[-1].updated_at  # oldest first: the last is the newest
        if through != data["through"] or any(data["matches"].get(k) != v for k, v in found.items()):
            data["matches"].update(found)
            data["through"] = through
            await store.set_kv(FACTS, server, data)
    with gc_paused():  # those just read are not decoded back from their facts
        return [read.get(mid) or _from_fact(server, mid, fact) for mid, fact in data["matches"].items()]


async def rated_matches(store: Recorder, server: str, game: str | None = None,
                        after: str = "") -> list[RatedMatch]:
    """The server's rated matches (of `game`) that ended at or after `after`,
    each read from its log (no cache): a row last written before `after` ended
    before it too, so its log is not read."""
    found = await _from_log(store, await _finished(store, server, after))
    return [m for m in found if (game is None or m.game == game) and m.ended_at >= after]


async def ladder(store: Recorder, server: str, game: str, since: str = "", until: str | None = None) -> Ladder:
    """The ladder rebuilt from the log, over matches that ended in [since, until)."""
    found = [m for m in await rated_matches(store, server, game, since) if until is None or m.ended_at < until]
    return fold(found, Ladder(server, game))


async def cached_ladder(store: Recorder, server: str, game: str,
                        known: Mapping[str, list[Peek]] | None = None) -> Ladder:
    """The all-time ladder, continued from its cache: only matches that ended
    after the cached one are folded, then the cache moves on. `known`: logs the
    caller has read already (by match id; at least their SEAT_EVENTS and last event)."""
    key = f"{server}|{game}"
    data = await store.get_kv(CACHE, key)
    if data is None:  # the server's cached facts, each log read once for all its ladders
        start, found = Ladder(server, game), [m for m in await facts(store, server, known) if m.game == game]
    else:  # the rows written since the last folded match ended: usually that match alone
        start = Ladder.from_json(server, game, data)
        found = await _from_log(store, await _finished(store, server, start.through[0], game), known)
    done = fold(found, start)
    if done.through != start.through or data is None:
        await store.set_kv(CACHE, key, done.to_json())
    return done


async def player_ratings(store: Recorder, server: str, player_id: str) -> dict[str, Rating]:
    """One player's rating in every game of the server they have a rating in."""
    games = sorted({m.game for m in await facts(store, server)})
    out: dict[str, Rating] = {}
    for game in games:
        found = (await cached_ladder(store, server, game)).ratings.get(identity(player_id))
        if found is not None:
            out[game] = found
    return out


# -- seasons -------------------------------------------------------------------

async def seasons(store: Recorder, server: str) -> dict[str, Any]:
    """{"current": {"number", "started"} or None, "closed": [{"number", "started", "ended", "tables"}]}."""
    return await store.get_kv(SEASONS, server) or {"current": None, "closed": []}


async def end_season(store: Recorder, server: str, now: str) -> dict[str, Any] | None:
    """Close the running season, keeping each game's final table (rebuildable
    from its window, so it is a cache of that fold, stamped with its end)."""
    record = await seasons(store, server)
    current = record["current"]
    if current is None:
        return None
    # The season's window of the cached facts (each log read once, not per game).
    window = [m for m in await facts(store, server) if current["started"] <= m.ended_at < now]
    tables = {}
    for game in sorted({m.game for m in window}):
        done = fold((m for m in window if m.game == game), Ladder(server, game))
        if done.ratings:
            tables[game] = [r.to_json() for r in done.table()]
    closed = {**current, "ended": now, "tables": tables}
    await store.set_kv(SEASONS, server, {"current": None, "closed": [*record["closed"], closed]})
    return closed


async def start_season(store: Recorder, server: str, now: str) -> dict[str, Any]:
    """Start a new season now, closing the running one first."""
    await end_season(store, server, now)
    record = await seasons(store, server)
    current = {"number": 1 + len(record["closed"]), "started": now}
    await store.set_kv(SEASONS, server, {**record, "current": current})
    return current


__all__ = ["LOCAL", "PROVISIONAL", "SEAT_EVENTS", "Ladder", "RatedMatch", "Rating", "bot_label", "cached_ladder",
           "end_season", "facts", "fold", "identity", "ladder", "player_ratings", "rated_match", "rated_matches", "seasons",
           "seat_places", "server_of", "start_season"]
