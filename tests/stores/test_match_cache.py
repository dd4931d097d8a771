
"""The service's memory is bounded: it keeps at most `cache_limit` matches,
the least recently used leaving to a snapshot and coming back equal; at
shutdown `checkpoint` snapshots what moved on, so a start loads each match
from its snapshot without reading the events before it; a snapshot is used
only for the match it was taken of."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.service import MatchService

from .conftest import ANN, BEN, next_move, started

ENDLESS = {"goal": 10**9, "max_turns": 10**9}


async def move(service, match_id):
    player, action = await next_move(service, match_id)
    return (await service.act(match_id, player.id, action)).match


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(order=st.lists(st.integers(0, 3), min_size=1, max_size=12))
async def test_the_cache_never_holds_more_than_its_limit_and_evicted_matches_come_back_equal(recorder, order):
    service = MatchService(recorder, snapshot_every=10**6, cache_limit=2)
    ids = [await started(service, ANN, BEN, options=ENDLESS) for _ in range(4)]
    assert service.cached() <= 2
    last = {}
    for i in order:
        last[ids[i]] = await move(service, ids[i])
        assert service.cached() <= 2
    for match_id, ms in last.items():
        back = await service.get(match_id)
        assert service.cached() <= 2
        assert back == ms
        # What it came back from: the log the whole way, checked by a service that never cached it.
        assert (await MatchService(recorder).get(match_id)) == ms


async def test_an_evicted_match_leaves_a_snapshot_at_its_last_event(recorder):
    service = MatchService(recorder, snapshot_every=10**6, cache_limit=1)
    first = await started(service, ANN, BEN, options=ENDLESS)
    ms = await move(service, first)
    await started(service, ANN, BEN, options=ENDLESS)  # pushes `first` out
    assert service.cached() == 1
    snap = await recorder.latest_snapshot(first, ms.game.ruleset)
    assert snap is not None and snap[0] == ms.seq


async def test_checkpoint_lets_a_restart_load_from_snapshots_without_old_events(recorder):
    service = MatchService(recorder, snapshot_every=10**6)
    ids = [await started(service, ANN, BEN, options=ENDLESS) for _ in range(3)]
    states = {m: await move(service, m) for m in ids}
    assert await service.checkpoint() == 3
    assert await service.checkpoint() == 0  # nothing moved on since
    opened = await recorder.opening(ids)
    assert {m: (o.after, o.events) for m, o in opened.items()} == {m: (states[m].seq, []) for m in ids}
    restarted = MatchService(recorder, cache_limit=2)
    assert await restarted.warm() == 2 and restarted.cached() == 2
    for m in ids:
        assert await restarted.get(m) == states[m]


async def test_a_snapshot_of_another_match_is_not_used(recorder, raw):
    service = MatchService(recorder, snapshot_every=10**6)
    a = await started(service, ANN, BEN, options=ENDLESS)
    b = await started(service, ANN, BEN, options=ENDLESS)
    for _ in range(3):
        await move(service, a)
    await service.checkpoint()
    ms_b = await service.get(b)
    ms_a = await service.get(a)
    # Someone files a's snapshot under b at b's newest seq: same ruleset, same seq.
    (_, blob), = await raw.run("SELECT seq, state FROM snapshots WHERE match_id = ?", a)
    blob = bytes(blob).replace(f'"{a}"'.encode(), f'"{b}"'.encode()).replace(
        f'"seq":{ms_a.seq}'.encode(), f'"seq":{ms_b.seq}'.encode())
    await raw.run("DELETE FROM snapshots WHERE match_id = ?", b)
    await raw.run("INSERT INTO snapshots (match_id, seq, ruleset, state) VALUES (?, ?, ?, ?)",
                  b, ms_b.seq, ms_b.game.ruleset, blob)
    assert await MatchService(recorder).get(b) == ms_b
