"""`/parley log replay` on a finished match attaches the self-contained replay page."""

from __future__ import annotations

import pytest

from bot.discord import records
from bot.replaypage.page import data_in
from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.harness import Harness, custom_ids
from tests.discord.helpers import open_match, state


async def _finish(h: Harness, match_id: str, thread: int) -> None:
    for _ in range(40):
        ms = await state(h, match_id)
        if ms.status != "running":
            return
        await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")
    raise AssertionError("the toy match did not finish")


def _pages(h: Harness, ex) -> list[tuple[str, bytes]]:
    return [f for m in h.replies(ex) for f in m.get("_files") or [] if f[0].endswith(".html")]


async def test_a_finished_match_replay_attaches_the_page(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=3")
    await _finish(h, match_id, thread)
    ms = await state(h, match_id)
    assert ms.status == "finished"
    ex = await h.slash(CAROL, "replay", match=match_id)
    pages = _pages(h, ex)
    assert [name for name, _ in pages] == [f"parley-replay-{match_id}.html"]
    page = pages[0][1].decode()
    data = data_in(page)
    assert data["match"] == match_id and data["proof"]["ok"] is True
    assert data["steps"][-1]["seq"] == ms.seq
    assert all(m["_visible_to"] == CAROL.id for m in h.replies(ex))
    assert "replay page" in h.reply_text(ex)
    # The viewer answers first; the page follows in a message of its own, which stepping
    # the viewer (an edit in place) leaves alone.
    viewer, page_message = h.replies(ex)[0], h.replies(ex)[-1]
    assert viewer["components"] and not viewer["_files"] and page_message["_files"]
    nxt = next(c for c in custom_ids(viewer) if c.endswith(":f"))
    await h.click(CAROL, viewer, nxt)
    assert h.fake.messages[int(page_message["id"])]["_files"] == pages


async def test_a_running_match_replay_has_no_page(harness: Harness) -> None:
    h = harness
    _match_id, thread = await open_match(h, ALICE, BOB)
    await h.slash(ALICE, "act", channel=thread, action="roll")
    ex = await h.slash(ALICE, "replay", channel=thread)
    assert _pages(h, ex) == []
    assert "replay page" not in h.reply_text(ex)


async def test_a_page_over_the_limit_is_a_clear_message(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=3")
    await _finish(h, match_id, thread)
    monkeypatch.setattr(records, "PAGE_LIMIT", 1000)
    ex = await h.slash(BOB, "replay", match=match_id)
    assert _pages(h, ex) == []
    text = h.reply_text(ex)
    assert f"parley replay {match_id} --html" in text and "MiB" in text
