"""How long `/parley stats` takes to compute on a busy server. Prints figures.

    python3 bench/bench_stats.py [--matches N]

Fills a SQLite file with N finished toy matches (tests/toygame.py) among ten
players on one server, played through the service (a handful of events each),
then times events.stats.player_stats and server_stats, which read every
match row and log of the server, and waiting_on (`/parley mine`) over N
running matches of which a tenth wait on the asker."""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.registry import register
from events.model import Player
from events.service import MatchService
from events.stats import player_stats, server_stats, waiting_on
from events.store import Store
from tests.toygame import GAME

register(GAME)
PLAYERS = [Player(id=f"discord:{i}", name=f"P{i}") for i in range(10)]


async def fill(service: MatchService, n: int, finish: bool, rng: random.Random) -> None:
    for _ in range(n):
        a, b = rng.sample(PLAYERS, 2)
        ms = await service.create("toy", a, {"goal": 12, "max_turns": 20}, place={"guild": "g"})
        await service.join(ms.match_id, b)
        await service.start(ms.match_id, a.id)
        while finish and (await service.get(ms.match_id)).status == "running":
            (_pending, who), *_ = await service.waiting(ms.match_id)
            await service.act(ms.match_id, who.id, {"kind": "roll"})


async def timed(label: str, work, repeat: int = 3) -> None:  # type: ignore[no-untyped-def]
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = await work()
        runs.append(time.perf_counter() - start)
    print(f"{label:<40} first {runs[0] * 1000:7.1f} ms, best of {repeat} {min(runs) * 1000:7.1f} ms  ({result})")


async def main(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite", durable=False)
        service = MatchService(store)
        rng = random.Random(1)
        t0 = time.perf_counter()
        await fill(service, n, True, rng)
        await fill(service, n, False, rng)
        events = sum(r.last_seq for r in await store.matches(limit=10 * n))
        print(f"filled {n} finished + {n} running matches, {events} events, in {time.perf_counter() - t0:.1f} s")
        me = PLAYERS[0].id
        await timed("player_stats (one player, one server)",
                    lambda: _summary(player_stats(store, me, "g")))
        await timed("server_stats (whole server)", lambda: _summary(server_stats(store, "g")))
        fresh = MatchService(store)  # cold: `/parley mine` loads the asker's running matches
        await timed("waiting_on (/parley mine; first is cold)", lambda: _count(waiting_on(fresh, me, "g")))
        await store.close()


async def _summary(work) -> str:  # type: ignore[no-untyped-def]
    st = await work
    return f"played {st.total.played}, moves timed {st.moves}"


async def _count(work) -> str:  # type: ignore[no-untyped-def]
    return f"{len(await work)} waiting"


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=1000)
    asyncio.run(main(parser.parse_args().matches))
