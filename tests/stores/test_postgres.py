"""What only the PostgreSQL recorder has to get right: the server must
flush commits, a schema from a newer Parley or another program is refused,
a lock held elsewhere or a lost connection is told truthfully (more in
tests/reliability/test_pg_connection_loss.py), a group of appends is one
transaction, and payloads are stored as the very text the chain hashes."""

import asyncio
import uuid

import asyncpg
import pytest

from events import pgstore
from events.chain import canonical_payload
from events.errors import StorageFault
from events.model import NewEvent
from events.pgschema import MIGRATIONS
from events.pgstore import PgStore, redacted
from events.service import MatchService
from events.stores import open_store

from .conftest import ANN, BEN, next_move, play, started, with_query

NOTE = NewEvent(type="note", actor="system")


@pytest.fixture
def pg_url(new_db):
    return new_db("postgresql")


async def test_a_durable_store_refuses_a_server_that_does_not_wait_for_the_flush(pg_url):
    lax = with_query(pg_url, synchronous_commit="off")
    with pytest.raises(StorageFault, match="synchronous_commit=off") as err:
        await open_store(lax)
    assert err.value.kind == "cannot-open"
    store = await open_store(lax, durable=False)  # self-play may trade durability for speed
    await store.close()
    store = await PgStore.open(pg_url)
    try:
        assert await store.durability() == ("on", "on")
    finally:
        await store.close()


async def test_an_unreachable_server_is_one_clear_fault_without_the_password():
    with pytest.raises(StorageFault) as err:
        await open_store("postgresql://parley:hunter2@127.0.0.1:1/parley")
    assert err.value.kind == "cannot-open"
    assert "cannot be reached" in err.value.message("en") and "hunter2" not in err.value.message("en")
    assert redacted("postgresql://u:pw@h:5/db?x=1") == "postgresql://u@h:5/db?x=1"


async def test_a_newer_schema_is_refused_with_a_clear_message(pg_url):
    store = await open_store(pg_url)
    await store.close()
    conn = await asyncpg.connect(pg_url)
    await conn.execute("INSERT INTO schema_migrations (version) VALUES ($1)", len(MIGRATIONS) + 5)
    await conn.close()
    with pytest.raises(StorageFault, match="newer Parley") as err:
        await open_store(pg_url)
    assert err.value.kind == "newer-schema"


async def test_tables_without_a_schema_record_are_refused_not_overwritten(pg_url):
    conn = await asyncpg.connect(pg_url)
    await conn.execute("CREATE TABLE matches (id TEXT PRIMARY KEY); INSERT INTO matches VALUES ('precious')")
    await conn.close()
    with pytest.raises(StorageFault, match="no schema record"):
        await open_store(pg_url)
    conn = await asyncpg.connect(pg_url)
    assert await conn.fetchval("SELECT id FROM matches") == "precious"
    await conn.close()


async def test_truncating_the_events_is_refused(pg_url):
    store = await open_store(pg_url)
    try:
        match_id = await started(MatchService(store), ANN, BEN)
        conn = await asyncpg.connect(pg_url)
        with pytest.raises(asyncpg.IntegrityConstraintViolationError, match="immutable"):
            await conn.execute("TRUNCATE events CASCADE")
        await conn.close()
        assert await store.last_seq(match_id) == len(await store.events(match_id))
    finally:
        await store.close()


@pytest.mark.slow
async def test_a_match_locked_by_another_program_says_busy_and_writes_nothing(pg_url):
    store = await PgStore.open(pg_url, busy_timeout_ms=100)
    service = MatchService(store)
    try:
        match_id = await started(service, ANN, BEN)
        player, action = await next_move(service, match_id)
        before = await store.last_seq(match_id)
        blocker = await asyncpg.connect(pg_url)
        lock = blocker.transaction()
        await lock.start()
        await blocker.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", match_id)
        try:
            with pytest.raises(StorageFault) as err:
                await service.act(match_id, player.id, action, command_id="locked-1")
            assert err.value.kind == "locked" and "busy" in err.value.message("en")
        finally:
            await lock.rollback()
            await blocker.close()
        assert await store.last_seq(match_id) == before
        result = await service.act(match_id, player.id, action, command_id="locked-1")
        assert not result.duplicate and result.events[0].seq == before + 1
    finally:
        await store.close()


@pytest.mark.slow
async def test_one_match_locked_elsewhere_does_not_hold_up_the_others_in_its_batch(pg_url):
    store = await PgStore.open(pg_url, busy_timeout_ms=200)
    try:
        service = MatchService(store)
        held, free = await started(service, ANN, BEN), await started(service, ANN, BEN)
        seqs = {m: await store.last_seq(m) for m in (held, free)}
        blocker = await asyncpg.connect(pg_url)
        lock = blocker.transaction()
        await lock.start()
        await blocker.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", held)
        try:
            results = await asyncio.gather(store.append(held, seqs[held], [NOTE], "t"),
                                           store.append(free, seqs[free], [NOTE], "t"), return_exceptions=True)
        finally:
            await lock.rollback()
            await blocker.close()
        assert isinstance(results[0], StorageFault) and results[0].kind == "locked"
        assert [e.seq for e in results[1]] == [seqs[free] + 1]
        assert await store.last_seq(held) == seqs[held]
    finally:
        await store.close()


async def test_dropped_connections_lose_no_move_and_play_none_twice(pg_url):
    name = f"parley_{uuid.uuid4().hex[:10]}"
    store = await open_store(with_query(pg_url, application_name=name))
    service = MatchService(store)
    try:
        match_id = await started(service, ANN, BEN)
        player, action = await next_move(service, match_id)
        before = await store.last_seq(match_id)
        admin = await asyncpg.connect(pg_url)
        killed = await admin.fetchval("SELECT COUNT(*) FILTER (WHERE pg_terminate_backend(pid, 5000)) "
                                      "FROM pg_stat_activity WHERE application_name = $1", name)
        await admin.close()
        assert killed >= 1
        try:  # the pool may notice the dead connection and open another, or the command may fail
            result = await service.act(match_id, player.id, action, command_id="after-drop")
        except StorageFault as fault:
            assert fault.kind == "connection-lost" and await store.last_seq(match_id) == before
            result = await service.act(match_id, player.id, action, command_id="after-drop")
        assert not result.duplicate and result.events[0].seq == before + 1
        assert sum(1 for e in await store.events(match_id) if e.command_id == "after-drop") == 1
    finally:
        await store.close()


async def test_a_commit_lost_before_it_happened_is_reported_as_nothing_saved(pg_url, monkeypatch):
    store = await PgStore.open(pg_url)
    try:
        match_id = await started(MatchService(store), ANN, BEN)
        seq = await store.last_seq(match_id)

        async def rolled_back_then_lost(self, batch, attempt):
            async with self._pool.acquire() as conn:
                tx = conn.transaction()
                await tx.start()
                rows = []
                for i, item in enumerate(batch):
                    attempt.outcomes[i] = await pgstore._append_one(conn, attempt, item, rows, {})
                await pgstore._insert(conn, rows)
                await tx.rollback()
            raise asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")

        monkeypatch.setattr(PgStore, "_write", rolled_back_then_lost)
        with pytest.raises(StorageFault, match="nothing was recorded") as err:
            await store.append(match_id, seq, [NOTE], "t")
        assert err.value.kind == "connection-lost"
        monkeypatch.undo()
        assert await store.last_seq(match_id) == seq
    finally:
        await store.close()


async def test_concurrent_appends_to_many_matches_are_one_transaction(pg_url):
    store = await open_store(pg_url)
    service = MatchService(store)
    try:
        ids = [await started(service, ANN, BEN) for _ in range(6)]
        seqs = [await store.last_seq(m) for m in ids]
        await asyncio.gather(*(store.append(m, s, [NOTE], "t") for m, s in zip(ids, seqs, strict=True)))
        conn = await asyncpg.connect(pg_url)
        # Rows written by one transaction carry its id; the first append may commit alone.
        xids = await conn.fetch("SELECT DISTINCT xmin::text FROM events WHERE match_id = ANY($1::text[]) "
                                "AND type = 'note'", ids)
        await conn.close()
        assert len(xids) <= 2
    finally:
        await store.close()


async def test_several_appends_to_one_match_are_one_transaction_too(pg_url):
    store = await open_store(pg_url)
    try:
        match_id = await started(MatchService(store), ANN, BEN)
        seq = await store.last_seq(match_id)
        await asyncio.gather(*(store.append(match_id, seq + i, [NOTE, NOTE], "t") for i in range(0, 8, 2)))
        conn = await asyncpg.connect(pg_url)
        xids = await conn.fetch("SELECT DISTINCT xmin::text FROM events WHERE match_id = $1 AND seq > $2",
                                match_id, seq)
        await conn.close()
        assert len(xids) <= 2
        assert (await store.chain_break(match_id))[0] is None and await store.last_seq(match_id) == seq + 8
    finally:
        await store.close()


async def test_payloads_are_stored_as_the_text_the_chain_hashes(pg_url):
    store = await open_store(pg_url)
    service = MatchService(store)
    try:
        match_id = await started(service, ANN, BEN)
        await play(service, match_id, 3)
        conn = await asyncpg.connect(pg_url)
        stored = await conn.fetch("SELECT seq, payload FROM events WHERE match_id = $1 ORDER BY seq", match_id)
        await conn.close()
        events = await store.events(match_id)
        assert [r["payload"] for r in stored] == [canonical_payload(e.payload) for e in events]
    finally:
        await store.close()
