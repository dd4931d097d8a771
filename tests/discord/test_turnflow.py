from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness
from tests.discord.helpers import open_match, state


def _later(hours: float) -> datetime:
    return datetime.now(UTC) + timedelta(hours=hours)


async def test_reminder_after_the_configured_hours(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, reminder_hours=2.0)
    ms = await state(h, match_id)
    who = [ALICE, BOB][ms.state.active]
    scheduler = h.bot.scheduler
    await scheduler.tick(_later(1))
    assert not any("Reminder" in m["content"] for m in h.fake.thread_messages(thread))
    await scheduler.tick(_later(2.5))
    reminders = [m for m in h.fake.thread_messages(thread) if "Reminder" in m["content"]]
    assert len(reminders) == 1 and who.mention in reminders[0]["content"]
    await scheduler.tick(_later(3))  # not again until another two hours have passed
    assert len([m for m in h.fake.thread_messages(thread) if "Reminder" in m["content"]]) == 1
    await scheduler.tick(_later(5))
    assert len([m for m in h.fake.thread_messages(thread) if "Reminder" in m["content"]]) == 2


async def test_deadline_skip_plays_the_default_move(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, deadline_hours=12.0, deadline_action="skip")
    ms = await state(h, match_id)
    await h.bot.scheduler.tick(_later(13))
    await h.settle()
    after = await state(h, match_id)
    assert after.seq == ms.seq + 1 and after.state.active != ms.state.active
    events = await h.parley.service.events(match_id)
    assert events[-1].actor == "system" and events[-1].payload.get("auto") == "deadline"
    assert "⏰" in "\n".join(m["content"] for m in h.fake.thread_messages(thread))
    # the same deadline handled again (a restart mid-tick) does not skip twice
    await h.bot.scheduler._deadline(match_id, ms.seq, [ms.state.active], "skip")
    assert (await state(h, match_id)).seq == after.seq
    # the next player's own deadline counts from their decision, not from the start
    await h.bot.scheduler.tick(_later(1))
    assert (await state(h, match_id)).seq == after.seq


async def test_deadline_forfeit_removes_the_seat(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, deadline_hours=1.0, deadline_action="forfeit")
    ms = await state(h, match_id)
    await h.bot.scheduler.tick(_later(2))
    after = await state(h, match_id)
    # Two seats: the one left wins (no bot takes over against a single player).
    assert ms.state.active in after.forfeited and after.status == "finished" and after.taken == {}
    assert "missed the deadline" in "\n".join(m["content"] for m in h.fake.thread_messages(thread))
    lobby = next(m for m in h.fake.public_messages() if int(m["channel_id"]) == h.fake.channel_id)
    assert "1.0 h" in lobby["content"] or "1.0" in lobby["content"]


async def test_a_failed_post_is_caught_up_by_the_scheduler(harness: Harness) -> None:
    from tests.discord.harness import FakeHTTPError
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms = await state(h, match_id)
    who = [ALICE, BOB][ms.state.active]
    h.fake.fail_next.append((f"POST /channels/{thread}/messages", FakeHTTPError(500, 0, "Internal Server Error")))
    ex = await h.slash(who, "act", channel=thread, action="roll")
    assert "rolls" in h.reply_text(ex)  # the move stands; only its post failed
    assert "rolls" not in "\n".join(m["content"] for m in h.fake.thread_messages(thread))
    await h.bot.scheduler.tick(datetime.now(UTC))
    assert "\n".join(m["content"] for m in h.fake.thread_messages(thread)).count("rolls") == 1
