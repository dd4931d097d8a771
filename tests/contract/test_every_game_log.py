"""The shared suite, through the match log: every game in the registry played by
its bots through the real service over a real SQLite file. A takeback is never
granted after an action that showed any seat something hidden from it, and a
moderator's undo followed by redo gives back the very same match. Example
counts come from the hypothesis profile (tests/conftest.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import ALL_SEEING, Rng, RuleError
from engine.core.reveal import hidden_gains
from engine.registry import get_game
from events.errors import Refused
from events.model import Player
from events.service import MatchService
from events.store import Store

from .matches import GAMES, seats_of

PLAYERS = [Player(id=f"local:p{i}", name=f"P{i}") for i in range(8)]
MOVES = 16

# Whole matches through the real service and store, over hypothesis examples: seconds a test.
pytestmark = pytest.mark.slow


async def playing(tmp: Path, game_id: str, seed: int) -> tuple[Store, MatchService, str]:
    store = await Store.open(tmp / "c.sqlite")
    svc = MatchService(store, snapshot_every=5, new_secret=lambda: seed.to_bytes(8, "big") * 4, operator="m")
    ms = await svc.create(game_id, PLAYERS[0], {})
    for p in PLAYERS[1:seats_of(game_id)]:
        await svc.join(ms.match_id, p)
    await svc.start(ms.match_id, PLAYERS[0].id)
    return store, svc, ms.match_id


async def bot_move(svc: MatchService, match_id: str, rng: Rng) -> tuple[Any, Any, int] | None:
    """One bot-chosen move by whoever is waited on: (state before, result, seat)."""
    waiting = await svc.waiting(match_id)
    if not waiting:
        return None
    pending, player = waiting[0]
    before = await svc.get(match_id)
    action = before.game.bot_action(before.state, pending.seat, rng)
    return before, await svc.act(match_id, player.id, action), pending.seat


async def takeback_after_reveal(tmp: Path, game_id: str, seed: int) -> int:
    store, svc, mid = await playing(tmp, game_id, seed)
    game = get_game(game_id)
    rng = Rng(seed.to_bytes(8, "big") * 4, 0)
    judged = 0
    try:
        for _ in range(MOVES):
            moved = await bot_move(svc, mid, rng)
            if moved is None:
                break
            before, result, seat = moved
            after = await svc.get(mid)
            if after.status != "running":
                break
            mine = [e for e in result.events if e.type == "action" and e.payload.get("seat") == seat]
            if not mine or len(result.events) != 1:
                continue  # automatic moves followed (a bot's, or this seat's forced one): not judged here
            drew = after.counter != before.counter
            gained = hidden_gains(game, before.state, after.state, len(after.seats), seat)
            if gained or drew:
                judged += 1
                assert mine[-1].payload["reveals"] is True, (game_id, mine[-1].payload, gained)
                with pytest.raises(Refused, match="revealed hidden information"):
                    await svc.request_takeback(mid, PLAYERS[seat].id)
    finally:
        await store.close()
    return judged


async def undo_redo(tmp: Path, game_id: str, seed: int, back: int) -> None:
    store, svc, mid = await playing(tmp, game_id, seed)
    rng = Rng(seed.to_bytes(8, "big") * 4, 0)
    try:
        played = 0
        for _ in range(MOVES):
            try:
                moved = await bot_move(svc, mid, rng)
            except RuleError:
                continue
            if moved is None or (await svc.get(mid)).status != "running":
                break
            played += 1
        before = await svc.get(mid)
        if played == 0 or before.status != "running":
            return  # a finished match is final: nothing to undo
        await svc.undo(mid, "m", count=min(back, played))
        undone = await svc.get(mid)
        assert undone.seq > before.seq
        await svc.redo(mid, "m")
        after = await svc.get(mid)
        assert after.state == before.state and after.counter == before.counter
        assert after.game.view(after.state, ALL_SEEING) == before.game.view(before.state, ALL_SEEING)
        fresh = await MatchService(store).get(mid)  # and the log alone says the same
        assert fresh.state == after.state
    finally:
        await store.close()


@pytest.mark.parametrize("game_id", GAMES)
@given(seed=st.integers(0, 2**32))
def test_no_takeback_after_an_action_that_showed_anyone_something_hidden(tmp_path_factory, game_id, seed):
    asyncio.run(takeback_after_reveal(tmp_path_factory.mktemp("tb"), game_id, seed))


@pytest.mark.parametrize("game_id", ["quarriors", "naru", "musou", "warlords"])
def test_the_takeback_check_meets_reveals_in_every_real_game(tmp_path, game_id):
    """A control: the property above is not vacuous, each game reveals within a few matches."""
    judged = 0
    for seed in range(3):
        (tmp_path / str(seed)).mkdir()
        judged += asyncio.run(takeback_after_reveal(tmp_path / str(seed), game_id, seed))
    assert judged > 0


@pytest.mark.parametrize("game_id", GAMES)
@given(seed=st.integers(0, 2**32), back=st.integers(1, 6))
def test_undo_then_redo_gives_back_the_same_match(tmp_path_factory, game_id, seed, back):
    asyncio.run(undo_redo(tmp_path_factory.mktemp("ur"), game_id, seed, back))
