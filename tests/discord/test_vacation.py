"""Vacations and the daily digest, with the real store and the real scheduler;
time is the scheduler's `now` argument (no sleeping)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness
from tests.discord.helpers import open_match, state


def _later(hours: float) -> datetime:
    return datetime.now(UTC) + timedelta(hours=hours)


async def _deadline_match(h: Harness):  # type: ignore[no-untyped-def]
    match_id, _thread = await open_match(h, ALICE, BOB, deadline_hours=12.0, deadline_action="skip")
    ms = await state(h, match_id)
    return match_id, ms, [ALICE, BOB][ms.state.active]


async def test_no_deadline_fires_while_away_and_the_clock_restarts_on_return(harness: Harness) -> None:
    h = harness
    match_id, ms, who = await _deadline_match(h)
    ex = await h.slash(who, "vacation", days=2)
    assert "<t:" in h.reply_text(ex)
    for hours in (13, 30, 47):  # past the 12-hour deadline, still away
        await h.bot.scheduler.tick(_later(hours))
        assert (await state(h, match_id)).seq == ms.seq
    # Back (day 2 passed): the deadline counts from the return, not from the decision.
    await h.bot.scheduler.tick(_later(48 + 11))
    assert (await state(h, match_id)).seq == ms.seq
    await h.bot.scheduler.tick(_later(48 + 13))
    after = await state(h, match_id)
    assert after.seq == ms.seq + 1 and after.state.active != ms.state.active
    assert (await h.parley.service.events(match_id))[-1].payload.get("auto") == "deadline"


async def test_days_zero_ends_the_vacation_now(harness: Harness) -> None:
    h = harness
    match_id, ms, who = await _deadline_match(h)
    await h.slash(who, "vacation", days=5)
    await h.bot.scheduler.tick(_later(13))
    assert (await state(h, match_id)).seq == ms.seq
    back = await h.slash(who, "vacation", days=0)
    assert "Welcome back" in h.reply_text(back) or "おかえりなさい" in h.reply_text(back)
    await h.bot.scheduler.tick(_later(11))
    assert (await state(h, match_id)).seq == ms.seq
    await h.bot.scheduler.tick(_later(13))
    assert (await state(h, match_id)).seq == ms.seq + 1
    again = await h.slash(who, "vacation", days=0)
    assert "not on vacation" in h.reply_text(again) or "休暇中ではありません" in h.reply_text(again)


async def test_the_other_player_is_still_skipped(harness: Harness) -> None:
    h = harness
    match_id, ms, who = await _deadline_match(h)
    other = BOB if who is ALICE else ALICE
    await h.slash(other, "vacation", days=3)  # the one away is not the one waiting
    await h.bot.scheduler.tick(_later(13))
    assert (await state(h, match_id)).seq == ms.seq + 1


def _reminders(h: Harness, thread: int) -> list[dict]:  # type: ignore[type-arg]
    return [m for m in h.fake.thread_messages(thread) if "Reminder" in m["content"]]


def _digests(h: Harness) -> list[dict]:  # type: ignore[type-arg]
    return [m for m in h.fake.dms(ALICE.id) if "matches are waiting for you" in m["content"]]


async def _two_waiting_on_alice(h: Harness) -> list[tuple[str, int]]:
    out = []
    for _ in range(2):
        match_id, thread = await open_match(h, ALICE, BOB)
        if (await state(h, match_id)).state.active == 1:
            await h.slash(BOB, "act", channel=thread, action="pass")
        out.append((match_id, thread))
    return out


async def test_several_waiting_matches_make_one_daily_digest(harness: Harness) -> None:
    h = harness
    matches = await _two_waiting_on_alice(h)
    day = h.parley.config.reminder_hours
    await h.bot.scheduler.tick(_later(day + 1))
    (digest,) = _digests(h)
    for match_id, thread in matches:
        assert f"`{match_id}`" in digest["content"] and f"<#{thread}>" in digest["content"]
        assert _reminders(h, thread) == []
    assert not digest["_pings"]["users"]
    # The same day: nothing more, neither a digest nor thread reminders.
    await h.bot.scheduler.tick(_later(day + 3))
    await h.bot.scheduler.tick(_later(2 * day))
    assert len(_digests(h)) == 1 and all(_reminders(h, t) == [] for _, t in matches)
    # The next day: the next digest.
    await h.bot.scheduler.tick(_later(2 * day + 2))
    assert len(_digests(h)) == 2


async def test_digest_off_reminds_in_each_thread(harness: Harness) -> None:
    h = harness
    matches = await _two_waiting_on_alice(h)
    assert "Daily digest off" in h.reply_text(await h.slash(ALICE, "digest", enabled=False))
    await h.bot.scheduler.tick(_later(h.parley.config.reminder_hours + 1))
    assert _digests(h) == []
    for _, thread in matches:
        (reminder,) = _reminders(h, thread)
        assert ALICE.mention in reminder["content"]


async def test_away_players_get_no_reminder_nor_digest(harness: Harness) -> None:
    h = harness
    matches = await _two_waiting_on_alice(h)
    await h.slash(ALICE, "vacation", days=3)
    await h.bot.scheduler.tick(_later(h.parley.config.reminder_hours + 1))
    assert _digests(h) == [] and all(_reminders(h, t) == [] for _, t in matches)


async def test_vacation_and_digest_at_the_same_instant_both_stick(harness: Harness) -> None:
    """Each command writes only its own setting, so neither undoes the other."""
    h = harness
    await h.slash(ALICE, "vacation", days=3, wait=False)
    await h.slash(ALICE, "digest", enabled=False, wait=False)
    await h.settle()
    prefs = (await h.parley.service.store.player_prefs([f"discord:{ALICE.id}"]))[f"discord:{ALICE.id}"]
    assert prefs.away(datetime.now(UTC)) and prefs.digest is False


async def _interrupted_digest(h: Harness, sent: bool) -> None:
    """The note as a crash while sending leaves it: "sending", with the digest
    in Alice's DMs (crashed after the DM) or not (crashed before it)."""
    from bot.discord.digest import DIGEST, REMIND

    store, pid = h.parley.service.store, f"discord:{ALICE.id}"
    note = await store.get_kv(DIGEST, pid)
    assert note and not note.get("sending")
    if not sent:  # neither the DM nor the matches' reminder notes that follow it
        for m in _digests(h):
            h.fake.delete(m["id"])
        for match_id in note["matches"]:
            reminded = await store.get_kv(REMIND, match_id)
            await store.set_kv(REMIND, match_id, {**reminded, "at": _later(0).isoformat()})
    await store.set_kv(DIGEST, pid, {**note, "msg": None, "sending": True})


async def test_a_crash_after_the_digest_went_does_not_send_it_again(harness: Harness) -> None:
    h = harness
    await _two_waiting_on_alice(h)
    day = h.parley.config.reminder_hours
    await h.bot.scheduler.tick(_later(day + 1))
    await _interrupted_digest(h, sent=True)
    await h.bot.scheduler.tick(_later(day + 2))
    assert len(_digests(h)) == 1
    await h.bot.scheduler.tick(_later(2 * day + 2))  # the next day's still goes
    assert len(_digests(h)) == 2


async def test_a_crash_before_the_digest_went_sends_it(harness: Harness) -> None:
    h = harness
    matches = await _two_waiting_on_alice(h)
    day = h.parley.config.reminder_hours
    await h.bot.scheduler.tick(_later(day + 1))
    await _interrupted_digest(h, sent=False)
    await h.bot.scheduler.tick(_later(day + 2))
    (digest,) = _digests(h)
    assert all(f"`{match_id}`" in digest["content"] for match_id, _ in matches)


async def test_yesterdays_digest_does_not_count_for_an_interrupted_one(harness: Harness) -> None:
    from bot.discord.digest import DIGEST

    h = harness
    await _two_waiting_on_alice(h)
    day = h.parley.config.reminder_hours
    await h.bot.scheduler.tick(_later(day + 1))
    store, pid = h.parley.service.store, f"discord:{ALICE.id}"
    first = await store.get_kv(DIGEST, pid)
    # The next day's digest was noted as sending, then the process died before the DM.
    await store.set_kv(DIGEST, pid, {"at": _later(2 * day + 2).isoformat(), "matches": first["matches"],
                                     "msg": first["msg"], "sending": True})
    await h.bot.scheduler.tick(_later(2 * day + 3))
    assert len(_digests(h)) == 2
