"""The recorder: an append-only SQLite log through aiosqlite.

Durability: WAL with synchronous=FULL, so an event a player was told is
accepted survives a power loss. Concurrency: UNIQUE(match_id, seq) turns a
racing writer into a Conflict instead of a fork; a repeated command id turns
into DuplicateCommand, which the service answers with the first result.
Secrets live in their own table, read only by `secret()`.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from . import errors
from .chain import GENESIS, canonical_payload, first_break
from .deckrecords import CARD_SET_COLUMNS, DECK_COLUMNS, CardSetFile, SavedDeck
from .gcpause import gc_paused
from .model import Event, NewEvent
from .prefs import FIELDS, PlayerPrefs, check_fields
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
from .schema import migrate

T = TypeVar("T")


class Conflict(Exception):
    """Someone else appended first: the expected sequence is taken."""


class DuplicateCommand(Exception):
    """This command id was already recorded for the match."""

    def __init__(self, command_id: str) -> None:
        super().__init__(command_id)
        self.command_id = command_id


# The game id of a league's row: a league is a stream of its own in the same
# tables (events/league/), hash-chained like a match; every listing of matches
# leaves it out unless asked (`matches(leagues=...)`).
LEAGUE = "league"


@dataclass(frozen=True, slots=True)
class MatchRow:
    id: str
    game: str
    ruleset: str
    created_at: str
    updated_at: str
    status: str
    commitment: str
    guild: str | None
    channel: str | None
    players: list[str]
    result: dict[str, Any] | None
    last_seq: int
    # Loaded from another database's export: its play cannot be checked against
    # what was announced while it was played, so it never counts in records.
    imported: bool = False


_INSERT_EVENT = ("INSERT INTO events (match_id, seq, type, version, actor, command_id, at, payload, hash) "
                 "VALUES (?,?,?,?,?,?,?,?,?)")
_EVENT_COLUMNS = "seq, type, version, actor, command_id, at, payload, hash"
# What a reader that decodes the payload selects: its UTF-8 bytes as stored, which rows.loads
# reads directly, instead of a str that sqlite3 decodes and the parser encodes back (payloads
# hold Japanese text): about a quarter of a long log's reading. The chain hashes the text.
_EVENT_READ = "seq, type, version, actor, command_id, at, CAST(payload AS BLOB), hash"
# What a fold selects (`rows.replay_events`), the payload read the same way.
_REPLAY_READ = "seq, type, version, actor, at, CAST(payload AS BLOB)"
_UPDATE_MATCH = ("UPDATE matches SET last_seq = ?, updated_at = ?, players = COALESCE(?, players), "
                 "result = COALESCE(?, result) WHERE id = ?")
# The status only when it changes (most moves leave it as it was): assigning it,
# even its own value, rewrites its entry in matches_by_status, a page more to
# write and fsync with every move.
_UPDATE_STATUS = "UPDATE matches SET status = ?1 WHERE id = ?2 AND status <> ?1"


@dataclass(frozen=True, slots=True)
class Opened:
    """What a cold load of one match needs, read together: its row, its
    secret, the newest snapshot of each ruleset it has one for, and its
    events after `after`, the oldest of those snapshots' seqs (0 without one),
    so the events before a usable snapshot are never read."""

    row: MatchRow
    secret: bytes
    snapshots: dict[str, tuple[int, bytes]]
    events: list[Event]

    @property
    def after(self) -> int:
        return min((seq for seq, _ in self.snapshots.values()), default=0)


@dataclass
class _Append:
    match_id: str
    after: int
    new: Sequence[NewEvent]
    at: str
    update: tuple[Any, ...]
    status: str | None
    done: asyncio.Future[list[Event]] = field(init=False)  # its answer, once it waits in the queue


def _chained(conn: sqlite3.Connection, match_id: str, after: int, new: Iterable[NewEvent], at: str,
             heads: dict[tuple[str, int], str], known: Heads | None = None
             ) -> tuple[list[Event], list[tuple[Any, ...]]]:
    """Events after `after` with their chain hashes, and their rows. The
    previous hash is read inside the write transaction, so it is the one the
    new event will follow (or the insert fails on the seq and nothing holds),
    unless `known` holds it from a commit of this store: a stored event never
    changes, so the head this store last wrote is the row's hash for good."""
    prev = heads.get((match_id, after))
    if prev is None and known is not None:
        prev = known.get(match_id, after)
    if prev is None:
        row = conn.execute("SELECT hash FROM events WHERE match_id = ? AND seq = ?", (match_id, after)).fetchone()
        prev = row[0] if row else GENESIS
    events, rows = chained_rows(match_id, prev, after, new, at)
    heads[(match_id, after + len(rows))] = rows[-1][-1] if rows else prev  # the new head's hash
    return events, rows


def _rollback(conn: sqlite3.Connection) -> None:
    # After some errors (a full disk) SQLite has already rolled back; a second
    # ROLLBACK would replace the true error with "no transaction is active".
    if conn.in_transaction:
        conn.execute("ROLLBACK")


class Heads:
    """The chain head (seq, hash) of each match this store last appended to,
    so the common append (after the event it wrote last) reads nothing before
    its insert. Bounded: the oldest entries go first, and a miss only costs
    the read it saves."""

    LIMIT = 20_000

    def __init__(self) -> None:
        self._heads: dict[str, tuple[int, str]] = {}

    def get(self, match_id: str, seq: int) -> str | None:
        head = self._heads.get(match_id)
        return head[1] if head is not None and head[0] == seq else None

    def forget(self, match_id: str) -> None:
        self._heads.pop(match_id, None)

    def put(self, heads: dict[tuple[str, int], str]) -> None:
        for (match_id, seq), chain in heads.items():
            if seq >= self._heads.get(match_id, (-1, ""))[0]:
                self._heads.pop(match_id, None)  # re-inserted last: the newest stay
                self._heads[match_id] = (seq, chain)
        while len(self._heads) > self.LIMIT:
            del self._heads[next(iter(self._heads))]


@dataclass
class _Put:
    """A bookkeeping write (front ends' kv, snapshots): it rides in the next
    event transaction, or commits without an fsync of its own (see _write_batch)."""

    sql: str
    args: tuple[Any, ...]
    done: asyncio.Future[list[Event]] = field(init=False)  # its answer, once it waits in the queue


def _write_batch(conn: sqlite3.Connection, batch: Sequence[_Append | _Put], durable: bool,
                 known: Heads | None = None) -> list[list[Event]]:
    """One transaction for the whole batch. A batch with events commits with
    synchronous=FULL (the fsync that makes the moves durable, shared by every
    write in it); a batch of bookkeeping alone commits with synchronous=NORMAL,
    so it costs no fsync: in WAL mode its frames are made durable by the next
    FULL commit, and a front end that lost them in a power cut rebuilds them
    from the log (delivery repairs from the thread and the events)."""
    quiet = durable and not any(isinstance(item, _Append) for item in batch)
    if quiet:
        conn.execute("PRAGMA synchronous=NORMAL")
    if len(batch) == 1 and isinstance(batch[0], _Put):
        # One statement is its own transaction: BEGIN and COMMIT around it would add nothing.
        try:
            conn.execute(batch[0].sql, batch[0].args)
        finally:
            if quiet:
                conn.execute("PRAGMA synchronous=FULL")
        return [[]]
    conn.execute("BEGIN IMMEDIATE")
    try:
        heads: dict[tuple[str, int], str] = {}
        out: list[list[Event]] = []
        for item in batch:
            if isinstance(item, _Put):
                conn.execute(item.sql, item.args)
                out.append([])
                continue
            events, rows = _chained(conn, item.match_id, item.after, item.new, item.at, heads, known)
            if len(rows) == 1:
                conn.execute(_INSERT_EVENT, rows[0])
            else:
                conn.executemany(_INSERT_EVENT, rows)
            conn.execute(_UPDATE_MATCH, item.update)
            if item.status is not None:
                conn.execute(_UPDATE_STATUS, (item.status, item.match_id))
            out.append(events)
        conn.execute("COMMIT")
    except BaseException:
        _rollback(conn)
        raise
    finally:
        if quiet:
            conn.execute("PRAGMA synchronous=FULL")
    if known is not None:
        known.put(heads)
    return out


def _refusal(exc: sqlite3.IntegrityError, events: Sequence[NewEvent]) -> Exception:
    if "command_id" in str(exc):
        return DuplicateCommand(next((e.command_id for e in events if e.command_id), ""))
    return Conflict(str(exc))


# A match's newest seq and where a command id was recorded: one indexed read each.
_HEAD = ("SELECT last_seq, (SELECT seq FROM events WHERE match_id = ?1 AND command_id = ?2) "
         "FROM matches WHERE id = ?1")


def _head(row: Sequence[Any] | None) -> tuple[int, int | None] | None:
    return None if row is None else (int(row[0]), None if row[1] is None else int(row[1]))


_MATCH_COLUMNS = ("id, game, ruleset, created_at, updated_at, status, commitment, guild, channel, players, result, "
                  "last_seq, imported")


def _match(row: Sequence[Any]) -> MatchRow:
    return MatchRow(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8],
                    loads(row[9]), loads(row[10]) if row[10] else None, row[11], bool(row[12]))


async def _switch_to_wal(db: aiosqlite.Connection, busy_timeout_ms: int) -> None:
    """The switch to WAL needs the file to itself for a moment and SQLite does
    not always wait for it (the busy handler is skipped when another opener
    holds its own lock), so a racing first open retries within the timeout."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + busy_timeout_ms / 1000
    while True:
        try:
            await db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if ("locked" not in str(exc) and "busy" not in str(exc)) or loop.time() > give_up:
                raise
            await asyncio.sleep(0.02)


def _probe(path: str) -> None:
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA schema_version").fetchone()
    finally:
        conn.close()


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _insert_match(conn: sqlite3.Connection, row: MatchRow, secret: bytes, result: str | None, last_seq: int) -> None:
    conn.execute(f"INSERT INTO matches ({_MATCH_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                 (row.id, row.game, row.ruleset, row.created_at, row.updated_at, row.status, row.commitment,
                  row.guild, row.channel, _dumps(row.players), result, last_seq, int(row.imported)))
    conn.execute("INSERT INTO match_secrets VALUES (?, ?)", (row.id, secret))


def _create_match(conn: sqlite3.Connection, row: MatchRow, secret: bytes, first: NewEvent) -> list[Event]:
    conn.execute("BEGIN IMMEDIATE")
    try:
        _insert_match(conn, row, secret, None, 0)
        events, rows = _chained(conn, row.id, 0, [first], row.created_at, {})
        conn.executemany(_INSERT_EVENT, rows)
        conn.execute("UPDATE matches SET last_seq = 1 WHERE id = ?", (row.id,))
        conn.execute("COMMIT")
    except BaseException:
        _rollback(conn)
        raise
    return events


def _import_match(conn: sqlite3.Connection, row: MatchRow, secret: bytes, events: Sequence[Event]) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        _insert_match(conn, row, secret, _dumps(row.result) if row.result else None, row.last_seq)
        conn.executemany(_INSERT_EVENT, [(row.id, e.seq, e.type, e.version, e.actor, e.command_id, e.at,
                                          canonical_payload(e.payload), e.hash) for e in events])
        conn.execute("COMMIT")
    except BaseException:
        _rollback(conn)
        raise


def _events(conn: sqlite3.Connection, match_id: str, sql: str, args: Sequence[Any]) -> list[Event]:
    """The events `sql` selects (`_EVENT_READ`) of one match, decoded on the database thread
    that fetched their rows: handed to the event loop, the rows' text would be read on
    another core than the one that made it (a tenth of a long log's reading, measured)."""
    return match_events(match_id, conn.execute(sql, args).fetchall())


def _span(match_id: str, after: int, upto: int | None, columns: str = _EVENT_READ) -> tuple[str, list[Any]]:
    """The query (of `columns`) and its arguments for a match's events after `after`, up to `upto`."""
    if upto is None:
        return f"SELECT {columns} FROM events WHERE match_id = ? AND seq > ? ORDER BY seq", [match_id, after]
    return (f"SELECT {columns} FROM events WHERE match_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
            [match_id, after, upto])


def _folded(conn: sqlite3.Connection, match_id: str, sql: str, args: Sequence[Any],
            fn: Callable[[list[Event]], T]) -> T:
    """`fn` of the events `sql` selects (`_REPLAY_READ`), on the thread that read them
    (`Store.fold`). The collector stays paused from the reading to the end of `fn`: reading
    and replaying each pause it, but between the two the first allocation found a collection
    owed, which scanned every event just read, about to be freed (one per fold: 1.5-2.6% of
    the instructions of bench_rebuild's folds, by game)."""
    with gc_paused():
        return fn(replay_events(match_id, conn.execute(sql, args).fetchall()))


def _logs(conn: sqlite3.Connection, sql: str, args: Sequence[Any]) -> dict[str, list[Event]]:
    """The events `sql` selects (match_id, then `_EVENT_READ`) by match, decoded like `_events`."""
    return events_by_match(conn.execute(sql, args).fetchall())


def _peeks(conn: sqlite3.Connection, match_ids: Sequence[str], sql: str, args: Sequence[Any]) -> dict[str, list[Peek]]:
    """The Peeks `sql` selects of `match_ids`, decoded on the database thread like `_events`."""
    return peeks_by_match(match_ids, conn.execute(sql, args).fetchall())


def _opening(conn: sqlite3.Connection, match_ids: Sequence[str]) -> dict[str, Opened]:
    """Opened for each match that exists, in one read transaction (so the row,
    the snapshots and the events agree) and one thread hand-off."""
    marks = ",".join("?" * len(match_ids))
    conn.execute("BEGIN")
    try:
        rows = {r[0]: _match(r) for r in conn.execute(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id IN ({marks})",
                                                      match_ids)}
        secrets = dict(conn.execute(f"SELECT match_id, secret FROM match_secrets WHERE match_id IN ({marks})",
                                    match_ids))
        snaps: dict[str, dict[str, tuple[int, bytes]]] = {mid: {} for mid in rows}
        for mid, ruleset, seq, state in conn.execute(
                "SELECT s.match_id, s.ruleset, s.seq, s.state FROM snapshots s JOIN "
                f"(SELECT match_id, ruleset, MAX(seq) AS seq FROM snapshots WHERE match_id IN ({marks}) "
                "GROUP BY match_id, ruleset) n USING (match_id, ruleset, seq)", match_ids):
            snaps[mid][ruleset] = (int(seq), bytes(state))
        out: dict[str, Opened] = {}
        for mid, row in rows.items():
            opened = Opened(row, bytes(secrets[mid]), snaps[mid], [])
            opened.events.extend(_events(conn, mid, f"SELECT {_EVENT_READ} FROM events WHERE match_id = ? AND seq > ? "
                                                    "ORDER BY seq", (mid, opened.after)))
            out[mid] = opened
    finally:
        conn.execute("COMMIT")
    return out


def _one(conn: sqlite3.Connection, sql: str, args: Sequence[Any]) -> Any:
    return conn.execute(sql, args).fetchone()


def _all(conn: sqlite3.Connection, sql: str, args: Sequence[Any]) -> list[Any]:
    return conn.execute(sql, args).fetchall()


class _Job(str):
    """A whole piece of work for the database thread, handed to aiosqlite where it
    takes SQL; `_Connection.execute` runs it there. aiosqlite has no public call
    to run a function on its thread, and a write is four statements: as one job
    it is one thread hand-off (about 0.2 ms on the 2-core machines here), not
    four. Its text is all aiosqlite's debug log shows: never the arguments
    (a match secret among them)."""

    fn: Callable[..., Any]
    args: tuple[Any, ...]
    result: Any

    def __new__(cls, fn: Callable[..., Any], args: tuple[Any, ...]) -> _Job:
        job = super().__new__(cls, "-- a store job")
        job.fn, job.args, job.result = fn, args, None
        return job


class _Connection(sqlite3.Connection):
    """The store's sqlite3 connection (aiosqlite's `factory`): runs a `_Job` given as SQL."""

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        if isinstance(sql, _Job):
            sql.result = sql.fn(self, *sql.args)
            return self.cursor()
        return super().execute(sql, parameters)


class Store:
    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._tx = asyncio.Lock()  # one transaction at a time on the connection
        self._queue: list[_Append | _Put] = []
        self.durable = True
        self._flusher: asyncio.Task[None] | None = None
        self._heads = Heads()
        # Hand-offs to the database thread, each a round trip: what a command
        # costs in waits on the database, read by tests and benches.
        self.round_trips = 0

    @classmethod
    async def open(cls, path: str | Path, *, durable: bool = True, busy_timeout_ms: int = 5000) -> Store:
        """Open (creating and migrating) a database. `durable=False` trades the
        fsync per append for speed, for throwaway self-play databases only.

        Any failure closes the connection (its worker thread would otherwise
        keep the process alive) and is raised as a StorageFault saying what
        is wrong with the file."""
        path = str(path)
        try:
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
                # Probe first: a connect that fails inside aiosqlite leaves its
                # thread answering a loop that may be gone by then.
                await asyncio.to_thread(_probe, path)
            db = await aiosqlite.connect(path, isolation_level=None, factory=_Connection)
        except (OSError, sqlite3.Error) as exc:
            raise errors.storage(exc, path) from exc
        try:
            # The busy timeout first: two processes opening a new file at once
            # wait for each other's WAL switch and migration instead of failing.
            await db.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
            await _switch_to_wal(db, busy_timeout_ms)
            await db.execute(f"PRAGMA synchronous={'FULL' if durable else 'OFF'}")
            await db.execute("PRAGMA foreign_keys=ON")
            store = cls(db, path)
            store.durable = durable
            await store._on_db_thread(migrate, path)
            if durable and path != ":memory:":
                await store.check_durable()
        except BaseException as exc:
            await db.close()
            if isinstance(exc, sqlite3.Error):
                raise errors.storage(exc, path) from exc
            raise
        return store

    async def check_durable(self) -> None:
        """Refuse to run a durable store that is not: WAL and synchronous=FULL
        are what make an acknowledged move survive a power loss."""
        mode, sync = await self.durability()
        if mode != "wal" or sync != 2:
            raise errors.cannot_open(self.path, f"journal_mode={mode}, synchronous={sync} (need wal and 2=FULL)")

    async def durability(self) -> tuple[str, int]:
        """(journal mode, synchronous level) as the connection reports them now."""
        mode = await self._on_db_thread(_one, "PRAGMA journal_mode", ())
        sync = await self._on_db_thread(_one, "PRAGMA synchronous", ())
        return str(mode[0] if mode else ""), int(sync[0] if sync else -1)

    async def close(self) -> None:
        await self._db.close()

    async def schema_version(self) -> int:
        row = await self._on_db_thread(_one, "SELECT MAX(version) FROM schema_migrations", ())
        return int(row[0]) if row and row[0] is not None else 0

    # -- writing -----------------------------------------------------------------

    async def create_match(self, row: MatchRow, secret: bytes, first: NewEvent) -> Event:
        async with self._tx:
            # On the database thread as one call: the secret is bound there and
            # never passes through aiosqlite's statement logging.
            events: list[Event] = await self._guarded(_create_match, row, secret, first)
        return events[0]

    async def append(self, match_id: str, after: int, new: Sequence[NewEvent], at: str, *,
                     status: str | None = None, players: list[str] | None = None,
                     result: dict[str, Any] | None = None) -> list[Event]:
        """Append `new` after sequence `after`, updating the match row's
        projection alongside, and return once it is committed. Raises Conflict
        or DuplicateCommand, in which case nothing of it was written, or a
        StorageFault (disk full, locked) when nothing was written either.

        Appends that arrive while a commit is in flight are committed together
        (group commit): one fsync for many matches, so latency stays flat
        when many matches are busy at once."""
        update = (after + len(new), at, _dumps(players) if players is not None else None,
                  _dumps(result) if result is not None else None, match_id)
        return await self._queued(_Append(match_id, after, new, at, update, status))

    async def _queued(self, item: _Append | _Put) -> list[Event]:
        if not self._tx.locked() and (self._flusher is None or self._flusher.done()):
            # Nothing is being written: the caller writes it from here. Handing it
            # to the flusher would cost a task and two more turns of the loop for
            # the same one-item transaction; what arrives meanwhile queues for the
            # flusher, which writes it next (the lock keeps the order).
            async with self._tx:
                outcome = await self._write_alone(item)
            if isinstance(outcome, BaseException):
                raise outcome
            return outcome
        item.done = asyncio.get_running_loop().create_future()
        self._queue.append(item)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        return await item.done

    async def _put(self, sql: str, args: tuple[Any, ...]) -> None:
        await self._queued(_Put(sql, args))

    async def _flush(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            outcomes: list[list[Event] | BaseException]
            async with self._tx:
                try:
                    outcomes = await self._on_db_thread(_write_batch, batch, self.durable, self._heads)
                except sqlite3.IntegrityError:
                    # Someone in the batch conflicts: redo each alone so only it fails.
                    outcomes = [await self._write_alone(item) for item in batch]
                except BaseException as exc:  # every caller must hear of any failure
                    outcomes = [self._fault(exc)] * len(batch)
            for item, outcome in zip(batch, outcomes, strict=True):
                if item.done.done():  # its caller stopped waiting (cancelled): the others are still owed theirs
                    continue
                if isinstance(outcome, BaseException):
                    item.done.set_exception(outcome)
                else:
                    item.done.set_result(outcome)

    async def _write_alone(self, item: _Append | _Put) -> list[Event] | BaseException:
        try:
            events: list[Event]
            (events,) = await self._on_db_thread(_write_batch, [item], self.durable, self._heads)
        except sqlite3.IntegrityError as exc:
            return _refusal(exc, item.new) if isinstance(item, _Append) else exc
        except BaseException as exc:  # the caller must hear of any failure
            return self._fault(exc)
        return events

    def _fault(self, exc: BaseException) -> BaseException:
        return errors.storage(exc, self.path) if isinstance(exc, sqlite3.Error) else exc

    async def _guarded(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A write on the database thread, its storage errors told truthfully."""
        try:
            return await self._on_db_thread(fn, *args)
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as exc:
            raise errors.storage(exc, self.path) from exc

    async def _on_db_thread(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run `fn(connection, *args)` on aiosqlite's thread in one hand-off (`_Job`)."""
        job = _Job(fn, args)
        self.round_trips += 1
        await self._db.execute(job)
        # aiosqlite's thread keeps its last call (and so this job) until the next
        # one: the job lets go of what it carried, or a start's whole read stays alive.
        result, job.result, job.args = job.result, None, ()
        return result

    async def import_match(self, row: MatchRow, secret: bytes, events: Sequence[Event]) -> None:
        """Insert a whole recorded match verbatim (times, command ids and chain
        hashes kept; the caller has checked the chain)."""
        async with self._tx:
            try:
                await self._guarded(_import_match, row, secret, events)
            except sqlite3.IntegrityError as exc:
                raise Conflict(str(exc)) from exc

    async def save_snapshot(self, match_id: str, seq: int, ruleset: str, blob: bytes) -> None:
        await self._put("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?)", (match_id, seq, ruleset, blob))

    async def set_kv(self, scope: str, key: str, value: Any) -> None:
        """Front ends' bookkeeping: group-committed with events, never an fsync of its own."""
        await self._put("INSERT OR REPLACE INTO kv VALUES (?, ?, ?)", (scope, key, _dumps(value)))

    async def set_kvs(self, items: Sequence[tuple[str, str, Any]]) -> None:
        """Several kv records (scope, key, value) written together, as `set_kv` writes one: one
        statement, so one hand-off and one commit, all of them or none."""
        rows = {(scope, key): value for scope, key, value in items}  # a key given twice: its last value
        if rows:
            await self._put("INSERT OR REPLACE INTO kv VALUES " + ", ".join(["(?, ?, ?)"] * len(rows)),
                            tuple(part for (scope, key), value in rows.items() for part in (scope, key, _dumps(value))))

    # -- reading -----------------------------------------------------------------

    async def events(self, match_id: str, after: int = 0, upto: int | None = None) -> list[Event]:
        events: list[Event] = await self._on_db_thread(_events, match_id, *_span(match_id, after, upto))
        return events

    async def fold(self, match_id: str, fn: Callable[[list[Event]], T], after: int = 0,
                   upto: int | None = None) -> T:
        """`fn` of the events `events` would return, as a replay reads them (without hash and
        command id: `rows.replay_events`), run on the database thread right after it reads them
        (`fn` must be pure: a rebuild). The events are then made, read and freed on one thread,
        so on one core's cache; handed to the event loop, each is read again from the other's (a
        10,000-event rebuild, fold against events then rebuild, alternating on a quiet 2-core
        machine: 2-13% less CPU, by game and run)."""
        result: T = await self._on_db_thread(_folded, match_id, *_span(match_id, after, upto, _REPLAY_READ), fn)
        return result

    async def last_seq(self, match_id: str) -> int | None:
        """The match's newest seq, by one indexed read: how a process learns
        that another one (a second bot, the CLI) has moved the match on."""
        row = await self._on_db_thread(_one, "SELECT last_seq FROM matches WHERE id = ?", (match_id,))
        return int(row[0]) if row else None

    async def head(self, match_id: str, command_id: str | None = None) -> tuple[int, int | None] | None:
        """The match's newest seq and the seq of the event recorded for
        `command_id` (None when it is not), in one read: all a command asks
        before it decides. None when there is no such match."""
        return _head(await self._on_db_thread(_one, _HEAD, (match_id, command_id)))

    async def chain_break(self, match_id: str) -> tuple[int | None, str]:
        """Recompute the match's hash chain over the rows as stored: the seq of
        the first broken link (None when it holds) and the head hash."""
        rows = await self._on_db_thread(_all, f"SELECT {_EVENT_COLUMNS} FROM events WHERE match_id = ? ORDER BY seq",
                                        (match_id,))
        return first_break(rows), (rows[-1][7] if rows else GENESIS)

    async def find_command(self, match_id: str, command_id: str) -> Event | None:
        row = await self._on_db_thread(_one, f"SELECT {_EVENT_READ} FROM events WHERE match_id = ? AND command_id = ?",
                                       (match_id, command_id))
        return event_from_row(match_id, row) if row else None

    async def match(self, match_id: str) -> MatchRow | None:
        row = await self._on_db_thread(_one, f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,))
        return _match(row) if row else None

    async def matches(self, *, guild: str | None = None, status: Iterable[str] | None = None,
                      limit: int = 1000, leagues: bool | None = False) -> list[MatchRow]:
        """Newest first. `leagues`: False for matches only (every listing), True
        for leagues only, None for both (a migration copies everything)."""
        sql, args = f"SELECT {_MATCH_COLUMNS} FROM matches WHERE 1=1", []
        if leagues is not None:
            sql += f" AND game {'=' if leagues else '<>'} ?"
            args.append(LEAGUE)
        if guild is not None:
            sql += " AND guild = ?"
            args.append(guild)
        if status is not None:
            wanted = list(status)
            sql += f" AND status IN ({','.join('?' * len(wanted))})"
            args.extend(wanted)
        sql += " ORDER BY created_at DESC, id LIMIT ?"
        args.append(str(limit))
        return [_match(r) for r in await self._on_db_thread(_all, sql, args)]

    async def bulk(self, match_ids: Sequence[str]) -> dict[str, tuple[bytes, list[Event], dict[str, tuple[int, bytes]]]]:
        """Secrets, events and snapshots (by ruleset) of many matches in three
        queries: a cold start should not pay a thread hop per match."""
        out: dict[str, tuple[bytes, list[Event], dict[str, tuple[int, bytes]]]] = {}
        for chunk in (match_ids[i:i + 500] for i in range(0, len(match_ids), 500)):
            marks = ",".join("?" * len(chunk))
            async with self._db.execute(f"SELECT match_id, secret FROM match_secrets WHERE match_id IN ({marks})",
                                        chunk) as cur:
                for mid, secret in await cur.fetchall():
                    out[mid] = (bytes(secret), [], {})
            logs = await self._on_db_thread(_logs, f"SELECT match_id, {_EVENT_READ} FROM events "
                                            f"WHERE match_id IN ({marks}) ORDER BY match_id, seq", chunk)
            for mid, events in logs.items():
                out[mid][1].extend(events)
            async with self._db.execute(
                    f"SELECT match_id, ruleset, seq, state FROM snapshots WHERE match_id IN ({marks}) ORDER BY seq",
                    chunk) as cur:
                for mid, ruleset, seq, state in await cur.fetchall():
                    out[mid][2][ruleset] = (int(seq), bytes(state))
        return out

    async def written_since(self, since: str, *, guild: str | None = None, local: bool = False,
                            game: str | None = None, status: Iterable[str] | None = None) -> list[MatchRow]:
        """Matches (never imported ones) last written at or after `since`, oldest first: of one server
        (`guild`), of none (`local`: the terminal's) or of every server. A projection kept as a cache
        continues from here with what was written since it stopped (index matches_by_written)."""
        sql, args = f"SELECT {_MATCH_COLUMNS} FROM matches WHERE imported = 0 AND updated_at >= ?", list[Any]([since])
        if local or guild is not None:
            sql += " AND guild IS ?"
            args.append(None if local else guild)
        if game is not None:
            sql += " AND game = ?"
            args.append(game)
        if status is not None:
            wanted = list(status)
            sql += f" AND status IN ({','.join('?' * len(wanted))})"
            args.extend(wanted)
        async with self._db.execute(sql + " ORDER BY updated_at, id", args) as cur:
            rows = await cur.fetchall()
        with gc_paused():  # a ladder's rebuild reads every finished match's row
            return [_match(r) for r in rows]

    async def logs(self, match_ids: Sequence[str]) -> dict[str, list[Event]]:
        """The events of many matches, without their secrets or snapshots: for projections that read
        only the public facts of a log (who sat, who left, who won), a query per 500 matches."""
        out: dict[str, list[Event]] = {mid: [] for mid in match_ids}
        for chunk in (match_ids[i:i + 500] for i in range(0, len(match_ids), 500)):
            marks = ",".join("?" * len(chunk))
            out.update(await self._on_db_thread(_logs, f"SELECT match_id, {_EVENT_READ} FROM events "
                                                f"WHERE match_id IN ({marks}) ORDER BY match_id, seq", chunk))
        return {mid: events for mid, events in out.items() if events}

    async def peeks(self, match_ids: Sequence[str], types: Sequence[str]) -> dict[str, list[Peek]]:
        """Of many matches, the events of `types` and each one's last event but notes (when it ended),
        as Peeks: a projection of seats skips the moves, most of a long log, and the payload of that
        last event. A query per 500 matches."""
        out: dict[str, list[Peek]] = {}
        kinds = ",".join("?" * len(types))
        for chunk in (match_ids[i:i + 500] for i in range(0, len(match_ids), 500)):
            marks = ",".join("?" * len(chunk))
            sql = (f"SELECT match_id, seq, type, version, at, CASE WHEN type IN ({kinds}) THEN CAST(payload AS BLOB) END "
                   f"FROM events WHERE match_id IN ({marks}) AND (type IN ({kinds}) OR (match_id, seq) IN ("
                   f"SELECT match_id, MAX(seq) FROM events WHERE match_id IN ({marks}) AND type != 'note' "
                   "GROUP BY match_id)) ORDER BY match_id, seq")
            out.update(await self._on_db_thread(_peeks, chunk, sql, [*types, *chunk, *types, *chunk]))
        return out

    async def opening(self, match_ids: Sequence[str]) -> dict[str, Opened]:
        """Opened for each of `match_ids` that exists: one hand-off per 500 matches."""
        out: dict[str, Opened] = {}
        for start in range(0, len(match_ids), 500):
            out.update(await self._on_db_thread(_opening, list(match_ids[start:start + 500])))
        return out

    async def secret(self, match_id: str) -> bytes:
        """The match secret: for rebuilding state and, once finished, for revealing.
        Never pass it to a view, an export of a running match or a log line."""
        row = await self._on_db_thread(_one, "SELECT secret FROM match_secrets WHERE match_id = ?", (match_id,))
        if row is None:
            raise KeyError(match_id)
        return bytes(row[0])

    async def latest_snapshot(self, match_id: str, ruleset: str, upto: int | None = None) -> tuple[int, bytes] | None:
        sql = "SELECT seq, state FROM snapshots WHERE match_id = ? AND ruleset = ?"
        args: list[Any] = [match_id, ruleset]
        if upto is not None:
            sql += " AND seq <= ?"
            args.append(upto)
        row = await self._on_db_thread(_one, sql + " ORDER BY seq DESC LIMIT 1", args)
        return (int(row[0]), bytes(row[1])) if row else None

    async def get_kv(self, scope: str, key: str) -> Any:
        row = await self._on_db_thread(_one, "SELECT value FROM kv WHERE scope = ? AND key = ?", (scope, key))
        return loads(row[0]) if row else None

    async def get_kvs(self, wanted: Sequence[tuple[str, str]]) -> dict[tuple[str, str], Any]:
        """Several kv records, by (scope, key), in one read (a missing one is absent): what a sync
        reads before it shows a move, one hand-off instead of one per record."""
        if not wanted:
            return {}
        # ORed pairs, each a search of the primary key (a row-value IN over VALUES would scan the table).
        pairs = " OR ".join("(scope = ? AND key = ?)" for _ in wanted)
        rows = await self._on_db_thread(_all, f"SELECT scope, key, value FROM kv WHERE {pairs}",
                                        [part for pair in wanted for part in pair])
        return {(scope, key): loads(value) for scope, key, value in rows}

    async def backup(self, target: str | Path) -> None:
        """An online, consistent copy through SQLite's backup API."""
        dest = sqlite3.connect(str(target))
        try:
            await self._db.backup(dest)
        finally:
            dest.close()

    # -- players' own settings (events/prefs.py) ----------------------------------------

    async def set_player_prefs(self, prefs: PlayerPrefs, fields: tuple[str, ...] = FIELDS) -> None:
        away, digest, hours = check_fields(fields)
        await self._put("INSERT INTO player_prefs (player, vacation_until, digest, quiet, zone) VALUES (?, ?, ?, ?, ?) "
                        "ON CONFLICT (player) DO UPDATE SET "
                        "vacation_until = CASE WHEN ? THEN excluded.vacation_until ELSE vacation_until END, "
                        "digest = CASE WHEN ? THEN excluded.digest ELSE digest END, "
                        "quiet = CASE WHEN ? THEN excluded.quiet ELSE quiet END, "
                        "zone = CASE WHEN ? THEN excluded.zone ELSE zone END",
                        (prefs.player, prefs.vacation_until, int(prefs.digest), prefs.quiet, prefs.zone,
                         away, digest, hours, hours))

    async def player_prefs(self, players: Sequence[str] | None = None) -> dict[str, PlayerPrefs]:
        """Settings of `players` (every player's when None); a player who set none is absent."""
        sql, args = "SELECT player, vacation_until, digest, quiet, zone FROM player_prefs", list(players or [])
        if players is not None:
            sql += f" WHERE player IN ({','.join('?' * len(args))})"
        rows = await self._on_db_thread(_all, sql + " ORDER BY player", args)
        return {r[0]: PlayerPrefs(r[0], r[1], bool(r[2]), r[3], r[4]) for r in rows}

    # -- saved decks, card sets and lobby picks (events/decks.py) ------------------------------

    async def save_deck(self, deck: SavedDeck) -> None:
        await self._put("INSERT OR REPLACE INTO decks VALUES (?, ?, ?, ?, ?)",
                        (deck.owner, deck.game, deck.name, deck.text, deck.saved_at))

    async def delete_deck(self, owner: str, game: str, name: str) -> None:
        await self._put("DELETE FROM decks WHERE owner = ? AND game = ? AND name = ?", (owner, game, name))

    async def decks(self, owner: str, game: str | None = None) -> list[SavedDeck]:
        rows = await self._of_game(f"SELECT {DECK_COLUMNS} FROM decks WHERE owner = ?", owner, game)
        return [SavedDeck(*r) for r in rows]

    async def _of_game(self, sql: str, whose: str, game: str | None) -> list[Any]:
        """The rows `sql` selects for one owner or server, of one game or of every game."""
        async with self._db.execute(sql + " AND (? IS NULL OR game = ?) ORDER BY game, name",
                                    (whose, game, game)) as cur:
            return list(await cur.fetchall())

    async def save_card_set(self, card_set: CardSetFile) -> None:
        c = card_set
        await self._put("INSERT OR REPLACE INTO card_sets VALUES (?, ?, ?, ?, ?, ?)",
                        (c.guild, c.game, c.name, c.text, c.saved_by, c.saved_at))

    async def card_sets(self, guild: str, game: str | None = None) -> list[CardSetFile]:
        rows = await self._of_game(f"SELECT {CARD_SET_COLUMNS} FROM card_sets WHERE guild = ?", guild, game)
        return [CardSetFile(*r) for r in rows]

    async def pick_deck(self, match_id: str, player: str, name: str, text: str) -> None:
        await self._put("INSERT OR REPLACE INTO lobby_decks VALUES (?, ?, ?, ?)", (match_id, player, name, text))

    async def lobby_decks(self, match_id: str) -> dict[str, tuple[str, str]]:
        """Each player's picked deck in the match's lobby: (name, text)."""
        async with self._db.execute("SELECT player, name, body FROM lobby_decks WHERE match_id = ?",
                                    (match_id,)) as cur:
            return {r[0]: (r[1], r[2]) for r in await cur.fetchall()}
