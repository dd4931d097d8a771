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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from .gcpause import gc_paused
from .model import EVENT_VERSION, Event, NewEvent
from .schema import MIGRATIONS
from .upcast import upcast


class Conflict(Exception):
    """Someone else appended first: the expected sequence is taken."""


class DuplicateCommand(Exception):
    """This command id was already recorded for the match."""

    def __init__(self, command_id: str) -> None:
        super().__init__(command_id)
        self.command_id = command_id


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


_INSERT_EVENT = ("INSERT INTO events (match_id, seq, type, version, actor, command_id, at, payload) "
                 "VALUES (?,?,?,?,?,?,?,?)")
_UPDATE_MATCH = ("UPDATE matches SET last_seq = ?, updated_at = ?, status = COALESCE(?, status), "
                 "players = COALESCE(?, players), result = COALESCE(?, result) WHERE id = ?")


@dataclass
class _Append:
    events: list[Event]
    update: tuple[Any, ...]
    done: asyncio.Future[list[Event]]


def _event_row(e: Event) -> tuple[Any, ...]:
    return (e.match_id, e.seq, e.type, e.version, e.actor, e.command_id, e.at, _dumps(e.payload))


def _write_batch(conn: sqlite3.Connection, rows: list[tuple[Any, ...]], updates: list[tuple[Any, ...]]) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.executemany(_INSERT_EVENT, rows)
        conn.executemany(_UPDATE_MATCH, updates)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _refusal(exc: sqlite3.IntegrityError, events: list[Event]) -> Exception:
    if "command_id" in str(exc):
        return DuplicateCommand(next((e.command_id for e in events if e.command_id), ""))
    return Conflict(str(exc))


_MATCH_COLUMNS = "id, game, ruleset, created_at, updated_at, status, commitment, guild, channel, players, result, last_seq"


def _match(row: Sequence[Any]) -> MatchRow:
    return MatchRow(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8],
                    json.loads(row[9]), json.loads(row[10]) if row[10] else None, row[11])


def _event(match_id: str, row: Sequence[Any]) -> Event:
    seq, etype, version, actor, command_id, at, payload = row
    version, data = upcast(etype, version, json.loads(payload))
    # Rows were validated on the way in and the schema constrains them; skipping
    # validation here makes reading a long log several times faster.
    return Event.model_construct(match_id=match_id, seq=seq, type=etype, version=version, actor=actor,
                                 command_id=command_id, at=at, payload=data)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


class Store:
    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._tx = asyncio.Lock()  # one transaction at a time on the connection
        self._queue: list[_Append] = []
        self._flusher: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: str | Path, *, durable: bool = True) -> Store:
        """Open (creating and migrating) a database. `durable=False` trades the
        fsync per append for speed, for throwaway self-play databases only."""
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, isolation_level=None)
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute(f"PRAGMA synchronous={'FULL' if durable else 'OFF'}")
        await db.execute("PRAGMA busy_timeout=5000")
        await db.execute("PRAGMA foreign_keys=ON")
        store = cls(db, path)
        await store._migrate()
        return store

    async def close(self) -> None:
        await self._db.close()

    async def _migrate(self) -> None:
        await self._db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
        async with self._db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations") as cur:
            row = await cur.fetchone()
        current = int(row[0]) if row else 0
        for version, script in enumerate(MIGRATIONS[current:], start=current + 1):
            # executescript commits on its own, so the migration and its record
            # go in one script wrapped in a transaction.
            await self._db.executescript(
                f"BEGIN IMMEDIATE;\n{script}\nINSERT INTO schema_migrations VALUES ({version}, datetime('now'));\nCOMMIT;")

    async def schema_version(self) -> int:
        async with self._db.execute("SELECT MAX(version) FROM schema_migrations") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    # -- writing -----------------------------------------------------------------

    async def create_match(self, row: MatchRow, secret: bytes, first: NewEvent) -> Event:
        async with self._tx:
            return await self._create_match(row, secret, first)

    async def _create_match(self, row: MatchRow, secret: bytes, first: NewEvent) -> Event:
        await self._db.execute("BEGIN IMMEDIATE")
        try:
            await self._db.execute(
                f"INSERT INTO matches ({_MATCH_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (row.id, row.game, row.ruleset, row.created_at, row.updated_at, row.status, row.commitment,
                 row.guild, row.channel, _dumps(row.players), None, 0))
            await self._db.execute("INSERT INTO match_secrets VALUES (?, ?)", (row.id, secret))
            events = await self._insert(row.id, 0, [first], row.created_at)
            await self._db.execute("UPDATE matches SET last_seq = 1 WHERE id = ?", (row.id,))
            await self._db.execute("COMMIT")
        except BaseException:
            await self._db.execute("ROLLBACK")
            raise
        return events[0]

    async def _insert(self, match_id: str, after: int, new: Iterable[NewEvent], at: str) -> list[Event]:
        events = [Event(match_id=match_id, seq=after + i, type=e.type, version=EVENT_VERSION, actor=e.actor,
                        command_id=e.command_id, at=at, payload=e.payload)
                  for i, e in enumerate(new, start=1)]
        await self._db.executemany(_INSERT_EVENT, [_event_row(e) for e in events])
        return events

    async def append(self, match_id: str, after: int, new: Sequence[NewEvent], at: str, *,
                     status: str | None = None, players: list[str] | None = None,
                     result: dict[str, Any] | None = None) -> list[Event]:
        """Append `new` after sequence `after`, updating the match row's
        projection alongside, and return once it is committed. Raises Conflict
        or DuplicateCommand, in which case nothing of it was written.

        Appends that arrive while a commit is in flight are committed together
        (group commit): one fsync for many matches, so latency stays flat
        when many matches are busy at once."""
        # NewEvent validated these fields already; constructing without
        # re-validating keeps the append path short.
        events = [Event.model_construct(match_id=match_id, seq=after + i, type=e.type, version=EVENT_VERSION,
                                        actor=e.actor, command_id=e.command_id, at=at, payload=e.payload)
                  for i, e in enumerate(new, start=1)]
        update = (after + len(events), at, status, _dumps(players) if players is not None else None,
                  _dumps(result) if result is not None else None, match_id)
        done: asyncio.Future[list[Event]] = asyncio.get_running_loop().create_future()
        self._queue.append(_Append(events, update, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        return await done

    async def _flush(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            async with self._tx:
                try:
                    await self._write(batch)
                except sqlite3.IntegrityError:
                    # Someone in the batch conflicts: redo each alone so only it fails.
                    for item in batch:
                        try:
                            await self._write([item])
                        except sqlite3.IntegrityError as exc:
                            item.done.set_exception(_refusal(exc, item.events))
                        except BaseException as exc:  # the caller must hear of any failure
                            item.done.set_exception(exc)
                        else:
                            item.done.set_result(item.events)
                except BaseException as exc:
                    for item in batch:
                        if not item.done.done():
                            item.done.set_exception(exc)
                else:
                    for item in batch:
                        item.done.set_result(item.events)

    async def _write(self, batch: list[_Append]) -> None:
        rows = [_event_row(e) for item in batch for e in item.events]
        updates = [item.update for item in batch]
        await self._on_db_thread(_write_batch, rows, updates)

    async def _on_db_thread(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run `fn(connection, *args)` on aiosqlite's thread in one hand-off.
        Each aiosqlite call is a thread hand-off (about 0.2 ms on the 2-core
        machines here), and a write is four statements; as one call it costs
        one. aiosqlite has no public call for this: `_execute` and `_conn` are
        its long-standing internals, used only here."""
        db = self._db
        return await db._execute(lambda: fn(db._conn, *args))  # type: ignore[no-untyped-call]

    async def import_match(self, row: MatchRow, secret: bytes, events: Sequence[Event]) -> None:
        """Insert a whole recorded match verbatim (times and command ids kept)."""
        async with self._tx:
            await self._import_match(row, secret, events)

    async def _import_match(self, row: MatchRow, secret: bytes, events: Sequence[Event]) -> None:
        await self._db.execute("BEGIN IMMEDIATE")
        try:
            await self._db.execute(
                f"INSERT INTO matches ({_MATCH_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (row.id, row.game, row.ruleset, row.created_at, row.updated_at, row.status, row.commitment,
                 row.guild, row.channel, _dumps(row.players), _dumps(row.result) if row.result else None,
                 row.last_seq))
            await self._db.execute("INSERT INTO match_secrets VALUES (?, ?)", (row.id, secret))
            await self._db.executemany(_INSERT_EVENT, [_event_row(e.model_copy(update={"match_id": row.id}))
                                                       for e in events])
            await self._db.execute("COMMIT")
        except sqlite3.IntegrityError as exc:
            await self._db.execute("ROLLBACK")
            raise Conflict(str(exc)) from exc
        except BaseException:
            await self._db.execute("ROLLBACK")
            raise

    async def save_snapshot(self, match_id: str, seq: int, ruleset: str, blob: bytes) -> None:
        async with self._tx:
            await self._db.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?)", (match_id, seq, ruleset, blob))

    async def set_kv(self, scope: str, key: str, value: Any) -> None:
        async with self._tx:
            await self._db.execute("INSERT OR REPLACE INTO kv VALUES (?, ?, ?)", (scope, key, _dumps(value)))

    # -- reading -----------------------------------------------------------------

    async def events(self, match_id: str, after: int = 0, upto: int | None = None) -> list[Event]:
        sql = "SELECT seq, type, version, actor, command_id, at, payload FROM events WHERE match_id = ? AND seq > ?"
        args: list[Any] = [match_id, after]
        if upto is not None:
            sql += " AND seq <= ?"
            args.append(upto)
        async with self._db.execute(sql + " ORDER BY seq", args) as cur:
            rows = await cur.fetchall()
        with gc_paused():
            return [_event(match_id, r) for r in rows]

    async def find_command(self, match_id: str, command_id: str) -> Event | None:
        async with self._db.execute(
            "SELECT seq, type, version, actor, command_id, at, payload FROM events WHERE match_id = ? AND command_id = ?",
            (match_id, command_id)) as cur:
            row = await cur.fetchone()
        return _event(match_id, row) if row else None

    async def match(self, match_id: str) -> MatchRow | None:
        async with self._db.execute(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,)) as cur:
            row = await cur.fetchone()
        return _match(row) if row else None

    async def matches(self, *, guild: str | None = None, status: Iterable[str] | None = None,
                      limit: int = 1000) -> list[MatchRow]:
        sql, args = f"SELECT {_MATCH_COLUMNS} FROM matches WHERE 1=1", []
        if guild is not None:
            sql += " AND guild = ?"
            args.append(guild)
        if status is not None:
            wanted = list(status)
            sql += f" AND status IN ({','.join('?' * len(wanted))})"
            args.extend(wanted)
        sql += " ORDER BY created_at DESC, id LIMIT ?"
        args.append(str(limit))
        async with self._db.execute(sql, args) as cur:
            rows = await cur.fetchall()
        return [_match(r) for r in rows]

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
            async with self._db.execute(
                    "SELECT match_id, seq, type, version, actor, command_id, at, payload FROM events "
                    f"WHERE match_id IN ({marks}) ORDER BY match_id, seq", chunk) as cur:
                for row in await cur.fetchall():
                    out[row[0]][1].append(_event(row[0], row[1:]))
            async with self._db.execute(
                    f"SELECT match_id, ruleset, seq, state FROM snapshots WHERE match_id IN ({marks}) ORDER BY seq",
                    chunk) as cur:
                for mid, ruleset, seq, state in await cur.fetchall():
                    out[mid][2][ruleset] = (int(seq), bytes(state))
        return out

    async def secret(self, match_id: str) -> bytes:
        """The match secret: for rebuilding state and, once finished, for revealing.
        Never pass it to a view, an export of a running match or a log line."""
        async with self._db.execute("SELECT secret FROM match_secrets WHERE match_id = ?", (match_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            raise KeyError(match_id)
        return bytes(row[0])

    async def latest_snapshot(self, match_id: str, ruleset: str, upto: int | None = None) -> tuple[int, bytes] | None:
        sql = "SELECT seq, state FROM snapshots WHERE match_id = ? AND ruleset = ?"
        args: list[Any] = [match_id, ruleset]
        if upto is not None:
            sql += " AND seq <= ?"
            args.append(upto)
        async with self._db.execute(sql + " ORDER BY seq DESC LIMIT 1", args) as cur:
            row = await cur.fetchone()
        return (int(row[0]), bytes(row[1])) if row else None

    async def get_kv(self, scope: str, key: str) -> Any:
        async with self._db.execute("SELECT value FROM kv WHERE scope = ? AND key = ?", (scope, key)) as cur:
            row = await cur.fetchone()
        return json.loads(row[0]) if row else None

    async def backup(self, target: str | Path) -> None:
        """An online, consistent copy through SQLite's backup API."""
        dest = sqlite3.connect(str(target))
        try:
            await self._db.backup(dest)
        finally:
            dest.close()
