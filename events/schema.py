"""The SQLite schema as numbered migrations; a database is brought up to date on open.

Migrations run in one write transaction (BEGIN IMMEDIATE) that first reads
the schema version: two processes opening a new file at once serialise here,
and the second finds the work done. A database from a newer Parley is
refused rather than read by code that does not know its shape.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from . import errors
from .chain import GENESIS, link

SCHEMA_1 = """
    CREATE TABLE matches (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'lobby',
        commitment TEXT NOT NULL,
        guild TEXT,
        channel TEXT,
        players TEXT NOT NULL DEFAULT '[]',
        result TEXT,
        last_seq INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX matches_by_guild ON matches(guild, created_at);
    CREATE INDEX matches_by_status ON matches(status);
    CREATE TABLE match_secrets (
        match_id TEXT PRIMARY KEY REFERENCES matches(id),
        secret BLOB NOT NULL
    );
    CREATE TABLE events (
        match_id TEXT NOT NULL REFERENCES matches(id),
        seq INTEGER NOT NULL,
        type TEXT NOT NULL,
        version INTEGER NOT NULL,
        actor TEXT NOT NULL,
        command_id TEXT,
        at TEXT NOT NULL,
        payload TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX events_command ON events(match_id, command_id) WHERE command_id IS NOT NULL;
    CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'events are immutable: append a revert instead'); END;
    CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'events are immutable: append a revert instead'); END;
    CREATE TRIGGER events_gapless BEFORE INSERT ON events
        WHEN NEW.seq != (SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE match_id = NEW.match_id)
        BEGIN SELECT RAISE(ABORT, 'event sequence must be gapless'); END;
    CREATE TABLE snapshots (
        match_id TEXT NOT NULL REFERENCES matches(id),
        seq INTEGER NOT NULL,
        ruleset TEXT NOT NULL,
        state BLOB NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    CREATE TABLE kv (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (scope, key)
    );
"""


def _hash_chain(conn: sqlite3.Connection) -> None:
    """2: every event carries the hash chain; events already recorded get theirs
    computed once here (the no-update trigger is lifted for this alone)."""
    conn.execute("ALTER TABLE events ADD COLUMN hash TEXT")
    conn.execute("DROP TRIGGER events_no_update")
    prev, match = GENESIS, None
    rows = conn.execute("SELECT match_id, seq, type, version, actor, command_id, at, payload FROM events "
                        "ORDER BY match_id, seq").fetchall()
    for match_id, seq, etype, version, actor, command_id, at, payload in rows:
        if match_id != match:
            prev, match = GENESIS, match_id
        prev = link(prev, seq, etype, version, actor, command_id, at, payload)
        conn.execute("UPDATE events SET hash = ? WHERE match_id = ? AND seq = ?", (prev, match_id, seq))
    _statements(conn, """
    CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'events are immutable: append a revert instead'); END;
    CREATE TRIGGER events_hashed BEFORE INSERT ON events WHEN NEW.hash IS NULL
        BEGIN SELECT RAISE(ABORT, 'an event needs its chain hash'); END;
    """)


PLAYER_PREFS = """
    CREATE TABLE player_prefs (
        player TEXT PRIMARY KEY,
        vacation_until TEXT,
        digest INTEGER NOT NULL DEFAULT 1
    );
"""

DECKS = """
    CREATE TABLE decks (
        owner TEXT NOT NULL,
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        saved_at TEXT NOT NULL,
        PRIMARY KEY (owner, game, name)
    );
    CREATE TABLE card_sets (
        guild TEXT NOT NULL,
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        saved_by TEXT NOT NULL,
        saved_at TEXT NOT NULL,
        PRIMARY KEY (guild, game, name)
    );
    CREATE TABLE lobby_decks (
        match_id TEXT NOT NULL REFERENCES matches(id),
        player TEXT NOT NULL,
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (match_id, player)
    );
"""

Migration = str | Callable[[sqlite3.Connection], None]

MIGRATIONS: list[Migration] = [
    # 1: matches, their secrets (read only to rebuild and, once finished, to reveal),
    # the append-only event log, snapshots, and a small key-value store for front ends.
    SCHEMA_1,
    _hash_chain,
    # 3: players' own settings (events/prefs.py): a vacation pausing their deadlines,
    # and the daily digest instead of one reminder per match.
    PLAYER_PREFS,
    # 4: matches loaded by `parley import`, which never count in players' records
    # (events/stats.py): nothing posted while they were played can vouch for them.
    "ALTER TABLE matches ADD COLUMN imported INTEGER NOT NULL DEFAULT 0;",
    # 5: players' quiet hours ("23:00-07:00") and IANA time zone, during which
    # their clocks stop (events/clock.py).
    """
    ALTER TABLE player_prefs ADD COLUMN quiet TEXT;
    ALTER TABLE player_prefs ADD COLUMN zone TEXT;
    """,
    # 6: players' saved decks, servers' card sets and the decks picked in a
    # lobby (events/decks.py), none of them in a match's log before it starts.
    DECKS,
    # 7: a server's matches by when they were last written, so the ladders and
    # players' cards (events/ratings.py, events/profile.py) continue their caches
    # with the matches written since, not every row of the server.
    "CREATE INDEX matches_by_written ON matches(guild, updated_at);",
]


def _statements(conn: sqlite3.Connection, script: str) -> None:
    """Run a script statement by statement inside the open transaction
    (executescript would commit it first)."""
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            conn.execute(buffer)
            buffer = ""
    if buffer.strip():
        conn.execute(buffer)


def migrate(conn: sqlite3.Connection, path: str) -> None:
    """Bring the database up to date, or refuse it; runs on the store's thread."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
        current = int(conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()[0])
        if current > len(MIGRATIONS):
            raise errors.newer_schema(path, current, len(MIGRATIONS))
        if current == 0 and conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name IN ('matches', 'events')").fetchone():
            raise errors.cannot_open(path, "it has Parley's tables but no schema record (written before migrations "
                                           "existed, or by another program)")
        for version, step in enumerate(MIGRATIONS[current:], start=current + 1):
            if callable(step):
                step(conn)
            else:
                _statements(conn, step)
            conn.execute("INSERT INTO schema_migrations VALUES (?, datetime('now'))", (version,))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
