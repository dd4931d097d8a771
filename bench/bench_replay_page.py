"""Replay pages of long matches: size of the HTML file and time to build it.

    python3 bench/bench_replay_page.py [--games N] [--seed S]

For each game, bots play N matches into a SQLite file; the longest one's page
is built (read + draw) and written. Target: well under Discord's 25 MiB
attachment limit. Build time is printed, never asserted."""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.replaypage import collect, page_data, page_html
from events.selfplay import selfplay
from events.service import MatchService
from events.store import Store

GAMES = [("quarriors", 4), ("naru", 2), ("musou", 2), ("warlords", 4)]
LIMIT = 25 * 2**20


async def one(db: Path, game: str, players: int, games: int, seed: int, out: Path) -> None:
    store = await Store.open(db)
    try:
        results = await selfplay(store, game, players, games, seed)
        longest = max(results, key=lambda r: r.events)
        began = time.perf_counter()
        finished = await collect(MatchService(store), longest.match_id)
        read = time.perf_counter() - began
        data = page_data(finished)
        page = page_html(data, "en").encode()
        drawn = time.perf_counter() - began - read
    finally:
        await store.close()
    out.write_bytes(page)
    images = sum(len(uri) for uri in data["images"])
    print(f"{game:<10} {longest.events:>5} events {len(data['steps']):>5} steps  "
          f"{len(page) / 2**20:6.2f} MiB ({images / 2**20:.2f} MiB in {len(data['images'])} distinct images, "
          f"{len(data['lines'])} distinct lines, {len(data['texts'])} distinct texts)  "
          f"read {read:.2f} s  draw {drawn:.2f} s  "
          f"{'meets target' if len(page) < LIMIT // 5 else 'MISSES target'} (< 5 MiB)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=6, help="matches played per game; the longest is paged")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=None, help="folder for the pages (default: a temporary one)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        for game, players in GAMES:
            asyncio.run(one(Path(tmp) / f"{game}.sqlite", game, players, args.games, args.seed, out / f"{game}.html"))


if __name__ == "__main__":
    main()
