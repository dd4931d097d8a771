"""The recorder's promises, checked on SQLite and on PostgreSQL alike:
appends are all-or-nothing and gapless, a taken seq is a Conflict and a
repeated command id a DuplicateCommand, events cannot be changed or removed,
concurrent appends commit together with only the stale one failing, and
snapshots, bookkeeping and bulk reads return what was written."""

import asyncio

import pytest

from events.chain import GENESIS, link
from events.model import EVENT_VERSION, NewEvent
from events.store import Conflict, DuplicateCommand, MatchRow, Store
from events.stores import open_store

from .conftest import ANN, BEN, CAT, play, started

NOTE = NewEvent(type="note", actor="system", payload={"text": "hi"})


async def test_schema_is_migrated_once_and_reopening_is_harmless(db_url):
    first = await open_store(db_url)
    version = await first.schema_version()
    await first.close()
    again = await open_store(db_url)
    try:
        assert version >= 1 and await again.schema_version() == version
    finally:
        await again.close()


async def test_two_first_opens_of_a_new_database_both_succeed(db_url):
    stores = await asyncio.gather(*(open_store(db_url) for _ in range(3)))
    try:
        assert len({await s.schema_version() for s in stores}) == 1
    finally:
        for s in stores:
            await s.close()


async def test_events_refuse_update_and_delete(service, raw):
    match_id = await started(service, ANN, BEN)
    with pytest.raises(raw.integrity_error, match="immutable"):
        await raw.run("UPDATE events SET actor = 'x' WHERE match_id = ?", match_id)
    with pytest.raises(raw.integrity_error, match="immutable"):
        await raw.run("DELETE FROM events WHERE match_id = ?", match_id)
    assert len(await service.store.events(match_id)) == 4


async def test_a_raw_insert_needs_the_next_seq_and_a_hash(service, raw):
    match_id = await started(service, ANN, BEN)
    seq = await service.store.last_seq(match_id)
    insert = ("INSERT INTO events (match_id, seq, type, version, actor, command_id, at, payload, hash) "
              "VALUES (?, ?, 'note', 1, 'system', NULL, 't', '{}', ?)")
    with pytest.raises(raw.integrity_error, match="gapless"):
        await raw.run(insert, match_id, seq + 2, "f" * 64)
    with pytest.raises(raw.integrity_error, match=r"hash|null"):
        await raw.run(insert, match_id, seq + 1, None)
    assert await service.store.last_seq(match_id) == seq


async def test_sequence_is_gapless_and_a_taken_seq_is_a_conflict(service):
    match_id = await started(service, ANN, BEN)
    ms = await service.get(match_id)
    with pytest.raises(Conflict):
        await service.store.append(match_id, ms.seq - 1, [NOTE], "t")
    with pytest.raises(Conflict):
        await service.store.append(match_id, ms.seq + 1, [NOTE], "t")
    appended = await service.store.append(match_id, ms.seq, [NOTE], "t")
    assert [e.seq for e in appended] == [ms.seq + 1]


async def test_appending_to_a_match_that_does_not_exist_is_a_conflict(recorder):
    with pytest.raises(Conflict):
        await recorder.append("nowhere", 0, [NOTE], "t")


async def test_a_repeated_command_id_is_refused_by_the_database(service):
    match_id = await started(service, ANN, BEN)
    ms = await service.get(match_id)
    e = NewEvent(type="note", actor="system", command_id="c-1")
    await service.store.append(match_id, ms.seq, [e], "t")
    with pytest.raises(DuplicateCommand) as err:
        await service.store.append(match_id, ms.seq + 1, [e], "t")
    assert err.value.command_id == "c-1"
    assert await service.store.last_seq(match_id) == ms.seq + 1


async def test_failed_append_leaves_nothing_behind(service):
    match_id = await started(service, ANN, BEN)
    ms = await service.get(match_id)
    with pytest.raises(Conflict):
        await service.store.append(match_id, ms.seq - 1, [NOTE, NOTE], "t")
    assert (await service.store.match(match_id)).last_seq == ms.seq
    assert len(await service.store.events(match_id)) == ms.seq


async def test_an_append_updates_the_match_row_with_it(service):
    match_id = await started(service, ANN, BEN)
    seq = await service.store.last_seq(match_id)
    await service.store.append(match_id, seq, [NOTE, NOTE], "2030-01-01T00:00:00", status="finished",
                               players=["x", "y"], result={"winners": [1]})
    row = await service.store.match(match_id)
    assert (row.last_seq, row.updated_at, row.status, row.players, row.result) == \
        (seq + 2, "2030-01-01T00:00:00", "finished", ["x", "y"], {"winners": [1]})


async def test_the_secret_is_only_in_its_own_table(service):
    match_id = await started(service, ANN, BEN)
    secret = await service.store.secret(match_id)
    row = await service.store.match(match_id)
    assert secret.hex() not in repr(row)
    for e in await service.store.events(match_id):
        assert secret.hex() not in e.model_dump_json()
    with pytest.raises(KeyError):
        await service.store.secret("nowhere")


async def test_a_version_zero_row_replays_after_upcasting(service, raw):
    match_id = await started(service, ANN, BEN)
    ms = await service.get(match_id)
    payload = '{"player": 0, "action": {"kind": "mark"}}'
    _, head = await service.store.chain_break(match_id)
    row = (ms.seq + 1, "action", 0, ANN.id, None, "t", payload)
    await raw.run("INSERT INTO events (match_id, seq, type, version, actor, command_id, at, payload, hash) "
                  "VALUES (?,?,?,?,?,?,?,?,?)", match_id, *row, link(head, *row))
    await raw.run("UPDATE matches SET last_seq = ? WHERE id = ?", ms.seq + 1, match_id)
    service.forget()
    rebuilt = await service.get(match_id)
    assert rebuilt.state.marks[0] == 1
    assert (await service.store.chain_break(match_id))[0] is None


async def test_an_event_newer_than_the_code_is_refused_not_read(service, raw):
    from events.errors import StorageFault
    match_id = await started(service, ANN, BEN)
    seq = await service.store.last_seq(match_id)
    _, head = await service.store.chain_break(match_id)
    row = (seq + 1, "note", EVENT_VERSION + 1, "system", None, "t", "{}")
    await raw.run("INSERT INTO events (match_id, seq, type, version, actor, command_id, at, payload, hash) "
                  "VALUES (?,?,?,?,?,?,?,?,?)", match_id, *row, link(head, *row))
    with pytest.raises(StorageFault) as err:
        await service.store.events(match_id)
    assert err.value.kind == "future-event"
    with pytest.raises(StorageFault) as err:  # nor by a rebuild, which reads its own columns
        await service.store.fold(match_id, list)
    assert err.value.kind == "future-event"


async def test_online_backup_copies_the_log(service, tmp_path):
    match_id = await started(service, ANN, BEN)
    await play(service, match_id, 3)
    await service.store.backup(tmp_path / "copy.sqlite")
    copy = await Store.open(tmp_path / "copy.sqlite")
    try:
        assert await copy.events(match_id) == await service.store.events(match_id)
        assert await copy.chain_break(match_id) == await service.store.chain_break(match_id)
    finally:
        await copy.close()


async def test_concurrent_appends_commit_together_and_a_conflict_fails_alone(service):
    ids = [await started(service, ANN, BEN) for _ in range(5)]
    seqs = [(await service.get(m)).seq for m in ids]
    calls = [service.store.append(m, s, [NOTE], "t") for m, s in zip(ids, seqs, strict=True)]
    calls.append(service.store.append(ids[0], seqs[0] - 1, [NOTE], "t"))  # stale: must fail alone
    results = await asyncio.gather(*calls, return_exceptions=True)
    assert [r[0].seq for r in results[:5]] == [s + 1 for s in seqs]
    assert isinstance(results[5], Conflict)
    for m, s in zip(ids, seqs, strict=True):
        assert [e.seq for e in await service.store.events(m)] == list(range(1, s + 2))
        assert (await service.store.chain_break(m))[0] is None


async def test_a_duplicate_in_a_group_commit_fails_alone(service):
    ids = [await started(service, ANN, BEN) for _ in range(3)]
    seqs = [(await service.get(m)).seq for m in ids]
    tagged = NewEvent(type="note", actor="system", command_id="once")
    await service.store.append(ids[1], seqs[1], [tagged], "t")
    seqs[1] += 1
    results = await asyncio.gather(*(service.store.append(m, s, [tagged if m == ids[1] else NOTE], "t")
                                     for m, s in zip(ids, seqs, strict=True)), return_exceptions=True)
    assert isinstance(results[1], DuplicateCommand)
    assert [r[0].seq for r in (results[0], results[2])] == [seqs[0] + 1, seqs[2] + 1]


async def test_a_caller_who_stops_waiting_leaves_the_others_in_its_group_commit_answered(service):
    """A caller cancelled while its append commits with others (a command that
    timed out) must not take the others' answers with it: theirs are committed."""
    ids = [await started(service, ANN, BEN) for _ in range(4)]
    seqs = [(await service.get(m)).seq for m in ids]
    # The first is written at once; the other three wait for it and commit together.
    calls = [asyncio.create_task(service.store.append(m, s, [NOTE], "t")) for m, s in zip(ids, seqs, strict=True)]
    await asyncio.sleep(0)
    calls[1].cancel()
    answered = await asyncio.wait_for(asyncio.gather(calls[0], *calls[2:]), 10)
    assert [r[0].seq for r in answered] == [seqs[0] + 1, seqs[2] + 1, seqs[3] + 1]
    assert calls[1].cancelled()
    # The cancelled append was committed with the others, and the store goes on.
    assert (await service.store.last_seq(ids[1])) == seqs[1] + 1
    assert (await service.store.append(ids[1], seqs[1] + 1, [NOTE], "t"))[0].seq == seqs[1] + 2


async def test_several_appends_to_one_match_in_one_batch_chain_in_order(service):
    match_id = await started(service, ANN, BEN)
    seq = (await service.get(match_id)).seq
    results = await asyncio.gather(*(service.store.append(match_id, seq + i, [NOTE], "t") for i in range(4)))
    assert [r[0].seq for r in results] == [seq + 1, seq + 2, seq + 3, seq + 4]
    assert (await service.store.chain_break(match_id))[0] is None


async def test_bookkeeping_rides_with_appends_and_reads_back(service):
    match_id = await started(service, ANN, BEN)
    seq = (await service.get(match_id)).seq
    await asyncio.gather(service.store.set_kv("board", match_id, {"msg": "1", "n": [1, 2]}),
                         service.store.append(match_id, seq, [NOTE], "t"),
                         service.store.set_kv("board", "other", "x"))
    assert await service.store.get_kv("board", match_id) == {"msg": "1", "n": [1, 2]}
    await service.store.set_kv("board", match_id, {"msg": "2"})
    assert await service.store.get_kv("board", match_id) == {"msg": "2"}
    assert await service.store.get_kv("board", "missing") is None
    assert await service.store.get_kv("elsewhere", match_id) is None


async def test_several_records_read_at_once_are_those_asked_for(service):
    store = service.store
    for scope, key in [("board", "a"), ("board", "b"), ("dm", "a"), ("dm", "a:1")]:
        await store.set_kv(scope, key, {"of": [scope, key]})
    # Scope and key go together: ("dm", "b") is not ("board", "b") nor ("dm", "a"), and a missing one is absent.
    found = await store.get_kvs([("board", "a"), ("dm", "a:1"), ("dm", "b"), ("elsewhere", "a")])
    assert found == {("board", "a"): {"of": ["board", "a"]}, ("dm", "a:1"): {"of": ["dm", "a:1"]}}
    assert found == {k: await store.get_kv(*k) for k in found}
    assert await store.get_kvs([]) == {}


async def test_snapshots_are_kept_per_ruleset_and_read_up_to_a_seq(service):
    match_id = await started(service, ANN, BEN)
    store = service.store
    await store.save_snapshot(match_id, 2, "toy-1", b"two")
    await store.save_snapshot(match_id, 4, "toy-1", b"four")
    await store.save_snapshot(match_id, 3, "toy-0", b"old")
    assert await store.latest_snapshot(match_id, "toy-1") == (4, b"four")
    assert await store.latest_snapshot(match_id, "toy-1", upto=3) == (2, b"two")
    assert await store.latest_snapshot(match_id, "toy-1", upto=1) is None
    assert await store.latest_snapshot(match_id, "toy-0") == (3, b"old")
    await store.save_snapshot(match_id, 4, "toy-1", b"four again")
    assert await store.latest_snapshot(match_id, "toy-1") == (4, b"four again")


async def test_bulk_reads_secrets_events_and_snapshots_of_many_matches(service):
    ids = [await started(service, ANN, BEN) for _ in range(3)]
    await service.store.save_snapshot(ids[0], 3, "toy-1", b"s")
    loaded = await service.store.bulk(ids)
    assert set(loaded) == set(ids)
    for m in ids:
        secret, events, snaps = loaded[m]
        assert secret == await service.store.secret(m)
        assert events == await service.store.events(m)
        assert snaps == ({"toy-1": (3, b"s")} if m == ids[0] else {})


async def test_matches_filter_by_guild_and_status_newest_first(recorder):
    from events.service import MatchService
    clock = iter(f"2030-01-0{d}T00:00:00" for d in range(1, 10))
    service = MatchService(recorder, clock=lambda: next(clock), operator="mod")
    a = (await service.create("toy", ANN, {"goal": 30}, place={"guild": "g1"})).match_id
    b = (await service.create("toy", BEN, {"goal": 30}, place={"guild": "g2"})).match_id
    c = (await service.create("toy", CAT, {"goal": 30}, place={"guild": "g1"})).match_id
    await service.abort(c, "mod")
    assert [r.id for r in await recorder.matches()] == [c, b, a]
    assert [r.id for r in await recorder.matches(guild="g1")] == [c, a]
    assert [r.id for r in await recorder.matches(status=("lobby",))] == [b, a]
    assert [r.id for r in await recorder.matches(guild="g1", status=["aborted", "running"])] == [c]
    assert [r.id for r in await recorder.matches(limit=1)] == [c]
    row = await recorder.match(a)
    assert (row.game, row.guild, row.status, row.players) == ("toy", "g1", "lobby", [ANN.id])


async def test_find_command_and_last_seq(service):
    match_id = await started(service, ANN, BEN)
    seq = await service.store.last_seq(match_id)
    appended = await service.store.append(match_id, seq, [NewEvent(type="note", actor="system", command_id="k")], "t")
    assert await service.store.find_command(match_id, "k") == appended[0]
    assert await service.store.find_command(match_id, "nope") is None
    assert await service.store.last_seq(match_id) == seq + 1
    assert await service.store.last_seq("nowhere") is None


async def test_importing_a_match_id_twice_is_a_conflict(service):
    match_id = await started(service, ANN, BEN)
    row = await service.store.match(match_id)
    events = await service.store.events(match_id)
    with pytest.raises(Conflict):
        await service.store.import_match(row, b"s" * 32, events)


async def test_a_created_match_starts_its_chain_at_genesis(recorder):
    first = NewEvent(type="match_created", actor=ANN.id, payload={"game": "toy"})
    row = MatchRow("m1", "toy", "toy-1", "t0", "t0", "lobby", "c" * 64, None, None, [], None, 0)
    event = await recorder.create_match(row, b"k" * 32, first)
    assert event.seq == 1 and event.hash == link(GENESIS, 1, "match_created", EVENT_VERSION, ANN.id, None, "t0",
                                                 '{"game":"toy"}')
    assert (await recorder.match("m1")).last_seq == 1
