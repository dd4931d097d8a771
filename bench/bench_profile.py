"""How long a player's card (`/parley profile`, events/profile.py) takes on a
busy server. Prints figures beside the target (under 2 s for 10,000 matches,
the ratings bench's size).

    python3 bench/bench_profile.py [--matches N] [--seats K]

Fills a SQLite file like bench_ratings.py (N finished toy matches of K seats
among twenty players on one server), then times a card built from the log
twice: cold (no cache yet) and warm (the caches built by the first card, as
they are after any `/parley ladder`, `rating` or earlier card). `--db PATH`
reuses a filled file (see bench_ratings.py). A card reads
every started match of the server, since a player who handed a seat over is
no longer in the match's row."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ratings import GUILD, PLAYERS, Timer, arguments, clear_caches, filled

from events.profile import profile


async def main() -> None:
    args = arguments()
    with tempfile.TemporaryDirectory() as tmp:
        store = await filled(args.db, tmp, args.matches, args.seats)
        try:
            await clear_caches(store)
            for label in ("card, nothing cached yet", "card, caches built"):
                with Timer(label):
                    card = await profile(store, PLAYERS[0].id, GUILD)
                print(f"    {card.reliability.ended} of the card's matches ended")
        finally:
            await store.close()


if __name__ == "__main__":
    asyncio.run(main())
