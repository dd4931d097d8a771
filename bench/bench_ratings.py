"""How long a ladder takes to rebuild from the log (issue 23: 10,000 rated
matches in under 2 s). Prints figures.

    python3 bench/bench_ratings.py [--matches N] [--seats K] [--db PATH] [--pg [URL]]

Fills a SQLite file with N finished toy matches (tests/toygame.py) of K
seats among twenty players and the bot levels on one server, each ended by
forfeits through the service (a handful of events each), then times:
- the fold alone (events.ratings.fold over the matches already read),
- a rebuild from the log (events.ratings.ladder: every row and log read, no cache),
- the cached ladder cold (the server's rated-match facts read from the log
  and kept, then folded), and when nothing new has ended (one kv read and one
  indexed query);
- the ladder rebuilt from the kept facts alone (its own cache lost).

Each figure is wall time with the process's CPU time beside it, and the
target is judged on CPU time (the machine running a bench is often shared:
CPU time is what this code spent, wall time what it waited for the others).
`--db PATH` keeps the filled file and reuses it on the next run (filling
10,000 matches through the service takes minutes). `--pg` times the same on
PostgreSQL too (default server $PARLEY_TEST_PG or 127.0.0.1:5432, user
postgres): the file is copied into a fresh database (parley migrate-db),
which is dropped after. There CPU time is this process's alone: the server's
share of a read is in the wall time only."""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine.registry import register
from events.model import Player
from events.profile import HELD
from events.ratings import CACHE, FACTS, Ladder, cached_ladder, fold, ladder, rated_matches
from events.recorder import Recorder
from events.service import MatchService
from events.store import Store
from events.stores import migrate_db, open_store
from tests.toygame import GAME

register(GAME)
GUILD = "g"  # the one server every match is played on
PLAYERS = [Player(id=f"discord:{i}", name=f"P{i}") for i in range(20)]


async def fill(service: MatchService, n: int, seats: int, rng: random.Random) -> None:
    for _ in range(n):
        people = rng.sample(PLAYERS, seats)
        ms = await service.create("toy", people[0], {"goal": 12}, place={"guild": GUILD, "takeover": "off"})
        for p in people[1:]:
            await service.join(ms.match_id, p)
        await service.start(ms.match_id, people[0].id)
        for seat in rng.sample(range(seats), seats - 1):  # all but one leave, in a random order
            await service.remove_player(ms.match_id, people[seat].id, seat, "forfeit")


TARGET = 2.0


class Timer:
    """Wall and CPU time of a block, printed beside the target (met or missed by the CPU time)."""

    def __init__(self, label: str, target: float | None = TARGET) -> None:
        self.label, self.target = label, target
        self.wall = self.cpu = 0.0

    def __enter__(self) -> Timer:
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *_: object) -> None:
        self.wall = time.perf_counter() - self.wall
        self.cpu = time.process_time() - self.cpu
        verdict = "" if self.target is None else (
            f"  (target under {self.target:.0f} s CPU: {'met' if self.cpu < self.target else 'MISSED'})")
        print(f"{self.label:<44} {self.wall * 1000:9.1f} ms wall {self.cpu * 1000:9.1f} ms CPU{verdict}")


async def filled(path: Path | None, tmp: str, n: int, seats: int) -> Store:
    """A store holding `n` bench matches: `path` reused when it exists, else filled (and kept there)."""
    target = path or Path(tmp) / "bench.sqlite"
    reuse = path is not None and path.exists()
    store = await Store.open(target, durable=False)
    if not reuse:
        t = time.perf_counter()
        await fill(MatchService(store, operator="bench"), n, seats, random.Random(1))
        print(f"filled {n} matches of {seats} seats in {time.perf_counter() - t:.1f} s")
    return store


# The ratings' and cards' cache records of this bench's one server and game; a record
# written as null is one their readers find missing.
CACHES = ((CACHE, f"{GUILD}|toy"), (FACTS, GUILD), (HELD, GUILD), (HELD, "*"))


async def clear_caches(store: Recorder) -> None:
    """Forget the ratings' and cards' caches, so the next read rebuilds from the log."""
    for scope, key in CACHES:
        await store.set_kv(scope, key, None)


def arguments() -> argparse.Namespace:
    """How many matches of how many seats, and where to keep the filled file (this bench's and bench_profile's)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=10_000)
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--db", type=Path, help="keep the filled SQLite file here and reuse it when it exists")
    ap.add_argument("--pg", nargs="?", const=os.environ.get("PARLEY_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres"),
                    help="time PostgreSQL too: a server URL (a database is made there and dropped after)")
    return ap.parse_args()


async def timings(store: Recorder, matches: int) -> None:
    await clear_caches(store)
    with Timer("read every row and log (rated_matches)", None):
        found = await rated_matches(store, GUILD, "toy")
    assert len(found) == matches, len(found)
    with Timer("fold alone", None):
        fold(found, Ladder(GUILD, "toy"))
    with Timer("rebuild from the log (ladder)"):
        await ladder(store, GUILD, "toy")
    with Timer("cached ladder, cold (no cache yet)"):
        await cached_ladder(store, GUILD, "toy")
    with Timer("cached ladder, nothing new"):
        await cached_ladder(store, GUILD, "toy")
    await store.set_kv(CACHE, f"{GUILD}|toy", None)  # the ladder's cache lost, the facts kept
    with Timer("ladder rebuilt from the cached facts"):
        await cached_ladder(store, GUILD, "toy")


async def on_postgres(source: Path, admin: str, matches: int) -> None:
    from bench_pg import pg_database  # asyncpg only when asked for
    async with pg_database(admin) as url:
        t = time.perf_counter()
        await migrate_db(str(source), url, replay=False)
        print(f"PostgreSQL (copied in {time.perf_counter() - t:.1f} s):")
        store = await open_store(url)
        try:
            await timings(store, matches)
        finally:
            await store.close()


async def main() -> None:
    args = arguments()
    with tempfile.TemporaryDirectory() as tmp:
        store = await filled(args.db, tmp, args.matches, args.seats)
        print("SQLite:")
        try:
            await timings(store, args.matches)
        finally:
            await store.close()
        if args.pg:
            await on_postgres(Path(store.path), args.pg, args.matches)


if __name__ == "__main__":
    asyncio.run(main())
