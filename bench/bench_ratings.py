"""How long a ladder takes to rebuild from the log (issue 23: 10,000 rated
matches in under 2 s). Prints figures.

    python3 bench/bench_ratings.py [--matches N] [--seats K]

Fills a SQLite file with N finished toy matches (tests/toygame.py) of K
seats among twenty players and the bot levels on one server, each ended by
forfeits through the service (a handful of events each), then times:
- the fold alone (events.ratings.fold over the matches already read),
- a rebuild from the log (events.ratings.ladder: every row and log read),
- the cached ladder when nothing new has ended (one kv read plus the rows)."""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.registry import register  # noqa: E402
from events.model import Player  # noqa: E402
from events.ratings import Ladder, cached_ladder, fold, ladder, rated_matches  # noqa: E402
from events.service import MatchService  # noqa: E402
from events.store import Store  # noqa: E402
from tests.toygame import GAME  # noqa: E402

register(GAME)
PLAYERS = [Player(id=f"discord:{i}", name=f"P{i}") for i in range(20)]


async def fill(service: MatchService, n: int, seats: int, rng: random.Random) -> None:
    for _ in range(n):
        people = rng.sample(PLAYERS, seats)
        ms = await service.create("toy", people[0], {"goal": 12}, place={"guild": "g", "takeover": "off"})
        for p in people[1:]:
            await service.join(ms.match_id, p)
        await service.start(ms.match_id, people[0].id)
        for seat in rng.sample(range(seats), seats - 1):  # all but one leave, in a random order
            await service.remove_player(ms.match_id, people[seat].id, seat, "forfeit")


def timed(label: str, seconds: float) -> None:
    print(f"{label:<44} {seconds * 1000:9.1f} ms")


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=10_000)
    ap.add_argument("--seats", type=int, default=2)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite", durable=False)
        try:
            service = MatchService(store, operator="bench")
            t = time.perf_counter()
            await fill(service, args.matches, args.seats, random.Random(1))
            print(f"filled {args.matches} matches of {args.seats} seats in {time.perf_counter() - t:.1f} s")
            t = time.perf_counter()
            found = await rated_matches(store, "g", "toy")
            timed("read every row and log (rated_matches)", time.perf_counter() - t)
            assert len(found) == args.matches, len(found)
            t = time.perf_counter()
            fold(found, Ladder("g", "toy"))
            timed("fold alone", time.perf_counter() - t)
            t = time.perf_counter()
            await ladder(store, "g", "toy")
            timed("rebuild from the log (ladder)", time.perf_counter() - t)
            await cached_ladder(store, "g", "toy")
            t = time.perf_counter()
            await cached_ladder(store, "g", "toy")
            timed("cached ladder, nothing new", time.perf_counter() - t)
        finally:
            await store.close()


if __name__ == "__main__":
    asyncio.run(main())
