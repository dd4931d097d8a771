"""What only the SQLite store has: its pragmas, and the upcasting of old
event versions as a unit. Everything else a store does is tested once for
both backends in tests/stores/test_recorder.py."""

import asyncio
import sqlite3
import struct
from pathlib import Path

from events.model import NewEvent
from events.service import MatchService
from events.upcast import upcast

from .conftest import ANN, BEN, started, whose_turn

NOTE = NewEvent(type="note", actor="system", payload={"text": "hi"})


async def test_pragmas_make_every_acknowledged_append_durable(store):
    async with store._db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    async with store._db.execute("PRAGMA synchronous") as cur:
        assert (await cur.fetchone())[0] == 2  # FULL
    async with store._db.execute("PRAGMA busy_timeout") as cur:
        assert (await cur.fetchone())[0] == 5000


def test_old_event_versions_are_upcast_on_read():
    version, payload = upcast("action", 0, {"player": 1, "action": {"kind": "pass"}})
    assert version == 1
    assert payload == {"seat": 1, "action": {"kind": "pass"}}


def _pages_written(wal: Path, since: int) -> set[int]:
    """The page numbers of the WAL frames after byte `since` (each frame: a
    24-byte header starting with its page number, then the page)."""
    data = wal.read_bytes()
    page_size = struct.unpack(">I", data[8:12])[0]
    start = max(since, 32)
    return {struct.unpack(">I", data[at:at + 4])[0] for at in range(start, len(data), 24 + page_size)}


async def test_a_move_that_leaves_the_status_as_it_was_writes_no_page_of_its_index(store):
    """Every move passes the match's status; only one that changes it rewrites
    matches_by_status: a page less to write and fsync with every other move."""
    service = MatchService(store)
    match_id = await started(service, ANN, BEN)
    with sqlite3.connect(store.path) as conn:
        roots = dict(conn.execute("SELECT name, rootpage FROM sqlite_master WHERE name IN "
                                  "('matches', 'matches_by_status', 'matches_by_written')").fetchall())
    wal = Path(store.path + "-wal")
    for _ in range(3):
        before = wal.stat().st_size
        _, player = await whose_turn(service, match_id)
        await service.act(match_id, player.id, {"kind": "roll"})
        written = _pages_written(wal, before)
        assert roots["matches"] in written and roots["matches_by_written"] in written  # the frames were read right
        assert roots["matches_by_status"] not in written
    assert (await store.match(match_id)).status == "running"


async def test_appends_that_arrive_while_one_is_written_commit_together_after_it(store):
    """An append to an idle store is written at once by its caller; those that
    arrive meanwhile wait for it and then share one transaction (group commit)."""
    service = MatchService(store)
    ids = [await started(service, ANN, BEN) for _ in range(5)]
    seqs = [(await service.get(m)).seq for m in ids]
    before = store.round_trips
    results = await asyncio.gather(*(store.append(m, s, [NOTE], "t") for m, s in zip(ids, seqs, strict=True)))
    assert store.round_trips - before == 2
    assert [r[0].seq for r in results] == [s + 1 for s in seqs]
    for m, s in zip(ids, seqs, strict=True):
        assert await store.last_seq(m) == s + 1
        assert (await store.chain_break(m))[0] is None
