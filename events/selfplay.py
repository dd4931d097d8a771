"""Self-play through the real log: bots at every seat, each match appended to
the store and then rebuilt from it to prove the replay reproduces it."""

from __future__ import annotations

import functools
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Outcome, Rng, Text
from engine.core.selfplay import derive_secret
from engine.registry import get_game

from .bots import bot_player, check_bot_level
from .errors import Refused
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
    ids = [f"sp-{game_id}-{seed}-{index}" for index in range(games)]
    made = [match_id for match_id in ids if await store.match(match_id) is not None]
    if made:
        # The same seed deals the same matches under the same ids: a rerun into
        # the same database would collide with the first run's.
        raise Refused(Text(f"Self-play match {made[0]} is already in this database (a run with seed {seed}).",
                           f"セルフプレイの対戦 {made[0]} はすでにこのデータベースにあります（シード {seed} の実行）。"),
                      Text("Choose another --seed or another --db.", "別の --seed か --db を指定してください。"))
    results = []
    for index, match_id in enumerate(ids):
        label = f"{game_id}:{players}:{seed}:{index}"
        service = MatchService(store, new_secret=functools.partial(derive_secret, label),
                               bot_rng=Rng(derive_secret(label, "bots")))
        began = time.perf_counter()
        creator = bot_player(1, levels[0])
        ms = await service.create(game_id, creator, options, match_id=match_id)
        for level in levels[1:]:
            await service.add_bot(ms.match_id, creator.id, level=level)
        done = (await service.start(ms.match_id, creator.id)).match
        seconds = time.perf_counter() - began
        service.forget(ms.match_id)
        rebuilt = await service.get(ms.match_id)
        ok = rebuilt.seq == done.seq and all_seeing_digest(rebuilt) == all_seeing_digest(done)
        results.append(SelfplayResult(ms.match_id, done.outcome, done.seq, seconds, ok))
    return results
