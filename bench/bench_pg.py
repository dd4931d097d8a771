"""SQLite and PostgreSQL side by side: append latency, group commit under
load, rebuild of a long log, cold start and two services sharing one database.

    python3 bench/bench_pg.py [--quick] [--pg postgresql://postgres@127.0.0.1:5432/postgres]

The PostgreSQL server defaults to $PARLEY_TEST_PG or 127.0.0.1:5432 (user
postgres); the run makes its own database and drops it after. Uses the
test-only toy game, so the log, not a game's rules, is measured."""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_log import RawSqlite

from engine.registry import register
from events.gcpause import settle, unsettle
from events.model import NewEvent, Player
from events.recorder import Recorder
from events.replay import rebuild
from events.service import FRESH_FOR, MatchService, _play
from events.stores import open_store
from tests.toygame import GAME

register(GAME)
A, B = Player(id="local:a", name="A"), Player(id="local:b", name="B")
ENDLESS = {"goal": 10**9, "max_turns": 10**9}


def verdict(ok: bool) -> str:
    return "meets target" if ok else "MISSES target"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


async def new_match(service: MatchService) -> str:
    m = await service.create("toy", A, ENDLESS)
    await service.join(m.match_id, B)
    await service.start(m.match_id, A.id)
    return m.match_id


@asynccontextmanager
async def pg_database(admin: str) -> AsyncIterator[str]:
    import asyncpg
    name = f"parley_bench_{uuid.uuid4().hex[:10]}"
    conn = await asyncpg.connect(admin, timeout=5)
    await conn.execute(f"CREATE DATABASE {name}")
    await conn.close()
    parts = urlsplit(admin)
    try:
        yield urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))
    finally:
        conn = await asyncpg.connect(admin, timeout=5)
        await conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await conn.close()


async def append_latency(store: Recorder, n: int) -> tuple[float, float]:
    """One event per transaction, one after another (every commit waits for its flush)."""
    service = MatchService(store)
    match_id = await new_match(service)
    seq = (await service.get(match_id)).seq
    note = NewEvent(type="note", actor="system", payload={"seat": 0, "action": {"kind": "roll"}})
    samples = []
    for _ in range(n):
        began = time.perf_counter()
        await store.append(match_id, seq, [note], "t")
        samples.append(time.perf_counter() - began)
        seq += 1
    q = statistics.quantiles(samples, n=100)
    return q[49], q[98]


async def move_trips(store: Recorder) -> int:
    """Round trips of one move (get, act with a command id, view), counted by the store."""
    service = MatchService(store, snapshot_every=10**9, fresh_for=FRESH_FOR)
    match_id = await new_match(service)
    ms = await service.get(match_id)
    player = [A, B][ms.state.active].id
    before = store.round_trips
    await service.get(match_id)
    await service.act(match_id, player, {"kind": "roll"}, command_id=uuid.uuid4().hex)
    await service.view(match_id, service.viewer_for(ms, player))
    return store.round_trips - before


class RawPg:
    """The baseline on PostgreSQL: one insert per commit on a plain asyncpg connection."""

    def __init__(self, conn: Any) -> None:
        self.conn, self.seq = conn, 0

    @classmethod
    async def open(cls, url: str) -> RawPg:
        import asyncpg
        conn = await asyncpg.connect(url)
        await conn.execute("CREATE TABLE IF NOT EXISTS raw_e (m TEXT, seq INTEGER, payload TEXT, PRIMARY KEY (m, seq))")
        return cls(conn)

    async def commit(self) -> float:
        self.seq += 1
        began = time.perf_counter()
        await self.conn.execute("INSERT INTO raw_e VALUES ($1, $2, $3)", "m", self.seq,
                                '{"seat":0,"action":{"kind":"roll"}}')
        return time.perf_counter() - began

    async def close(self) -> None:
        await self.conn.close()


class RawFile:
    """The baseline on SQLite, on its own thread (timed there, so the hop is not counted against it)."""

    def __init__(self, path: str) -> None:
        self.raw = RawSqlite(Path(path))

    async def commit(self) -> float:
        return (await asyncio.to_thread(self.raw.commit_times, 1))[0]

    async def close(self) -> None:
        self.raw.db.close()


class Paced(NamedTuple):
    p50: float
    p99: float
    raw99: float  # a raw commit's p99
    trips: float  # round trips per command
    written: tuple[float, float]  # (p50, p99) of a command's write: the append, its hand-off included
    rest: tuple[float, float]  # (p50, p99) of the rest: deciding, sealing, the player's view


async def paced(store: Recorder, raw: RawPg | RawFile, matches: int, rate: float, commands: int) -> Paced:
    """Commands (act, then the player's view) arriving at random at `rate` a second in all,
    over `matches` matches, as the Discord bot's service runs them, with raw commits at the
    same pace alongside on the same database (the same disk, at the same time). Round trips
    per command count the get that shows the player the match, act and view, as a Discord
    move does them. Each command's time is also split into its write and the rest, so a p99
    ratio is read beside what it is made of."""
    service = MatchService(store, fresh_for=FRESH_FOR, snapshot_every=10**9)
    ids = [await new_match(service) for _ in range(matches)]
    rnd = random.Random(3)
    ours: list[float] = []
    raws: list[float] = []
    writes: list[float] = []
    rests: list[float] = []
    in_append: dict[asyncio.Task[Any] | None, float] = {}
    append = store.append

    async def timed_append(*args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter()
        try:
            return await append(*args, **kwargs)
        finally:
            task = asyncio.current_task()
            in_append[task] = in_append.get(task, 0.0) + time.perf_counter() - began

    turns = {m: asyncio.Lock() for m in ids}  # a match's next move waits for its last: whose turn it is

    async def command(match_id: str) -> None:
        async with turns[match_id]:
            ms = await service.get(match_id)
            player = [A, B][ms.state.active].id
            began = time.perf_counter()
            await service.act(match_id, player, {"kind": "roll"}, command_id=uuid.uuid4().hex)
            await service.view(match_id, service.viewer_for(ms, player))
            took = time.perf_counter() - began
            ours.append(took)
            written = in_append.pop(asyncio.current_task(), 0.0)
            writes.append(written)
            rests.append(took - written)

    async def arrivals(start: Any) -> None:
        running = []
        for _ in range(commands):
            await asyncio.sleep(rnd.expovariate(rate))
            running.append(asyncio.ensure_future(start()))
        await asyncio.gather(*running)

    one_at_a_time = asyncio.Lock()  # one connection: a raw commit that arrives during another waits, untimed

    async def raw_commit() -> None:
        async with one_at_a_time:
            raws.append(await raw.commit())

    trips = store.round_trips
    settle()  # the collector as the bot settles it (events/gcpause.py)
    store.append = timed_append  # type: ignore[method-assign]
    try:
        await asyncio.gather(arrivals(lambda: command(rnd.choice(ids))), arrivals(raw_commit))
    finally:
        del store.append  # the class's own again
        unsettle()
    trips = store.round_trips - trips  # commands overlap: counted over the run, not per command

    def p50_p99(samples: list[float]) -> tuple[float, float]:
        q = statistics.quantiles(samples, n=100)
        return q[49], q[98]

    (p50, p99), (_, raw99) = p50_p99(ours), p50_p99(raws)
    return Paced(p50, p99, raw99, trips / len(ours), p50_p99(writes), p50_p99(rests))


async def group_commit(store: Recorder, matches: int, rounds: int) -> tuple[float, float]:
    """Every match appends at once, `rounds` times: appends/s and p99 latency."""
    service = MatchService(store)
    ids = [await new_match(service) for _ in range(matches)]
    seqs = {m: (await service.get(m)).seq for m in ids}
    note = NewEvent(type="note", actor="system")
    samples: list[float] = []

    async def one(m: str) -> None:
        began = time.perf_counter()
        await store.append(m, seqs[m], [note], "t")
        seqs[m] += 1
        samples.append(time.perf_counter() - began)

    began = time.perf_counter()
    for _ in range(rounds):
        await asyncio.gather(*(one(m) for m in ids))
    elapsed = time.perf_counter() - began
    return len(samples) / elapsed, statistics.quantiles(samples, n=100)[98]


async def rebuild_time(store: Recorder, n: int) -> tuple[float, float, int]:
    """Read and replay an n-action log: (read seconds, replay seconds, events)."""
    service = MatchService(store, snapshot_every=10**9)
    match_id = await new_match(service)
    live = await service.get(match_id)
    secret = await store.secret(match_id)
    new, state = [], live
    for _ in range(n):
        seat = state.state.active
        played = _play(state, secret, [A, B][seat].id, seat, {"kind": "roll"}, None)
        new.append(service._action_event(played, secret, shown=False))
        state = played.after
    for start in range(0, n, 1000):
        await store.append(match_id, live.seq + start, new[start:start + 1000], "t")
    began = time.perf_counter()
    events = await store.events(match_id)
    read = time.perf_counter() - began
    began = time.perf_counter()
    rebuilt, _ = rebuild(events, secret)
    replay = time.perf_counter() - began
    assert rebuilt.state == state.state
    return read, replay, len(events)


async def cold_start(url: str, matches: int, moves: int) -> float:
    store = await open_store(url, durable=False)
    service = MatchService(store)
    for _ in range(matches):
        match_id = await new_match(service)
        for i in range(moves):
            await service.act(match_id, [A, B][i % 2].id, {"kind": "roll"})
    await store.close()
    store = await open_store(url)
    try:
        began = time.perf_counter()
        await MatchService(store).warm()
        return time.perf_counter() - began
    finally:
        await store.close()


async def two_services(url: str, matches: int, moves: int) -> float:
    """Two services (two bot shards) over one database, each playing its own
    half of the matches while checking every other match is fresh: commands/s."""
    a_store, b_store = await open_store(url), await open_store(url)
    try:
        a, b = MatchService(a_store), MatchService(b_store)
        ids = [await new_match(a) for _ in range(matches)]

        async def play(service: MatchService, mine: list[str]) -> None:
            for i in range(moves):
                for m in mine:
                    await service.act(m, [A, B][i % 2].id, {"kind": "roll"})

        began = time.perf_counter()
        await asyncio.gather(play(a, ids[::2]), play(b, ids[1::2]))
        elapsed = time.perf_counter() - began
        for m in ids:
            assert (await a.get(m)).seq == (await b.get(m)).seq
        return matches * moves / elapsed
    finally:
        await a_store.close()
        await b_store.close()


async def run(kind: str, url: str, fresh: str, quick: bool) -> None:
    store = await open_store(url)
    try:
        trips = await move_trips(store)
        print(f"[{kind}] round trips of a move (get, act with a command id, view): {trips}"
              f"  [target <= 2: {verdict(trips <= 2)}]")
        raw = await RawPg.open(url) if kind == "postgresql" else RawFile(url.removeprefix("sqlite:") + ".raw")
        try:
            got = await paced(store, raw, 100, 10.0, 30 if quick else 300)
        finally:
            await raw.close()
        ratio = got.p99 / got.raw99
        print(f"[{kind}] act + view, 10 commands/s over 100 matches: p50 {ms(got.p50)}, p99 {ms(got.p99)}; "
              f"a raw commit alongside: p99 {ms(got.raw99)}; p99 ratio {ratio:.2f}x  [target <= 1.5x: "
              f"{verdict(ratio <= 1.5)}]; {got.trips:.2f} round trips per command (get, act, view)  "
              f"[target <= 2: {verdict(got.trips <= 2)}]")
        print(f"[{kind}]   of a command: its write (the append, hand-off included) p50 {ms(got.written[0])}, "
              f"p99 {ms(got.written[1])}; the rest (deciding, sealing, the view) p50 {ms(got.rest[0])}, "
              f"p99 {ms(got.rest[1])}")
        p50, p99 = await append_latency(store, 50 if quick else 300)
        print(f"[{kind}] append, one event per transaction: p50 {ms(p50)}, p99 {ms(p99)}"
              f"  [target p99 < 10 ms: {verdict(p99 < 0.010)}]")
        rate, p99 = await group_commit(store, 20 if quick else 100, 3 if quick else 10)
        print(f"[{kind}] group commit, {20 if quick else 100} matches appending at once: {rate:,.0f} appends/s, "
              f"p99 {ms(p99)}")
        read, replay, count = await rebuild_time(store, 1_000 if quick else 10_000)
        print(f"[{kind}] rebuild of a {count:,}-event log: {ms(read + replay)} ({ms(read)} reading, "
              f"{ms(replay)} replaying)  [target < 100 ms: {verdict(read + replay < 0.1)}]")
    finally:
        await store.close()
    matches = 50 if quick else 1_000
    elapsed = await cold_start(fresh, matches, 20)
    print(f"[{kind}] cold start of {matches:,} running matches (24 events each): {elapsed:.2f} s"
          f"  [target < 2 s: {verdict(elapsed < 2)}]")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller runs, for a smoke test")
    parser.add_argument("--pg", default=os.environ.get("PARLEY_TEST_PG") or "postgresql://postgres@127.0.0.1:5432/postgres",
                        help="a PostgreSQL server URL (a database of its own is made and dropped)")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as d:
        await run("sqlite", f"sqlite:{d}/bench.sqlite", f"sqlite:{d}/cold.sqlite", args.quick)
        rate = await two_services(f"sqlite:{d}/two.sqlite", 10, 5 if args.quick else 20)
        print(f"[sqlite] two services over one database, each on its own half of 10 matches: {rate:,.0f} commands/s")
    try:
        async with pg_database(args.pg) as main_url, pg_database(args.pg) as cold_url, \
                pg_database(args.pg) as two_url:
            import asyncpg
            conn = await asyncpg.connect(main_url)
            version = await conn.fetchval("SHOW server_version")
            await conn.close()
            print(f"PostgreSQL {version}")
            await run("postgresql", main_url, cold_url, args.quick)
            rate = await two_services(two_url, 10, 5 if args.quick else 20)
            print(f"[postgresql] two services over one database, each on its own half of 10 matches: "
                  f"{rate:,.0f} commands/s")
    except (OSError, ImportError) as exc:
        print(f"[postgresql] skipped: no server at {args.pg} ({exc})")


if __name__ == "__main__":
    asyncio.run(main())
