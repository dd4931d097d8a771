"""PostgreSQL connections killed under load (pg_terminate_backend, as a
server restart or a failover does) are told truthfully: a command told
"accepted" is in the log, a command told "failed" is not, a broken connection
never serves another command, and the service carries on once the server
answers again."""

import asyncio
import contextlib
import time
import uuid

import asyncpg
import pytest

from engine.core import RuleError
from events import pgstore
from events.errors import OutcomeUnknown, StorageFault
from events.model import NewEvent
from events.pgstore import PgStore
from events.service import MatchService
from events.stores import open_store
from tests.events.conftest import ANN, BEN, started
from tests.stores.conftest import new_db, pg_server, with_query

__all__ = ["new_db", "pg_server"]  # fixtures, used by name

MATCHES = 6
KILLS = 30  # connections killed before the players stop: enough to prove something
DEADLINE = 15.0  # seconds: the load stops then, killed or not (the assertions say what was missed)
ROLL = {"kind": "roll"}
NOTE = NewEvent(type="note", actor="system")
GONE = "connection was closed in the middle of operation"


@pytest.fixture
def pg_url(new_db):
    return new_db("postgresql")


async def _kill(admin, name):
    return await admin.fetchval("SELECT COUNT(*) FILTER (WHERE pg_terminate_backend(pid)) FROM "
                                "(SELECT pid FROM pg_stat_activity WHERE application_name = $1 "
                                "ORDER BY random() LIMIT 1) AS one", name)


async def _killer(admin, name, told):
    """Terminate one of the store's connections after another while commands run, until
    KILLS have been killed and a command has met one (or the deadline): the players
    stop then. A fixed number of commands proved nothing on a fast machine, where they
    were all done before ten connections had been killed."""
    kills, until = 0, time.monotonic() + DEADLINE
    while time.monotonic() < until and (kills < KILLS or not any(how == "failed" for how, _ in told.values())):
        kills += await _kill(admin, name)
        await asyncio.sleep(0.02)
    return kills


async def _told(command):
    """What a command was told: accepted, failed (a StorageFault: nothing
    recorded), unknown, refused by the rules, or an error it should never see."""
    try:
        answer = await command
    except StorageFault as fault:
        return "failed", fault
    except OutcomeUnknown as unknown:
        return "unknown", unknown
    except RuleError as refusal:  # e.g. the turn moved on in a command wrongly told "failed"
        return "refused", refusal
    except Exception as surprise:  # any other error is what this test hunts
        return "error", surprise
    return "accepted", answer


async def _player(service, match_id, match_no, told, stop):
    """Roll for whoever's turn it is until told to stop, noting what each command was told."""
    n = 0
    while not stop.is_set():
        n += 1
        command_id = f"m{match_no}-{n}"
        how, waiting = await _told(service.waiting(match_id))
        if how != "accepted":
            told[f"{command_id}-read"] = (how, waiting)
            continue
        (_pending, player), *_ = waiting
        told[command_id] = await _told(service.act(match_id, player.id, ROLL, command_id=command_id))


@pytest.mark.slow  # hundreds of killed connections
async def test_killed_connections_tell_every_command_the_truth(pg_url):
    name = f"parley_{uuid.uuid4().hex[:10]}"
    store = await open_store(with_query(pg_url, application_name=name))
    service = MatchService(store, snapshot_every=10_000)
    admin = await asyncpg.connect(pg_url)
    stop = asyncio.Event()
    try:
        ids = [await started(service, ANN, BEN, options={"goal": 10**6, "max_turns": 10**6})
               for _ in range(MATCHES)]
        told: dict[str, tuple[str, object]] = {}
        began = time.monotonic()
        players = asyncio.gather(*(_player(service, m, i, told, stop) for i, m in enumerate(ids)))
        try:
            kills = await _killer(admin, name, told)
        finally:
            stop.set()
            await players
        assert time.monotonic() - began < DEADLINE + 5
        assert kills >= 10, "too few connections were killed to prove anything"

        logged = {e.command_id for m in ids for e in await store.events(m) if e.command_id}
        accepted = {c for c, (how, _e) in told.items() if how == "accepted"}
        failed = {c for c, (how, _e) in told.items() if how in ("failed", "refused", "error")}
        assert accepted <= logged, f"told accepted, not in the log: {sorted(accepted - logged)}"
        assert not logged & failed, f"told failed, yet in the log: {sorted(logged & failed)}"
        errors = {c: repr(e) for c, (how, e) in told.items() if how in ("error", "unknown")}
        assert not errors, errors  # e.g. InternalClientError: another operation is in progress
        faults = [told[c][1] for c in failed if told[c][0] == "failed" and not c.endswith("-read")]
        assert faults, "no command met a killed connection"
        for fault in faults:
            assert fault.kind == "connection-lost" and "\n" not in fault.message("en") + fault.message("ja")
        # The service goes on: every match takes a move with no connection killed.
        for m in ids:
            (_pending, player), *_ = await service.waiting(m)
            result = await service.act(m, player.id, ROLL, command_id=f"{m}-after")
            assert result.events and not result.duplicate
    finally:
        await admin.close()
        await store.close()


@pytest.mark.slow
@pytest.mark.parametrize("ends", ["commit", "rollback"])
async def test_a_transaction_still_running_when_its_connection_is_lost_is_waited_for(pg_url, monkeypatch, ends):
    """The client may hear of the loss before the server has ended the
    transaction: the answer waits for the server's, and is that."""
    store = await PgStore.open(pg_url)
    server_side = await asyncpg.connect(pg_url)
    try:
        match_id = await started(MatchService(store), ANN, BEN)
        seq = await store.last_seq(match_id)
        running = server_side.transaction()

        async def lost_while_running(self, batch, attempt):
            await running.start()
            rows = []
            for i, item in enumerate(batch):
                attempt.outcomes[i] = await pgstore._append_one(server_side, attempt, item, rows, {})
            await pgstore._insert(server_side, rows)
            asyncio.get_running_loop().call_later(0.3, asyncio.ensure_future, getattr(running, ends)())
            raise asyncpg.ConnectionDoesNotExistError(GONE)

        monkeypatch.setattr(PgStore, "_write", lost_while_running)
        if ends == "commit":
            events = await store.append(match_id, seq, [NOTE], "t")
            assert await store.events(match_id, after=seq) == events
        else:
            with pytest.raises(StorageFault) as err:
                await store.append(match_id, seq, [NOTE], "t")
            assert err.value.kind == "connection-lost" and await store.last_seq(match_id) == seq
    finally:
        await server_side.close()
        await store.close()


async def test_a_match_created_just_before_the_connection_was_lost_is_reported_as_made(pg_url, monkeypatch):
    store = await PgStore.open(pg_url)
    real = PgStore.connection
    lost = []

    @contextlib.asynccontextmanager
    async def lost_after_commit(self):
        async with real(self) as conn:
            yield conn
        if not lost:  # only the first: the store must then ask on a new connection
            lost.append(True)
            raise asyncpg.ConnectionDoesNotExistError(GONE)

    try:
        monkeypatch.setattr(PgStore, "connection", lost_after_commit)
        ms = await MatchService(store).create("toy", ANN, {"goal": 30}, join=False)
        assert lost and [e.type for e in await store.events(ms.match_id)] == ["match_created"]
    finally:
        await store.close()


async def test_a_connection_that_failed_is_not_handed_out_again(pg_url):
    store = await PgStore.open(pg_url, min_size=1, max_size=1)
    try:
        with pytest.raises(asyncpg.InternalClientError):
            async with store.connection() as conn:
                broken = conn.get_server_pid()
                raise asyncpg.InternalClientError("cannot switch to state 12; another operation (2) is in progress")
        async with store.connection() as conn:
            assert conn.get_server_pid() != broken
        assert await store.last_seq("none") is None
    finally:
        await store.close()


@pytest.mark.parametrize("how", ["answer-lost", "reset-fails"])
async def test_a_commit_whose_connection_broke_after_it_is_reported_as_made(pg_url, monkeypatch, how):
    """The commit's answer was lost, or the connection broke as it went back to
    the pool (asyncpg's reset then raised "another operation is in progress")."""
    store = await PgStore.open(pg_url)
    try:
        match_id = await started(MatchService(store), ANN, BEN)
        seq = await store.last_seq(match_id)
        real = PgStore._write

        async def committed_then_lost(self, batch, attempt):
            await real(self, batch, attempt)
            raise asyncpg.ConnectionDoesNotExistError(GONE)

        async def reset_fails(_pool, conn, *, timeout=None):
            conn.terminate()  # what asyncpg does when resetting a released connection fails
            raise asyncpg.InternalClientError("cannot switch to state 15; another operation (2) is in progress")

        if how == "answer-lost":
            monkeypatch.setattr(PgStore, "_write", committed_then_lost)
        else:
            monkeypatch.setattr(asyncpg.Pool, "release", reset_fails)
        events = await store.append(match_id, seq, [NOTE], "t")
        monkeypatch.undo()
        assert [e.seq for e in events] == [seq + 1]
        assert await store.events(match_id, after=seq) == events
    finally:
        await store.close()


async def test_a_lone_append_whose_answer_was_lost_is_settled_by_the_log(pg_url, monkeypatch):
    """A command's write is one statement that commits by itself, so no
    transaction id comes back before the commit: a lost answer is settled by
    whether the events are in the log as written."""
    store = await PgStore.open(pg_url)
    try:
        service = MatchService(store)
        match_id = await started(service, ANN, BEN)
        seq = await store.last_seq(match_id)
        real = PgStore._append_alone

        async def committed_then_lost(self, item, prev, attempt):
            await real(self, item, prev, attempt)
            attempt.xid = None  # it came with the answer that was lost
            raise asyncpg.ConnectionDoesNotExistError(GONE)

        monkeypatch.setattr(PgStore, "_append_alone", committed_then_lost)
        assert await store.head(match_id) == (seq, None)  # the head's hash is known: the lone path
        events = await store.append(match_id, seq, [NOTE], "t")
        monkeypatch.undo()
        assert await store.events(match_id, after=seq) == events
    finally:
        await store.close()


async def test_a_lone_append_still_waiting_when_its_connection_is_lost_is_ended_and_not_recorded(pg_url):
    """The statement waits on a lock when the client loses its connection: the
    settling ends that session on the server, so the append cannot land after
    the player was told it was not recorded."""
    store = await PgStore.open(pg_url, min_size=1, max_size=1)
    blocker, admin = await asyncpg.connect(pg_url), await asyncpg.connect(pg_url)
    try:
        match_id = await started(MatchService(store), ANN, BEN)
        seq = await store.head(match_id)
        held = blocker.transaction()
        await held.start()
        await blocker.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", match_id)
        conn = store._pool._holders[0]._con
        pid = conn.get_server_pid()
        append = asyncio.create_task(store.append(match_id, seq[0], [NOTE], "t"))
        # (pg_stat_activity asked outside the blocker's transaction, which would see one snapshot of it)
        while not await admin.fetchval("SELECT wait_event_type = 'Lock' FROM pg_stat_activity WHERE pid = $1", pid):
            await asyncio.sleep(0.01)
        conn.terminate()  # the client's side of the connection goes; the server's session still waits
        with pytest.raises(StorageFault) as err:
            await append
        assert err.value.kind == "connection-lost"
        assert not await admin.fetchval("SELECT COUNT(*) FROM pg_stat_activity WHERE pid = $1", pid)
        await held.rollback()
        assert await store.last_seq(match_id) == seq[0]
    finally:
        await blocker.close()
        await admin.close()
        await store.close()
