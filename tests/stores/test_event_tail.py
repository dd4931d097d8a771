"""The newest events a cached match keeps (events/service.py `_Live.tail`): a front end showing a
move asks for the last few events of the log (its log line, the awaited seat's catch-up), and the
service answers from what it appended or read itself, with no round trip, exactly what the log
says. On SQLite and on PostgreSQL."""

from events import service as service_module
from events.service import TAIL, MatchService

from .conftest import ANN, BEN, play, started

ENDLESS = {"goal": 10**9, "max_turns": 10**9}


def dumped(events):
    return [e.model_dump() for e in events]


async def test_the_events_kept_are_the_logs_own_and_cost_no_round_trip(recorder):
    service = MatchService(recorder, snapshot_every=10**6)
    match_id = await started(service, ANN, BEN, options=ENDLESS)
    before = recorder.round_trips
    whole = await service.events_after(match_id, 0)  # a match this service created: kept from its first
    assert recorder.round_trips == before
    assert dumped(whole) == dumped(await recorder.events(match_id)) and whole[0].seq == 1
    await play(service, match_id, TAIL + 6)  # more than are kept: the oldest have left
    last = (await service.get(match_id)).seq
    answered_here = 0
    for after in range(last + 1):
        before = recorder.round_trips
        got = await service.events_after(match_id, after)
        trips = recorder.round_trips - before
        assert dumped(got) == dumped(await recorder.events(match_id, after=after)), after
        if after >= last - TAIL:
            assert trips == 0, after  # within the kept events
            answered_here += 1
        else:
            assert trips == 1, after  # older: read from the log
    assert answered_here == TAIL + 1


async def test_a_move_another_process_made_is_read_from_the_log(recorder):
    here = MatchService(recorder, snapshot_every=10**6, fresh_for=60.0)
    there = MatchService(recorder, snapshot_every=10**6)
    match_id = await started(here, ANN, BEN, options=ENDLESS)
    await play(here, match_id, 3)
    seen = (await here.get(match_id)).seq
    await play(there, match_id, 2)
    newest = (await there.get(match_id)).seq
    assert (await here.get(match_id)).seq == seen  # trusted for fresh_for: it has not looked
    # Asked to reach the newest event, which it does not keep, it reads the log.
    got = await here.events_after(match_id, seen - 1, through=newest)
    assert dumped(got) == dumped(await recorder.events(match_id, after=seen - 1))
    assert got[-1].seq == newest
    # Once it has caught up, what it read is kept with the rest.
    here.fresh_for = 0.0
    assert (await here.get(match_id)).seq == newest
    before = recorder.round_trips
    kept = await here.events_after(match_id, seen - 1, through=newest)
    assert recorder.round_trips == before and dumped(kept) == dumped(got)


async def test_a_match_loaded_cold_keeps_the_events_after_its_snapshot(recorder):
    service = MatchService(recorder, snapshot_every=10)
    match_id = await started(service, ANN, BEN, options=ENDLESS)
    await play(service, match_id, 14)
    cold = MatchService(recorder, snapshot_every=10)
    last = (await cold.get(match_id)).seq
    before = recorder.round_trips
    got = await cold.events_after(match_id, last - 2)
    assert recorder.round_trips == before
    assert dumped(got) == dumped(await recorder.events(match_id, after=last - 2))


def test_events_that_do_not_follow_the_kept_ones_replace_them():
    """Kept events stay gapless: a catch-up that read from further on than the kept ones end
    (a commit of this process raced it) starts them afresh, and events that end before the state
    they are said to reach keep none."""
    from dataclasses import replace

    from events.model import Event
    from events.replay import MatchState
    from events.service import _Live

    def event(seq):
        return Event(match_id="m", seq=seq, type="action", actor="a", at="")

    ms = MatchState("m", "toy", "toy-1", {}, "", "")
    live = _Live(ms, b"")
    live.moved_on(replace(ms, seq=5), [event(s) for s in range(1, 6)])
    live.moved_on(replace(ms, seq=7), [event(6), event(7)])
    assert [e.seq for e in live.tail] == list(range(1, 8))
    live.moved_on(replace(ms, seq=10), [event(9), event(10)])  # 8 is missing
    assert [e.seq for e in live.tail] == [9, 10]
    live.moved_on(replace(ms, seq=12), [event(11)])  # do not reach 12
    assert live.tail == [] and live.ms.seq == 12


async def test_only_the_matches_that_moved_last_keep_their_events(recorder, monkeypatch):
    monkeypatch.setattr(service_module, "TAILS", 2)
    service = MatchService(recorder, snapshot_every=10**6)
    first, second, third = [await started(service, ANN, BEN, options=ENDLESS) for _ in range(3)]
    for match_id in (first, second, third):
        await play(service, match_id, 1)
    counts = {}
    for match_id in (first, second, third):
        last = (await service.get(match_id)).seq
        before = recorder.round_trips
        got = await service.events_after(match_id, last - 1)
        counts[match_id] = recorder.round_trips - before
        assert dumped(got) == dumped(await recorder.events(match_id, after=last - 1))
    assert counts == {first: 1, second: 0, third: 0}  # the first moved longest ago: read from the log
