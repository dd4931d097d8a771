"""The SQLite schema as numbered migrations; a database is brought up to date on open."""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: matches, their secrets (read only to rebuild and, once finished, to reveal),
    # the append-only event log, snapshots, and a small key-value store for front ends.
    """
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
    """,
]
