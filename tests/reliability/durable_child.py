"""Child for the durability test: plays a real game's moves and prints
`ACK <match> <seq>` only after each command's events are committed.
`--unsafe` opens the store without fsync, the regression the test must catch."""

import asyncio
import os
import sys

from events.model import Player
from events.service import MatchService
from events.store import Store


async def main(path: str, durable: bool, moves: int, bookkeeping: bool) -> None:
    print("PID", os.getpid(), flush=True)
    store = await Store.open(path, durable=durable)
    svc = MatchService(store)
    a, b = Player(id="local:a", name="A"), Player(id="local:b", name="B")
    ms = await svc.create("naru", a, match_id="durable")
    await svc.join(ms.match_id, b)
    await svc.start(ms.match_id, a.id)
    for n in range(moves):
        ms = await svc.get("durable")
        if ms.status != "running":
            break
        (_pending, player), *_ = await svc.waiting("durable")
        action = (await svc.choices("durable", player.id))[0].action
        result = await svc.act("durable", player.id, action, command_id=f"cmd-{n}")
        if bookkeeping:  # what the Discord front end writes after a move: board id, DM marks, pings
            for key in ("board", "dm:0", "dm:1", "pinged"):
                await store.set_kv("discord:test", f"{key}:{n}", {"seq": result.events[-1].seq})
        print("ACK", "durable", result.events[-1].seq, flush=True)
    print("DONE", flush=True)
    sys.stdin.readline()  # wait to be killed: nothing after the acks may matter


try:
    asyncio.run(main(sys.argv[1], "--unsafe" not in sys.argv, int(sys.argv[2]), "--bookkeeping" in sys.argv))
finally:
    os._exit(0)
