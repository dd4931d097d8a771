import sqlite3

import pytest

from events.chain import link
from events.model import NewEvent
from events.schema import MIGRATIONS
from events.store import Conflict, DuplicateCommand, Store
from events.upcast import upcast

from .conftest import ANN, BEN, started


async def test_pragmas_make_every_acknowledged_append_durable(store):
    async with store._db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    async with store._db.execute("PRAGMA synchronous") as cur:
        assert (await cur.fetchone())[0] == 2  # FULL
    async with store._db.execute("PRAGMA busy_timeout") as cur:
        assert (await cur.fetchone())[0] == 5000


async def test_schema_is_migrated_once_and_reopening_is_harmless(tmp_path):
    path = tmp_path / "m.sqlite"
    s = await Store.open(path)
    assert await s.schema_version() == len(MIGRATIONS)
    await s.close()
    s = await Store.open(path)
    assert await s.schema_version() == len(MIGRATIONS)
    await s.close()


async def test_events_refuse_update_and_delete(service):
    match_id = await started(service, ANN, BEN)
    db = service.store._db
    with pytest.raises(sqlite3.IntegrityError, match="immutable"):
        await db.execute("UPDATE events SET actor = 'x' WHERE match_id = ?", (match_id,))
    with pytest.raises(sqlite3.IntegrityError, match="immutable"):
        await db.execute("DELETE FROM events WHERE match_id = ?", (match_id,))
    assert len(await service.store.events(match_id)) == 4


async def test_sequence_is_gapless_and_a_taken_seq_is_a_conflict(service):
    match_id = await started(service, ANN, BEN)
    ms = await service.get(match_id)
    note = NewEvent(type="note", actor="system", payload={"text": "hi"})
    with pytest.raises(Conflict):
        await service.store.append(match_id, ms.seq - 1, [note], "t")
    with pytest.raises(Conflict):
        await service.store.append(match_id, ms.seq + 1, [note], "t")
    appended = await service.store.append(match_id, ms.seq, [note], "t")
    assert [e.seq for e in appended] == [ms.seq + 1]


async def test_a_repeated_command_id_is_refused_by_the_database(service):
    match_id = await started(service, ANN, BEN)
    ms = await service.get(match_id)
    e = NewEvent(type="note", actor="system", command_id="c-1")
    await service.store.append(match_id, ms.seq, [e], "t")
    with pytest.raises(DuplicateCommand):
        await service.store.append(match_id, ms.seq + 1, [e], "t")


async def test_failed_append_leaves_nothing_behind(service):
    match_id = await started(service, ANN, BEN)
    ms = await service.get(match_id)
    good = NewEvent(type="note", actor="system")
    with pytest.raises(Conflict):
        await service.store.append(match_id, ms.seq - 1, [good, good], "t")
    assert (await service.store.match(match_id)).last_seq == ms.seq
    assert len(await service.store.events(match_id)) == ms.seq


async def test_the_secret_is_only_in_its_own_table(service):
    match_id = await started(service, ANN, BEN)
    secret = await service.store.secret(match_id)
    row = await service.store.match(match_id)
    assert secret.hex() not in repr(row)
    for e in await service.store.events(match_id):
        assert secret.hex() not in e.model_dump_json()


def test_old_event_versions_are_upcast_on_read():
    version, payload = upcast("action", 0, {"player": 1, "action": {"kind": "pass"}})
    assert version == 1
    assert payload == {"seat": 1, "action": {"kind": "pass"}}


async def test_a_version_zero_row_replays_after_upcasting(service):
    match_id = await started(service, ANN, BEN)
    ms = await service.get(match_id)
    db = service.store._db
    payload = '{"player": 0, "action": {"kind": "mark"}}'
    _, head = await service.store.chain_break(match_id)
    row = (ms.seq + 1, "action", 0, ANN.id, None, "t", payload)
    await db.execute(
        "INSERT INTO events (match_id, seq, type, version, actor, command_id, at, payload, hash) "
        "VALUES (?,?,?,?,?,?,?,?,?)", (match_id, *row, link(head, *row)))
    await db.execute("UPDATE matches SET last_seq = ? WHERE id = ?", (ms.seq + 1, match_id))
    service.forget()
    rebuilt = await service.get(match_id)
    assert rebuilt.state.marks[0] == 1


async def test_online_backup_copies_the_log(service, tmp_path):
    match_id = await started(service, ANN, BEN)
    await service.store.backup(tmp_path / "copy.sqlite")
    copy = await Store.open(tmp_path / "copy.sqlite")
    try:
        assert len(await copy.events(match_id)) == len(await service.store.events(match_id))
    finally:
        await copy.close()


async def test_concurrent_appends_commit_together_and_a_conflict_fails_alone(service):
    import asyncio

    ids = [await started(service, ANN, BEN) for _ in range(5)]
    seqs = [(await service.get(m)).seq for m in ids]
    note = NewEvent(type="note", actor="system")
    calls = [service.store.append(m, s, [note], "t") for m, s in zip(ids, seqs, strict=True)]
    calls.append(service.store.append(ids[0], seqs[0] - 1, [note], "t"))  # stale: must fail alone
    results = await asyncio.gather(*calls, return_exceptions=True)
    assert [r[0].seq for r in results[:5]] == [s + 1 for s in seqs]
    assert isinstance(results[5], Conflict)
    for m, s in zip(ids, seqs, strict=True):
        assert [e.seq for e in await service.store.events(m)] == list(range(1, s + 2))
