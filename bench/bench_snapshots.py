"""Snapshot benchmarks. Prints figures beside their targets.

    python3 bench/bench_snapshots.py [--repeats 200]
        dump + load of a real envelope, JSON (events.snapshot) against the
        pickles it replaced. Target: a few ms per snapshot.

    python3 bench/bench_snapshots.py --matches 10000 [--before OLD_CHECKOUT]
        a database of that many running matches of the four games (~120
        events each, cloned from one played match per game), then, in a fresh
        process, a start (`warm`) and cold loads of matches the cache does not
        hold: CPU, peak RSS and milliseconds per cold load. Half the matches
        have their newest snapshot at the last 50-event mark (up to 49 events
        to replay), half at their last event (what `checkpoint` leaves at
        shutdown). Target: every match loads cold in <= 10 ms; memory bounded.
        With --before, the same start is run a second time with another
        checkout's code (e.g. the commit before this change) for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import pickle
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(os.environ.get("BENCH_CODE", Path(__file__).resolve().parent.parent))))

from engine.core import Rng, commitment
from engine.core.play import step
from engine.core.selfplay import derive_secret
from engine.registry import get_game
from events import snapshot
from events.model import Player
from events.replay import MatchState

# (game, seats, where in the match): big states, late in long matches.
CASES = [("quarriors", 4, 0.9), ("naru", 2, 0.7), ("musou", 2, 0.6), ("warlords", 8, 0.5)]
# Running matches for the cold-load run: (game, seats), about this many events each.
RUNNING = [("quarriors", 4), ("naru", 2), ("musou", 2), ("warlords", 4)]
LENGTH = 120
EVERY = 50  # the service's snapshot interval


def envelope(game_id: str, seats: int, fraction: float, seed: int = 1) -> MatchState:
    game = get_game(game_id)
    secret = derive_secret(seed)
    options = game.options({}, seats)
    rng = Rng(secret)
    state, counter = game.setup(seats, options, rng), rng.counter
    bots = Rng(derive_secret(seed, "bots"))
    states = [(state, counter)]
    while pending := game.pending(state):
        seat = min(pending, key=lambda p: (p.order, p.seat)).seat
        result = step(game, state, seat, game.bot_action(state, seat, bots), secret, counter)
        state, counter = result.transition.state, result.counter
        states.append((state, counter))
    state, counter = states[int(len(states) * fraction)]
    players = tuple(Player(id=f"bot:{i}", name=f"Bot {i}") for i in range(seats))
    return MatchState(match_id="bench", game_id=game_id, ruleset=game.ruleset, options=options,
                      commitment=commitment(secret), creator=players[0].id, status="running", lobby=players,
                      seats=players, state=state, counter=counter, seq=len(states))


def per_call(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def codec(repeats: int) -> None:
    print(f"{'case':<22}{'JSON bytes':>11}{'dump ms':>9}{'load ms':>9}   {'pickle bytes':>12}{'dump ms':>9}{'load ms':>9}")
    for game_id, seats, fraction in CASES:
        ms = envelope(game_id, seats, fraction)
        blob = snapshot.dump(ms)
        assert snapshot.load(blob, ms.seq, ms.game.ruleset) == ms
        pick = pickle.dumps(ms, pickle.HIGHEST_PROTOCOL)
        dump = per_call(lambda: snapshot.dump(ms), repeats)  # noqa: B023
        load = per_call(lambda: snapshot.load(blob, ms.seq, ms.game.ruleset), repeats)  # noqa: B023
        pdump = per_call(lambda: pickle.dumps(ms, pickle.HIGHEST_PROTOCOL), repeats)  # noqa: B023
        pload = per_call(lambda: pickle.loads(pick), repeats)  # noqa: B023
        label = f"{game_id} {seats}p @{ms.seq}"
        print(f"{label:<22}{len(blob):>11}{dump:>9.2f}{load:>9.2f}   {len(pick):>12}{pdump:>9.2f}{pload:>9.2f}")
    print("target: dump + load within a few ms per snapshot")


# -- a database of many running matches ------------------------------------------------------


async def played(service, game_id: str, seats: int) -> str:  # type: ignore[no-untyped-def]
    """One match of `game_id` between people, played by random legal moves to
    LENGTH events (the first seed whose match lasts that long)."""
    players = [Player(id=f"local:p{i}", name=f"P{i}") for i in range(seats)]
    for seed in range(50):
        rnd = random.Random(f"{game_id}-{seed}")
        ms = await service.create(game_id, players[0])
        for p in players[1:]:
            await service.join(ms.match_id, p)
        await service.start(ms.match_id, players[0].id)
        while (ms := await service.get(ms.match_id)).status == "running" and ms.seq < LENGTH:
            (_, player), *_ = await service.waiting(ms.match_id)
            choices = await service.choices(ms.match_id, player.id)
            await service.act(ms.match_id, player.id, dict(rnd.choice(choices).action))
        if ms.status == "running":
            return str(ms.match_id)
    raise RuntimeError(f"no {game_id} match lasted {LENGTH} events")


async def build(path: Path, matches: int) -> None:
    from events.service import MatchService
    from events.store import Store

    store = await Store.open(path, durable=False)
    try:
        await _clones(store, MatchService(store, snapshot_every=EVERY, new_secret=lambda: derive_secret(7)), matches)
    finally:
        await store.close()


async def _clones(store, service, matches: int) -> None:  # type: ignore[no-untyped-def]
    templates = []
    for game_id, seats in RUNNING:
        match_id = await played(service, game_id, seats)
        row = await store.match(match_id)
        ms = await service.get(match_id)
        mark = await store.latest_snapshot(match_id, ms.game.ruleset)
        assert row is not None and mark is not None
        marked = snapshot.load(mark[1], mark[0], ms.game.ruleset)
        assert marked is not None
        templates.append((row, await store.secret(match_id), await store.events(match_id), marked, ms))
    for n in range(matches):
        row, secret, events, marked, last = templates[n % len(templates)]
        new_id = f"m{n:06d}"
        await store.import_match(dataclasses.replace(row, id=new_id), secret, events)
        at = last if n // len(templates) % 2 else marked
        await store.save_snapshot(new_id, at.seq, at.game.ruleset, snapshot.dump(dataclasses.replace(at, match_id=new_id)))


async def start(path: Path, sample: int) -> dict[str, object]:
    """A start on the database, in this (fresh) process: warm, then cold loads."""
    from events.service import MatchService
    from events.store import Store

    store = await Store.open(path)
    try:
        return await _timed_start(store, MatchService, sample)
    finally:
        await store.close()


async def _timed_start(store, service_class, sample: int) -> dict[str, object]:  # type: ignore[no-untyped-def]
    from events.gcpause import settle, unsettle

    service = service_class(store)
    cpu, wall = time.process_time(), time.perf_counter()
    # The collector as the bot settles it at start (bot/discord/app.py): unsettled, a thousand
    # cached matches make one full collection during the cold loads a pause of ~350 ms.
    settle()
    warmed = await service.warm()
    out: dict[str, object] = {"warmed": warmed, "warm_cpu": time.process_time() - cpu,
                              "warm_wall": time.perf_counter() - wall,
                              "warm_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
    rows = await store.matches(status=("running",), limit=10**7)
    out["running"] = len(rows)
    clones = [r for r in rows if r.id.startswith("m")]  # not the four matches they were cloned from
    times: dict[str, list[tuple[float, float]]] = {}
    for row in random.Random(3).sample(clones, min(sample, len(clones))):
        service.forget(row.id)  # cold, whether or not warm() had loaded it
        cpu, wall = time.process_time(), time.perf_counter()
        await service.get(row.id)
        times.setdefault(f"{row.game} {'@end' if int(row.id[1:]) // 4 % 2 else '@mark'}", []).append(
            ((time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000))
    out["cold"] = {k: (statistics.median(c for c, _ in v), statistics.median(w for _, w in v), max(w for _, w in v),
                       len(v)) for k, v in sorted(times.items())}
    out["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    out["cached"] = len(service._live)
    unsettle()
    return out


def report(label: str, figures: dict[str, object], matches: int) -> None:
    print(f"[{label}] start: warm() loaded {figures['warmed']:,} of {figures['running']:,} running matches in "
          f"{figures['warm_cpu']:.2f} s CPU ({figures['warm_wall']:.2f} s wall), peak RSS "
          f"{figures['warm_rss_mb']:.0f} MB")
    worst = 0.0
    for case, (cpu, wall, top, n) in figures["cold"].items():  # type: ignore[attr-defined]
        worst = max(worst, cpu)
        print(f"[{label}]   cold load of a {case:<16} median {cpu:6.2f} ms CPU, {wall:6.2f} ms wall "
              f"(max {top:6.2f} ms wall; {n} loads)")
    print(f"[{label}] after the cold loads: {figures['cached']:,} matches cached, peak RSS {figures['rss_mb']:.0f} MB"
          f"  [target <= 10 ms CPU per cold load (median, each case): {'meets target' if worst <= 10 else 'MISSES target'}]")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--matches", type=int, help="build that many running matches and time a start on them")
    parser.add_argument("--sample", type=int, default=400, help="cold loads timed")
    parser.add_argument("--before", help="another checkout whose code runs the same start, for comparison")
    parser.add_argument("--start", help=argparse.SUPPRESS)  # the child process's half: a start on this database
    args = parser.parse_args()
    if args.start:
        print(json.dumps(asyncio.run(start(Path(args.start), args.sample))))
        return
    if args.matches is None:
        codec(args.repeats)
        return
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "many.sqlite"
        began = time.perf_counter()
        asyncio.run(build(path, args.matches))
        print(f"built {args.matches:,} running matches ({', '.join(g for g, _ in RUNNING)}; ~{LENGTH} events each) "
              f"in {time.perf_counter() - began:.0f} s")
        # The build writes a gigabyte unflushed (durable=False): on disk before the start, or the
        # start's first write waits for the kernel to flush it (one cold load of ~350 ms wall).
        os.sync()
        runs = [("after", str(Path(__file__).resolve().parent.parent))]
        if args.before:
            runs.insert(0, ("before", str(Path(args.before).resolve())))
        for label, code in runs:
            env = {**os.environ, "BENCH_CODE": code, "PYTHONPATH": code}
            done = subprocess.run([sys.executable, __file__, "--start", str(path), "--sample", str(args.sample)],
                                  env=env, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                print(f"[{label}] failed: {done.stderr.strip().splitlines()[-1] if done.stderr else done.returncode}")
                continue
            report(label, json.loads(done.stdout.strip().splitlines()[-1]), args.matches)


if __name__ == "__main__":
    main()
