"""The end-of-match summary: posted once in the thread, through failures, retries and restarts."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

import bot.discord.summary
from bot.discord.delivery import BOARD, OUTBOX
from bot.replaypage.page import data_in
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import FakeHTTPError, Harness
from tests.discord.helpers import open_match, state


def summaries(h: Harness, thread: int) -> list[dict]:  # type: ignore[type-arg]
    return [m for m in h.fake.thread_messages(thread) if m["content"].startswith("**Match summary")]


async def finished(h: Harness) -> tuple[str, int]:
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=1")
    ms = await state(h, match_id)
    await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")
    assert (await state(h, match_id)).status == "finished"
    return match_id, thread


async def test_summary_is_posted_once_with_winner_length_and_replay(harness: Harness) -> None:
    h = harness
    match_id, thread = await finished(h)
    ms = await state(h, match_id)
    (posted,) = summaries(h, thread)
    text = posted["content"]
    winner = ms.seats[ms.outcome.winners[0]].name
    assert f"`{match_id}`" in text.split("\n")[0]
    assert f"Winner: **{winner}**" in text
    assert "Highest score." in text and "Scores: " in text
    assert "Length: 1 moves over 0.0 hours" in text  # one roll, within the test's seconds
    assert f"`/parley log replay match:{match_id}`" in text
    assert not posted["_pings"]["users"], "a summary pings nobody"
    # Syncing again, and a restart's repair, post nothing more.
    await h.parley.sync(match_id)
    await h.restart()
    assert len(summaries(h, thread)) == 1


async def _as_if_interrupted(h: Harness, match_id: str) -> None:
    """The record as a crash between posting the summary and noting it leaves it."""
    rec = await h.parley.delivery.record(match_id)
    rec.update(summary="sending", ended=False)
    await h.parley.service.store.set_kv(BOARD, match_id, rec)


async def test_a_crash_after_posting_does_not_post_again(harness: Harness) -> None:
    h = harness
    match_id, thread = await finished(h)
    await _as_if_interrupted(h, match_id)
    assert await h.parley.delivery.sync(match_id)
    assert len(summaries(h, thread)) == 1
    assert (await h.parley.delivery.record(match_id))["summary"] is True


async def test_a_failed_post_is_retried_from_the_outbox(harness: Harness) -> None:
    h = harness
    match_id, thread = await finished(h)
    # The summary never reached Discord, and the first retry fails too.
    h.fake.delete(summaries(h, thread)[0]["id"])
    await _as_if_interrupted(h, match_id)
    h.fake.fail_next.append((f"POST /channels/{thread}/messages", FakeHTTPError(503, 0, "Service Unavailable")))
    assert not await h.parley.delivery.sync(match_id)
    assert summaries(h, thread) == []
    assert match_id in (await h.parley.service.store.get_kv(OUTBOX, h.parley.config.process_key) or [])
    await h.bot.scheduler.tick(datetime.now(UTC))
    assert len(summaries(h, thread)) == 1
    await h.bot.scheduler.tick(datetime.now(UTC))
    assert len(summaries(h, thread)) == 1


async def test_summary_in_japanese_threads(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, BOB, ALICE, options="goal=1", guild_locale="ja")
    ms = await state(h, match_id)
    await h.slash([BOB, ALICE][ms.state.active], "act", channel=thread, action="roll")
    (posted,) = [m for m in h.fake.thread_messages(thread) if m["content"].startswith("**対戦のまとめ")]
    assert "勝者: " in posted["content"] and "長さ: 1手・0.0時間" in posted["content"]


def pages(h: Harness, thread: int) -> list[dict]:  # type: ignore[type-arg]
    return [m for m in h.fake.thread_messages(thread) if m["_files"] or "--html" in m["content"]]


async def test_the_replay_page_of_the_whole_match_follows_the_summary(harness: Harness) -> None:
    h = harness
    match_id, thread = await finished(h)
    (summary,) = summaries(h, thread)
    (posted,) = pages(h, thread)
    assert int(posted["id"]) > int(summary["id"]) and not summary["_files"]
    assert "The replay page is attached" in posted["content"]
    ((name, data),) = posted["_files"]
    assert name == f"parley-replay-{match_id}.html"
    page = data.decode()
    ms = await state(h, match_id)
    assert page.startswith("<!DOCTYPE html>") and data_in(page)["match"] == match_id
    assert data_in(page)["proof"]["commitment"] == ms.commitment and data_in(page)["proof"]["ok"] is True
    assert "http://" not in page and "https://" not in page  # opens offline
    # The thread is archived after its last post, the page; nothing is left in the outbox.
    assert h.fake.channels[thread]["archived"]
    assert match_id not in await h.parley.delivery.pending()
    await h.restart()
    assert len(pages(h, thread)) == 1


async def test_the_move_that_ends_a_match_does_not_wait_for_the_page(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    import bot.discord.drawing

    drawn = asyncio.Event()
    real = bot.discord.drawing.replay_page

    async def slow(*args: object) -> bytes:
        await drawn.wait()  # a long match's page: seconds of drawing
        return await real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(bot.discord.summary, "replay_page", slow)
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=1")
    ms = await state(h, match_id)
    ex = await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll", wait=False)
    await h.settle(ignore=("parley-page-",))
    assert ex.acked_at is not None and "rolls" in h.reply_text(ex)
    assert len(summaries(h, thread)) == 1 and pages(h, thread) == []
    assert not h.fake.channels[thread]["archived"]  # still to come: the page
    assert match_id in await h.parley.delivery.pending()  # a restart now would draw it again
    drawn.set()
    await h.settle()
    assert len(pages(h, thread)) == 1 and h.fake.channels[thread]["archived"]
    assert match_id not in await h.parley.delivery.pending()


async def test_the_move_that_ends_a_match_is_answered_before_its_end_is_shown(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    import bot.discord.delivery

    shown = asyncio.Event()
    real = bot.discord.delivery.post_summary

    async def held(*args: object) -> object:
        await shown.wait()  # the end's posts, held until the test has looked
        return await real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(bot.discord.delivery, "post_summary", held)
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=1")
    ms = await state(h, match_id)
    ex = await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll", wait=False)
    await h.settle(ignore=("parley-end-", "parley-page-"))
    assert ex.acked_at is not None and "rolls" in h.reply_text(ex)
    assert summaries(h, thread) == [] and not h.fake.channels[thread]["archived"]
    assert match_id in await h.parley.delivery.pending()  # a crash now: the scheduler shows the end
    shown.set()
    await h.settle()
    assert len(summaries(h, thread)) == 1 and len(pages(h, thread)) == 1 and h.fake.channels[thread]["archived"]
    assert match_id not in await h.parley.delivery.pending()


async def test_a_page_too_large_to_attach_is_named_with_the_command_that_makes_it(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:

    monkeypatch.setattr(bot.discord.summary, "PAGE_LIMIT", 100)
    h = harness
    match_id, thread = await finished(h)
    (posted,) = pages(h, thread)
    assert posted["_files"] == []
    assert "too large to attach" in posted["content"] and f"`parley replay {match_id} --html" in posted["content"]


async def test_a_page_that_cannot_be_drawn_leaves_the_summary_without_it(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:

    async def broken(*_: object) -> bytes:
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(bot.discord.summary, "replay_page", broken)
    h = harness
    match_id, thread = await finished(h)
    (posted,) = summaries(h, thread)
    assert pages(h, thread) == [] and "replay page" not in posted["content"]
    assert f"`/parley log replay match:{match_id}`" in posted["content"]
    assert h.fake.channels[thread]["archived"] and match_id not in await h.parley.delivery.pending()


@pytest.mark.slow
def test_the_drawing_process_reads_and_draws_the_page_the_bot_would(tmp_path: Path) -> None:
    import asyncio

    from bot.discord import drawing
    from bot.replaypage.cache import page_bytes
    from events.service import MatchService
    from events.store import Store
    from tests.replaypage.conftest import play

    played = play(tmp_path / "w.sqlite", "warlords", 2, seed=3)
    drawing.close()  # a process of this test's own, so it is seen to be started

    async def both() -> tuple[bytes, bytes]:
        store = await Store.open(played.db)
        try:
            service = MatchService(store)
            return (await page_bytes(service, played.match_id, "ja"),
                    await drawing.replay_page(service, played.db, played.match_id, "ja"))
        finally:
            await store.close()

    here, there = asyncio.run(both())
    assert drawing._worker is not None and not drawing._worker.gone, "an installed game's page is drawn in the drawing process"
    assert data_in(there.decode()) == data_in(here.decode())
    assert data_in(there.decode())["match"] == played.match_id
