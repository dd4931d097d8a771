"""Self-play through the real log: bots at every seat, each match appended to
the store and then rebuilt from it to prove the replay reproduces it."""

from __future__ import annotations

import functools
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Outcome, Rng
from engine.core.selfplay import derive_secret
from engine.registry import get_game

from .bots import bot_player, check_bot_level
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
                   options: Mapping[str, Any] | None = None,
                   levels: Sequence[str] | None = None) -> list[SelfplayResult]:
    """`levels` gives each seat's bot level (by default every bot is easy)."""
    levels = list(levels or ["easy"] * players)
    if len(levels) != players:
        raise ValueError(f"{len(levels)} bot levels for {players} players")
    game = get_game(game_id)
    for level in levels:  # before any match is made: a refused level leaves nothing behind
        check_bot_level(game, level)
    results = []
    for index in range(games):
        label = f"{game_id}:{players}:{seed}:{index}"
        service = MatchService(store, new_secret=functools.partial(derive_secret, label),
                               bot_rng=Rng(derive_secret(label, "bots")))
        began = time.perf_counter()
        creator = bot_player(1, levels[0])
        ms = await service.create(game_id, creator, options, match_id=f"sp-{game_id}-{seed}-{index}")
        for level in levels[1:]:
            await service.add_bot(ms.match_id, creator.id, level=level)
        done = (await service.start(ms.match_id, creator.id)).match
        seconds = time.perf_counter() - began
        service.forget(ms.match_id)
        rebuilt = await service.get(ms.match_id)
        ok = rebuilt.seq == done.seq and all_seeing_digest(rebuilt) == all_seeing_digest(done)
        results.append(SelfplayResult(ms.match_id, done.outcome, done.seq, seconds, ok))
    return results
