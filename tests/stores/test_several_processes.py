"""Several services over one database (as several bot shards over one
PostgreSQL, or the bot and the CLI over one SQLite file): interleaved and
racing commands on the same matches lose no update, and none serves a state
another has moved past."""

import asyncio
import os
import sys
from pathlib import Path

import pytest

from events.service import MatchService
from events.stores import open_store
from events.verify import verify_match

from .child import race
from .conftest import ANN, BEN, next_move, started

ROOT = Path(__file__).resolve().parents[2]
ENDLESS = {"goal": 10**6, "max_turns": 10**6}


async def two(db_url):
    a_store, b_store = await open_store(db_url), await open_store(db_url)
    return (a_store, MatchService(a_store)), (b_store, MatchService(b_store))


@pytest.mark.slow
async def test_alternating_services_each_serve_the_others_moves(db_url):
    (a_store, a), (b_store, b) = await two(db_url)
    try:
        ids = [await started(a, ANN, BEN, options=ENDLESS) for _ in range(3)]
        for m in ids:
            await b.get(m)  # both have every match cached
        for n in range(8):
            for i, m in enumerate(ids):
                mover, other = (a, b) if (n + i) % 2 == 0 else (b, a)
                before = await other.get(m)
                player, action = await next_move(mover, m)
                result = await mover.act(m, player.id, action, command_id=f"{n}-{m}")
                # No stale read: the other service serves this move at once.
                seen = await other.get(m)
                assert seen.seq == result.match.seq > before.seq
                assert seen.state == result.match.state
        for m in ids:
            events = await a_store.events(m)
            assert [e.seq for e in events] == list(range(1, len(events) + 1))
            assert sum(1 for e in events if e.command_id and e.command_id.endswith(f"-{m}")) == 8
            assert (await verify_match(a, m)).ok and (await verify_match(b, m)).ok
    finally:
        await a_store.close()
        await b_store.close()


@pytest.mark.slow
async def test_racing_services_land_exactly_one_move_per_match_each_round(db_url):
    (a_store, a), (b_store, b) = await two(db_url)
    try:
        ids = [await started(a, ANN, BEN, options=ENDLESS) for _ in range(4)]
        for n in range(10):
            calls = []
            for m in ids:
                ms = await a.get(m)
                player, action = await next_move(a, m)
                calls += [a.act(m, player.id, action, command_id=f"a-{n}-{m}", expected_seq=ms.seq),
                          b.act(m, player.id, action, command_id=f"b-{n}-{m}", expected_seq=ms.seq)]
            results = await asyncio.gather(*calls, return_exceptions=True)
            for i in range(0, len(results), 2):
                landed = [r for r in results[i:i + 2] if not isinstance(r, BaseException)]
                assert len(landed) == 1, results[i:i + 2]
        for m in ids:
            events = await b_store.events(m)
            assert [e.seq for e in events] == list(range(1, len(events) + 1))
            assert sum(1 for e in events if (e.command_id or "")[:2] in ("a-", "b-")) == 10
            assert (await a.get(m)).state == (await b.get(m)).state
            assert (await verify_match(b, m)).ok
    finally:
        await a_store.close()
        await b_store.close()


async def test_the_same_command_reaching_two_services_plays_once_and_both_get_its_result(db_url):
    (a_store, a), (b_store, b) = await two(db_url)
    try:
        match_id = await started(a, ANN, BEN)
        await b.get(match_id)
        player, action = await next_move(a, match_id)
        first, second = await asyncio.gather(a.act(match_id, player.id, action, command_id="click-1"),
                                             b.act(match_id, player.id, action, command_id="click-1"))
        assert sorted([first.duplicate, second.duplicate]) == [False, True]
        assert first.events[0].seq == second.events[0].seq
        assert sum(1 for e in await a_store.events(match_id) if e.command_id == "click-1") == 1
    finally:
        await a_store.close()
        await b_store.close()


@pytest.mark.slow
async def test_another_process_racing_on_the_same_matches_loses_no_update(db_url):
    store = await open_store(db_url)
    service = MatchService(store)
    try:
        ids = [await started(service, ANN, BEN, options=ENDLESS) for _ in range(2)]
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.stores.child", db_url, "child", "15", *ids, cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE)
        mine = await race(service, "parent", 15, ids)
        out, err = await asyncio.wait_for(child.communicate(), 120)
        assert child.returncode == 0, err.decode()
        theirs = int(out.decode().split()[-1])
        assert mine >= 15 and theirs >= 15
        landed = {"parent": 0, "child": 0}
        for m in ids:
            events = await store.events(m)
            assert [e.seq for e in events] == list(range(1, len(events) + 1))
            for e in events:
                if e.command_id:
                    landed[e.command_id.split("-")[0]] += 1
            fresh = MatchService(store)
            assert (await fresh.get(m)).state == (await service.get(m)).state
            assert (await verify_match(fresh, m)).ok
        assert landed == {"parent": mine, "child": theirs}
    finally:
        await store.close()
