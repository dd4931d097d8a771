"""Self-play through the real log: bots at every seat, each match appended to
the store and then rebuilt from it to prove the replay reproduces it."""

from __future__ import annotations

import functools
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import Outcome, Rng
from engine.core.selfplay import derive_secret

from .model import Player
from .replay import all_seeing_digest
from .service import MatchService
from .store import Store


@dataclass(frozen=True)
class SelfplayResult:
    match_id: str
    outcome: Outcome | None
    events: int
    seconds: float
    replay_ok: bool


async def selfplay(store: Store, game_id: str, players: int, games: int, seed: int,
                   options: Mapping[str, Any] | None = None) -> list[SelfplayResult]:
    results = []
    for index in range(games):
        label = f"{game_id}:{players}:{seed}:{index}"
        service = MatchService(store, new_secret=functools.partial(derive_secret, label),
                               bot_rng=Rng(derive_secret(label, "bots")))
        began = time.perf_counter()
        creator = Player(id="bot:1", name="Bot 1")
        ms = await service.create(game_id, creator, options, match_id=f"sp-{game_id}-{seed}-{index}")
        for _ in range(players - 1):
            await service.add_bot(ms.match_id, creator.id)
        done = (await service.start(ms.match_id, creator.id)).match
        seconds = time.perf_counter() - began
        service.forget(ms.match_id)
        rebuilt = await service.get(ms.match_id)
        ok = rebuilt.seq == done.seq and all_seeing_digest(rebuilt) == all_seeing_digest(done)
        results.append(SelfplayResult(ms.match_id, done.outcome, done.seq, seconds, ok))
    return results
