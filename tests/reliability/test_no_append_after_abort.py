"""A command decided on one state never lands on another (issue 21, item 2).

The interleaving the probe found, made to happen every time: a human move
whose bot reply is being searched off the event loop; meanwhile another
process aborts the match and a reader of the first process catches its cache
up. The move must then be refused (the match is aborted), and the log must
still replay, verify and say the match is aborted, on both backends."""

import asyncio

import pytest

import events.service as service_module
from events.errors import Refused
from events.service import MatchService
from events.stores import open_store
from events.verify import verify_match
from tests.stores.conftest import backend, db_url, new_db, pg_server  # noqa: F401  (fixtures)

from .conftest import ANN


async def _human_against_bot(service: MatchService) -> str:
    ms = await service.create("naru", ANN)
    await service.add_bot(ms.match_id, ANN.id)
    await service.start(ms.match_id, ANN.id)
    # Play until it is Ann's move and the bot answers it.
    for _ in range(50):
        waiting = await service.waiting(ms.match_id)
        if waiting and waiting[0][1].id == ANN.id:
            return ms.match_id
    raise AssertionError("Ann never got a move")


def _pause_the_first_bot_move(monkeypatch):
    """The first bot move waits for `go_on` (after setting `thinking`), as a
    search running off the event loop would; later ones answer at once."""
    thinking, go_on = asyncio.Event(), asyncio.Event()
    real = service_module.bot_move
    calls = 0

    async def slow_bot(*args, **kwargs):
        nonlocal calls
        calls += 1
        if calls == 1:
            thinking.set()
            await go_on.wait()
        return await real(*args, **kwargs)

    monkeypatch.setattr(service_module, "bot_move", slow_bot)
    return thinking, go_on


@pytest.mark.slow
async def test_a_move_decided_before_an_abort_elsewhere_is_refused_and_the_log_replays(
        db_url, monkeypatch):  # noqa: F811
    a_store, b_store = await open_store(db_url), await open_store(db_url)
    try:
        a, b = MatchService(a_store), MatchService(b_store, operator="mod")
        match_id = await _human_against_bot(a)
        thinking, go_on = _pause_the_first_bot_move(monkeypatch)
        choice = (await a.choices(match_id, ANN.id))[0]
        move = asyncio.create_task(a.act(match_id, ANN.id, choice.action))
        await asyncio.wait_for(thinking.wait(), 10)
        await b.abort(match_id, "mod", "left half-made")
        # A reader in the first process (a board refresh, `mine`) catches the cache up meanwhile.
        assert (await a.get(match_id)).status == "aborted"
        go_on.set()
        with pytest.raises(Refused) as refused:
            await move
        assert "aborted" in refused.value.what.en
        events = await a_store.events(match_id)
        assert events[-1].type == "match_aborted"
        assert (await a_store.match(match_id)).status == "aborted"
        fresh = MatchService(b_store)
        assert (await fresh.get(match_id)).status == "aborted"
        report = await verify_match(fresh, match_id)
        assert report.ok, [x.en for x in report.lines]
    finally:
        await a_store.close()
        await b_store.close()


async def test_a_button_pressed_before_another_process_moved_is_refused_as_stale(
        db_url, monkeypatch):  # noqa: F811
    """The same race with a move instead of an abort (Ann on two devices): the
    late command is decided again on the newer state, where its button (offered
    at the old event) is stale, so it is refused and the log follows the rules."""
    a_store, b_store = await open_store(db_url), await open_store(db_url)
    try:
        a, b = MatchService(a_store), MatchService(b_store)
        match_id = await _human_against_bot(a)
        thinking, go_on = _pause_the_first_bot_move(monkeypatch)
        before = await a.get(match_id)
        choice = (await a.choices(match_id, ANN.id))[0]
        move = asyncio.create_task(a.act(match_id, ANN.id, choice.action, expected_seq=before.seq))
        await asyncio.wait_for(thinking.wait(), 10)
        await b.act(match_id, ANN.id, choice.action, expected_seq=before.seq)
        moved = await a.get(match_id)
        assert moved.seq > before.seq
        go_on.set()
        with pytest.raises(Refused):
            await move
        assert (await a.get(match_id)).seq == moved.seq
        fresh = MatchService(b_store)
        assert (await fresh.get(match_id)).seq == moved.seq
        report = await verify_match(fresh, match_id)
        assert report.ok, [x.en for x in report.lines]
    finally:
        await a_store.close()
        await b_store.close()
