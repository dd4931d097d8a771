"""The match hall through the real bot and a fake Discord whose forums behave as
Discord documents them: posts (threads with a first message) made by
POST /channels/{forum}/threads, tags a forum must have before a post wears
them, REQUIRE_TAG refusing an untagged post, messages refused in a forum itself.
A match in a forum is one tagged post with a join button; its status tag follows
it; the looking-for-players post lists the open lobbies; a lobby nobody joins
is told a day before and closed at the server's time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from events.model import Event
from tests.discord.conftest import ALICE, BOB, MOD
from tests.discord.harness import TAG_REQUIRED, FakeDiscord, FakeHTTPError, Harness
from tests.discord.helpers import lobby_message, open_match, state

LOOKING, RUNNING, FINISHED = "Looking for players", "Running", "Finished"


def listing(h: Harness, forum: int, name: str = LOOKING) -> dict | None:  # type: ignore[type-arg]
    """The looking-for-players post's message, if there is one."""
    posts = [c for c in h.fake.channels.values() if c.get("parent_id") == forum and c["name"] == name]
    assert len(posts) <= 1, "one looking-for-players post per server"
    return h.fake.messages[posts[0]["id"]] if posts else None


async def test_a_match_is_a_tagged_forum_post_whose_status_tag_follows_it(harness: Harness) -> None:
    h = harness
    forum = h.fake.add_forum()
    match_id, post = await open_match(h, ALICE, BOB, options="goal=1", start=False, channel=forum)
    assert h.fake.channels[post]["parent_id"] == forum and h.fake.channels[post]["name"] == f"Toy · {match_id}"
    assert h.fake.tag_names(post) == ["Toy", LOOKING]
    assert {t["name"] for t in h.fake.channels[forum]["available_tags"]} == {"Toy", LOOKING, RUNNING, FINISHED}
    starter = h.fake.messages[post]  # a post's first message has the post's id: the lobby, with Join
    assert starter is lobby_message(h, match_id)
    assert f"p:l:{match_id}:join" in str(starter["components"])
    posted = [c for c in h.fake.calls if c.method == "POST" and c.path == f"/channels/{forum}/threads"]
    assert posted and all(set(c.payload) <= {"name", "auto_archive_duration", "applied_tags", "message"}
                          for c in posted)
    board = listing(h, forum)
    assert board is not None and f"`{match_id}` · 2/" in board["content"]  # Bob joined from the lobby's button
    assert h.fake.channels[int(board["channel_id"])]["flags"] & 2  # pinned at the top of the forum

    await h.click(ALICE, starter, f"p:l:{match_id}:start")
    assert h.fake.tag_names(post) == ["Toy", RUNNING]
    board = listing(h, forum)
    assert board is not None and match_id not in board["content"] and "No open lobby right now" in board["content"]

    ms = await state(h, match_id)
    await h.slash([ALICE, BOB][ms.state.active], "act", channel=post, action="roll")
    assert (await state(h, match_id)).status == "finished"
    assert h.fake.tag_names(post) == ["Toy", FINISHED]
    assert h.fake.channels[post]["archived"]
    assert len([c for c in h.fake.channels.values() if c.get("parent_id") == forum]) == 2  # the match, the list
    assert not h.fake.violations


async def test_a_forum_that_requires_tags(harness: Harness) -> None:
    h = harness
    forum = h.fake.add_forum(require_tag=True)
    h.fake.manage_channels_refused = True  # so no tag can be added either
    refused = h.reply_text(await h.slash(ALICE, "new", game="toy", rated=True, channel=forum))
    assert "this forum requires a tag on every post and I may not add mine" in refused
    assert "“Toy”" in refused and "Manage Channels" in refused
    assert not [c for c in h.fake.channels.values() if c.get("parent_id") == forum]
    # Discord itself refuses an untagged post there (the fake does as Discord documents).
    untagged = {"name": "x", "message": {"content": "x", "allowed_mentions": {"parse": []}}}
    with pytest.raises(FakeHTTPError) as refused_post:
        h.fake.rest("POST", f"/api/v10/channels/{forum}/threads", untagged, [])
    assert refused_post.value.code == TAG_REQUIRED

    # The server made the tags itself: the bot uses them without adding any.
    tagged = h.fake.add_forum("hall", require_tag=True, tags=("Toy", LOOKING, RUNNING))
    _, post = await open_match(h, ALICE, BOB, start=True, channel=tagged)
    assert h.fake.tag_names(post) == ["Toy", RUNNING]
    assert {t["name"] for t in h.fake.channels[tagged]["available_tags"]} == {"Toy", LOOKING, RUNNING}


async def test_new_in_a_forum_post_opens_another_post_in_that_forum(harness: Harness) -> None:
    h = harness
    forum = h.fake.add_forum()
    first, post = await open_match(h, ALICE, BOB, channel=forum)
    second, other = await open_match(h, BOB, ALICE, channel=post)  # typed inside the first match's post
    assert second != first and h.fake.channels[other]["parent_id"] == forum
    assert h.fake.tag_names(other) == ["Toy", RUNNING]


async def test_a_lobby_nobody_joins_is_told_then_closed(harness: Harness) -> None:
    h = harness
    forum = h.fake.add_forum()
    assert "closes after 3 days" in h.reply_text(await h.slash(MOD, "settings", lobby_days=3))
    match_id, post = await open_match(h, ALICE, start=False, channel=forum)
    board = listing(h, forum)
    assert board is not None and match_id in board["content"]
    created = datetime.fromisoformat((await h.parley.service.store.match(match_id)).created_at)

    await h.bot.scheduler.tick(created + timedelta(days=1, hours=23))  # not yet a day before
    assert not [m for m in h.fake.thread_messages(post) if "nobody has joined" in m["content"]]
    for minutes in (1, 9):  # a day before, once
        await h.bot.scheduler.tick(created + timedelta(days=2, minutes=minutes))
    notices = [m for m in h.fake.thread_messages(post) if "nobody has joined this lobby yet" in m["content"]]
    assert len(notices) == 1 and notices[0]["_pings"]["users"] == [str(ALICE.id)]
    closes = created + timedelta(days=3, minutes=1)  # a day after the notice, as it says
    assert f"<t:{int(closes.timestamp())}:R>" in notices[0]["content"]
    await h.bot.scheduler.tick(closes - timedelta(seconds=1))
    assert (await state(h, match_id)).status == "lobby"

    await h.bot.scheduler.tick(closes)
    assert (await state(h, match_id)).status == "aborted"
    assert h.fake.tag_names(post) == ["Toy", FINISHED]
    board = listing(h, forum)
    assert board is not None and match_id not in board["content"]
    events: list[Event] = await h.parley.service.store.events(match_id)
    assert events[-1].type == "match_aborted" and events[-1].actor == "system"
    await h.bot.scheduler.tick(closes + timedelta(minutes=9))  # a repeated pass closes nothing twice
    assert len(await h.parley.service.store.events(match_id)) == len(events)


async def test_a_lobby_past_its_time_is_told_before_it_closes(harness: Harness) -> None:
    """The bot was down, or the setting shortened: never closed unannounced."""
    h = harness
    match_id, thread = await open_match(h, ALICE, start=False)
    late = datetime.now(UTC) + timedelta(days=30)
    await h.bot.scheduler.tick(late)
    assert (await state(h, match_id)).status == "lobby"
    assert [m for m in h.fake.thread_messages(thread) if "nobody has joined this lobby yet" in m["content"]]
    await h.bot.scheduler.tick(late + timedelta(hours=23))
    assert (await state(h, match_id)).status == "lobby"
    await h.bot.scheduler.tick(late + timedelta(days=1))
    assert (await state(h, match_id)).status == "aborted"


async def test_a_lobby_someone_joined_stays_open(harness: Harness) -> None:
    h = harness
    match_id, _ = await open_match(h, ALICE, BOB, start=False)  # a text channel: expiry is the server's rule
    await h.bot.scheduler.tick(datetime.now(UTC) + timedelta(days=30))
    assert (await state(h, match_id)).status == "lobby"
    assert FakeDiscord.text(lobby_message(h, match_id))


async def test_a_post_made_just_before_a_crash_is_found_not_made_twice(harness: Harness) -> None:
    h = harness
    forum = h.fake.add_forum()
    match_id, post = await open_match(h, ALICE, BOB, channel=forum)
    rec = await h.parley.delivery.record(match_id)
    for key in ("thread", "lobby_msg", "channel", "applied", "board_msg"):
        rec.pop(key)  # as if the post had been followed by a crash
    await h.parley.service.store.set_kv("discord:board", match_id, rec)
    await h.restart()
    assert (await h.parley.delivery.record(match_id))["thread"] == str(post)
    assert len([c for c in h.fake.channels.values() if c.get("parent_id") == forum]) == 2  # the match, the list
    ms = await state(h, match_id)
    await h.slash([ALICE, BOB][ms.state.active], "act", channel=post, action="roll")
    assert (await state(h, match_id)).seq > ms.seq
    assert any("rolls" in m["content"] for m in h.fake.thread_messages(post))  # play goes on in the same post


async def test_a_japanese_servers_hall_reads_japanese(harness: Harness) -> None:
    h = harness
    forum = h.fake.add_forum()
    await h.slash(MOD, "settings", language="ja")
    match_id, post = await open_match(h, ALICE, start=False, channel=forum)
    assert h.fake.tag_names(post) == ["おもちゃ", "参加者募集中"]
    assert {t["name"] for t in h.fake.channels[forum]["available_tags"]} == {"おもちゃ", "参加者募集中", "対戦中", "終了"}
    board = listing(h, forum, "参加者募集中")
    assert board is not None and board["content"].startswith("## 参加者募集中\n")
    assert f"- おもちゃ `{match_id}` · 1/" in board["content"] and f"<#{post}>" in board["content"]


async def test_a_status_tag_deleted_from_the_forum_is_made_again(harness: Harness) -> None:
    h = harness
    forum = h.fake.add_forum()
    match_id, post = await open_match(h, ALICE, BOB, start=False, channel=forum)
    tags = h.fake.channels[forum]["available_tags"]
    h.fake.channels[forum]["available_tags"] = [t for t in tags if t["name"] != RUNNING]  # a moderator's cleanup
    await h.click(ALICE, lobby_message(h, match_id), f"p:l:{match_id}:start")
    assert h.fake.tag_names(post) == ["Toy", RUNNING]
    assert [t["name"] for t in h.fake.channels[forum]["available_tags"]].count(RUNNING) == 1
    assert await h.parley.delivery.pending() == []  # nothing left to retry
