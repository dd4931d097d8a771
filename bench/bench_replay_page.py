"""Replay pages of long matches: size of the HTML file and CPU time to build it.

    python3 bench/bench_replay_page.py [--games N] [--seed S]

For each game, bots play N matches into a SQLite file; the longest one's page
is built (read + draw) and written. Target (issue 25): at most 1 MiB and 2 s of
CPU (read and draw together) for every game. Figures are printed beside the
targets, never asserted. The game's renderer is imported before the clock
starts: a running bot has it loaded already."""

from __future__ import annotations

import argparse
import asyncio
import importlib
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
SIZE_TARGET = 2**20
CPU_TARGET = 2.0


async def one(db: Path, game: str, players: int, games: int, seed: int, out: Path) -> None:
    store = await Store.open(db)
    try:
        results = await selfplay(store, game, players, games, seed)
        longest = max(results, key=lambda r: r.events)
        importlib.import_module(f"bot.render.{game}")
        began = time.process_time()
        finished = await collect(MatchService(store), longest.match_id)
        read = time.process_time() - began
        data = page_data(finished)
        page = page_html(data, "en").encode()
        drawn = time.process_time() - began - read
    finally:
        await store.close()
    out.write_bytes(page)
    pictures = sum(len(svg.encode()) for svg in data["pictures"])
    size, cpu = len(page) / 2**20, read + drawn
    verdict = "meets" if size <= SIZE_TARGET / 2**20 and cpu <= CPU_TARGET else "MISSES"
    print(f"{game:<10} {longest.events:>5} events {len(data['steps']):>5} steps  "
          f"{size:5.2f} MiB (target <= {SIZE_TARGET / 2**20:.0f})  CPU {cpu:5.2f} s (target <= {CPU_TARGET:.0f}: "
          f"read {read:.2f} + draw {drawn:.2f})  {verdict} targets  "
          f"[{len(data['pictures'])} distinct pictures, {pictures / 2**20:.2f} MiB of SVG before gzip; "
          f"{len(data['lines'])} distinct lines, {len(data['texts'])} distinct texts]", flush=True)


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
