"""How long a player's card (`/parley profile`, events/profile.py) takes on a
busy server. Prints figures beside the target (under 2 s for 10,000 matches,
the ratings bench's size).

    python3 bench/bench_profile.py [--matches N] [--seats K]

Fills a SQLite file like bench_ratings.py (N finished toy matches of K seats
among twenty players on one server), then times a card built from the log
twice: cold (the game's ladder not cached yet) and warm (the ladder cached,
as it is after any `/parley ladder`, `rating` or earlier card). A card reads
every started match of the server, since a player who handed a seat over is
no longer in the match's row."""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ratings import PLAYERS, fill  # noqa: E402

from events.profile import profile  # noqa: E402
from events.service import MatchService  # noqa: E402
from events.store import Store  # noqa: E402

TARGET = 2.0


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
            for label in ("card, ladder not cached yet", "card, ladder cached"):
                t = time.perf_counter()
                card = await profile(store, PLAYERS[0].id, "g")
                took = time.perf_counter() - t
                print(f"{label:<36} {took * 1000:9.1f} ms  (target under {TARGET:.0f} s: "
                      f"{'met' if took < TARGET else 'MISSED'}); {card.reliability.ended} of its matches ended")
        finally:
            await store.close()


if __name__ == "__main__":
    asyncio.run(main())
