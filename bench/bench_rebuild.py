"""Rebuild speed of real logs of every game against the raw read+decode floor.

    python3 bench/bench_rebuild.py [--game G ...] [--events N] [--rounds R] [--profile]

For each game (all four unless --game names some), bots play consecutive
matches (4 seats where the game allows, else its most) through the real
service into a SQLite store until the logs hold at least N events (one match
is a few hundred events, so the figure is the sum over several matches). Then, in the
same process and alternating in rounds (the machine is shared: CPU time of
the process, the medians are printed):
  floor    plain sqlite3: SELECT each match's events + json.loads of each payload;
  rebuild  Store.fold (read, decode, upcast) of events.replay.rebuild over each match, as the
           service rebuilds one (the fold runs on the store's database thread), and
           the garbage collector's runs within it (gc.callbacks: their count and CPU time);
  reading  Store.events of each match in a row, as the floor reads them (no replay between,
           whose garbage and cold caches the rebuild's reading pays for);
  cold     MatchService.get of each match from its newest snapshot (the service's cold path).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import json
import pstats
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.play import step
from engine.core.selfplay import derive_secret
from engine.registry import get_game
from events.model import Event
from events.replay import all_seeing_digest, rebuild
from events.selfplay import selfplay
from events.service import MatchService
from events.store import Store

TARGET = 3.0
# The machine is shared: the figures are this process's CPU time (every thread
# of it, so the store's reader thread counts too), which other load barely moves.
clock = time.process_time


GAMES = ("quarriors", "naru", "musou", "warlords")


def seats_for(game_id: str) -> int:
    return min(4, get_game(game_id).max_seats)


async def build_logs(store: Store, game_id: str, events: int) -> list[str]:
    ids: list[str] = []
    total, seed = 0, 0
    while total < events:
        for result in await selfplay(store, game_id, seats_for(game_id), 1, seed):
            assert result.replay_ok, result.match_id
            ids.append(result.match_id)
            total += result.events
        seed += 1
    return ids


def floor_ms(path: Path, ids: list[str]) -> float:
    db = sqlite3.connect(path)
    began = clock()
    for match_id in ids:
        rows = db.execute("SELECT seq, type, version, actor, command_id, at, payload, hash FROM events "
                          "WHERE match_id = ? ORDER BY seq", (match_id,)).fetchall()
        for row in rows:
            json.loads(row[6])
    elapsed = clock() - began
    db.close()
    return elapsed * 1000


class Collections:
    """The collector's runs and their CPU time while counting (gc.callbacks): the rebuild
    pauses it while decoding and replaying, and what it then scans is part of the rebuild's cost."""

    def __init__(self) -> None:
        self.runs, self.ms, self._began = 0, 0.0, 0.0

    def __enter__(self) -> Collections:
        gc.callbacks.append(self._seen)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._seen)

    def _seen(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = clock()
        else:
            self.runs += 1
            self.ms += (clock() - self._began) * 1000


async def rebuild_ms(store: Store, ids: list[str], secrets: dict[str, bytes]) -> tuple[float, float, Collections]:
    """(total, of which replaying, the collections within it): each match read and rebuilt as the
    service rebuilds one, folded where the store reads it (Recorder.fold)."""
    replaying = 0.0

    def timed(secret: bytes) -> Callable[[list[Event]], None]:
        def fold(events: list[Event]) -> None:
            nonlocal replaying
            t = clock()
            rebuild(events, secret)
            replaying += clock() - t
        return fold

    with Collections() as collections:
        began = clock()
        for match_id in ids:
            await store.fold(match_id, timed(secrets[match_id]))
        total = clock() - began
    return total * 1000, replaying * 1000, collections


def engine_ms(events: dict[str, list[Event]], secrets: dict[str, bytes]) -> float:
    """The engine's share: the same actions through engine.core.play.step
    alone (no envelope, no authority checks, no event records)."""
    total = 0.0
    for match_id, log in events.items():
        start = [e for e in log if e.type != "action" and e.seq <= 16]
        ms, _ = rebuild(start, secrets[match_id])
        game, state, counter = get_game(ms.game_id), ms.state, ms.counter
        actions = [(e.payload["seat"], e.payload["action"]) for e in log if e.type == "action"]
        began = clock()
        for seat, action in actions:
            result = step(game, state, seat, action, secrets[match_id], counter)
            state, counter = result.transition.state, result.counter
        total += clock() - began
    return total * 1000


async def reading_ms(store: Store, ids: list[str]) -> float:
    began = clock()
    for match_id in ids:
        await store.events(match_id)
    return (clock() - began) * 1000


async def cold_ms(store: Store, ids: list[str]) -> float:
    service = MatchService(store)
    began = clock()
    for match_id in ids:
        await service.get(match_id)
    return (clock() - began) * 1000


async def bench(game_id: str, args: argparse.Namespace) -> float:
    """Print one game's figures; return its ratio to the floor."""
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / f"{game_id}.sqlite"
        store = await Store.open(path, durable=False)
        began = time.perf_counter()
        ids = await build_logs(store, game_id, args.events)
        secrets = {m: await store.secret(m) for m in ids}
        counts = [len(await store.events(m)) for m in ids]
        print(f"{game_id}: {len(ids)} consecutive {seats_for(game_id)}-player bot matches, {sum(counts):,} events "
              f"in all (per match {min(counts)}..{max(counts)}); played and logged in "
              f"{time.perf_counter() - began:.1f} s")
        # Correctness of what is timed: each rebuild equals the service's own rebuild.
        service = MatchService(store)
        for match_id in ids:
            rebuilt, _ = rebuild(await store.events(match_id), secrets[match_id])
            assert all_seeing_digest(rebuilt) == all_seeing_digest(await service.get(match_id))
        # The logs hold no revert or takeback, so every action is played once, in order.
        logs = {m: await store.events(m) for m in ids}
        assert not any(e.type == "revert" for log in logs.values() for e in log)
        floors, totals, replays, colds, engines, readings = [], [], [], [], [], []
        runs: list[int] = []
        collecting: list[float] = []
        for _ in range(args.rounds):
            floors.append(floor_ms(path, ids))
            total, replaying, collections = await rebuild_ms(store, ids, secrets)
            totals.append(total)
            replays.append(replaying)
            runs.append(collections.runs)
            collecting.append(collections.ms)
            colds.append(await cold_ms(store, ids))
            readings.append(await reading_ms(store, ids))
            engines.append(engine_ms(logs, secrets))
        floor, total = statistics.median(floors), statistics.median(totals)
        replay, cold, engine = statistics.median(replays), statistics.median(colds), statistics.median(engines)
        reading = statistics.median(readings)
        ratio = total / floor
        print(f"  raw floor (sqlite3 SELECT + json.loads): {floor:.1f} ms")
        print(f"  rebuild (Store.fold of replay.rebuild): {total:.1f} ms ({total - replay:.1f} ms reading, "
              f"{replay:.1f} ms replaying) = {ratio:.2f}x the floor  "
              f"[target < {TARGET:.0f}x: {'meets target' if ratio < TARGET else 'MISSES target'}]")
        print(f"  of which the garbage collector: {statistics.median(collecting):.1f} ms in "
              f"{statistics.median(runs):.0f} collections")
        print(f"  reading alone (Store.events of each match in a row, as the floor reads): {reading:.1f} ms "
              f"= {reading / floor:.2f}x the floor")
        print(f"  the engine's pure steps alone (play.step over the same actions): {engine:.1f} ms")
        print(f"  cold load by the service (newest snapshot + events after it, all {len(ids)} matches): {cold:.1f} ms")
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            await rebuild_ms(store, ids, secrets)
            profiler.disable()
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        await store.close()
    return ratio


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=GAMES, action="append", help="a game to measure (repeatable; default all)")
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--profile", action="store_true", help="print where rebuild time goes")
    args = parser.parse_args()
    ratios = {game_id: await bench(game_id, args) for game_id in args.game or GAMES}
    print(f"(medians of {args.rounds} alternating rounds; secret stream {derive_secret(0)[:2].hex()}…)")
    print("rebuild / floor: " + ", ".join(f"{g} {r:.2f}x" for g, r in ratios.items()) + f"  [target < {TARGET:.0f}x]")


if __name__ == "__main__":
    asyncio.run(main())
