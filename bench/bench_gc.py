"""Event-loop stalls with 1,000 cached real-game matches at saturation, with
and without the GC tuning (events/gcpause.py). Prints figures beside the target.

    python3 bench/bench_gc.py [--matches 1000] [--moves 20] [--commands 4000] [--quick]

Builds the matches once (a quarter each of Quarriors, Naru, Musou and
Warlords, two players, `--moves` bot-chosen moves each) in a throwaway SQLite
file, then runs each mode in a fresh process: load every match into the
service's cache (`warm`, the cold start), then drive commands back to back
(`--drivers` tasks, one by default, each: bot picks a move for whoever is
waited on, `act`, then that player's `view`; with more drivers a command's
latency includes waiting for the others' work) while a ticker task asks to wake every millisecond.
Modes: `plain` (the collector's defaults) and `tuned` (events.gcpause.settle
after the warm-up). Reported per mode: the ticker's lateness (the loop's stalls: a command's own
synchronous work plus any collection inside it), command latency, and every
collection's duration by generation (gc.callbacks).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import Rng
from engine.core.selfplay import derive_secret
from engine.registry import get_game
from events.gcpause import settle, unsettle
from events.model import Player
from events.service import MatchService
from events.store import Store

TARGET_MS = 10.0
GAMES = ("quarriors", "naru", "musou", "warlords")
PLAYERS = (Player(id="local:a", name="A"), Player(id="local:b", name="B"))


def _bot_move(ms: Any, rng: Rng) -> tuple[str, dict[str, Any]] | None:
    game = get_game(ms.game_id)
    pending = game.pending(ms.state)
    if ms.status != "running" or not pending:
        return None
    seat = min(pending, key=lambda p: (p.order, p.seat)).seat
    return ms.seats[seat].id, game.bot_action(ms.state, seat, rng)


async def build(path: Path, matches: int, moves: int) -> None:
    store = await Store.open(path, durable=False)
    service = MatchService(store, new_secret=lambda: derive_secret(random.random(), "gc"),
                           bot_rng=Rng(derive_secret(0, "gc-bots")))
    rng = Rng(derive_secret(1, "gc-moves"))
    began = time.perf_counter()
    for i in range(matches):
        ms = await service.create(GAMES[i % len(GAMES)], PLAYERS[0], match_id=f"gc-{i}")
        await service.join(ms.match_id, PLAYERS[1])
        ms = (await service.start(ms.match_id, PLAYERS[0].id)).match
        for _ in range(moves):
            move = _bot_move(ms, rng)
            if move is None:
                break
            ms = (await service.act(ms.match_id, *move)).match
        service.forget(ms.match_id)
    await store.close()
    print(f"built {matches:,} matches ({', '.join(GAMES)} in turn, up to {moves} moves each) "
          f"in {time.perf_counter() - began:.0f} s", flush=True)


class GcTimes:
    """Durations of every collection, by generation."""

    def __init__(self) -> None:
        self.by_gen: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self._began = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.by_gen[info["generation"]].append((time.perf_counter() - self._began) * 1000)


def quantiles(samples: list[float]) -> tuple[float, float, float]:
    if len(samples) < 2:
        return (samples[0], samples[0], samples[0]) if samples else (0.0, 0.0, 0.0)
    q = statistics.quantiles(samples, n=100, method="inclusive")
    return q[49], q[98], max(samples)


async def run(path: Path, mode: str, commands: int, drivers: int) -> dict[str, Any]:
    store = await Store.open(path, durable=False)
    service = MatchService(store)
    began = time.perf_counter()
    cached = await service.warm()
    warm_s = time.perf_counter() - began
    if mode == "tuned":
        settle()
    times = GcTimes()
    gc.callbacks.append(times)
    rng = Rng(derive_secret(2, "gc-drive"))
    ids = [r.id for r in await store.matches(status=("running",), limit=1_000_000)]
    stalls: list[float] = []
    latencies: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        while not done.is_set():
            due = time.perf_counter() + 0.001
            await asyncio.sleep(0.001)
            stalls.append(max(0.0, (time.perf_counter() - due) * 1000))

    async def driver(n: int, mine: list[str]) -> None:
        # Each driver has matches of its own: a move is chosen from the state it is played on.
        for _ in range(n):
            while True:
                match_id = mine[rng.below(len(mine))]
                ms = await service.get(match_id)
                move = _bot_move(ms, rng)
                if move is not None:
                    break
                mine.remove(match_id)  # finished: drive the others
            t0 = time.perf_counter()
            await service.act(match_id, *move)
            await service.view(match_id, service.viewer_for(await service.get(match_id), move[0]))
            latencies.append((time.perf_counter() - t0) * 1000)

    tick = asyncio.create_task(ticker())
    began = time.perf_counter()
    try:
        await asyncio.gather(*(driver(commands // drivers, ids[i::drivers]) for i in range(drivers)))
    finally:
        elapsed = time.perf_counter() - began
        done.set()
        await tick
        gc.callbacks.remove(times)
        await store.close()  # its worker thread would otherwise keep a failed run alive
    frozen = gc.get_freeze_count()
    # Garbage cycles the tuning kept frozen (a plain run's collector finds what is pending).
    cycles = unsettle() if mode == "tuned" else gc.collect()
    return {"mode": mode, "cached": cached, "warm_s": warm_s, "rate": len(latencies) / elapsed,
            "stall": quantiles(stalls), "latency": quantiles(latencies),
            "gc": {g: (len(v), *quantiles(v)) for g, v in times.by_gen.items()},
            "frozen": frozen, "threshold": gc.get_threshold(), "cycles": cycles}


def report(r: dict[str, Any]) -> None:
    s50, s99, smax = r["stall"]
    l50, l99, lmax = r["latency"]
    ok = "meets target" if s99 < TARGET_MS and l99 < TARGET_MS else "MISSES target"
    print(f"[{r['mode']}] {r['cached']:,} cached matches (warm {r['warm_s']:.1f} s), gc threshold {r['threshold']}, "
          f"{r['frozen']:,} objects frozen at the end; {r['rate']:,.0f} commands/s; "
          f"unreachable objects found by a full collection afterwards: {r['cycles']:,}")
    print(f"  event-loop stall p50 {s50:.2f} ms, p99 {s99:.2f} ms, max {smax:.1f} ms; "
          f"command latency p50 {l50:.2f} ms, p99 {l99:.2f} ms, max {lmax:.1f} ms  "
          f"[target p99 < {TARGET_MS:.0f} ms: {ok}]")
    for g, (n, p50, p99, mx) in sorted(r["gc"].items()):
        print(f"  gen{g} collections: {n:,}, p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {mx:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--commands", type=int, default=4000)
    parser.add_argument("--drivers", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="100 matches, 400 commands: a smoke test")
    parser.add_argument("--child", nargs=2, metavar=("DB", "MODE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.quick:
        args.matches, args.commands = 100, 400
    if args.child:
        result = asyncio.run(run(Path(args.child[0]), args.child[1], args.commands, args.drivers))
        print(json.dumps(result))
        return
    print(f"python {sys.version.split()[0]}; defaults: gc threshold {gc.get_threshold()}")
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "gc.sqlite"
        asyncio.run(build(path, args.matches, args.moves))
        for mode in ("plain", "tuned"):  # each in a fresh process: gc.freeze cannot be undone cleanly
            out = subprocess.run([sys.executable, __file__, "--child", str(path), mode, "--commands",
                                  str(args.commands), "--drivers", str(args.drivers)],
                                 check=True, capture_output=True, text=True).stdout
            result = json.loads(out.strip().splitlines()[-1])
            result["gc"] = {int(g): v for g, v in result["gc"].items()}
            report(result)


if __name__ == "__main__":
    main()
