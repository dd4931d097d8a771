"""The board in the thread: pinned, linked from every log message, split when long, never clipped."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.discord import layout
from bot.discord.split import split_message
from tests.discord import games
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import COMPONENTS_V2, Harness, custom_ids
from tests.discord.helpers import open_match, state


def pins(h: Harness, method: str = "PUT") -> list[str]:
    return [c.path for c in h.fake.calls if c.method == method and "/pins/" in c.path]


async def test_board_is_pinned_once_and_every_log_message_links_to_it(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    for _ in range(3):
        ms = await state(h, match_id)
        await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")
    rec = await h.parley.delivery.record(match_id)
    board = h.fake.messages[int(rec["board_msg"])]
    assert board["pinned"] and pins(h) == [f"/channels/{thread}/messages/pins/{rec['board_msg']}"]
    link = f"https://discord.com/channels/{h.fake.guild_id}/{thread}/{rec['board_msg']}"
    after_start = [m["content"] for m in h.fake.thread_messages(thread) if int(m["id"]) > int(rec["board_msg"])
                   and "\n-# #" in m["content"]]
    assert len(after_start) == 4  # the start and three moves
    # The link, then the chain head as of the message's last event (issue 21: heads posted as moves land).
    assert all(re.search(rf" · \[Board\]\(<{re.escape(link)}>\) · ⛓ `\d+:[0-9a-f]{{16}}`$", m) for m in after_start)


def _text(msg: dict[str, Any]) -> str:
    return layout.text_of(msg)


@pytest.mark.usefixtures("seated")
async def test_a_long_board_is_split_not_clipped(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    monkeypatch.setitem(games.BOARD_LINES, "n", 130)  # about 9,000 characters: three layout messages of 4,000
    match_id, thread = await open_match(h, ALICE, BOB, game="seated")
    ms = await state(h, match_id)
    rec = await h.parley.delivery.record(match_id)
    ids = [rec["board_msg"], *rec["board_more"]]
    parts = [h.fake.messages[int(i)] for i in ids]
    assert len(parts) == 3 and all(p["flags"] & COMPONENTS_V2 and not p["content"] for p in parts)
    whole = h.parley.delivery.board_text(ms, "en")
    assert [_text(p) for p in parts] == split_message(whole, 4000)
    assert "row 129" in _text(parts[-1]) and _text(parts[-1]).endswith("Waiting for **alice**.")
    assert custom_ids(parts[-1]) == [f"p:h:{match_id}"] and not custom_ids(parts[0])  # the button under the last
    assert [int(m["id"]) for m in h.fake.thread_messages(thread) if _text(m)][-4:-1] == [int(i) for i in ids]
    assert h.fake.messages[int(ids[0])]["pinned"]
    # a move keeping her turn that changes nothing public: no message edited
    stamps = [h.fake.messages[int(i)]["edited_timestamp"] for i in ids]
    await h.slash(ALICE, "act", channel=thread, action="mark")
    assert [h.fake.messages[int(i)]["edited_timestamp"] for i in ids] == stamps
    # her turn passes: the same messages, edited in place; the middle one's text is the same,
    # but every message takes the colour of the seat now awaited
    before = [_text(h.fake.messages[int(i)]) for i in ids]
    await h.slash(ALICE, "act", channel=thread, action="roll")
    rec = await h.parley.delivery.record(match_id)
    assert [rec["board_msg"], *rec["board_more"]] == ids
    after = [h.fake.messages[int(i)] for i in ids]
    assert [_text(m) != text for m, text in zip(after, before, strict=True)] == [True, False, True]
    assert [m["components"][0]["accent_color"] for m in after] == [layout.SEAT_ACCENTS[1]] * 3
    assert _text(after[-1]).endswith("Waiting for **bob**.")


@pytest.mark.usefixtures("seated")
async def test_a_board_that_grows_is_posted_afresh_and_the_old_one_points_to_it(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, game="seated")
    old = (await h.parley.delivery.record(match_id))["board_msg"]
    monkeypatch.setitem(games.BOARD_LINES, "n", 70)
    await h.slash(ALICE, "act", channel=thread, action="mark")
    rec = await h.parley.delivery.record(match_id)
    new = [rec["board_msg"], *rec["board_more"]]
    assert len(new) == 2 and old not in new
    link = f"https://discord.com/channels/{h.fake.guild_id}/{thread}/{new[0]}"
    moved = h.fake.messages[int(old)]
    assert _text(moved) == f"↪ The board has grown and moved here: {link}" and not custom_ids(moved)
    assert moved["flags"] & COMPONENTS_V2 and not moved["attachments"]
    assert not moved["pinned"] and h.fake.messages[int(new[0])]["pinned"]
    assert pins(h, "DELETE") == [f"/channels/{thread}/messages/pins/{old}"]
    # The log line of the move comes after the new board and links to it.
    last_log = [m for m in h.fake.thread_messages(thread) if "\n-# #" in m["content"]][-1]
    assert int(last_log["id"]) > int(new[-1]) and re.search(rf"\[Board\]\(<{re.escape(link)}>\) · ⛓ `\d+:[0-9a-f]{{16}}`$", last_log["content"])
    # Shorter again: the first message is edited in place, the extra one deleted.
    monkeypatch.setitem(games.BOARD_LINES, "n", 3)
    await h.slash(ALICE, "act", channel=thread, action="mark")
    rec = await h.parley.delivery.record(match_id)
    assert rec["board_msg"] == new[0] and rec["board_more"] == []
    assert int(new[1]) not in h.fake.messages


@pytest.mark.usefixtures("seated")
async def test_a_board_of_4000_characters_is_one_message(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    monkeypatch.setitem(games.BOARD_LINES, "n", 50)  # about 3,500 characters: two classic messages, one layout
    match_id, _ = await open_match(h, ALICE, BOB, game="seated")
    rec = await h.parley.delivery.record(match_id)
    assert rec["board_more"] == []
    board = h.fake.messages[int(rec["board_msg"])]
    assert 2000 < len(_text(board)) <= 4000 and "row 049" in _text(board)
    [box, row] = board["components"]
    seat = (await state(h, match_id)).state.active
    assert box["type"] == 17 and box["accent_color"] == layout.SEAT_ACCENTS[seat]
    assert row["type"] == 1 and custom_ids(row) == [f"p:h:{match_id}"]


async def test_without_pin_permission_the_board_is_linked_and_pinned_after_a_restart(harness: Harness) -> None:
    h = harness
    h.fake.pins_refused = True
    match_id, thread = await open_match(h, ALICE, BOB)
    rec = await h.parley.delivery.record(match_id)
    assert not h.fake.messages[int(rec["board_msg"])]["pinned"]
    assert rec["pin"] == {"msg": rec["board_msg"], "ok": False}
    tried = len(pins(h))
    ms = await state(h, match_id)
    await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")
    assert len(pins(h)) == tried  # not asked again on every move
    assert await h.parley.delivery.pending() == []  # nothing left undone because of it
    h.fake.pins_refused = False  # the server granted Pin Messages
    await h.restart()
    assert h.fake.messages[int(rec["board_msg"])]["pinned"]


@pytest.mark.usefixtures("seated")
async def test_a_long_hand_comes_in_several_messages_with_the_menu_under_the_last(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    monkeypatch.setitem(games.BOARD_LINES, "hand", 100)  # about 7,000 characters
    match_id, thread = await open_match(h, ALICE, BOB, game="seated")
    dms = h.fake.dms(ALICE.id)
    # Layout messages (bot/discord/handlayout.py): 4,000 characters each, so two where classic ones took four.
    assert len(dms) == 2 and all(len(layout.text_of(m)) <= 4000 and m["flags"] & COMPONENTS_V2 for m in dms)
    assert layout.text_of(dms[0]).startswith("**Seated** · match ") and "note 099" in layout.text_of(dms[1])
    assert not custom_ids(dms[0]) and custom_ids(dms[1])[0].startswith(f"p:s:{match_id}:")
    assert layout.text_of(dms[1]).endswith("\n**alice to play.**")
    # a move that keeps her turn: both edited in place, no new message
    await h.slash(ALICE, "act", channel=thread, action="mark")
    assert [m["id"] for m in h.fake.dms(ALICE.id)] == [m["id"] for m in dms]
    assert custom_ids(h.fake.dms(ALICE.id)[1])[0] == f"p:s:{match_id}:{(await state(h, match_id)).seq}:0"
    # the private reply to /parley hand: as many private layout messages as the DM, the menu under the last
    shown = await h.slash(ALICE, "hand", channel=thread)
    replies = h.replies(shown)
    assert len(replies) == 2 and all(m["_visible_to"] == ALICE.id and m["flags"] & COMPONENTS_V2 for m in replies)
    assert "note 099" in h.reply_text(shown) and custom_ids(replies[-1]) and not custom_ids(replies[0])


@pytest.mark.usefixtures("seated")
async def test_a_long_replay_stays_one_message(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    monkeypatch.setitem(games.BOARD_LINES, "n", 50)
    monkeypatch.setitem(games.BOARD_LINES, "hand", 20)
    _, thread = await open_match(h, ALICE, BOB, game="seated")
    ex = await h.slash(ALICE, "replay", channel=thread)
    [msg] = h.replies(ex)
    assert len(msg["content"]) <= 2000 and msg["embeds"]  # what does not fit goes in embeds below
    text = h.reply_text(ex)
    assert "row 049" in text and "note 019" in text and [i.rsplit(":", 1)[1] for i in custom_ids(msg)] == [
        "f", "p", "n", "l", "j", "m"]


async def test_a_board_posted_before_layouts_is_posted_afresh_as_one(harness: Harness) -> None:
    """A running match whose board is still a classic message (posted by an older version):
    a layout's flag cannot be put on it, so the board is posted anew and the old one links to it."""
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    rec = await h.parley.delivery.record(match_id)
    old = h.fake.messages[int(rec["board_msg"])]
    old.update(flags=0, content=layout.text_of(old), components=[])  # as the older version posted it
    rec.pop("board_v2")
    await h.parley.delivery.save_record(match_id, rec)
    ms = await state(h, match_id)
    await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")
    new = (await h.parley.delivery.record(match_id))["board_msg"]
    assert new != old["id"] and h.fake.messages[int(new)]["flags"] & COMPONENTS_V2
    link = f"https://discord.com/channels/{h.fake.guild_id}/{thread}/{new}"
    assert old["content"] == f"↪ The board has grown and moved here: {link}" and not old["flags"] & COMPONENTS_V2
