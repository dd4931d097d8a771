
"""Several processes on one database stay correct: each checks the match's
newest seq before serving its cached state, so none shows or acts on a state
another process (a second bot, the CLI's undo) has moved past."""

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from events.service import MatchService
from events.store import Store
from events.verify import verify_match

from .conftest import ANN, BEN, play, started

ROOT = Path(__file__).resolve().parents[2]


async def two(db):
    a_store, b_store = await Store.open(db), await Store.open(db)
    return (a_store, MatchService(a_store)), (b_store, MatchService(b_store))


async def test_a_cached_match_is_caught_up_after_another_process_moves(db):
    (a_store, a), (b_store, b) = await two(db)
    try:
        match_id = await started(a, ANN, BEN)
        cached = await a.get(match_id)
        await play(b, match_id, 3)
        moved = await b.get(match_id)
        assert moved.seq > cached.seq
        fresh = await a.get(match_id)
        assert fresh.seq == moved.seq and fresh.state == moved.state
        # ...and a acts on that state, not on its old one.
        await play(a, match_id, 1)
        assert (await b.get(match_id)).seq == (await a.get(match_id)).seq
    finally:
        await a_store.close()
        await b_store.close()


@pytest.mark.slow
async def test_verify_after_a_cli_undo_in_another_process_passes(db):
    store = await Store.open(db)
    service = MatchService(store)
    try:
        # A real game, since the CLI in the other process knows only the real ones.
        ms = await service.create("quarriors", ANN)
        await service.join(ms.match_id, BEN)
        await service.start(ms.match_id, ANN.id)
        match_id = ms.match_id
        await play(service, match_id, 8)
        await service.get(match_id)  # cached by "the bot"
        done = subprocess.run([sys.executable, "-m", "bot.cli", "--db", str(db), "undo", match_id, "--count", "2",
                               "--reason", "misclick"], capture_output=True, text=True, timeout=60, cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 0, done.stderr
        ms = await service.get(match_id)
        assert (await store.events(match_id))[-1].type == "revert" and ms.seq == await store.last_seq(match_id)
        report = await verify_match(service, match_id)
        assert report.ok, [x.en for x in report.lines]
    finally:
        await store.close()


async def test_interleaved_commands_from_two_processes_lose_no_update(db):
    (a_store, a), (b_store, b) = await two(db)
    try:
        match_id = await started(a, ANN, BEN, options={"goal": 10**6})
        accepted = 0
        for n in range(30):
            # Both processes try the current player's move at once; exactly one lands.
            ms = await a.get(match_id)
            (_pending, player), *_ = await a.waiting(match_id)
            action = (await a.choices(match_id, player.id))[-1].action
            results = await asyncio.gather(
                a.act(match_id, player.id, action, command_id=f"a-{n}", expected_seq=ms.seq),
                b.act(match_id, player.id, action, command_id=f"b-{n}", expected_seq=ms.seq),
                return_exceptions=True)
            landed = [r for r in results if not isinstance(r, BaseException)]
            assert len(landed) == 1, results
            accepted += 1
        events = await a_store.events(match_id)
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        assert sum(1 for e in events if (e.command_id or "")[:2] in ("a-", "b-")) == accepted
        assert (await a.get(match_id)).state == (await b.get(match_id)).state
        assert (await verify_match(a, match_id)).ok
    finally:
        await a_store.close()
        await b_store.close()


async def test_a_view_decided_but_never_committed_is_not_served(db):
    """Process a decides a move (computing its board) but b commits that seq
    first: a must then show b's board, not the one it computed."""
    from engine.core import SPECTATOR
    from events.replay import apply_action
    (a_store, a), (b_store, b) = await two(db)
    try:
        match_id = await started(a, ANN, BEN, options={"goal": 10**6})
        ms = await a.get(match_id)
        (pending, player), *_ = await a.waiting(match_id)
        choices = await a.choices(match_id, player.id)
        first, last = choices[0].action, choices[-1].action
        # a's decision, whose commit will lose the race: its board is computed.
        decided, _ = apply_action(ms, pending.seat, dict(last), await a_store.secret(match_id), ms.seq + 1)
        a.view_of(decided, SPECTATOR)
        await b.get(match_id)
        await b.act(match_id, player.id, first, expected_seq=ms.seq)
        now = await a.get(match_id)
        assert now.seq == decided.seq
        assert decided.game.view(decided.state, SPECTATOR) != now.game.view(now.state, SPECTATOR)
        assert a.view_of(now, SPECTATOR) == now.game.view(now.state, SPECTATOR)
    finally:
        await a_store.close()
        await b_store.close()
