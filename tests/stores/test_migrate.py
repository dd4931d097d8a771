"""`migrate-db`: a whole database copied between backends (SQLite to
PostgreSQL and back) with its hashes, secrets, snapshots and bookkeeping, then
proved: every chain recomputes to the same head and every match replays. A
target that already holds a match is refused, so running it twice is harmless."""

import pytest

from events.errors import Refused
from events.migrate import copy_database
from events.model import NewEvent
from events.service import MatchService
from events.stores import migrate_db, open_store
from events.verify import verify_match

from .conftest import ANN, BEN, CAT, Raw, play, started

PAIRS = [("sqlite", "postgresql"), ("postgresql", "sqlite"), ("postgresql", "postgresql")]


async def fill(url):
    """A database with running, finished and lobby matches, snapshots and bookkeeping."""
    store = await open_store(url)
    service = MatchService(store, snapshot_every=5)
    try:
        running = await started(service, ANN, BEN)
        await play(service, running, 12)
        finished = await started(service, ANN, CAT, options={"goal": 3})
        await play(service, finished, 200)
        lobby = (await service.create("toy", BEN, {"goal": 30}, place={"guild": "g1", "channel": "c1"})).match_id
        await store.set_kv("board", running, {"msg": "123", "hash": "ab"})
        await store.set_kv("outbox", "pending", [running, finished])
        assert (await service.get(finished)).status == "finished"
        return [running, finished, lobby]
    finally:
        await store.close()


@pytest.mark.slow
@pytest.mark.parametrize(("source_kind", "target_kind"), PAIRS)
async def test_a_database_is_copied_with_its_hashes_and_proved(new_db, source_kind, target_kind):
    source_url, target_url = new_db(source_kind), new_db(target_kind)
    ids = await fill(source_url)
    report = await migrate_db(source_url, target_url)
    assert report.ok, [x.en for x in report.lines]
    assert (report.matches, report.kv) == (3, 2) and report.snapshots >= 2
    assert "every match replayed" in report.lines[-1].en
    source, target = await open_store(source_url), await open_store(target_url)
    try:
        for m in ids:
            assert await target.match(m) == await source.match(m)
            assert await target.events(m) == await source.events(m)
            assert await target.secret(m) == await source.secret(m)
            assert await target.chain_break(m) == await source.chain_break(m)
            assert await target.latest_snapshot(m, "toy-1") == await source.latest_snapshot(m, "toy-1")
        assert await target.get_kv("outbox", "pending") == [ids[0], ids[1]]
        # The copy is live: the running match goes on there.
        service = MatchService(target)
        await play(service, ids[0], 2)
        assert (await verify_match(service, ids[0])).ok
    finally:
        await source.close()
        await target.close()


@pytest.mark.slow
async def test_a_second_run_is_refused_and_changes_nothing(new_db):
    source_url, target_url = new_db("sqlite"), new_db("postgresql")
    await fill(source_url)
    first = await migrate_db(source_url, target_url)
    assert first.ok
    with pytest.raises(Refused, match="already holds matches"):
        await migrate_db(source_url, target_url)
    target = await open_store(target_url)
    try:
        assert len(await target.matches()) == 3
    finally:
        await target.close()


async def test_an_old_version_row_is_copied_as_stored_so_its_chain_still_holds(new_db):
    from events.chain import link
    source_url, target_url = new_db("sqlite"), new_db("postgresql")
    store = await open_store(source_url)
    service = MatchService(store)
    match_id = await started(service, ANN, BEN)
    seq = await store.last_seq(match_id)
    _, head = await store.chain_break(match_id)
    row = (seq + 1, "action", 0, ANN.id, None, "t", '{"action":{"kind":"mark"},"player":0}')
    await Raw(source_url).run("INSERT INTO events (match_id, seq, type, version, actor, command_id, at, payload, "
                              "hash) VALUES (?,?,?,?,?,?,?,?,?)", match_id, *row, link(head, *row))
    await Raw(source_url).run("UPDATE matches SET last_seq = ? WHERE id = ?", seq + 1, match_id)
    await store.close()
    report = await migrate_db(source_url, target_url)
    assert report.ok, [x.en for x in report.lines]
    target = await open_store(target_url)
    try:
        assert (await target.chain_break(match_id))[0] is None
        assert (await MatchService(target).get(match_id)).state.marks[0] == 1
    finally:
        await target.close()


@pytest.mark.slow
async def test_a_match_already_broken_on_the_source_is_copied_as_it_is_and_said(new_db):
    source_url, target_url = new_db("sqlite"), new_db("postgresql")
    ids = await fill(source_url)
    await Raw(source_url).run("UPDATE events SET at = 'forged' WHERE match_id = ? AND seq = 3", ids[0],
                              bypass_triggers=True)
    report = await migrate_db(source_url, target_url)
    assert report.ok
    assert any(f"{ids[0]}: its chain already broke at event 3" in x.en for x in report.lines)
    target = await open_store(target_url)
    try:
        assert (await target.chain_break(ids[0]))[0] == 3
    finally:
        await target.close()


async def test_a_copy_that_differs_from_its_source_fails_the_proof(new_db, monkeypatch):
    source_url, target_url = new_db("sqlite"), new_db("postgresql")
    ids = await fill(source_url)
    source, target = await open_store(source_url), await open_store(target_url)
    real = type(target).import_match

    async def lossy(self, row, secret, events):  # a broken copier drops the last event
        await real(self, row, secret, events[:-1] if row.id == ids[1] else events)

    monkeypatch.setattr(type(target), "import_match", lossy)
    try:
        report = await copy_database(source, target, replay=False)
    finally:
        await source.close()
        await target.close()
    assert not report.ok
    assert any(f"Match {ids[1]}: the copy differs" in x.en for x in report.lines)


@pytest.mark.slow
async def test_postgres_backup_writes_a_sqlite_file_that_opens_anywhere(new_db, tmp_path):
    url = new_db("postgresql")
    ids = await fill(url)
    store = await open_store(url)
    try:
        await store.append(ids[2], await store.last_seq(ids[2]), [NewEvent(type="note", actor="system")], "t")
        await store.backup(tmp_path / "backup.sqlite")
        copy = await open_store(tmp_path / "backup.sqlite")
        try:
            for m in ids:
                assert await copy.events(m) == await store.events(m)
        finally:
            await copy.close()
    finally:
        await store.close()
