"""The clocks' input from a real log (events/clockfeed.py, SQLite): each event's
stamp, who waits after it (a bot never does) and whose move it was; kept per
match and stepped with each new event, equal to reading the log afresh, also
after an undo reaching back past what was kept."""

import random
from datetime import UTC, datetime, timedelta

import pytest

from events.clock import ClockConfig, Hours, clocks
from events.clockconfig import to_json
from events.clockfeed import ClockFeed, waiting
from events.errors import Refused
from events.model import Player
from events.service import MatchService
from events.store import Store
from events.verify import verify_match

ANN = Player(id="local:ann", name="Ann")
BEN = Player(id="local:ben", name="Ben", locale="ja")
T0 = datetime(2026, 3, 28, 20, tzinfo=UTC)


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "feed.sqlite")
    stamps = (T0 + timedelta(minutes=7 * i) for i in range(10_000))
    yield MatchService(store, clock=lambda: next(stamps).isoformat(timespec="milliseconds"),
                       new_secret=lambda: bytes(range(32)), operator="local:op")
    await store.close()


async def _play(service, match_id, moves, rnd):
    for _ in range(moves):
        pending = await service.waiting(match_id)
        if not pending:
            return
        _p, player = pending[0]
        choices = await service.choices(match_id, player.id)
        await service.act(match_id, player.id, rnd.choice(choices).action)


async def test_the_kept_feed_equals_a_fresh_read_of_the_log(service):
    ms = await service.create("naru", ANN)
    await service.join(ms.match_id, BEN)
    await service.start(ms.match_id, ANN.id)
    kept, rnd = ClockFeed(service.store), random.Random(5)
    for _ in range(4):
        await _play(service, ms.match_id, 6, rnd)
        assert await kept.ticks(ms.match_id) == await ClockFeed(service.store).ticks(ms.match_id)
    await service.undo(ms.match_id, "local:op", count=12, reason="far back")
    await _play(service, ms.match_id, 3, rnd)
    ticks = await kept.ticks(ms.match_id)
    assert ticks == await ClockFeed(service.store).ticks(ms.match_id)
    events = await service.store.events(ms.match_id)
    assert [t.at for t in ticks] == [datetime.fromisoformat(e.at) for e in events]
    for e, t in zip(events, ticks, strict=True):
        assert t.waiting == waiting(await service.state_at(ms.match_id, e.seq))
        assert t.moved == (e.payload["seat"] if e.type == "action" else None)
    assert any(t.waiting for t in ticks) and any(t.moved is not None for t in ticks)


async def test_a_bot_seat_never_waits_and_its_clock_never_runs(service):
    ms = await service.create("naru", ANN)
    await service.add_bot(ms.match_id, ANN.id)
    await service.start(ms.match_id, ANN.id)
    await _play(service, ms.match_id, 10, random.Random(2))
    ticks = await ClockFeed(service.store).ticks(ms.match_id)
    assert all(1 not in t.waiting for t in ticks) and any(0 in t.waiting for t in ticks)
    bank = ClockConfig("bank", limit=timedelta(hours=1))
    bot = clocks(bank, [Hours(), Hours()], ticks, ticks[-1].at + timedelta(days=3))[1]
    assert bot.remaining == timedelta(hours=1) and not bot.expired


async def test_an_extension_is_a_note_in_the_log_once_per_seat(service):
    ms = await service.create("naru", ANN, place={"clock": to_json(ClockConfig("move", limit=timedelta(hours=1),
                                                                               extension=timedelta(hours=2)))})
    await service.join(ms.match_id, BEN)
    await service.start(ms.match_id, ANN.id)
    ms = await service.get(ms.match_id)
    seat = min(waiting(ms))
    asker = ms.seats[seat]
    with pytest.raises(Refused, match="Only a player whose decision"):
        await service.extend(ms.match_id, "local:nobody")
    result = await service.extend(ms.match_id, asker.id)
    assert result.events[-1].payload == {"text": f"seat {seat + 1} asked for more time / {seat + 1}番席が延長を求めました",
                                         "clock": "extension", "seat": seat}
    with pytest.raises(Refused) as again:
        await service.extend(ms.match_id, asker.id)
    assert again.value.message("ja") == "この対戦の延長はもう使いました。"
    ticks = await ClockFeed(service.store).ticks(ms.match_id)
    assert ticks[-1].extension == seat
    feed = await ClockFeed(service.store).clocks(await service.get(ms.match_id))
    assert feed is not None and feed[1][seat].extended and feed[1][seat].deadline == ticks[-2].at + timedelta(hours=3)
    assert (await verify_match(service, ms.match_id)).ok
