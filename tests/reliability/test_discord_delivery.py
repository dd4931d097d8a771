"""Discord robustness (issue 10, "Trust"): what reaches Discord when Discord, the
gateway or the players misbehave. The real bot against the harness's fake
Discord, on a real SQLite database."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.discord.base import match_id_for
from bot.discord.delivery import OUTBOX, KeyedLocks
from tests.discord import conftest as discord_suite
from tests.discord.conftest import ALICE, BOB, MOD
from tests.discord.harness import FakeHTTPError, Harness, custom_ids, walk
from tests.discord.helpers import lobby_message, open_match, state, thread_text

harness = discord_suite.harness  # the Discord suite's fixture: the real bot against the fake Discord


def _lobbies(h: Harness) -> list[dict]:
    return [m for m in h.fake.public_messages() if int(m["channel_id"]) == h.fake.channel_id]


def _threads(h: Harness) -> list[dict]:
    return [c for c in h.fake.channels.values() if c["type"] == 11]


async def _outbox(h: Harness) -> list[str]:
    return list(await h.parley.service.store.get_kv(OUTBOX, "pending") or [])


# -- /parley new delivered twice -------------------------------------------------------------------


async def test_new_delivered_twice_makes_one_match(harness: Harness) -> None:
    h = harness
    ex = await h.slash(ALICE, "new", game="toy", options="goal=50")
    match_id = h.reply_text(ex).split("`")[1]
    assert match_id == match_id_for(ex.id)
    await h.redeliver(ex)
    rows = await h.parley.service.store.matches()
    assert [r.id for r in rows] == [match_id]
    assert len(_lobbies(h)) == 1 and len(_threads(h)) == 1
    ms = await state(h, match_id)
    assert [p.id for p in ms.lobby] == [f"discord:{ALICE.id}"]  # joined once
    # The creator leaves; the same interaction arriving again does not put her back.
    await h.slash(ALICE, "leave", match=match_id)
    await h.redeliver(ex)
    assert not (await state(h, match_id)).lobby
    assert len(await h.parley.service.store.matches()) == 1


async def test_new_delivered_twice_at_once_makes_one_match(harness: Harness) -> None:
    h = harness
    ex = await h.slash(ALICE, "new", game="toy", wait=False, rated=True)
    await h.redeliver(ex, wait=False)  # the retry races the first delivery
    await h.settle()
    rows = await h.parley.service.store.matches()
    assert len(rows) == 1 and rows[0].id == match_id_for(ex.id)
    assert len(_lobbies(h)) == 1 and len(_threads(h)) == 1
    assert [p.id for p in (await state(h, rows[0].id)).lobby] == [f"discord:{ALICE.id}"]
    assert rows[0].id in h.reply_text(ex)  # the user was told about that one match


async def test_two_new_commands_make_two_matches(harness: Harness) -> None:
    h = harness
    first = await h.slash(ALICE, "new", game="toy", rated=True)
    second = await h.slash(ALICE, "new", game="toy", rated=True)
    ids = {r.id for r in await h.parley.service.store.matches()}
    assert ids == {match_id_for(first.id), match_id_for(second.id)} and len(ids) == 2


# -- users who cannot be sent a DM -------------------------------------------------------------------


async def test_member_who_left_the_server_is_remembered_and_pointed_to_hand(harness: Harness) -> None:
    h = harness
    h.fake.dm_gone.add(BOB.id)  # Discord answers 50278: no server in common any more
    match_id, thread = await open_match(h, ALICE, BOB)
    notices = [m for m in h.fake.thread_messages(thread) if "/parley hand" in m["content"]]
    assert len(notices) == 1 and BOB.mention in notices[0]["content"]
    assert f"p:h:{match_id}" in custom_ids(notices[0])
    assert notices[0]["_pings"]["users"] == [str(BOB.id)]  # the notice pings Bob, nobody else
    assert await h.parley.service.store.get_kv("discord:dmfail", str(BOB.id))
    assert h.fake.dms(ALICE.id), "Alice's DMs still go"

    def refused() -> int:
        return sum(1 for c in h.fake.calls if c.method == "POST" and c.status == 400 and c.path.endswith("/messages"))
    tried = refused()
    assert tried >= 1
    for _ in range(3):  # later moves do not knock again, nor repeat the notice
        ms = await state(h, match_id)
        await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")
    assert refused() == tried
    assert len([m for m in h.fake.thread_messages(thread) if "/parley hand" in m["content"]]) == 1
    assert not await _outbox(h), "a user who cannot be sent a DM is not a delivery failure"


# -- one failing step does not stop the others -------------------------------------------------------


async def test_failing_thread_post_does_not_stop_ping_and_dm(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms = await state(h, match_id)
    mover, waiter = ([ALICE, BOB] if ms.state.active == 0 else [BOB, ALICE])
    dms_before = len(h.fake.dms(waiter.id))
    # The move's log line (which would carry the ping) is refused by Discord.
    h.fake.fail_next.append((f"POST /channels/{thread}/messages", FakeHTTPError(500, 0, "Internal Server Error")))
    ex = await h.slash(mover, "act", channel=thread, action="roll")
    assert "rolls" in h.reply_text(ex)
    assert "rolls" not in thread_text(h, thread)
    pings = [m for m in h.fake.thread_messages(thread) if waiter.mention in m["content"]
             and str(waiter.id) in m["_pings"]["users"] and int(m["id"]) > int(ex.messages[-1])]
    assert len(pings) == 1, "the next player is pinged all the same"
    assert len(h.fake.dms(waiter.id)) > dms_before and custom_ids(h.fake.dms(waiter.id)[-1]), "and gets the DM"
    after = await state(h, match_id)
    assert f'"turn":{after.state.turn}' in thread_text(h, thread)  # the board was edited too
    assert await _outbox(h) == [match_id]
    # The scheduler retries what failed: the line appears once, the ping is not repeated.
    await h.bot.scheduler.tick(datetime.now(UTC))
    assert thread_text(h, thread).count("rolls") == 1
    assert sum(waiter.mention in m["content"] for m in h.fake.thread_messages(thread)
               if int(m["id"]) > int(ex.messages[-1])) == 1
    assert await _outbox(h) == []


async def test_thread_down_entirely_still_sends_dms(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms = await state(h, match_id)
    mover, waiter = ([ALICE, BOB] if ms.state.active == 0 else [BOB, ALICE])
    dms_before = len(h.fake.dms(waiter.id))
    for _ in range(5):  # every thread post and edit of this sync fails
        h.fake.fail_next.append((f"/channels/{thread}/messages", FakeHTTPError(503, 0, "Service Unavailable")))
    await h.slash(mover, "act", channel=thread, action="roll")
    assert len(h.fake.dms(waiter.id)) > dms_before
    h.fake.fail_next.clear()
    await h.bot.scheduler.tick(datetime.now(UTC))
    assert thread_text(h, thread).count("rolls") == 1


# -- ended matches: the thread is archived ------------------------------------------------------------


async def test_finished_match_thread_is_archived_after_the_result(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=1")
    assert h.fake.channels[thread]["archived"] is False
    ms = await state(h, match_id)
    await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")
    assert (await state(h, match_id)).status == "finished"
    assert h.fake.channels[thread]["archived"] is True
    assert "Match over" in thread_text(h, thread)
    touching = [c for c in h.fake.calls if c.path.startswith(f"/channels/{thread}")]
    assert touching[-1].method == "PATCH" and touching[-1].payload == {"archived": True}, "archiving comes last"
    # Nothing afterwards reopens it: a restart's repair has nothing to do.
    await h.restart()
    assert h.fake.channels[thread]["archived"] is True


async def test_aborted_match_thread_is_archived(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    await h.slash(MOD, "abort", match=match_id, reason="stale game")
    assert (await state(h, match_id)).status == "aborted"
    assert "stale game" in thread_text(h, thread)
    assert h.fake.channels[thread]["archived"] is True


async def test_failed_archive_is_retried_without_repeating_the_result(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=1")
    h.fake.fail_next.append((f"PATCH /channels/{thread}", FakeHTTPError(500, 0, "Internal Server Error")))
    ms = await state(h, match_id)
    await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")
    assert h.fake.channels[thread]["archived"] is False
    assert await _outbox(h) == [match_id]  # a finished match: only the outbox brings it back
    await h.bot.scheduler.tick(datetime.now(UTC))
    await h.settle()  # the thread is archived after the replay page, which a background task posts
    assert h.fake.channels[thread]["archived"] is True
    assert thread_text(h, thread).count("Match over") == 1
    assert await _outbox(h) == []


# -- nobody is pinged by what players or moderators typed --------------------------------------------

_MESSAGE_CALLS = ("/messages", "/webhooks/", "/callback")


def _message_payloads(h: Harness) -> list[tuple[str, dict]]:
    out = []
    for c in h.fake.calls:
        if c.method not in ("POST", "PATCH") or not any(k in c.path for k in _MESSAGE_CALLS):
            continue
        payload = c.payload or {}
        if c.path.endswith("/callback"):
            payload = payload.get("data") or {}
        # A layout message (the board, a hand) has its text in text displays, not in content.
        shown = any(x.get("type") == 10 for x in walk(payload.get("components") or []))
        if payload.get("content") or payload.get("embeds") or shown:
            out.append((f"{c.method} {c.path}", payload))
    return out


async def test_every_message_sets_allowed_mentions_and_hostile_text_pings_nobody(harness: Harness) -> None:
    from tests.discord.harness import User
    h = harness
    assert h.bot is not None
    default = h.bot.allowed_mentions
    assert default is not None and not default.everyone and not default.roles  # the client's own default
    loud = User(111_000_000_000_000_077, "@everyone", "en-US")  # a display name that is a mass ping
    h.fake.dm_closed.add(loud.id)  # so the thread notice names them too
    match_id, thread = await open_match(h, ALICE, loud, reminder_hours=1.0)
    await h.bot.scheduler.tick(datetime.now(UTC) + timedelta(hours=2))  # a reminder
    ms = await state(h, match_id)
    await h.slash([ALICE, loud][ms.state.active], "act", channel=thread, action="roll")
    await h.slash(MOD, "undo", match=match_id, reason="@everyone @here <@&424242> look")
    await h.slash(loud, "hand", channel=thread)
    await h.slash(ALICE, "history")
    await h.slash(MOD, "abort", match=match_id, reason="@everyone <@&424242> over")
    everything = "\n".join(m["content"] for m in h.fake.messages.values())
    assert "**@everyone**" in everything and "@here <@&424242>" in everything  # the hostile text was sent

    payloads = _message_payloads(h)
    assert len(payloads) > 20
    for where, payload in payloads:
        allowed = payload.get("allowed_mentions")
        assert allowed is not None, f"{where} has no allowed_mentions: {payload.get('content')!r}"
        assert "everyone" not in allowed.get("parse", []) and "roles" not in allowed.get("parse", []), where
        assert not allowed.get("roles"), where
    for m in h.fake.messages.values():
        assert not m["_pings"]["everyone"] and not m["_pings"]["roles"], m["content"]
        # users are pinged only when awaited or told where their hand is: the players, never the moderator
        assert set(m["_pings"]["users"]) <= {str(ALICE.id), str(loud.id)}, m["content"]


# -- no lock map that grows forever -----------------------------------------------------------------------


@pytest.mark.slow
async def test_bot_holds_no_match_locks_of_its_own_and_prunes_delivery_locks(harness: Harness) -> None:
    h = harness
    assert not hasattr(h.parley, "_acting") and not hasattr(h.parley, "lock")
    for _ in range(3):
        match_id, thread = await open_match(h, ALICE, BOB, options="goal=1")
        ms = await state(h, match_id)
        await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")
    await asyncio.gather(*(h.parley.delivery.sync(r.id) for r in await h.parley.service.store.matches()))
    assert len(h.parley.delivery._locks) == 0


async def test_keyed_locks_drop_a_key_when_nobody_holds_or_waits() -> None:
    locks = KeyedLocks()
    order: list[str] = []
    release = asyncio.Event()

    async def holder() -> None:
        async with locks.hold("m"):
            order.append("first in")
            await release.wait()

    async def waiter(name: str) -> None:
        async with locks.hold("m"):
            order.append(name)

    first = asyncio.create_task(holder())
    await asyncio.sleep(0)
    second, third = asyncio.create_task(waiter("second")), asyncio.create_task(waiter("third"))
    await asyncio.sleep(0)
    assert "m" in locks and len(locks) == 1
    second.cancel()  # a waiter that gives up still leaves no trace
    await asyncio.sleep(0)
    assert "m" in locks
    release.set()
    await asyncio.gather(first, third, return_exceptions=False)
    assert second.cancelled()
    assert order == ["first in", "third"]
    assert len(locks) == 0


async def test_creator_leaving_via_lobby_button_then_redelivery(harness: Harness) -> None:
    """The lobby keeps working on the deterministic id (custom ids carry it)."""
    h = harness
    ex = await h.slash(ALICE, "new", game="toy", rated=True)
    match_id = match_id_for(ex.id)
    lobby = lobby_message(h, match_id)
    await h.click(BOB, lobby, f"p:l:{match_id}:join")
    await h.click(ALICE, lobby, f"p:l:{match_id}:start")
    assert (await state(h, match_id)).status == "running"
    await h.redeliver(ex)
    assert (await state(h, match_id)).status == "running" and len(_threads(h)) == 1
