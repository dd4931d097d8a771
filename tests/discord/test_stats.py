"""`/parley stats` and `/parley mine` through the real bot against the Discord stand-in."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.harness import Harness
from tests.discord.helpers import open_match, state


async def _finish_one(h: Harness) -> tuple[str, int]:
    """A toy match to one point: the first roll wins it. Returns the id and the winner's seat."""
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=1")
    ms = await state(h, match_id)
    await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")
    done = await state(h, match_id)
    assert done.status == "finished"
    return match_id, done.outcome.winners[0]


@pytest.mark.slow
async def test_stats_of_a_player_with_a_chart(harness: Harness) -> None:
    h = harness
    wins = {ALICE.id: 0, BOB.id: 0}
    for _ in range(3):
        _, seat = await _finish_one(h)
        wins[[ALICE, BOB][seat].id] += 1
    await open_match(h, ALICE, BOB)  # running: played, not finished
    ex = await h.slash(CAROL, "stats", user=ALICE)
    msg = h.last_reply(ex)
    assert msg["_visible_to"] == CAROL.id
    text = msg["content"]
    rate = f"{wins[ALICE.id] / 3:.0%}"
    assert f"Matches: 4 played, 3 finished, {wins[ALICE.id]} won" in text
    if wins[ALICE.id]:
        assert f"(win rate {rate})" in text
    assert "- Toy: 4 played, 3 finished" in text
    ((name, png),) = msg["_files"]
    assert name == "stats.png"
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size[0] == 520
    # In Japanese, for oneself (Bob's locale is ja), with the right separators.
    mine = h.last_reply(await h.slash(BOB, "stats"))["content"]
    assert f"対戦: 4回参加、3回終了、{wins[BOB.id]}勝" in mine


async def test_stats_of_the_server_and_of_nobody(harness: Harness) -> None:
    h = harness
    empty = h.reply_text(await h.slash(ALICE, "stats", server=True))
    assert "No matches played on this server yet." in empty
    _, seat = await _finish_one(h)
    text = h.reply_text(await h.slash(ALICE, "stats", server=True))
    assert "Matches: 1 played, 1 finished" in text and "- Toy: 1 played, 1 finished" in text
    assert f"1. <@{[ALICE, BOB][seat].id}>: 1 won of 1" in text
    nobody = h.last_reply(await h.slash(ALICE, "stats", user=CAROL))
    assert "Matches: 0 played, 0 finished, 0 won" in nobody["content"] and not nobody.get("_files")


async def test_mine_lists_the_matches_waiting_for_you(harness: Harness) -> None:
    h = harness
    first, thread1 = await open_match(h, ALICE, BOB)
    second, thread2 = await open_match(h, ALICE, BOB)
    for match_id, thread in ((first, thread1), (second, thread2)):
        ms = await state(h, match_id)
        if ms.state.active == 1:  # make it Alice's turn
            await h.slash(BOB, "act", channel=thread, action="pass")
    text = h.reply_text(await h.slash(ALICE, "mine"))
    assert "Matches waiting for your move (2):" in text
    assert f"`{first}` · <#{thread1}>" in text and f"`{second}` · <#{thread2}>" in text
    assert "No match is waiting for you on this server." in h.reply_text(await h.slash(CAROL, "mine"))
    assert "このサーバーであなたを待っている対戦はありません。" in h.reply_text(await h.slash(BOB, "mine"))
