"""Faults are told truthfully and lose nothing: a full disk says so (and the
match is as it was), a snapshot that fails after a commit does not report the
committed move as failed, a locked database says it is busy, and a retried
command can never be played twice, across processes too."""

import asyncio
import sqlite3

import pytest

from events.errors import StorageFault
from events.service import MatchService
from events.store import Store

from .conftest import ANN, BEN, play, started


async def next_move(service, match_id):
    (_pending, player), *_ = await service.waiting(match_id)
    return player, (await service.choices(match_id, player.id))[-1].action


async def test_a_full_disk_says_disk_full_and_keeps_the_match(service, db):
    match_id = await started(service, ANN, BEN)
    await play(service, match_id, 2)
    before = await service.get(match_id)
    events_before = len(await service.store.events(match_id))
    # A database capped at its current size stands in for a full disk: SQLite
    # answers SQLITE_FULL exactly as it does when the disk has no room.
    async with service.store._db.execute("PRAGMA page_count") as cur:
        pages = (await cur.fetchone())[0]
    await service.store._db.execute(f"PRAGMA max_page_count={pages}")
    player, action = await next_move(service, match_id)
    big = {**action, "note": "x" * 20000}  # too big for the room left, whatever the game does with it
    with pytest.raises(StorageFault) as err:
        await service.store.append(match_id, before.seq, [
            __import__("events.model", fromlist=["NewEvent"]).NewEvent(type="note", actor="system",
                                                                       payload={"text": big["note"]})], "t")
    assert err.value.kind == "disk-full"
    assert "disk is full" in err.value.message("en") and "ディスク" in err.value.message("ja")
    assert "rollback" not in err.value.message("en").lower()
    await service.store._db.execute("PRAGMA max_page_count=1073741823")
    assert len(await service.store.events(match_id)) == events_before
    assert (await service.get(match_id)).seq == before.seq
    # Once there is room again the same move is accepted.
    result = await service.act(match_id, player.id, action, command_id="after-full")
    assert result.events and not result.duplicate


async def test_a_full_disk_during_moves_refuses_the_move_and_the_state_stays(service, db):
    match_id = await started(service, ANN, BEN, options={"goal": 10**6})
    async with service.store._db.execute("PRAGMA page_count") as cur:
        pages = (await cur.fetchone())[0]
    await service.store._db.execute(f"PRAGMA max_page_count={pages + 2}")
    # Play until the disk fills: the refused move leaves the match exactly as it was.
    for n in range(2000):
        before = await service.get(match_id)
        player, action = await next_move(service, match_id)
        try:
            await service.act(match_id, player.id, action, command_id=f"move-{n}")
        except StorageFault as fault:
            assert fault.kind == "disk-full"
            break
    else:
        pytest.fail("the disk never filled")
    assert (await service.get(match_id)).seq == before.seq
    assert await service.store.last_seq(match_id) == before.seq
    service.forget()
    assert (await service.get(match_id)).seq == before.seq  # the log agrees
    await service.store._db.execute("PRAGMA max_page_count=1073741823")
    again = await service.act(match_id, player.id, action, command_id=f"move-{n}")
    assert not again.duplicate and again.events[0].command_id == f"move-{n}"


async def test_a_snapshot_failure_after_a_commit_still_reports_the_move(db, caplog):
    store = await Store.open(db)
    service = MatchService(store, snapshot_every=2)
    try:
        match_id = await started(service, ANN, BEN)
        conn = sqlite3.connect(db, isolation_level=None)
        conn.execute("ALTER TABLE snapshots RENAME TO snapshots_gone")  # every snapshot write now fails
        conn.close()
        seq = (await service.get(match_id)).seq
        for _ in range(4):
            player, action = await next_move(service, match_id)
            result = await service.act(match_id, player.id, action)
            assert result.events and result.events[-1].seq > seq
            seq = result.events[-1].seq
        assert (await store.last_seq(match_id)) == seq
        assert any("snapshot" in r.getMessage() for r in caplog.records)
    finally:
        await store.close()


async def test_a_locked_database_says_busy_and_writes_nothing(db):
    store = await Store.open(db, busy_timeout_ms=100)
    service = MatchService(store)
    try:
        match_id = await started(service, ANN, BEN)
        blocker = sqlite3.connect(db, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        try:
            player, action = await next_move(service, match_id)
            with pytest.raises(StorageFault) as err:
                await service.act(match_id, player.id, action, command_id="locked-1")
            assert err.value.kind == "locked" and "busy" in err.value.message("en")
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        result = await service.act(match_id, player.id, action, command_id="locked-1")
        assert not result.duplicate
    finally:
        await store.close()


async def test_the_same_command_from_two_processes_plays_once_and_both_get_its_result(db):
    """Two services over one file stand for two processes (each has its own
    connection, cache and locks); a double click reaches both at once."""
    a_store, b_store = await Store.open(db), await Store.open(db)
    a, b = MatchService(a_store), MatchService(b_store)
    try:
        match_id = await started(a, ANN, BEN)
        await b.get(match_id)  # b has the match cached too
        player, action = await next_move(a, match_id)
        first, second = await asyncio.gather(
            a.act(match_id, player.id, action, command_id="click-1"),
            b.act(match_id, player.id, action, command_id="click-1"))
        assert sorted([first.duplicate, second.duplicate]) == [False, True]
        assert first.events[0].seq == second.events[0].seq
        events = await a_store.events(match_id)
        assert sum(1 for e in events if e.command_id == "click-1") == 1
    finally:
        await a_store.close()
        await b_store.close()


async def test_a_terminal_move_carries_a_command_id(service):
    from bot.terminal import Terminal
    match_id = await started(service, ANN, BEN)
    lines = iter(["1", None])
    import io
    out = io.StringIO()
    await Terminal(service, match_id, "en", lambda: next(lines), out=out).run()
    actions = [e for e in await service.store.events(match_id) if e.type == "action" and e.actor != "system"]
    assert actions and all(e.command_id and e.command_id.startswith("terminal:") for e in actions)
