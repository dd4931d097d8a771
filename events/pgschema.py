"""The PostgreSQL schema as numbered migrations, applied on open.

The same tables and guarantees as the SQLite schema (events/schema.py):
UNIQUE(match, seq) and UNIQUE(match, command_id), triggers that refuse
UPDATE, DELETE and TRUNCATE on events and a seq that is not the next one,
a chain hash on every event, secrets in their own table. Payloads are TEXT,
not jsonb: the chain hashes the canonical JSON text, and jsonb would hand back
a re-serialised text that no longer recomputes byte for byte.

Key columns use the "C" collation, so ids sort as they do in SQLite whatever
the server's locale.

Migrations run in one transaction holding a transaction-scoped advisory lock
taken before the version is read: two processes opening a new database at
once serialise there, and the second finds the work done. A database from a
newer Parley is refused rather than read by code that does not know its shape.
"""

from __future__ import annotations

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from . import errors

# Any fixed 64-bit number: the lock that serialises schema changes across processes.
LOCK_KEY = 0x7061726C6579  # "parley"

SCHEMA_1 = """
    CREATE TABLE matches (
        id TEXT COLLATE "C" PRIMARY KEY,
        game TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        created_at TEXT COLLATE "C" NOT NULL,
        updated_at TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'lobby',
        commitment TEXT NOT NULL,
        guild TEXT COLLATE "C",
        channel TEXT,
        players TEXT NOT NULL DEFAULT '[]',
        result TEXT,
        last_seq INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX matches_by_guild ON matches(guild, created_at);
    CREATE INDEX matches_by_status ON matches(status);
    CREATE INDEX matches_by_created ON matches(created_at DESC, id);

    CREATE TABLE match_secrets (
        match_id TEXT COLLATE "C" PRIMARY KEY REFERENCES matches(id),
        secret BYTEA NOT NULL
    );

    CREATE TABLE events (
        match_id TEXT COLLATE "C" NOT NULL REFERENCES matches(id),
        seq INTEGER NOT NULL CHECK (seq > 0),
        type TEXT NOT NULL,
        version INTEGER NOT NULL,
        actor TEXT NOT NULL,
        command_id TEXT COLLATE "C",
        at TEXT NOT NULL,
        payload TEXT NOT NULL,
        hash TEXT NOT NULL CHECK (length(hash) = 64),
        CONSTRAINT events_seq PRIMARY KEY (match_id, seq)
    );
    CREATE UNIQUE INDEX events_command ON events(match_id, command_id) WHERE command_id IS NOT NULL;

    CREATE FUNCTION parley_events_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION 'events are immutable: append a revert instead'
            USING ERRCODE = 'integrity_constraint_violation';
    END $$;
    CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        FOR EACH ROW EXECUTE FUNCTION parley_events_immutable();
    CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        FOR EACH ROW EXECUTE FUNCTION parley_events_immutable();
    CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
        FOR EACH STATEMENT EXECUTE FUNCTION parley_events_immutable();

    CREATE FUNCTION parley_events_gapless() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF NEW.seq <> (SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE match_id = NEW.match_id) THEN
            RAISE EXCEPTION 'event sequence must be gapless'
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN NEW;
    END $$;
    CREATE TRIGGER events_gapless BEFORE INSERT ON events
        FOR EACH ROW EXECUTE FUNCTION parley_events_gapless();

    CREATE TABLE snapshots (
        match_id TEXT COLLATE "C" NOT NULL REFERENCES matches(id),
        seq INTEGER NOT NULL,
        ruleset TEXT COLLATE "C" NOT NULL,
        state BYTEA NOT NULL,
        PRIMARY KEY (match_id, seq)
    );

    CREATE TABLE kv (
        scope TEXT COLLATE "C" NOT NULL,
        key TEXT COLLATE "C" NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (scope, key)
    );
"""

MIGRATIONS: list[str] = [
    # 1: matches, their secrets, the append-only chained event log, snapshots,
    # and the front ends' key-value bookkeeping.
    SCHEMA_1,
    # 2: players' own settings (events/prefs.py): a vacation pausing their deadlines,
    # and the daily digest instead of one reminder per match.
    """
    CREATE TABLE player_prefs (
        player TEXT COLLATE "C" PRIMARY KEY,
        vacation_until TEXT,
        digest BOOLEAN NOT NULL DEFAULT TRUE
    );
    """,
    # 3: matches loaded by `parley import`, which never count in players' records
    # (events/stats.py): nothing posted while they were played can vouch for them.
    "ALTER TABLE matches ADD COLUMN imported BOOLEAN NOT NULL DEFAULT FALSE;",
    # 4: players' quiet hours ("23:00-07:00") and IANA time zone, during which
    # their clocks stop (events/clock.py).
    """
    ALTER TABLE player_prefs ADD COLUMN quiet TEXT;
    ALTER TABLE player_prefs ADD COLUMN zone TEXT COLLATE "C";
    """,
    # 5: players' saved decks, servers' card sets and the decks picked in a
    # lobby (events/decks.py), none of them in a match's log before it starts.
    """
    CREATE TABLE decks (
        owner TEXT COLLATE "C" NOT NULL,
        game TEXT COLLATE "C" NOT NULL,
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        saved_at TEXT NOT NULL,
        PRIMARY KEY (owner, game, name)
    );
    CREATE TABLE card_sets (
        guild TEXT COLLATE "C" NOT NULL,
        game TEXT COLLATE "C" NOT NULL,
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        saved_by TEXT COLLATE "C" NOT NULL,
        saved_at TEXT NOT NULL,
        PRIMARY KEY (guild, game, name)
    );
    CREATE TABLE lobby_decks (
        match_id TEXT COLLATE "C" NOT NULL REFERENCES matches(id),
        player TEXT COLLATE "C" NOT NULL,
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (match_id, player)
    );
    """,
    # 6: a server's matches by when they were last written, so the ladders and
    # players' cards (events/ratings.py, events/profile.py) continue their caches
    # with the matches written since, not every row of the server.
    "CREATE INDEX matches_by_written ON matches(guild, updated_at);",
]


async def migrate(conn: asyncpg.Connection | PoolConnectionProxy, where: str) -> None:
    """Bring the database (the connection's first search_path schema) up to date, or refuse it."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", LOCK_KEY)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations "
                           "(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
        current = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))
        if current > len(MIGRATIONS):
            raise errors.newer_schema(where, current, len(MIGRATIONS))
        if current == 0 and await conn.fetchval(
                "SELECT to_regclass('matches') IS NOT NULL OR to_regclass('events') IS NOT NULL"):
            raise errors.cannot_open(where, "it has Parley's tables but no schema record (written by another "
                                            "program)")
        for version, script in enumerate(MIGRATIONS[current:], start=current + 1):
            await conn.execute(script)
            await conn.execute("INSERT INTO schema_migrations (version) VALUES ($1)", version)
