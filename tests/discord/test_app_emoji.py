"""Application emoji for the text boards (issue 24 item 4): made at start-up when
missing, from PNGs drawn by the board modules; boards write `<:name:id>` where the
emoji exist and plain text where they do not (not made yet, or Discord refused);
the board's picture is attached with its alt text."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord.emoji import wanted
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import FakeHTTPError, Harness
from tests.discord.helpers import board_message, board_text, open_match, state
from tests.discord.moves import play, seed_secrets


@pytest.fixture
async def emoji_harness(tmp_path: Path) -> AsyncIterator[Harness]:
    async with Harness(tmp_path / "parley.sqlite", emoji=True) as h:
        yield h
        await h.settle()
        assert h.fake.violations == [], "Discord limits broken:\n" + "\n".join(h.fake.violations)


def uploads(h: Harness) -> list[str]:
    return [c.payload["name"] for c in h.fake.calls if c.method == "POST" and c.path.endswith("/emojis")]


async def _ready(h: Harness) -> int:
    assert h.bot is not None and h.bot.emoji_ready is not None
    return await h.bot.emoji_ready


def _inline(text: str) -> list[tuple[str, str]]:
    return re.findall(r"<:(\w+):(\d+)>", text)


@pytest.mark.slow
async def test_start_up_makes_every_missing_emoji_and_the_board_shows_them(emoji_harness: Harness) -> None:
    h = emoji_harness
    made = await _ready(h)
    names = set(wanted())
    assert set(h.fake.emojis) == names and made == len(names) == len(uploads(h))
    assert {n for n in names if n.startswith("pq_")} and {n for n in names if n.startswith("pw_")}
    for e in h.fake.emojis.values():  # a 128 x 128 PNG each
        assert e["_png"][:8] == b"\x89PNG\r\n\x1a\n" and e["_png"][16:24] == (128).to_bytes(4, "big") * 2
    await play(h, "quarriors", (ALICE, BOB), 12)
    thread = next(c["id"] for c in h.fake.channels.values() if c["type"] == 11)
    board, message = board_text(h, thread), board_message(h, thread)
    shown = _inline(board)
    ids = {name: e["id"] for name, e in h.fake.emojis.items()}
    assert shown and all(ids.get(name) == eid for name, eid in shown)  # only real emoji, by their own ids
    assert {name for name, _ in shown} >= {"p_seat0", "p_seat1"}
    assert not re.search(r"\[(?:L\d|Q\d|SP|D\d|R)[^\]]*\]", board)  # no face left as plain text
    # The picture is attached, with alt text naming both players.
    assert [a["filename"] for a in message["attachments"]] == ["board.png"]
    alt = message["_alt"]["board.png"]
    assert alt and "alice" in alt and "bob" in alt and len(alt) <= 1024


@pytest.mark.slow
async def test_a_restart_makes_only_the_emoji_that_are_missing(emoji_harness: Harness) -> None:
    h = emoji_harness
    await _ready(h)
    gone = sorted(h.fake.emojis)[:3]
    for name in gone:
        del h.fake.emojis[name]
    before = len(uploads(h))
    await h.restart()
    assert await _ready(h) == 3
    assert uploads(h)[before:] == [n for n in wanted() if n in gone]


@pytest.mark.slow
async def test_a_refused_upload_leaves_plain_text_where_there_is_no_emoji(emoji_harness: Harness) -> None:
    """Discord refuses the fourth upload (the application's emoji are full): the first three are
    used, every other face and piece is written as text, and the board still posts."""
    h = emoji_harness
    await _ready(h)
    h.fake.emojis.clear()
    h.fake.emoji_limit = 3
    await h.restart()
    assert await _ready(h) == 3
    have = set(h.fake.emojis)
    seed_secrets(h, 4)
    match_id, thread = await open_match(h, ALICE, BOB, game="warlords", options="")
    content = board_text(h, thread)
    assert {name for name, _ in _inline(content)} <= have
    assert "p_seat0" in have and "<:p_seat0:" in content  # the first three drawn are the seats' colours
    assert re.search(r"\b(castle|stack)\b", content) or "城砦" in content  # pieces as words
    assert (await state(h, match_id)).status == "running"


@pytest.mark.slow
async def test_without_the_list_the_boards_stay_plain(emoji_harness: Harness) -> None:
    h = emoji_harness
    await _ready(h)
    h.fake.fail_next.append(("GET /applications", FakeHTTPError(503, 0, "Service Unavailable")))
    h.fake.emojis.clear()
    await h.restart()
    assert await _ready(h) == 0 and h.fake.emojis == {}
    assert h.parley.delivery.emoji.marks == {}
    seed_secrets(h, 2)
    _, thread = await open_match(h, ALICE, BOB, game="quarriors", options="")
    assert not _inline(board_text(h, thread))
