"""What a command costs in waits on the database: one read that says whether
the match moved on and whether the command was already recorded, then one
write. Counted twice: by the store itself (a hand-off to SQLite's thread, a
statement sent to PostgreSQL), and on the wire past it (every job aiosqlite
hands its thread; every query asyncpg's protocol sends, and every statement it
prepares). Reads within `fresh_for` of the service knowing a match newest cost
none, and a stale cache still never decides a command (the check under the
lock catches it up)."""

import pytest

from events.pgstore import PgStore
from events.service import MatchService

from .conftest import ANN, BEN, next_move, started

ENDLESS = {"goal": 10**9, "max_turns": 10**9}


@pytest.fixture
def quiet(recorder):
    """No snapshot during the counted moves: they are a write of their own."""
    return MatchService(recorder, snapshot_every=10**6)


class Wire:
    """Round trips as the database driver makes them, under the store."""

    def __init__(self, store) -> None:
        self.store = store
        self.jobs = 0
        if not isinstance(store, PgStore):
            hand_off = store._db._execute

            async def counted(fn, *args, **kwargs):
                self.jobs += 1
                return await hand_off(fn, *args, **kwargs)

            store._db._execute = counted

    def count(self) -> int:
        if not isinstance(self.store, PgStore):
            return self.jobs
        connections = [h._con for h in self.store._pool._holders if h._con is not None]
        return sum(c._protocol.queries_count + len(c._stmt_cache) for c in connections)


async def counted(store, coro):
    before = store.round_trips
    result = await coro
    return result, store.round_trips - before


async def test_a_move_is_one_freshness_read_and_one_write(quiet):
    wire = Wire(quiet.store)
    match_id = await started(quiet, ANN, BEN, options=ENDLESS)
    for n in range(4):
        player, action = await next_move(quiet, match_id)
        before, sent = (await quiet.get(match_id)).seq, wire.count()
        result, trips = await counted(quiet.store, quiet.act(match_id, player.id, action, command_id=f"c{n}"))
        assert result.match.seq > before and not result.duplicate
        # On both: the read, then the write (PostgreSQL: one statement that
        # claims the match, inserts and commits by itself).
        assert trips == 2 and wire.count() - sent == 2, (trips, wire.count() - sent)


async def test_a_retried_command_is_answered_from_the_log_in_two_reads(quiet):
    match_id = await started(quiet, ANN, BEN, options=ENDLESS)
    player, action = await next_move(quiet, match_id)
    first = await quiet.act(match_id, player.id, action, command_id="once")
    again, trips = await counted(quiet.store, quiet.act(match_id, player.id, action, command_id="once"))
    assert again.duplicate and [e.seq for e in again.events] == [e.seq for e in first.events]
    assert trips == 2  # the check finds the id, then the command's events are read


async def test_reads_trust_a_match_known_newest_within_fresh_for(recorder):
    lazy = MatchService(recorder, snapshot_every=10**6, fresh_for=60.0)
    exact = MatchService(recorder, snapshot_every=10**6)
    match_id = await started(lazy, ANN, BEN, options=ENDLESS)
    player, action = await next_move(lazy, match_id)
    await lazy.act(match_id, player.id, action)
    _, trips = await counted(recorder, lazy.get(match_id))
    assert trips == 0  # its own commit made it newest a moment ago
    await exact.get(match_id)
    _, trips = await counted(recorder, exact.get(match_id))
    assert trips == 1  # fresh_for=0: every read asks


async def test_a_stale_cache_never_decides_a_command(recorder):
    """Another process moves the match on; the lazy service still shows its
    cached state to readers, but a command is decided on the newest one."""
    lazy = MatchService(recorder, snapshot_every=10**6, fresh_for=60.0)
    other = MatchService(recorder, snapshot_every=10**6)
    match_id = await started(lazy, ANN, BEN, options=ENDLESS)
    cached = await lazy.get(match_id)
    player, action = await next_move(other, match_id)
    moved = await other.act(match_id, player.id, action)
    assert (await lazy.get(match_id)).seq == cached.seq  # within fresh_for: not asked
    player, action = await next_move(other, match_id)
    result = await lazy.act(match_id, player.id, action)
    assert result.events[0].seq == moved.match.seq + 1
    assert (await other.get(match_id)).state == result.match.state


async def test_a_command_on_a_match_known_newest_is_its_write_alone(recorder):
    """As the bot runs the service (`fresh_for`): the read that showed the
    player the match, or the service's own last commit, is the command's
    freshness check, so the command costs its write; a retry of it is answered
    from what the service committed, with the one read of its events."""
    bot = MatchService(recorder, snapshot_every=10**6, fresh_for=60.0)
    wire = Wire(recorder)
    match_id = await started(bot, ANN, BEN, options=ENDLESS)
    for n in range(3):
        player, action = await next_move(bot, match_id)
        sent = wire.count()
        result, trips = await counted(recorder, bot.act(match_id, player.id, action, command_id=f"k{n}"))
        assert not result.duplicate and trips == 1 and wire.count() - sent == 1
    again, trips = await counted(recorder, bot.act(match_id, player.id, action, command_id="k2"))
    assert again.duplicate and again.events == result.events and trips == 1
    bot.forget(match_id)
    await bot.get(match_id)  # loaded cold: what it read is the newest, chain head included
    player, action = await next_move(bot, match_id)
    result, trips = await counted(recorder, bot.act(match_id, player.id, action, command_id="cold"))
    assert not result.duplicate and trips == 1


async def test_a_retry_another_process_recorded_meanwhile_is_played_once(recorder):
    lazy = MatchService(recorder, snapshot_every=10**6, fresh_for=60.0)
    other = MatchService(recorder, snapshot_every=10**6)
    match_id = await started(lazy, ANN, BEN, options=ENDLESS)
    player, action = await next_move(lazy, match_id)
    first = await other.act(match_id, player.id, action, command_id="twice")
    again = await lazy.act(match_id, player.id, action, command_id="twice")  # decided on the state before it
    assert again.duplicate and [e.seq for e in again.events] == [e.seq for e in first.events]
    assert sum(1 for e in await recorder.events(match_id) if e.command_id == "twice") == 1
    assert (await lazy.get(match_id)).state == (await other.get(match_id)).state
