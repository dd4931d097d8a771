"""Child process for the crash test: plays toy moves forever, printing
`ACK <seq>` only after each command's events are committed."""

import asyncio
import sys

from engine.registry import register
from events.model import Player
from events.service import MatchService
from events.store import Store
from tests.toygame import GAME

register(GAME)


async def main(path: str) -> None:
    store = await Store.open(path)
    svc = MatchService(store, snapshot_every=5)
    a, b = Player(id="local:a", name="A"), Player(id="local:b", name="B")
    n = 0
    for game in range(10**6):  # a toy match ends after 40 turns; then the next one starts
        mid = f"crash-{game}"
        await svc.create("toy", a, {"goal": 10**9}, match_id=mid)
        await svc.join(mid, b)
        await svc.start(mid, a.id)
        print("ACK", mid, (await svc.get(mid)).seq, flush=True)
        while (ms := await svc.get(mid)).status == "running":
            (pending, player), = await svc.waiting(mid)
            word = "accept" if pending.kind == "respond" else ("roll" if n % 3 else "mark")
            if ms.state.marks[pending.seat] >= 3 and word == "mark":
                word = "roll"
            result = await svc.act(mid, player.id, word, command_id=f"cmd-{n}")
            n += 1
            print("ACK", mid, result.events[-1].seq, flush=True)


try:
    asyncio.run(main(sys.argv[1]))
finally:
    # aiosqlite's worker thread would keep a failed child alive; the parent must see EOF.
    import os
    os._exit(1)
