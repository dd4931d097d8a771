"""A second process on the same database: plays the pending move of each
given match, racing the parent, and prints how many of its moves landed.

    python -m tests.stores.child URL PREFIX MOVES MATCH...
"""

from __future__ import annotations

import asyncio
import sys

from engine.core import RuleError
from engine.registry import register
from events.service import MatchService
from events.stores import open_store
from tests.toygame import GAME

register(GAME)


async def race(service: MatchService, prefix: str, moves: int, match_ids: list[str]) -> int:
    """Each round, the pending move of every match, decided at the seq this
    process last saw; a move another process made first is refused as stale."""
    landed = 0
    for attempt in range(moves * 20):
        if landed >= moves:
            break
        for match_id in match_ids:
            ms = await service.get(match_id)
            if ms.status != "running":
                continue
            (_pending, player), *_ = await service.waiting(match_id)
            action = (await service.choices(match_id, player.id))[-1].action
            try:
                await service.act(match_id, player.id, action, command_id=f"{prefix}-{attempt}-{match_id}",
                                  expected_seq=ms.seq)
            except RuleError:  # stale or busy: the other process moved first
                continue
            landed += 1
            await asyncio.sleep(0)
    return landed


async def main(url: str, prefix: str, moves: int, match_ids: list[str]) -> None:
    store = await open_store(url)
    try:
        print(await race(MatchService(store), prefix, moves, match_ids))
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]))
