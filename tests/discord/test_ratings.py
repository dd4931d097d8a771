"""`/parley ladder` (a table and a chart with alt text; a player's place), the
rated/casual match option and its server default, ratings on `/parley stats`
and `/parley-mod season`, through the real bot in English and Japanese."""

from __future__ import annotations

import io

import pytest
from openskill.models import PlackettLuce
from PIL import Image

from tests.discord.conftest import ALICE, BOB, CAROL, MOD
from tests.discord.harness import Harness, User
from tests.discord.helpers import open_match, state

PL = PlackettLuce()


async def _finish_one(h: Harness, **kw: object) -> User:
    """A toy match to one point, Alice against Bob: the first roll wins it. Returns the winner."""
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=1", **kw)
    ms = await state(h, match_id)
    await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")
    done = await state(h, match_id)
    assert done.status == "finished"
    return [ALICE, BOB][done.outcome.winners[0]]


@pytest.mark.slow
async def test_rating_and_ladder_in_both_languages(harness: Harness) -> None:
    h = harness
    assert "No rated match of Toy yet." in h.reply_text(await h.slash(ALICE, "ladder", game="toy"))
    winner = await _finish_one(h)
    loser = BOB if winner is ALICE else ALICE
    await _finish_one(h, rated=False)  # casual: moves nobody
    [[won], [lost]] = PL.rate([[PL.rating()], [PL.rating()]], ranks=[1.0, 2.0])

    text = h.reply_text(await h.slash(CAROL, "ladder", user=winner, game="toy"))
    line = f"Toy: {won.ordinal():.1f}  (μ {won.mu:.1f}, σ {won.sigma:.1f}; 1 rated matches)"
    assert f"{winner.mention}: {line} (provisional: fewer than 5 rated matches), place 1 of 2" in text
    assert f"{CAROL.mention} has no rating here yet." in h.reply_text(
        await h.slash(ALICE, "ladder", user=CAROL, game="toy"))

    msg = h.last_reply(await h.slash(CAROL, "ladder", game="toy"))
    assert msg["_visible_to"] == CAROL.id
    lines = msg["content"].splitlines()
    assert lines[0] == "**Ladder: Toy on this server**"
    assert lines[1].startswith(f"1. {winner.mention}  {won.ordinal():.1f}  (1 rated matches)")
    assert lines[2].startswith(f"2. {loser.mention}  {lost.ordinal():.1f}")
    ((name, png),) = msg["_files"]
    assert name == "ladder.png" and Image.open(io.BytesIO(png)).format == "PNG"
    assert msg["_alt"]["ladder.png"].startswith("Bar chart of the Toy ladder: ")
    assert f"{won.ordinal():.1f}" in msg["_alt"]["ladder.png"]

    ja = h.last_reply(await h.slash(BOB, "ladder", game="toy"))  # Bob reads Japanese
    assert "ラダー：" in ja["content"] and "暫定" in ja["content"]
    assert ja["_alt"]["ladder.png"].startswith("おもちゃのラダーの棒グラフ：")
    assert "人中" in h.reply_text(await h.slash(BOB, "ladder", game="toy", user=BOB))

    stats = h.reply_text(await h.slash(ALICE, "stats"))
    assert "Ratings (`/parley ladder` for the tables):" in stats and "- Toy: " in stats and "1 rated matches" in stats
    refused = h.reply_text(await h.slash(ALICE, "ladder", game="chess"))
    assert "Unknown game 'chess'." in refused
    assert not h.fake.violations


@pytest.mark.slow
async def test_server_default_casual_and_seasons(harness: Harness) -> None:
    h = harness
    shown = h.reply_text(await h.slash(MOD, "settings", rated=False))
    assert "New matches are casual, not rated" in shown
    await _finish_one(h)  # casual by the server's default
    assert "No rated match of Toy yet." in h.reply_text(await h.slash(ALICE, "ladder", game="toy"))
    await _finish_one(h, rated=True)  # its creator chose rated
    assert "(1 rated matches)" in h.reply_text(await h.slash(ALICE, "ladder", game="toy"))

    assert "No season is running" in h.reply_text(await h.slash(MOD, "season", action="end"))
    assert "moderat" in h.reply_text(await h.slash(ALICE, "season", action="start")).lower()
    assert "Season 1 has started" in h.reply_text(await h.slash(MOD, "season", action="start"))
    text = h.reply_text(await h.slash(ALICE, "ladder", game="toy"))
    assert "Season 1 ladder: Toy on this server" in text and "No rated match of Toy yet." in text
    await _finish_one(h, rated=True)
    await _finish_one(h, rated=True)
    assert "(2 rated matches)" in h.reply_text(await h.slash(ALICE, "ladder", game="toy"))
    assert "Season 1 has ended" in h.reply_text(await h.slash(MOD, "season", action="end"))
    kept = h.reply_text(await h.slash(BOB, "ladder", game="toy", season=1))
    assert "シーズン1の最終順位" in kept and "対戦2戦" in kept
    # All time again, once the season is over: every rated match.
    assert "(3 rated matches)" in h.reply_text(await h.slash(ALICE, "ladder", game="toy"))
    assert "There is no closed season 2" in h.reply_text(await h.slash(ALICE, "ladder", game="toy", season=2))
    assert not h.fake.violations
