"""`Recorder.fold`: a function of a match's events, run where the store reads them (SQLite: on its
database thread, so a rebuild's events never cross to the event loop's core), seeing what `events`
returns but for the hash and command id no replay reads (left None, never read from the store), and
raising what the function raises, with the store going on after it."""

import gc
import threading

import pytest

from events.model import Event
from events.replay import all_seeing_digest, rebuild
from events.service import MatchService

from .conftest import ANN, BEN, next_move, started


async def played(service: MatchService, moves: int) -> str:
    match_id = await started(service, ANN, BEN)
    for _ in range(moves):
        player, action = await next_move(service, match_id)
        await service.act(match_id, player.id, action)
    return match_id


def as_replayed(event):
    """An event as a fold hands it over: without its hash and command id."""
    return {**event.model_dump(), "hash": None, "command_id": None}


async def test_a_fold_sees_what_events_reads_and_returns_what_it_makes(service):
    match_id = await played(service, 6)
    last = (await service.get(match_id)).seq
    for after, upto in [(0, None), (3, None), (0, 5), (2, last - 1), (last, None), (last, last)]:
        folded = await service.store.fold(match_id, lambda events: list(events), after, upto)
        events = await service.store.events(match_id, after, upto)
        assert [e.model_dump() for e in folded] == [as_replayed(e) for e in events], (after, upto)
        assert all(type(e) is Event for e in folded)
    everything = await service.store.events(match_id)
    assert everything and all(e.hash for e in everything)  # stored, and left out of the fold
    secret = await service.store.secret(match_id)
    rebuilt = await service.store.fold(match_id, lambda events: rebuild(events, secret)[0])
    assert all_seeing_digest(rebuilt) == all_seeing_digest(await service.get(match_id))


async def test_a_fold_that_raises_raises_to_its_caller_and_the_store_goes_on(service):
    match_id = await played(service, 2)

    def refuse(events):
        raise LookupError(f"{len(events)} events")

    with pytest.raises(LookupError, match="events"):
        await service.store.fold(match_id, refuse)
    await played(service, 1)  # the store still reads and writes
    assert len(await service.store.fold(match_id, list)) == len(await service.store.events(match_id))


@pytest.mark.parametrize("backend", ["sqlite"])
async def test_sqlite_folds_on_the_thread_that_reads_not_on_the_event_loop(service):
    match_id = await played(service, 1)
    threads = []
    await service.store.fold(match_id, lambda events: threads.append(threading.get_ident()))
    assert threads and threads[0] != threading.get_ident()


async def test_a_fold_keeps_the_collector_paused_from_reading_to_the_end_of_its_function(service):
    """Reading and rebuilding each pause the collector; resumed between them, it would scan
    every event just read at the first allocation of the function (one collection per fold)."""
    match_id = await played(service, 2)
    assert await service.store.fold(match_id, lambda events: gc.isenabled()) is False
    assert gc.isenabled()

    def refuse(events):
        raise LookupError("refused")

    with pytest.raises(LookupError):
        await service.store.fold(match_id, refuse)
    assert gc.isenabled()
