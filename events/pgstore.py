"""The recorder on PostgreSQL through asyncpg: one log that several bot
processes (one per range of Discord shards) and the CLI share.

Same semantics as the SQLite store (events/store.py): each batch of appends
is one transaction; an append first updates its match row's `last_seq` from
the seq it was decided at (`WHERE last_seq = after`), which both locks the
match against every other writer until commit and turns a stale decision into
a Conflict; the chain hash is then computed from the previous row read under
that lock. UNIQUE(match, seq), UNIQUE(match, command_id) and the triggers
stay as the last line of defence against writers that skip all this.

Group commit: appends (and the front ends' bookkeeping) that arrive while a
commit is in flight go into the next transaction together, so one WAL flush
covers many matches. A batch of bookkeeping alone commits with
synchronous_commit off: it costs no flush of its own, and the next event
commit makes it durable (WAL is flushed in order).

Freshness across processes is the service's seq check (`head`, one indexed
read per command, which also says whether its command id is recorded and
learns the newest event's hash), as with SQLite. An append alone in its batch
whose chain head the store knows (it wrote that event, or `head` read it)
claims, inserts and commits in one statement, with no BEGIN or COMMIT of its
own: a command is that read and that statement, two round trips.

A lost connection (a restart, a failover, a killed backend) leaves a commit's
outcome unknown to the client. A write transaction learns its id from its
first write, and after a loss the server is asked, on a new connection, what
became of that transaction (waiting while it still runs). A lone statement
has no id before its answer: the session it was sent to is ended (if it still
runs, so nothing sent there can start later) and the log is read for its
events. Either way a command is told "recorded" or "not recorded" only when
that is so. A connection that failed is terminated, never handed out again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit, urlunsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from . import errors
from .chain import GENESIS, canonical_payload, first_break
from .deckrecords import CARD_SET_COLUMNS, DECK_COLUMNS, PICK_COLUMNS, CardSetFile, SavedDeck
from .gcpause import gc_paused
from .model import Event, NewEvent
from .pgschema import migrate
from .prefs import FIELDS, PlayerPrefs, check_fields
from .recorder import Loaded, StoredRow
from .rows import (
    Peek,
    chained_rows,
    event_from_row,
    events_by_match,
    loads,
    match_events,
    peeks_by_match,
    replay_events,
)
from .store import LEAGUE, Conflict, DuplicateCommand, Heads, MatchRow, Opened

T = TypeVar("T")

_EVENT_COLUMNS = "seq, type, version, actor, command_id, at, payload, hash"
# What a reader that decodes the payload selects: its UTF-8 bytes, which rows.loads reads directly,
# instead of a str that asyncpg decodes and the parser encodes back (payloads hold Japanese text):
# about a sixth of a long log's reading. (Not payload::bytea, which reads backslashes as escapes.)
_EVENT_READ = "seq, type, version, actor, command_id, at, convert_to(payload, 'UTF8'), hash"
# What a fold selects (`rows.replay_events`), the payload read the same way.
_REPLAY_READ = "seq, type, version, actor, at, convert_to(payload, 'UTF8')"
_MATCH_COLUMNS = ("id, game, ruleset, created_at, updated_at, status, commitment, guild, channel, players, result, "
                  "last_seq, imported")
# Every event of a batch in one statement (one round trip), in array order, so
# each row's gapless check sees the rows before it.
_INSERT_EVENTS = ("INSERT INTO events (match_id, seq, type, version, actor, command_id, at, payload, hash) "
                  "SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::text[], $6::text[], "
                  "$7::text[], $8::text[], $9::text[])")
# Takes the match's row lock until commit and checks, in the same statement, that
# nobody appended since `after`; returns the previous hash, whether a command id is taken
# and the transaction's id (no round trip of its own).
_CLAIM = ("UPDATE matches SET last_seq = $3, updated_at = $4, status = COALESCE($5, status), "
          "players = COALESCE($6, players), result = COALESCE($7, result) "
          "WHERE id = $1 AND last_seq = $2 "
          "RETURNING (SELECT hash FROM events WHERE match_id = $1 AND seq = $2), "
          "EXISTS (SELECT 1 FROM events WHERE match_id = $1 AND command_id = ANY($8::text[])), "
          "pg_current_xact_id()::text")
# The claim and the insert in one statement, for an append whose previous hash
# the store knows (it wrote that event, or read it with the match's head): the
# claim takes only while that hash is still the row's, and the rows go in only
# if it took, so a refused claim writes nothing and the statement can commit on
# its own.
_CLAIM_AND_INSERT = ("WITH claim AS (UPDATE matches SET last_seq = $3, updated_at = $4, status = COALESCE($5, status), "
                     "players = COALESCE($6, players), result = COALESCE($7, result) "
                     "WHERE id = $1 AND last_seq = $2 "
                     f"AND COALESCE((SELECT hash FROM events WHERE match_id = $1 AND seq = $2), '{GENESIS}') = $17 "
                     "RETURNING pg_current_xact_id()::text AS xid), "
                     "ins AS (INSERT INTO events (match_id, seq, type, version, actor, command_id, at, payload, hash) "
                     "SELECT * FROM unnest($8::text[], $9::int[], $10::text[], $11::int[], $12::text[], $13::text[], "
                     "$14::text[], $15::text[], $16::text[]) WHERE EXISTS (SELECT 1 FROM claim)) "
                     "SELECT xid FROM claim")
_XID = "SELECT pg_current_xact_id()::text"
_STARTED = "SELECT backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()"
# Whether a session has ended, ending it if it still runs: 'ended' only once it is gone.
_END = ("SELECT CASE WHEN COUNT(*) = 0 THEN 'ended' END FROM "
        "(SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = $1 AND backend_start = $2) AS s")
# A match's newest seq, where a command id was recorded and the newest event's
# hash (what the next append chains on): one indexed read each.
_HEAD = ("SELECT m.last_seq, (SELECT seq FROM events WHERE match_id = $1 AND command_id = $2), "
         "(SELECT hash FROM events WHERE match_id = $1 AND seq = m.last_seq) FROM matches m WHERE m.id = $1")
# What became of a transaction whose connection was lost: 'committed', 'aborted' or 'in progress'.
_FATE = "SELECT pg_xact_status($1::text::xid8)"
_PUT_SNAPSHOT = ("INSERT INTO snapshots (match_id, seq, ruleset, state) VALUES ($1, $2, $3, $4) "
                 "ON CONFLICT (match_id, seq) DO UPDATE SET ruleset = EXCLUDED.ruleset, state = EXCLUDED.state")
_PUT_KV = ("INSERT INTO kv (scope, key, value) VALUES ($1, $2, $3) "
           "ON CONFLICT (scope, key) DO UPDATE SET value = EXCLUDED.value")

_PUT_KVS = ("INSERT INTO kv (scope, key, value) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) "
            "ON CONFLICT (scope, key) DO UPDATE SET value = EXCLUDED.value")

Conn = asyncpg.Connection | PoolConnectionProxy

# Errors after which the batch is redone item by item, so only the culprit fails:
# a constraint or trigger, a deadlock with another process's batch, or one
# match held locked elsewhere (locks are per match here, not per database).
_RETRY_ALONE = (asyncpg.IntegrityConstraintViolationError, asyncpg.DeadlockDetectedError,
                asyncpg.SerializationError, asyncpg.LockNotAvailableError)
# Errors after which the connection is gone, or its protocol stuck mid-operation
# (asyncpg's "another operation is in progress"), and a commit may or may not
# have happened. The server ending the session arrives as an error of its own.
_LOST = (asyncpg.PostgresConnectionError, asyncpg.InterfaceError, asyncpg.InternalClientError,
         asyncpg.AdminShutdownError, asyncpg.CrashShutdownError, asyncpg.DatabaseDroppedError,
         asyncpg.IdleSessionTimeoutError, ConnectionError, OSError)


def redacted(url: str) -> str:
    """The URL as it may be shown: without a password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    user = f"{parts.username}@" if parts.username else ""
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit((parts.scheme, f"{user}{host}{port}", parts.path, parts.query, parts.fragment))


def fault(exc: BaseException, where: str) -> BaseException:
    """A database error as a truthful StorageFault, or the error itself when it
    is not a fault of the storage (a bug should stay a bug, with its traceback)."""
    if isinstance(exc, errors.StorageFault):
        return exc
    if isinstance(exc, asyncpg.DiskFullError):
        return errors.disk_full()
    if isinstance(exc, asyncpg.ReadOnlySQLTransactionError):
        return errors.read_only(where)
    if isinstance(exc, asyncpg.LockNotAvailableError | asyncpg.QueryCanceledError | asyncpg.DeadlockDetectedError
                  | asyncpg.SerializationError | asyncpg.TooManyConnectionsError
                  | asyncpg.CannotConnectNowError):
        return errors.locked()
    if isinstance(exc, asyncpg.InvalidCatalogNameError | asyncpg.InvalidAuthorizationSpecificationError
                  | asyncpg.InvalidPasswordError | asyncpg.InvalidSchemaNameError):
        return errors.cannot_open(where, str(exc))
    if isinstance(exc, (*_LOST, TimeoutError)):
        return errors.cannot_open(where, f"the server cannot be reached ({type(exc).__name__}: {exc})")
    return exc


def _refusal(exc: asyncpg.PostgresError, new: Sequence[NewEvent]) -> Exception:
    if getattr(exc, "constraint_name", None) == "events_command":
        return DuplicateCommand(next((e.command_id for e in new if e.command_id), ""))
    return Conflict(str(exc))


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _match(row: asyncpg.Record) -> MatchRow:
    return MatchRow(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8],
                    loads(row[9]), loads(row[10]) if row[10] else None, int(row[11]),
                    bool(row[12]))


@dataclass
class _Append:
    match_id: str
    after: int
    new: Sequence[NewEvent]
    at: str
    status: str | None
    players: str | None
    result: str | None
    done: asyncio.Future[list[Event]]


@dataclass
class _Attempt:
    """One try at writing a batch: each item's outcome, filled before the
    commit, and the transaction's id once a write has given it one, so that a
    lost commit can be asked about."""

    outcomes: list[list[Event] | BaseException]
    xid: str | None = None
    # A lone append sent as one statement that commits by itself has no id to
    # ask about before its answer: the backend it went to instead ((pid,
    # backend_start), unique while the server runs), so a lost answer is
    # settled by the log once that backend has ended.
    backend: tuple[int, Any] | None = None


@dataclass
class _Put:
    """Bookkeeping (kv, snapshots): rides in the next event transaction."""

    sql: str
    args: tuple[Any, ...]
    done: asyncio.Future[list[Event]]
    keyed: int = 2  # how many leading args are the row's key: writes to one row keep their order


def _lock_order(item: _Append | _Put) -> tuple[int, str, str]:
    if isinstance(item, _Append):
        return 0, item.match_id, ""
    return 1, item.sql, repr(item.args[:item.keyed])  # the table, then the row's key


class _Trips:
    """How many statements this store's connections sent, each a round trip
    to the server (its first use on a connection also prepares it)."""

    def __init__(self) -> None:
        self.count = 0


class _Counted(asyncpg.Connection):  # type: ignore[misc]
    """A connection that counts its round trips on its store's `_Trips`: every
    public query call (a transaction's BEGIN and COMMIT go through `execute`)."""

    trips: _Trips | None = None
    started: Any = None  # the backend's start time: with its pid, this session's name on the server

    def _count(self) -> None:
        if self.trips is not None:
            self.trips.count += 1

    async def execute(self, query: str, *args: Any, timeout: float | None = None) -> str:
        self._count()
        return await super().execute(query, *args, timeout=timeout)  # type: ignore[no-any-return]

    async def fetch(self, query: str, *args: Any, **kwargs: Any) -> Any:
        self._count()
        return await super().fetch(query, *args, **kwargs)

    async def fetchrow(self, query: str, *args: Any, **kwargs: Any) -> Any:
        self._count()
        return await super().fetchrow(query, *args, **kwargs)

    async def fetchval(self, query: str, *args: Any, **kwargs: Any) -> Any:
        self._count()
        return await super().fetchval(query, *args, **kwargs)


async def _keep_session(conn: asyncpg.Connection) -> None:
    """The pool's reset between uses, which would cost a round trip per use,
    left out: the store leaves nothing in a session (no LISTEN, cursors,
    session settings or advisory locks; SET LOCAL ends with its transaction),
    and an open transaction is still rolled back by the pool before this."""


class _Refused(Exception):
    """An item of a batch refused after it wrote: the batch is redone item by item."""


async def _insert(conn: Conn, rows: Sequence[tuple[Any, ...]]) -> None:
    if rows:
        await conn.execute(_INSERT_EVENTS, *(list(column) for column in zip(*rows, strict=True)))


async def _claim_and_insert(conn: Conn, attempt: _Attempt, item: _Append, prev: str,
                            heads: dict[tuple[str, int], str], known: Heads,
                            chained: tuple[list[Event], list[tuple[Any, ...]]] | None = None) -> list[Event] | Exception:
    """One append in one statement, its rows (`chained`, unless made here)
    chained on `prev`, the hash the store knows for the row at `item.after`
    (a stored event never changes, so it still is the row's unless the row is
    not what the store thinks: then the claim fails as if another writer had
    come first, and the head is read again). A taken command id fails the
    insert on its constraint, as below."""
    events, mine = chained or chained_rows(item.match_id, prev, item.after, item.new, item.at)
    xid = await conn.fetchval(_CLAIM_AND_INSERT, item.match_id, item.after, item.after + len(item.new), item.at,
                              item.status, item.players, item.result,
                              *(list(column) for column in zip(*mine, strict=True)), prev)
    if xid is None:
        known.forget(item.match_id)
        return Conflict(f"match {item.match_id} is no longer at event {item.after}")
    attempt.xid = attempt.xid or xid
    heads[(item.match_id, events[-1].seq)] = mine[-1][8]
    return events


async def _append_one(conn: Conn, attempt: _Attempt, item: _Append, rows: list[tuple[Any, ...]],
                      heads: dict[tuple[str, int], str], known: Heads | None = None) -> list[Event] | Exception:
    """One append's claim inside the open transaction: its events (their rows
    added to `rows`, inserted with the batch's; `heads` holds the chain heads
    of earlier appends in the batch, not yet inserted), or the refusal
    (Conflict) when the claim wrote nothing; raises _Refused when something
    was written before the refusal was known."""
    # The first append of its match in the batch (a later one follows rows not inserted yet).
    if known is not None and item.new and not any(m == item.match_id for m, _ in heads):
        prev = known.get(item.match_id, item.after)
        if prev is not None:
            return await _claim_and_insert(conn, attempt, item, prev, heads, known)
    ids = [e.command_id for e in item.new if e.command_id]
    claimed = await conn.fetchrow(_CLAIM, item.match_id, item.after, item.after + len(item.new), item.at,
                                  item.status, item.players, item.result, ids)
    if claimed is None:
        return Conflict(f"match {item.match_id} is no longer at event {item.after}")
    attempt.xid = attempt.xid or claimed[2]
    prev, taken = heads.get((item.match_id, item.after), claimed[0]), claimed[1]
    if taken:
        raise _Refused(DuplicateCommand(ids[0]))
    if prev is None and item.after > 0:
        raise _Refused(Conflict(f"event {item.after} of match {item.match_id} is not visible"))
    events, mine = chained_rows(item.match_id, prev or GENESIS, item.after, item.new, item.at)
    rows.extend(mine)
    if events:
        heads[(item.match_id, events[-1].seq)] = mine[-1][8]
    return events


async def _ended(conn: Conn, attempt: _Attempt) -> bool | None:
    """Whether the lost write committed, or None while it may still run: the
    transaction's status by its id; a lone statement's, once the session it
    went to has ended (ended here if it still runs, so nothing it was sent can
    start later), by whether its last event is in the log as written."""
    if attempt.xid is not None:
        status = await conn.fetchval(_FATE, attempt.xid)
        return None if status not in ("committed", "aborted") else status == "committed"
    assert attempt.backend is not None
    if await conn.fetchval(_END, *attempt.backend) is None:
        return None
    sent = attempt.outcomes[0]
    if isinstance(sent, BaseException) or not sent:
        return False  # refused before the loss: nothing written
    last = sent[-1]
    return bool(await conn.fetchval("SELECT hash = $3 FROM events WHERE match_id = $1 AND seq = $2",
                                    last.match_id, last.seq, last.hash))


async def _opening(conn: Conn, chunk: list[str]) -> dict[str, Opened]:
    rows = {r[0]: _match(r) for r in await conn.fetch(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ANY($1::text[])",
                                                      chunk)}
    secrets: dict[str, bytes] = {r[0]: bytes(r[1]) for r in await conn.fetch(
        "SELECT match_id, secret FROM match_secrets WHERE match_id = ANY($1::text[])", chunk)}
    snaps: dict[str, dict[str, tuple[int, bytes]]] = {mid: {} for mid in rows}
    for mid, ruleset, seq, state in await conn.fetch(
            "SELECT DISTINCT ON (match_id, ruleset) match_id, ruleset, seq, state FROM snapshots "
            "WHERE match_id = ANY($1::text[]) ORDER BY match_id, ruleset, seq DESC", chunk):
        snaps[mid][ruleset] = (int(seq), bytes(state))
    opened = {mid: Opened(row, secrets[mid], snaps[mid], []) for mid, row in rows.items()}
    found = await conn.fetch(f"SELECT e.match_id, {_EVENT_READ} "
                             "FROM events e JOIN unnest($1::text[], $2::int[]) AS a(match_id, after) "
                             "ON e.match_id = a.match_id AND e.seq > a.after ORDER BY e.match_id, e.seq",
                             list(opened), [o.after for o in opened.values()])
    for mid, events in events_by_match(found).items():
        opened[mid].events.extend(events)
    return opened


def _filters(args: list[Any], *, guild: str | None = None, game: str | None = None,
             status: Iterable[str] | None = None) -> str:
    """The `AND ...` clauses of a matches query for the filters given, their values appended to `args`."""
    sql = ""
    for column, value in (("guild", guild), ("game", game)):
        if value is not None:
            args.append(value)
            sql += f" AND {column} = ${len(args)}"
    if status is not None:
        args.append(list(status))
        sql += f" AND status = ANY(${len(args)}::text[])"
    return sql


class PgStore:
    def __init__(self, pool: asyncpg.Pool, url: str, durable: bool, settle_within: float = 10.0) -> None:
        self._pool = pool
        self.url = url
        self.path = redacted(url)  # what messages name, as the SQLite store names its file
        self.durable = durable
        # How long a command whose connection was lost waits to learn whether it
        # was recorded: a restarting server or a failover answers within seconds.
        self.settle_within = settle_within
        self._queue: list[_Append | _Put] = []
        self._flusher: asyncio.Task[None] | None = None
        self._trips = _Trips()
        self._heads = Heads()

    @property
    def round_trips(self) -> int:
        """Statements sent to the server so far: what a command costs in waits on it."""
        return self._trips.count

    @classmethod
    async def open(cls, url: str, *, durable: bool = True, busy_timeout_ms: int = 5000, min_size: int = 1,
                   max_size: int = 8, connect_timeout: float = 10.0) -> PgStore:
        """Connect (a pool), migrate and check durability. `busy_timeout_ms`
        bounds how long a write waits for a lock another process holds (as
        SQLite's busy timeout does); `durable=False` turns off waiting for the
        WAL flush, for throwaway self-play databases only."""
        where = redacted(url)
        settings = {"lock_timeout": str(int(busy_timeout_ms))}
        if "application_name" not in parse_qs(urlsplit(url).query):
            settings["application_name"] = "parley"  # how an operator tells Parley's sessions apart
        if not durable:
            settings["synchronous_commit"] = "off"
        trips = _Trips()

        async def counted(conn: asyncpg.Connection) -> None:
            if isinstance(conn, _Counted):
                conn.started = await conn.fetchval(_STARTED)
                conn.trips = trips

        try:
            pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size, timeout=connect_timeout,
                                             server_settings=settings, connection_class=_Counted, init=counted,
                                             reset=_keep_session)
        except (asyncpg.PostgresError, OSError, TimeoutError, asyncpg.InterfaceError) as exc:
            raise fault(exc, where) from exc
        store = cls(pool, url, durable, settle_within=connect_timeout)
        store._trips = trips
        try:
            async with store.connection() as conn:
                await migrate(conn, where)
            if durable:
                await store.check_durable()
        except BaseException as exc:
            await pool.close()
            if isinstance(exc, asyncpg.PostgresError | OSError):
                raise fault(exc, where) from exc
            raise
        return store

    async def check_durable(self) -> None:
        """Refuse to run a durable store on a server that would acknowledge a
        commit before it is on disk."""
        fsync, commit = await self.durability()
        if fsync != "on" or commit == "off":
            raise errors.cannot_open(self.path, f"fsync={fsync}, synchronous_commit={commit} "
                                                "(need fsync=on and synchronous_commit not off)")

    async def durability(self) -> tuple[str, str]:
        """(fsync, synchronous_commit) as the server reports them for this store's connections."""
        async with self.connection() as conn:
            return str(await conn.fetchval("SHOW fsync")), str(await conn.fetchval("SHOW synchronous_commit"))

    async def close(self) -> None:
        if self._flusher is not None and not self._flusher.done():
            await asyncio.wait([self._flusher])
        await self._pool.close()

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[Conn]:
        """A pooled connection that goes back to the pool only if it is sound:
        after a lost-connection error it is terminated, so the next command
        gets a new one, not asyncpg's "another operation is in progress"."""
        conn = await self._pool.acquire()
        try:
            yield conn
        except _LOST:
            conn.terminate()
            raise
        finally:
            # A reset that fails terminates the connection; what was done on it stands.
            with contextlib.suppress(*_LOST):
                await self._pool.release(conn)  # nothing left to do after terminate()

    def _fault(self, exc: BaseException) -> BaseException:
        """fault(), but a connection lost on the way is told as such (to a player, not to an operator)."""
        return errors.connection_lost() if isinstance(exc, _LOST) else fault(exc, self.path)

    async def _fate(self, attempt: _Attempt) -> bool | None:
        """Whether a write whose connection was lost committed: asked on a new
        connection, again and again until it has ended (the server may still be
        finishing it, or restarting) or `settle_within` has passed (None: unknown)."""
        loop = asyncio.get_running_loop()
        deadline, pause = loop.time() + self.settle_within, 0.01
        while True:
            try:
                async with self.connection() as conn:
                    committed = await _ended(conn, attempt)
                if committed is not None:
                    return committed
            except (asyncpg.PostgresError, *_LOST):
                pass  # asked again, on another connection
            if loop.time() + pause > deadline:
                return None
            await asyncio.sleep(pause)
            pause = min(2 * pause, 0.25)

    async def schema_version(self) -> int:
        return int(await self._read("fetchval", "SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))

    # -- writing -----------------------------------------------------------------

    async def create_match(self, row: MatchRow, secret: bytes, first: NewEvent) -> Event:
        events, rows = chained_rows(row.id, GENESIS, 0, [first], row.created_at)
        attempt = _Attempt([events])
        try:
            async with self.connection() as conn, conn.transaction():
                attempt.xid = await conn.fetchval(_XID)
                await self._insert_match(conn, row, secret, None, 1)
                await _insert(conn, rows)
        except asyncpg.UniqueViolationError as exc:
            raise Conflict(str(exc)) from exc
        except _LOST as exc:
            outcome = (await self._settle(attempt))[0]
            if isinstance(outcome, BaseException):
                raise outcome from exc
        except asyncpg.PostgresError as exc:
            raise fault(exc, self.path) from exc
        return events[0]

    @staticmethod
    async def _insert_match(conn: Conn, row: MatchRow, secret: bytes, result: str | None,
                            last_seq: int) -> None:
        await conn.execute(f"INSERT INTO matches ({_MATCH_COLUMNS}) "
                           "VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)",
                           row.id, row.game, row.ruleset, row.created_at, row.updated_at, row.status,
                           row.commitment, row.guild, row.channel, _dumps(row.players), result, last_seq,
                           row.imported)
        await conn.execute("INSERT INTO match_secrets (match_id, secret) VALUES ($1, $2)", row.id, secret)

    async def append(self, match_id: str, after: int, new: Sequence[NewEvent], at: str, *,
                     status: str | None = None, players: list[str] | None = None,
                     result: dict[str, Any] | None = None) -> list[Event]:
        """Append `new` after sequence `after` and update the match row, in one
        transaction shared with whatever else is waiting to commit. Raises
        Conflict or DuplicateCommand (nothing of it written) or a StorageFault
        (nothing written either)."""
        done: asyncio.Future[list[Event]] = asyncio.get_running_loop().create_future()
        self._queue.append(_Append(match_id, after, new, at, status,
                                   _dumps(players) if players is not None else None,
                                   _dumps(result) if result is not None else None, done))
        return await self._queued(done)

    async def _queued(self, done: asyncio.Future[list[Event]]) -> list[Event]:
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        return await done

    async def _put(self, sql: str, *args: Any, keyed: int = 2) -> None:
        done: asyncio.Future[list[Event]] = asyncio.get_running_loop().create_future()
        self._queue.append(_Put(sql, args, done, keyed))
        await self._queued(done)

    async def _flush(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            attempt = _Attempt([[] for _ in batch])
            outcomes = attempt.outcomes
            try:
                await self._write(batch, attempt)
            except (_Refused, *_RETRY_ALONE):
                outcomes = [await self._write_alone(item) for item in batch]
            except _LOST:
                outcomes = await self._settle(attempt)
            except BaseException as exc:  # every caller must hear of any failure
                outcomes = [fault(exc, self.path)] * len(batch)
            for item, outcome in zip(batch, outcomes, strict=True):
                if item.done.done():
                    continue
                if isinstance(outcome, BaseException):
                    item.done.set_exception(outcome)
                else:
                    item.done.set_result(outcome)

    async def _write(self, batch: Sequence[_Append | _Put], attempt: _Attempt) -> None:
        """The batch in one transaction, each item's outcome into `attempt`
        (filled before the commit, so a lost commit can be settled with them).
        Appends go first, ordered by match, so two processes' batches lock
        match rows (and then bookkeeping rows) in the same order; the sort is
        stable, so two writes to one row keep theirs."""
        lone = batch[0] if len(batch) == 1 and isinstance(batch[0], _Append) and batch[0].new else None
        prev = self._heads.get(lone.match_id, lone.after) if lone is not None else None
        if lone is not None and prev is not None:
            await self._append_alone(lone, prev, attempt)
            return
        order = sorted(range(len(batch)), key=lambda i: _lock_order(batch[i]))
        async with self.connection() as conn, conn.transaction():
            if not any(isinstance(item, _Append) for item in batch):
                await conn.execute("SET LOCAL synchronous_commit = off")
            rows: list[tuple[Any, ...]] = []
            heads: dict[tuple[str, int], str] = {}
            for i in order:
                item = batch[i]
                if isinstance(item, _Put):
                    attempt.xid = attempt.xid or await conn.fetchval(_XID)
                    await conn.execute(item.sql, *item.args)
                else:
                    attempt.outcomes[i] = await _append_one(conn, attempt, item, rows, heads, self._heads)
            await _insert(conn, rows)
        self._heads.put(heads)  # committed

    async def _append_alone(self, item: _Append, prev: str, attempt: _Attempt) -> None:
        """An append alone in its batch, its chain head known: one statement,
        committed by itself, so a command's write is one round trip (no BEGIN
        or COMMIT of its own). Its events are its outcome until it is refused,
        so a lost answer is settled against them (`_settle`)."""
        chained = chained_rows(item.match_id, prev, item.after, item.new, item.at)
        attempt.outcomes[0] = chained[0]
        heads: dict[tuple[str, int], str] = {}
        async with self.connection() as conn:
            attempt.backend = (conn.get_server_pid(), getattr(conn, "started", None))
            attempt.outcomes[0] = await _claim_and_insert(conn, attempt, item, prev, heads, self._heads, chained)
        self._heads.put(heads)  # committed

    async def _write_alone(self, item: _Append | _Put) -> list[Event] | BaseException:
        attempt = _Attempt([[]])
        try:
            await self._write([item], attempt)
        except _Refused as exc:
            return exc.args[0]  # type: ignore[no-any-return]
        except asyncpg.IntegrityConstraintViolationError as exc:
            return _refusal(exc, item.new) if isinstance(item, _Append) else exc
        except _LOST:
            return (await self._settle(attempt))[0]
        except BaseException as exc:
            return fault(exc, self.path)
        return attempt.outcomes[0]

    async def _settle(self, attempt: _Attempt) -> list[list[Event] | BaseException]:
        """The connection went away during the batch, which committed entirely
        or not at all: the server is asked which, so nobody is told "not
        recorded" about a move that was, nor the reverse. This holds for
        commands with or without a command id, and for bookkeeping: it is the
        transaction that is looked up, not one of its rows. An append refused
        with a Conflict wrote nothing either way and is told so."""
        if attempt.xid is None and attempt.backend is None:
            # No write was answered, so COMMIT was never sent: nothing was written.
            committed: bool | None = False
        else:
            committed = await self._fate(attempt)
        told: list[list[Event] | BaseException] = []
        for out in attempt.outcomes:
            if isinstance(out, Conflict) or committed:
                told.append(out)
            else:
                told.append(errors.outcome_unknown() if committed is None else errors.connection_lost())
        return told

    async def import_match(self, row: MatchRow, secret: bytes, events: Sequence[Event]) -> None:
        """Insert a whole recorded match verbatim (times, command ids and chain
        hashes kept; the caller has checked the chain)."""
        rows = [(row.id, e.seq, e.type, e.version, e.actor, e.command_id, e.at, canonical_payload(e.payload), e.hash)
                for e in events]
        try:
            async with self.connection() as conn, conn.transaction():
                await self._insert_match(conn, row, secret, _dumps(row.result) if row.result else None, row.last_seq)
                await _insert(conn, rows)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise Conflict(str(exc)) from exc
        except (asyncpg.PostgresError, *_LOST) as exc:
            raise fault(exc, self.path) from exc

    async def save_snapshot(self, match_id: str, seq: int, ruleset: str, blob: bytes) -> None:
        await self._put(_PUT_SNAPSHOT, match_id, seq, ruleset, blob)

    async def set_kv(self, scope: str, key: str, value: Any) -> None:
        """Front ends' bookkeeping: group-committed with events, never a flush of its own."""
        await self._put(_PUT_KV, scope, key, _dumps(value))

    async def set_kvs(self, items: Sequence[tuple[str, str, Any]]) -> None:
        """Several kv records (scope, key, value) in one statement, as `set_kv` writes one. The
        rows go in key order, as two processes' transactions must lock them; a key given twice
        keeps its last value (a statement may not change a row twice)."""
        rows = sorted({(scope, key): _dumps(value) for scope, key, value in items}.items())
        if rows:
            await self._put(_PUT_KVS, [s for (s, _), _ in rows], [k for (_, k), _ in rows], [v for _, v in rows])

    # -- reading -----------------------------------------------------------------

    async def _read(self, how: str, sql: str, *args: Any) -> Any:
        """A read changes nothing, so one whose connection was lost is asked
        again, once, on a new connection: pooled connections the server dropped
        while they sat idle should not fail the next command."""
        for retry in (True, False):
            try:
                async with self.connection() as conn:
                    return await getattr(conn, how)(sql, *args)
            except _LOST as exc:
                if not retry:
                    raise self._fault(exc) from exc
            except asyncpg.PostgresError as exc:
                raise fault(exc, self.path) from exc
        raise AssertionError("the second try returns or raises")

    async def events(self, match_id: str, after: int = 0, upto: int | None = None) -> list[Event]:
        return match_events(match_id, await self._event_rows(match_id, after, upto))

    async def _event_rows(self, match_id: str, after: int, upto: int | None,
                          columns: str = _EVENT_READ) -> list[asyncpg.Record]:
        """The rows (of `columns`) of the match's events after `after`, up to `upto`."""
        rows: list[asyncpg.Record]
        if upto is None:
            rows = await self._read("fetch", f"SELECT {columns} FROM events WHERE match_id = $1 AND seq > $2 "
                                             "ORDER BY seq", match_id, after)
        else:
            rows = await self._read("fetch", f"SELECT {columns} FROM events WHERE match_id = $1 AND seq > $2 "
                                             "AND seq <= $3 ORDER BY seq", match_id, after, upto)
        return rows

    async def fold(self, match_id: str, fn: Callable[[list[Event]], T], after: int = 0,
                   upto: int | None = None) -> T:
        """`fn` of the events `events` would return, as a replay reads them (without hash and command
        id: `rows.replay_events`): asyncpg reads them on the event loop, so it runs there. The collector
        stays paused from decoding to the end of `fn`, as the SQLite store's fold does (`store._folded`):
        otherwise it would scan every event just decoded, about to be freed."""
        rows = await self._event_rows(match_id, after, upto, _REPLAY_READ)
        with gc_paused():
            return fn(replay_events(match_id, rows))

    async def last_seq(self, match_id: str) -> int | None:
        """The match's newest seq, by one indexed read: how a process learns
        that another one (a second bot shard, the CLI) has moved the match on."""
        value = await self._read("fetchval", "SELECT last_seq FROM matches WHERE id = $1", match_id)
        return None if value is None else int(value)

    async def head(self, match_id: str, command_id: str | None = None) -> tuple[int, int | None] | None:
        """The match's newest seq and the seq of the event recorded for
        `command_id` (None when it is not), in one read: all a command asks
        before it decides. None when there is no such match. The same read
        learns the newest event's hash, so the append that follows chains on
        it without asking (`_append_alone`)."""
        row = await self._read("fetchrow", _HEAD, match_id, command_id)
        if row is None:
            return None
        if row[2] is not None:
            self._heads.put({(match_id, int(row[0])): row[2]})
        return int(row[0]), None if row[1] is None else int(row[1])

    async def chain_break(self, match_id: str) -> tuple[int | None, str]:
        """Recompute the match's hash chain over the rows as stored: the seq of
        the first broken link (None when it holds) and the head hash."""
        rows = await self.stored_events(match_id)
        return first_break(rows), (rows[-1][7] if rows else GENESIS)

    async def find_command(self, match_id: str, command_id: str) -> Event | None:
        row = await self._read("fetchrow", f"SELECT {_EVENT_READ} FROM events WHERE match_id = $1 "
                                           "AND command_id = $2", match_id, command_id)
        return event_from_row(match_id, row) if row else None

    async def match(self, match_id: str) -> MatchRow | None:
        row = await self._read("fetchrow", f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = $1", match_id)
        return _match(row) if row else None

    async def matches(self, *, guild: str | None = None, status: Iterable[str] | None = None,
                      limit: int = 1000, leagues: bool | None = False) -> list[MatchRow]:
        """As `Store.matches`: leagues left out unless asked."""
        sql, args = f"SELECT {_MATCH_COLUMNS} FROM matches WHERE TRUE", list[Any]()
        if leagues is not None:
            args.append(LEAGUE)
            sql += f" AND game {'=' if leagues else '<>'} ${len(args)}"
        sql += _filters(args, guild=guild, status=status)
        args.append(limit)
        rows = await self._read("fetch", sql + f" ORDER BY created_at DESC, id LIMIT ${len(args)}", *args)
        return [_match(r) for r in rows]

    async def bulk(self, match_ids: Sequence[str]) -> Loaded:
        """Secrets, events and snapshots (by ruleset) of many matches in three
        queries per thousand: a cold start should not pay a round trip per match."""
        out: Loaded = {}
        for start in range(0, len(match_ids), 1000):
            chunk = list(match_ids[start:start + 1000])
            for mid, secret in await self._read(
                    "fetch", "SELECT match_id, secret FROM match_secrets WHERE match_id = ANY($1::text[])", chunk):
                out[mid] = (bytes(secret), [], {})
            rows = await self._read("fetch", f"SELECT match_id, {_EVENT_READ} FROM events "
                                             "WHERE match_id = ANY($1::text[]) ORDER BY match_id, seq", chunk)
            for mid, events in events_by_match(rows).items():
                out[mid][1].extend(events)
            for mid, ruleset, seq, state in await self._read(
                    "fetch", "SELECT match_id, ruleset, seq, state FROM snapshots WHERE match_id = ANY($1::text[]) "
                             "ORDER BY seq", chunk):
                out[mid][2][ruleset] = (int(seq), bytes(state))
        return out

    async def written_since(self, since: str, *, guild: str | None = None, local: bool = False,
                            game: str | None = None, status: Iterable[str] | None = None) -> list[MatchRow]:
        """Matches (never imported ones) last written at or after `since`, oldest first: of one server
        (`guild`), of none (`local`: the terminal's) or of every server. A projection kept as a cache
        continues from here with what was written since it stopped (index matches_by_written)."""
        sql, args = f"SELECT {_MATCH_COLUMNS} FROM matches WHERE NOT imported AND updated_at >= $1", list[Any]([since])
        if local:
            sql += " AND guild IS NULL"
        else:
            sql += _filters(args, guild=guild, game=game)
        sql += _filters(args, status=status)
        rows = await self._read("fetch", sql + " ORDER BY updated_at, id", *args)
        with gc_paused():  # a ladder's rebuild reads every finished match's row
            return [_match(r) for r in rows]

    async def logs(self, match_ids: Sequence[str]) -> dict[str, list[Event]]:
        """The events of many matches, without their secrets or snapshots: for projections that read
        only the public facts of a log (who sat, who left, who won), a query per thousand matches."""
        out: dict[str, list[Event]] = {mid: [] for mid in match_ids}
        for start in range(0, len(match_ids), 1000):
            chunk = list(match_ids[start:start + 1000])
            rows = await self._read("fetch", f"SELECT match_id, {_EVENT_READ} FROM events "
                                             "WHERE match_id = ANY($1::text[]) ORDER BY match_id, seq", chunk)
            out.update(events_by_match(rows))
        return {mid: events for mid, events in out.items() if events}

    async def peeks(self, match_ids: Sequence[str], types: Sequence[str]) -> dict[str, list[Peek]]:
        """Of many matches, the events of `types` and each one's last event but notes (when it ended),
        as Peeks: a projection of seats skips the moves, most of a long log, and the payload of that
        last event. A query per thousand matches."""
        out: dict[str, list[Peek]] = {}
        sql = ("SELECT match_id, seq, type, version, at, CASE WHEN type = ANY($2::text[]) THEN convert_to(payload, 'UTF8') END "
               "FROM events WHERE match_id = ANY($1::text[]) AND (type = ANY($2::text[]) OR (match_id, seq) IN ("
               "SELECT match_id, MAX(seq) FROM events WHERE match_id = ANY($1::text[]) AND type <> 'note' "
               "GROUP BY match_id)) ORDER BY match_id, seq")
        for start in range(0, len(match_ids), 1000):
            chunk = list(match_ids[start:start + 1000])
            out.update(peeks_by_match(chunk, await self._read("fetch", sql, chunk, list(types))))
        return out

    async def opening(self, match_ids: Sequence[str]) -> dict[str, Opened]:
        """What a cold load of each match needs (events.store.Opened): four
        reads per thousand matches, on one connection. The newest event read
        is each match's chain head, kept for its next append (`_append_alone`)."""
        out: dict[str, Opened] = {}
        for start in range(0, len(match_ids), 1000):
            chunk = list(match_ids[start:start + 1000])
            for retry in (True, False):
                try:
                    async with self.connection() as conn:
                        out.update(await _opening(conn, chunk))
                    break
                except _LOST as exc:  # a read: asked again once, on a new connection
                    if not retry:
                        raise self._fault(exc) from exc
                except asyncpg.PostgresError as exc:
                    raise fault(exc, self.path) from exc
        self._heads.put({(mid, o.events[-1].seq): o.events[-1].hash for mid, o in out.items()
                         if o.events and o.events[-1].seq == o.row.last_seq and o.events[-1].hash})
        return out

    async def secret(self, match_id: str) -> bytes:
        """The match secret: for rebuilding state and, once finished, for revealing.
        Never pass it to a view, an export of a running match or a log line."""
        value = await self._read("fetchval", "SELECT secret FROM match_secrets WHERE match_id = $1", match_id)
        if value is None:
            raise KeyError(match_id)
        return bytes(value)

    async def latest_snapshot(self, match_id: str, ruleset: str, upto: int | None = None) -> tuple[int, bytes] | None:
        row = await self._read("fetchrow", "SELECT seq, state FROM snapshots WHERE match_id = $1 AND ruleset = $2 "
                                           "AND seq <= $3 ORDER BY seq DESC LIMIT 1",
                               match_id, ruleset, upto if upto is not None else 2**31 - 1)
        return (int(row[0]), bytes(row[1])) if row else None

    async def get_kv(self, scope: str, key: str) -> Any:
        value = await self._read("fetchval", "SELECT value FROM kv WHERE scope = $1 AND key = $2", scope, key)
        return loads(value) if value is not None else None

    async def get_kvs(self, wanted: Sequence[tuple[str, str]]) -> dict[tuple[str, str], Any]:
        """Several kv records, by (scope, key), in one read (a missing one is absent)."""
        if not wanted:
            return {}
        rows = await self._read("fetch", "SELECT scope, key, value FROM kv WHERE (scope, key) IN "
                                         "(SELECT * FROM unnest($1::text[], $2::text[]))",
                                [scope for scope, _ in wanted], [key for _, key in wanted])
        return {(r[0], r[1]): loads(r[2]) for r in rows}

    async def backup(self, target: str | Path) -> None:
        """A consistent copy into a new SQLite file (what `migrate-db` can load
        back). For the server as a whole, use pg_dump (docs/scaling.md)."""
        from .migrate import copy_database
        from .store import Store

        copy = await Store.open(target)
        try:
            await copy_database(self, copy)
        finally:
            await copy.close()

    # -- raw contents, for migrations --------------------------------------------

    async def stored_events(self, match_id: str) -> list[StoredRow]:
        rows = await self._read("fetch", f"SELECT {_EVENT_COLUMNS} FROM events WHERE match_id = $1 ORDER BY seq",
                                match_id)
        return [(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]) for r in rows]

    async def stored_snapshots(self, match_id: str) -> list[tuple[int, str, bytes]]:
        rows = await self._read("fetch", "SELECT seq, ruleset, state FROM snapshots WHERE match_id = $1 ORDER BY seq",
                                match_id)
        return [(int(r[0]), r[1], bytes(r[2])) for r in rows]

    async def kv_items(self) -> list[tuple[str, str, Any]]:
        rows = await self._read("fetch", "SELECT scope, key, value FROM kv ORDER BY scope, key")
        return [(r[0], r[1], json.loads(r[2])) for r in rows]

    async def deck_items(self) -> tuple[list[SavedDeck], list[CardSetFile], list[tuple[str, str, str, str]]]:
        return ([SavedDeck(*r) for r in await self._read("fetch", f"SELECT {DECK_COLUMNS} FROM decks ORDER BY 1, 2, 3")],
                [CardSetFile(*r) for r in await self._read("fetch", f"SELECT {CARD_SET_COLUMNS} FROM card_sets "
                                                                    "ORDER BY 1, 2, 3")],
                [(r[0], r[1], r[2], r[3]) for r in await self._read("fetch", f"SELECT {PICK_COLUMNS} FROM lobby_decks "
                                                                              "ORDER BY 1, 2")])

    # -- players' own settings (events/prefs.py) ----------------------------------------

    async def set_player_prefs(self, prefs: PlayerPrefs, fields: tuple[str, ...] = FIELDS) -> None:
        # One statement for every prefs write, so a batch keeps their order (it is sorted by statement, then key).
        away, digest, hours = check_fields(fields)
        await self._put("INSERT INTO player_prefs (player, vacation_until, digest, quiet, zone) "
                        "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (player) DO UPDATE SET "
                        "vacation_until = CASE WHEN $6 THEN EXCLUDED.vacation_until ELSE player_prefs.vacation_until END, "
                        "digest = CASE WHEN $7 THEN EXCLUDED.digest ELSE player_prefs.digest END, "
                        "quiet = CASE WHEN $8 THEN EXCLUDED.quiet ELSE player_prefs.quiet END, "
                        "zone = CASE WHEN $8 THEN EXCLUDED.zone ELSE player_prefs.zone END",
                        prefs.player, prefs.vacation_until, prefs.digest, prefs.quiet, prefs.zone, away, digest,
                        hours, keyed=1)

    async def player_prefs(self, players: Sequence[str] | None = None) -> dict[str, PlayerPrefs]:
        """Settings of `players` (every player's when None); a player who set none is absent."""
        columns = "SELECT player, vacation_until, digest, quiet, zone FROM player_prefs"
        if players is None:
            rows = await self._read("fetch", columns + " ORDER BY player")
        else:
            rows = await self._read("fetch", columns + " WHERE player = ANY($1::text[]) ORDER BY player",
                                    list(players))
        return {r[0]: PlayerPrefs(r[0], r[1], bool(r[2]), r[3], r[4]) for r in rows}

    # -- saved decks, card sets and lobby picks (events/decks.py) ------------------------------

    async def save_deck(self, deck: SavedDeck) -> None:
        await self._put("INSERT INTO decks VALUES ($1, $2, $3, $4, $5) ON CONFLICT (owner, game, name) "
                        "DO UPDATE SET body = EXCLUDED.body, saved_at = EXCLUDED.saved_at",
                        deck.owner, deck.game, deck.name, deck.text, deck.saved_at, keyed=3)

    async def delete_deck(self, owner: str, game: str, name: str) -> None:
        await self._put("DELETE FROM decks WHERE owner = $1 AND game = $2 AND name = $3", owner, game, name, keyed=3)

    async def decks(self, owner: str, game: str | None = None) -> list[SavedDeck]:
        sql = f"SELECT {DECK_COLUMNS} FROM decks WHERE owner = $1 AND ($2::text IS NULL OR game = $2)"
        return [SavedDeck(*r) for r in await self._read("fetch", sql + " ORDER BY game, name", owner, game)]

    async def save_card_set(self, card_set: CardSetFile) -> None:
        c = card_set
        await self._put("INSERT INTO card_sets VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (guild, game, name) "
                        "DO UPDATE SET body = EXCLUDED.body, saved_by = EXCLUDED.saved_by, saved_at = EXCLUDED.saved_at",
                        c.guild, c.game, c.name, c.text, c.saved_by, c.saved_at, keyed=3)

    async def card_sets(self, guild: str, game: str | None = None) -> list[CardSetFile]:
        sql = f"SELECT {CARD_SET_COLUMNS} FROM card_sets WHERE guild = $1 AND ($2::text IS NULL OR game = $2)"
        return [CardSetFile(*r) for r in await self._read("fetch", sql + " ORDER BY game, name", guild, game)]

    async def pick_deck(self, match_id: str, player: str, name: str, text: str) -> None:
        await self._put("INSERT INTO lobby_decks VALUES ($1, $2, $3, $4) ON CONFLICT (match_id, player) "
                        "DO UPDATE SET name = EXCLUDED.name, body = EXCLUDED.body", match_id, player, name, text)

    async def lobby_decks(self, match_id: str) -> dict[str, tuple[str, str]]:
        """Each player's picked deck in the match's lobby: (name, text)."""
        rows = await self._read("fetch", "SELECT player, name, body FROM lobby_decks WHERE match_id = $1", match_id)
        return {r[0]: (r[1], r[2]) for r in rows}
