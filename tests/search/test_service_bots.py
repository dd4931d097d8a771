"""Search bots in the match service: the level comes from the player id, the
move is the search's (drawn from the service's bot Rng, so a match is
reproducible), and the search runs off the event loop."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from engine.core import Rng
from engine.core import search as engine_search
from events import bots
from events.bots import bot_level, bot_player
from events.model import Player
from events.replay import all_seeing_digest
from events.selfplay import selfplay
from events.service import MatchService
from events.store import Store

ANN = Player(id="local:ann", name="ann")


def test_the_level_is_in_the_player_id_and_old_ids_are_easy() -> None:
    assert bot_player(2) == Player(id="bot:2", name="Bot 2")
    assert bot_player(2, "hard") == Player(id="bot:hard:2", name="Bot 2 (hard)")
    assert [bot_level(i) for i in ("bot:2", "bot:normal:3", "bot:hard:1", "bot:odd:1", "local:hard")] == \
        ["easy", "normal", "hard", "easy", "easy"]
    assert bot_player(3, "normal").is_bot


async def _opening(tmp_path: Path, name: str, level: str, monkeypatch: pytest.MonkeyPatch
                   ) -> tuple[MatchService, str, list[tuple[float, float]], list[float]]:
    """Ann against one bot of `level` in Naru, started (the bot makes its
    mulligan decision in the same command); when each search ran, and when
    the event loop ran something else meanwhile (a ticker's turns)."""
    store = await Store.open(tmp_path / f"{name}.sqlite")
    service = MatchService(store, new_secret=lambda: bytes(range(32)), bot_rng=Rng(b"bots" * 8))
    ms = await service.create("naru", ANN, {})
    await service.add_bot(ms.match_id, ANN.id, level=level)
    searches: list[tuple[float, float]] = []
    search = engine_search.choose  # the search itself, not an earlier opening's wrapper of it

    def timed(*args: Any) -> Any:
        began = time.perf_counter()
        try:
            return search(*args)
        finally:
            searches.append((began, time.perf_counter()))

    monkeypatch.setattr(bots, "choose", timed)
    done = False
    ticks: list[float] = []

    async def ticker() -> None:
        while not done:
            await asyncio.sleep(0)
            ticks.append(time.perf_counter())

    task = asyncio.create_task(ticker())
    await service.start(ms.match_id, ANN.id)
    done = True
    await task
    return service, ms.match_id, searches, ticks


@pytest.mark.slow
async def test_a_hard_bot_moves_off_the_event_loop_and_reproducibly(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    first, match_id, searches, ticks = await _opening(tmp_path, "a", "hard", monkeypatch)
    second, again, _, _ = await _opening(tmp_path, "b", "hard", monkeypatch)
    one, two = await first.get(match_id), await second.get(again)
    bot_moves = [e for e in await first.store.events(match_id) if e.type == "action" and e.actor == "system"]
    assert bot_moves and bot_moves[0].payload["seat"] == 1
    assert all_seeing_digest(one) == all_seeing_digest(two)  # same secret, same bot Rng: the same match
    # The search is most of the start; run on the loop it would be one long stall in which
    # nothing else runs. Off it, the loop takes turns while it searches: an order of events, not a
    # speed, so a loaded machine (CI beside other work) cannot fail it as a ratio of times could.
    assert searches
    for began, ended in searches:
        assert any(began < tick < ended for tick in ticks), (began, ended, len(ticks))
    for service in (first, second):
        await service.store.close()


async def test_an_unknown_level_is_refused_and_the_lobby_is_unchanged(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "r.sqlite")
    service = MatchService(store, new_secret=lambda: bytes(range(32)), bot_rng=Rng(b"bots" * 8))
    ms = await service.create("naru", ANN, {})
    with pytest.raises(Exception, match="There is no bot level 'expert' for Naru") as refused:
        await service.add_bot(ms.match_id, ANN.id, level="expert")
    assert "「expert」" in refused.value.message("ja")  # type: ignore[attr-defined]
    assert [p.id for p in (await service.get(ms.match_id)).lobby] == [ANN.id]
    await store.close()


@pytest.mark.slow  # search bots play whole matches
async def test_selfplay_of_normal_bots_replays_and_repeats(tmp_path: Path) -> None:
    runs = []
    for name in ("x", "y"):
        store = await Store.open(tmp_path / f"{name}.sqlite")
        runs.append(await selfplay(store, "naru", 2, 1, seed=5, levels=["normal", "easy"]))
        await store.close()
    (a,), (b,) = runs
    assert a.replay_ok and b.replay_ok and a.outcome is not None
    assert (a.outcome, a.events) == (b.outcome, b.events)


async def test_selfplay_refuses_a_level_the_game_lacks_before_making_any_match(tmp_path: Path) -> None:
    import tests.toygame  # noqa: F401  (registers the toy game, which has no search)
    from events.errors import Refused

    store = await Store.open(tmp_path / "p.sqlite")
    try:
        with pytest.raises(Refused, match="no bot level 'hard'"):
            await selfplay(store, "toy", 2, 1, seed=1, levels=["easy", "hard"])
        assert await store.matches() == []
    finally:
        await store.close()
