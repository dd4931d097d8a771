from __future__ import annotations

import copy

from bot.discord import layout
from bot.discord.dms import DMS, dm_key
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness, custom_ids
from tests.discord.helpers import board_message, board_text, open_match, state, thread_text


async def test_buttons_keep_working_after_a_restart(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms = await state(h, match_id)
    who = [ALICE, BOB][ms.state.active]
    dm = copy.deepcopy(h.fake.dms(who.id)[-1])
    await h.restart()  # a new process: nothing in memory, views registered again at start
    roll = str([c.code for c in ms.game.legal_actions(ms.state, ms.state.active)].index("roll"))
    ex = await h.click(who, dm, custom_ids(dm)[0], values=[roll])
    assert "rolls" in h.reply_text(ex)
    assert (await state(h, match_id)).seq == ms.seq + 1
    # the board's "Show my hand" button too
    board = board_message(h, thread)
    shown = await h.click(who, board, f"p:h:{match_id}")
    assert h.last_reply(shown)["_visible_to"] == who.id


async def test_restart_repairs_what_a_crash_left_unposted(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms = await state(h, match_id)
    who = [ALICE, BOB][ms.state.active]
    # The move is appended, then the process dies before Discord hears of it.
    await h.parley.service.act(match_id, f"discord:{who.id}", "roll", command_id="crash-1")
    assert "rolls" not in thread_text(h, thread)
    await h.restart()
    text = thread_text(h, thread)
    assert text.count("rolls") == 1
    after = await state(h, match_id)
    assert f'"turn":{after.state.turn}' in board_text(h, thread)
    # ...and the next player was pinged exactly once
    nxt = [ALICE, BOB][after.state.active]
    assert sum(nxt.mention in m["content"] and "turn" in m["content"]
               for m in h.fake.thread_messages(thread)[-3:]) == 1


async def test_nothing_is_posted_twice_when_the_crash_came_after_the_post(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms = await state(h, match_id)
    who = [ALICE, BOB][ms.state.active]
    rec_before = await h.parley.delivery.record(match_id)
    await h.slash(who, "act", channel=thread, action="roll")
    assert thread_text(h, thread).count("rolls") == 1
    # The log line was posted but the crash lost the note that it was.
    rec = await h.parley.delivery.record(match_id)
    rec["shown"] = rec_before["shown"]
    await h.parley.service.store.set_kv("discord:board", match_id, rec)
    await h.restart()
    assert thread_text(h, thread).count("rolls") == 1
    assert not h.fake.violations
    # and a restart with nothing to do posts nothing
    before = len(h.fake.calls)
    await h.restart()
    posted = [c for c in h.fake.calls[before:] if c.method in ("POST", "PATCH") and c.path.startswith("/channels")]
    assert posted == []


async def test_crash_after_the_thread_was_made_reuses_it(harness: Harness) -> None:
    h = harness
    ex = await h.slash(ALICE, "new", game="toy", rated=True)
    match_id = h.reply_text(ex).split("`")[1]
    rec = await h.parley.delivery.record(match_id)
    thread = rec["thread"]
    rec.pop("thread")  # the id was lost in the crash
    await h.parley.service.store.set_kv("discord:board", match_id, rec)
    await h.restart()
    assert (await h.parley.delivery.record(match_id))["thread"] == thread
    assert len([c for c in h.fake.channels.values() if c["type"] == 11]) == 1


async def test_missing_thread_permission_is_explained(harness: Harness) -> None:
    from tests.discord.harness import FakeHTTPError
    h = harness
    h.fake.fail_next.append(("/threads", FakeHTTPError(403, 50013, "Missing Permissions")))
    ex = await h.slash(BOB, "new", game="toy", rated=True)
    text = h.reply_text(ex)
    assert "スレッド" in text and "権限" in text and "Traceback" not in text
    [row] = await h.parley.service.store.matches()
    assert row.status == "aborted"
    [lobby] = [m for m in h.fake.public_messages() if int(m["channel_id"]) == h.fake.channel_id]
    assert not lobby["components"] and "aborted" in lobby["content"]


async def test_deleted_board_lobby_and_dm_are_replaced_not_fatal(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    rec = await h.parley.delivery.record(match_id)
    h.fake.delete(rec["board_msg"])
    h.fake.delete(rec["lobby_msg"])
    ms = await state(h, match_id)
    who = [ALICE, BOB][ms.state.active]
    other = BOB if who is ALICE else ALICE
    for m in h.fake.dms(other.id):
        h.fake.delete(m["id"])
    ex = await h.slash(who, "act", channel=thread, action="roll")
    assert "rolls" in h.reply_text(ex)
    after = await state(h, match_id)
    assert f'"turn":{after.state.turn}' in board_text(h, thread)
    assert custom_ids(h.fake.dms(other.id)[-1])  # a fresh DM with the decision menu


async def test_crash_after_posting_board_lobby_or_dm_posts_none_twice(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    store = h.parley.service.store
    # Forget every id the bot noted, as if each post had been followed by a crash.
    rec = await h.parley.delivery.record(match_id)
    for key in ("board_msg", "lobby_msg", "thread"):
        rec.pop(key)
    await store.set_kv("discord:board", match_id, rec)
    for seat in (0, 1):
        dm = await store.get_kv(DMS, dm_key(match_id, seat))
        await store.set_kv(DMS, dm_key(match_id, seat), {"sending": True, "hash": "old"})
    before = {k: len(v) for k, v in {"dm_a": h.fake.dms(ALICE.id), "dm_b": h.fake.dms(BOB.id)}.items()}
    await h.restart()
    boards = [m for m in h.fake.thread_messages(thread) if f"`{match_id}`" in layout.text_of(m).split("\n")[0]]
    assert len(boards) == 1
    lobbies = [m for m in h.fake.public_messages() if int(m["channel_id"]) == h.fake.channel_id]
    assert len(lobbies) == 1
    assert len([c for c in h.fake.channels.values() if c["type"] == 11]) == 1
    assert len(h.fake.dms(ALICE.id)) == before["dm_a"] and len(h.fake.dms(BOB.id)) == before["dm_b"]
    assert dm  # the DM record existed before we faked the crash
    # and play continues normally on the adopted messages
    ms = await state(h, match_id)
    await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")
    assert len([m for m in h.fake.thread_messages(thread) if f"`{match_id}`" in layout.text_of(m).split("\n")[0]]) == 1


async def test_open_takeback_request_is_not_reposted_after_a_crash(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms = await state(h, match_id)
    who = [ALICE, BOB][ms.state.active]
    await h.slash(who, "act", channel=thread, action="mark")
    await h.slash(who, "takeback", channel=thread)
    rec = await h.parley.delivery.record(match_id)
    rec.pop("takeback")
    await h.parley.service.store.set_kv("discord:board", match_id, rec)
    await h.restart()
    requests = [m for m in h.fake.thread_messages(thread) if any(c.startswith("p:t:") for c in custom_ids(m))]
    assert len(requests) == 1
