"""Benchmarks of the match log and service. Prints figures beside their targets.

    python3 bench/bench_log.py [--quick]

Uses the test-only toy game (tests/toygame.py) so that the log, not a game's
rules, is measured; each game has its own bench_<game>.py."""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
import tracemalloc
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.selfplay import derive_secret
from engine.registry import register
from events import snapshot
from events.model import NewEvent, Player
from events.replay import rebuild
from events.service import FRESH_FOR, MatchService, _play
from events.store import Store
from tests.toygame import GAME

register(GAME)
A, B = Player(id="local:a", name="A"), Player(id="local:b", name="B")


def verdict(ok: bool) -> str:
    return "meets target" if ok else "MISSES target"


class RawSqlite:
    """The baseline: plain sqlite3, same durability, one insert per transaction."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)  # bench_pg times it on a thread
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("CREATE TABLE e (m TEXT, seq INTEGER, payload TEXT, PRIMARY KEY (m, seq)) WITHOUT ROWID")
        self.seq = 0

    def commit_times(self, n: int) -> list[float]:
        """Seconds per commit, each timed alone."""
        times = []
        for _ in range(n):
            began = time.perf_counter()
            self.commit_ms(1)
            times.append(time.perf_counter() - began)
        return times

    def commit_ms(self, n: int) -> float:
        began = time.perf_counter()
        for _ in range(n):
            self.seq += 1
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("INSERT INTO e VALUES (?, ?, ?)", ("m", self.seq, '{"seat":0,"action":{"kind":"roll"}}'))
            self.db.execute("COMMIT")
        return (time.perf_counter() - began) / n * 1000


async def new_match(service: MatchService, options: dict[str, int]) -> str:
    ms = await service.create("toy", A, options)
    await service.join(ms.match_id, B)
    await service.start(ms.match_id, A.id)
    return ms.match_id


async def append_rate(tmp: Path, rounds: int, per_round: int = 10) -> None:
    raw_db = RawSqlite(tmp / "raw.sqlite")
    store = await Store.open(tmp / "append.sqlite")
    service = MatchService(store)
    match_id = await new_match(service, {"goal": 10**9, "max_turns": 10**9})
    seq = (await service.get(match_id)).seq
    note = NewEvent(type="note", actor="system", payload={"seat": 0, "action": {"kind": "roll"}})
    # fsync time drifts with whatever else the disk is doing: alternate the two
    # in many short rounds on the same disk and take the median of each round's
    # ratio, in wall time and in CPU time (the process's, both threads).
    walls: list[tuple[float, float]] = []
    cpus: list[tuple[float, float]] = []
    for _ in range(rounds):
        wall, cpu = time.perf_counter(), time.process_time()
        raw_db.commit_ms(per_round)
        raw_wall, raw_cpu = time.perf_counter() - wall, time.process_time() - cpu
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(per_round):
            await store.append(match_id, seq, [note], "t")
            seq += 1
        walls.append((time.perf_counter() - wall, raw_wall))
        cpus.append((time.process_time() - cpu, raw_cpu))
    await store.close()
    ratios = sorted(ours / raw for ours, raw in walls)
    ratio = statistics.median(ratios)
    ours, raw = (statistics.median(x[i] for x in walls) / per_round * 1000 for i in (0, 1))
    cpu_ratio = statistics.median(ours_cpu / raw_cpu for ours_cpu, raw_cpu in cpus if raw_cpu)
    ours_cpu, raw_cpu = (statistics.median(x[i] for x in cpus) / per_round * 1e6 for i in (0, 1))
    print(f"append (one event per transaction, synchronous=FULL, {rounds} rounds alternating with raw sqlite3): "
          f"{ours:.3f} ms vs {raw:.3f} ms, median ratio {ratio:.2f}x (quartiles {ratios[len(ratios) // 4]:.2f}-"
          f"{ratios[3 * len(ratios) // 4]:.2f}x)  [target <= 1.5x: {verdict(ratio <= 1.5)}]; "
          f"CPU {ours_cpu:.0f} us vs {raw_cpu:.0f} us = {cpu_ratio:.2f}x")


async def rebuild_rate(tmp: Path, n: int) -> None:
    store = await Store.open(tmp / "rebuild.sqlite", durable=False)
    service = MatchService(store, snapshot_every=10**9)
    match_id = await new_match(service, {"goal": 10**9, "max_turns": 10**9})
    live = await service.get(match_id)
    # A long match: n rolls, appended the ordinary way (one action event each), in chunks.
    new, ms, secret = [], live, await store.secret(match_id)
    for _ in range(n):
        seat = ms.state.active
        played = _play(ms, secret, [A, B][seat].id, seat, {"kind": "roll"}, None)
        new.append(service._action_event(played, secret, shown=False))
        ms = played.after
    await store.append(match_id, live.seq, new, "t")
    began = time.perf_counter()
    events = await store.events(match_id)
    loaded = time.perf_counter() - began
    began = time.perf_counter()
    rebuilt, _ = rebuild(events, secret)
    replayed = time.perf_counter() - began
    assert rebuilt.state == ms.state
    # What a service does on a cold load of that match: newest snapshot plus the events after it.
    await store.save_snapshot(match_id, ms.seq, "toy-1", snapshot.dump(rebuilt))
    # The first snapshot read in a process builds the state codecs (imports every game): paid once.
    assert snapshot.load(snapshot.dump(rebuilt), rebuilt.seq, "toy-1") is not None
    cold = MatchService(store)
    began = time.perf_counter()
    assert (await cold.get(match_id)).state == ms.state
    snapshotted = (time.perf_counter() - began) * 1000
    total = (loaded + replayed) * 1000
    print(f"rebuild of a {len(events):,}-event log: {total:.0f} ms ({loaded * 1000:.0f} ms reading, "
          f"{replayed * 1000:.0f} ms replaying; {len(events) / (loaded + replayed):,.0f} events/s)"
          f"  [target < 100 ms: {verdict(total < 100)}]")
    print(f"  the same match loaded cold by the service from its newest snapshot: {snapshotted:.1f} ms")
    await store.close()


async def latency(tmp: Path, matches: int, commands: int) -> None:
    store = await Store.open(tmp / "latency.sqlite")
    service = MatchService(store, fresh_for=FRESH_FOR)  # as the Discord bot runs it
    ids = [await new_match(service, {"goal": 10**9, "max_turns": 10**9}) for _ in range(matches)]
    rnd = random.Random(1)
    raw_db = RawSqlite(tmp / "raw-latency.sqlite")

    async def player(match_id: str, closed: bool, samples: list[float]) -> None:
        for _ in range(commands):
            if not closed:  # an open loop: on average one move per match per second
                await asyncio.sleep(rnd.expovariate(1.0))
            ms = await service.get(match_id)
            seat = ms.state.active
            began = time.perf_counter()
            await service.act(match_id, [A, B][seat].id, {"kind": "roll"}, command_id=uuid.uuid4().hex)
            await service.view(match_id, service.viewer_for(ms, [A, B][seat].id))
            samples.append(time.perf_counter() - began)

    for closed in (False, True):
        samples: list[float] = []
        began, trips = time.perf_counter(), store.round_trips
        await asyncio.gather(*(player(m, closed, samples) for m in ids))
        elapsed, trips = time.perf_counter() - began, store.round_trips - trips
        q = statistics.quantiles(samples, n=100)
        label = "all at once, no pause (saturation)" if closed else "each ~1 move/s (open loop)"
        line = (f"command latency (get + decide + append + view), {matches} concurrent matches, {label}: "
                f"p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms; {len(samples) / elapsed:,.0f} commands/s; "
                f"{trips / len(samples):.2f} round trips per command (some group-committed)")
        if not closed:
            raw = statistics.quantiles(raw_db.commit_times(200), n=100)[98]
            line += (f"  [target p99 < 10 ms: {verdict(q[98] < 0.010)}; p99 vs a raw commit's p99 {raw * 1000:.1f} ms "
                     f"= {q[98] / raw:.2f}x, target <= 1.5x: {verdict(q[98] <= 1.5 * raw)}]")
        print(line)
    await store.close()


async def round_trips(tmp: Path) -> None:
    """Round trips of one move, counted by the store: the freshness read and the write."""
    store = await Store.open(tmp / "trips.sqlite")
    service = MatchService(store, snapshot_every=10**9, fresh_for=FRESH_FOR)
    match_id = await new_match(service, {"goal": 10**9, "max_turns": 10**9})
    ms = await service.get(match_id)
    before = store.round_trips
    player = [A, B][ms.state.active].id
    await service.get(match_id)
    await service.act(match_id, player, {"kind": "roll"}, command_id="bench")
    await service.view(match_id, service.viewer_for(ms, player))
    trips = store.round_trips - before
    print(f"round trips of a move (get, act with a command id, view): {trips}  [target <= 2: {verdict(trips <= 2)}]")
    await store.close()


async def cold_start(tmp: Path, matches: int, moves: int) -> None:
    path = tmp / "cold.sqlite"
    store = await Store.open(path, durable=False)
    service = MatchService(store)
    for _ in range(matches):
        match_id = await new_match(service, {"goal": 10**9, "max_turns": 10**9})
        for i in range(moves):
            await service.act(match_id, [A, B][i % 2].id, {"kind": "roll"})
    await store.close()
    store = await Store.open(path)
    began = time.perf_counter()
    count = await MatchService(store).warm()
    elapsed = time.perf_counter() - began
    # Memory separately: tracemalloc slows allocation several times over.
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    cold = MatchService(store)
    await cold.warm()
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    print(f"cold start: {count:,} running matches ({moves + 4} events each) rebuilt in {elapsed:.2f} s"
          f"  [target < 2 s: {verdict(elapsed < 2)}]")
    print(f"memory for {count:,} cached matches: {used / 1e6:.1f} MB ({used / count / 1e3:.1f} kB per match, toy game)")
    await store.close()


async def lazy_start(tmp: Path, matches: int) -> None:
    """What the bot does now on a start: nothing is rebuilt until touched."""
    path = tmp / "lazy.sqlite"
    store = await Store.open(path, durable=False)
    service = MatchService(store)
    ids = [await new_match(service, {"goal": 10**9, "max_turns": 10**9}) for _ in range(matches)]
    await store.close()
    tracemalloc.start()
    began = time.perf_counter()
    store = await Store.open(path)
    cold = MatchService(store)
    rnd = random.Random(2)
    touched = rnd.sample(ids, 10)
    ms = await cold.get(touched[0])
    await cold.act(touched[0], [A, B][ms.state.active].id, {"kind": "roll"})
    first = time.perf_counter() - began
    for match_id in touched[1:]:
        await cold.get(match_id)
    used = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    print(f"lazy cold start with {matches:,} running matches: first move served {first:.2f} s after opening "
          f"[target < 2 s: {verdict(first < 2)}]; after touching 10 of them the process holds "
          f"{used / 1e6:.1f} MB (grows with matches touched, not with matches stored)")
    await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller runs, for a smoke test")
    args = parser.parse_args()
    quick = args.quick
    print(f"python {sys.version.split()[0]}, sqlite {sqlite3.sqlite_version}; secret stream {derive_secret(0)[:2].hex()}…")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        await round_trips(tmp)
        await append_rate(tmp, 5 if quick else 60)
        await rebuild_rate(tmp, 1_000 if quick else 10_000)
        await latency(tmp, 10 if quick else 100, 3 if quick else 10)
        await cold_start(tmp, 50 if quick else 1_000, 20)
        await lazy_start(tmp, 200 if quick else 10_000)


if __name__ == "__main__":
    asyncio.run(main())
