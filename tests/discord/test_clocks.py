"""Clocks through the bot (events/clock.py): set in a match's options or as the
server's default, shown on the board in English and Japanese, expiring in the
real scheduler (whose `now` is the test's), and stopped by `/parley me hours`."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.discord.conftest import ALICE, BOB, MOD
from tests.discord.harness import Harness
from tests.discord.helpers import board_text, open_match, state

BANK = "goal=50 clock=bank:2h+30m grace=10m"


def _reminders(h: Harness, thread: int) -> int:
    return sum("Reminder" in m["content"] or "リマインド" in m["content"] for m in h.fake.thread_messages(thread))


async def test_a_clock_in_the_options_is_on_the_board(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, options=BANK)
    ms = await state(h, match_id)
    assert "clock" not in ms.options and "grace" not in ms.options  # the table's, not the game's
    board = board_text(h, thread)
    waiting, idle = ms.seats[ms.state.active].name, ms.seats[1 - ms.state.active].name
    assert "⏱ Clock: time bank 2h + 30m a move, grace 10m" in board
    assert f"**{waiting}**: out of time <t:" in board and f"**{idle}**: 2h in the bank" in board
    await h.slash(MOD, "settings", language="ja")
    match_ja, thread_ja = await open_match(h, ALICE, BOB, options=BANK)
    ms = await state(h, match_ja)
    board = board_text(h, thread_ja)
    assert "⏱ 時間設定: 持ち時間 2時間（1手ごとに +30分）、猶予 10分" in board
    assert f"**{ms.seats[ms.state.active].name}**: <t:" in board and "に時間切れ" in board
    assert f"**{ms.seats[1 - ms.state.active].name}**: 残り 2時間" in board


async def test_a_bad_clock_is_refused_and_nothing_is_made(harness: Harness) -> None:
    h = harness
    for user, words in ((ALICE, "is not a clock setting"), (BOB, "持ち時間の設定として読めません")):
        ex = await h.slash(user, "new", game="toy", options="goal=50 clock=sudden:1h")
        assert words in h.reply_text(ex) and "bank:3d+6h" in h.reply_text(ex)
    assert await h.parley.service.store.matches() == []


async def test_the_server_default_clock_applies_to_new_matches(harness: Harness) -> None:
    h = harness
    ex = await h.slash(MOD, "settings", clock="move:6h grace=1h")
    assert "Default clock for new matches: 6h a decision, grace 1h." in h.reply_text(ex)
    bad = await h.slash(MOD, "settings", clock="move:6h goal=3")
    assert "Only a clock goes here" in h.reply_text(bad)
    _, thread = await open_match(h, ALICE, BOB)
    assert "⏱ Clock: 6h a decision, grace 1h" in board_text(h, thread)
    # The creator's own deadline wins over the server's clock.
    _, thread = await open_match(h, ALICE, BOB, deadline_hours=3.0)
    assert "⏱ Clock: 3h a decision" in board_text(h, thread)


async def test_quiet_hours_hold_the_deadline_until_the_player_wakes(harness: Harness) -> None:
    """A one-hour clock: half an hour before bed, ten hours asleep, then the rest.
    The per-move deadline of old would have skipped them in their sleep."""
    h = harness
    match_id, _ = await open_match(h, ALICE, BOB, options="goal=50 clock=move:1h")
    ms = await state(h, match_id)
    who = [ALICE, BOB][ms.state.active]
    now = datetime.now(UTC)
    bed, up = now + timedelta(minutes=30), now + timedelta(hours=10, minutes=30)
    ex = await h.slash(who, "hours", quiet=f"{bed:%H:%M}-{up:%H:%M}", zone="UTC")
    assert "Quiet hours" in h.reply_text(ex) or "静かな時間" in h.reply_text(ex)
    for later in (timedelta(hours=2), timedelta(hours=10, minutes=50)):
        await h.bot.scheduler.tick(now + later)
        assert (await state(h, match_id)).seq == ms.seq
    await h.bot.scheduler.tick(now + timedelta(hours=11, minutes=5))
    assert (await h.parley.service.events(match_id))[-1].payload.get("auto") == "deadline"


async def test_hours_are_checked_and_cleared(harness: Harness) -> None:
    h = harness
    store = h.parley.service.store
    bad = await h.slash(BOB, "hours", quiet="23:00-07:00", zone="Tokyo")
    assert "タイムゾーン" in h.reply_text(bad) and await store.player_prefs() == {}
    await h.slash(ALICE, "hours", quiet="23:00-07:00", zone="Europe/London")
    prefs = (await store.player_prefs())[f"discord:{ALICE.id}"]
    assert (prefs.quiet, prefs.zone) == ("23:00-07:00", "Europe/London")
    off = await h.slash(ALICE, "hours", quiet="none")
    assert "No quiet hours" in h.reply_text(off) and "Europe/London" in h.reply_text(off)
    assert (await store.player_prefs())[f"discord:{ALICE.id}"].quiet is None


async def test_one_extension_per_seat_holds_the_deadline_back(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=50 clock=move:1h extension=2h")
    ms = await state(h, match_id)
    who, other = [ALICE, BOB][ms.state.active], [ALICE, BOB][1 - ms.state.active]
    now = datetime.now(UTC)
    idle = await h.slash(other, "thinking", channel=thread)
    assert any(w in h.reply_text(idle) for w in ("Only a player whose decision", "手番を待たれているプレイヤーだけ"))
    ex = await h.slash(who, "thinking", channel=thread)
    assert any(w in h.reply_text(ex) for w in ("More time granted", "延長しました"))
    again = await h.slash(who, "thinking", channel=thread)
    assert any(w in h.reply_text(again) for w in ("used your one extension", "延長はもう使いました"))
    assert ", extended" in board_text(h, thread) or "、延長済み" in board_text(h, thread)
    await h.bot.scheduler.tick(now + timedelta(hours=2, minutes=50))
    assert (await state(h, match_id)).seq == ms.seq + 1  # only the note: not skipped
    await h.bot.scheduler.tick(now + timedelta(hours=3, minutes=5))
    assert (await h.parley.service.events(match_id))[-1].payload.get("auto") == "deadline"


async def test_no_extension_without_one_in_the_clock(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=50 clock=move:1h")
    ms = await state(h, match_id)
    ex = await h.slash([ALICE, BOB][ms.state.active], "thinking", channel=thread)
    assert any(w in h.reply_text(ex) for w in ("gives no extension", "延長がありません"))
    assert (await state(h, match_id)).seq == ms.seq


async def test_the_alarm_at_four_fifths_reminds_once(harness: Harness) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, BOB, options="goal=50 clock=move:10h")
    now = datetime.now(UTC)

    await h.bot.scheduler.tick(now + timedelta(hours=7, minutes=50))
    assert _reminders(h, thread) == 0  # the day's reminder is 24 hours away
    await h.bot.scheduler.tick(now + timedelta(hours=8, minutes=5))
    assert _reminders(h, thread) == 1
    await h.bot.scheduler.tick(now + timedelta(hours=9))
    assert _reminders(h, thread) == 1


async def test_no_reminder_pings_in_quiet_hours(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, reminder_hours=1.0)
    ms = await state(h, match_id)
    now = datetime.now(UTC)
    bed, up = now + timedelta(minutes=30), now + timedelta(hours=5)
    await h.slash([ALICE, BOB][ms.state.active], "hours", quiet=f"{bed:%H:%M}-{up:%H:%M}", zone="UTC")

    await h.bot.scheduler.tick(now + timedelta(hours=2))
    assert _reminders(h, thread) == 0
    await h.bot.scheduler.tick(now + timedelta(hours=5, minutes=10))
    assert _reminders(h, thread) == 1


async def test_new_quiet_hours_move_the_deadline_on_the_board_at_once(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=50 clock=move:1h")
    ms = await state(h, match_id)
    before = board_text(h, thread)
    now = datetime.now(UTC)
    bed, up = now + timedelta(minutes=30), now + timedelta(hours=10, minutes=30)
    await h.slash([ALICE, BOB][ms.state.active], "hours", quiet=f"{bed:%H:%M}-{up:%H:%M}", zone="UTC")
    after = board_text(h, thread)
    assert after != before and (await state(h, match_id)).seq == ms.seq
    due = int(after.split("out of time <t:")[1].split(":")[0])
    assert abs(due - (now + timedelta(hours=11)).timestamp()) < 120
