"""Clocks (events/clock.py) on hand-built timelines: quiet hours across
midnight and across time zones, both of London's DST changes, a bank running
out, the increment, the one extension, daily deadlines, grace and the alarm;
then, over random timelines, that the computation is a fold and that it agrees
with a quarter-hour-by-quarter-hour simulation that shares none of its code."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.clock import ClockConfig, Hours, SeatClock, Tick, clocks, fold, settle
from events.clockconfig import describe, from_place, parse_clock, quiet_hours, to_json
from events.errors import Refused

H, M = timedelta(hours=1), timedelta(minutes=1)
TOKYO, LONDON = ZoneInfo("Asia/Tokyo"), ZoneInfo("Europe/London")
AWAKE = Hours()


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)  # type: ignore[misc]


def one_seat(config: ClockConfig, hours: Hours, since: datetime, now: datetime, *more: Tick) -> SeatClock:
    return clocks(config, [hours], [Tick(since, frozenset({0})), *more], now)[0]


def test_quiet_hours_across_midnight_stop_the_clock() -> None:
    night = quiet_hours("23:00-07:00", "Asia/Tokyo")
    since = datetime(2026, 5, 1, 22, 0, tzinfo=TOKYO)  # an hour before bed
    two = ClockConfig("move", limit=2 * H)
    asleep = one_seat(two, night, since, datetime(2026, 5, 2, 3, 0, tzinfo=TOKYO))
    assert not asleep.running and asleep.remaining == H
    assert asleep.deadline == datetime(2026, 5, 2, 8, 0, tzinfo=TOKYO)
    awake = one_seat(two, night, since, datetime(2026, 5, 2, 7, 30, tzinfo=TOKYO))
    assert awake.running and awake.remaining == 30 * M and not awake.expired


def test_each_seat_sleeps_in_its_own_time_zone() -> None:
    """One decision pending on both seats: Tokyo sleeps while London plays."""
    hours = [quiet_hours("23:00-07:00", "Asia/Tokyo"), quiet_hours("23:00-07:00", "Europe/London")]
    since = utc(2026, 5, 1, 12)  # 21:00 in Tokyo, 13:00 in London
    both = [Tick(since, frozenset({0, 1}))]
    tokyo, london = clocks(ClockConfig("move", limit=12 * H), hours, both, utc(2026, 5, 1, 20))
    assert (tokyo.running, london.running) == (False, True)
    assert tokyo.remaining == 10 * H and london.remaining == 4 * H
    assert tokyo.deadline == datetime(2026, 5, 2, 17, 0, tzinfo=TOKYO)
    assert london.deadline == datetime(2026, 5, 2, 9, 0, tzinfo=LONDON)


@pytest.mark.parametrize(("since", "deadline"), [
    # Spring forward (29 March 2026): bed at 23:00 GMT, up at 07:00 BST, a 7-hour night.
    (utc(2026, 3, 28, 20), utc(2026, 3, 29, 15)),
    # Fall back (25 October 2026): bed at 23:00 BST, up at 07:00 GMT, a 9-hour night.
    (utc(2026, 10, 24, 19), utc(2026, 10, 25, 16)),
])
def test_a_dst_change_moves_the_night_in_utc(since: datetime, deadline: datetime) -> None:
    """Twelve hours, three of them before bed: the other nine start when London
    wakes, which is 06:00 or 07:00 UTC depending on the day's offset."""
    night = quiet_hours("23:00-07:00", "Europe/London")
    seat = one_seat(ClockConfig("move", limit=12 * H), night, since, since + H)
    assert seat.deadline == deadline
    assert deadline.astimezone(LONDON).hour == 16
    asleep_until = deadline - 9 * H
    assert one_seat(ClockConfig("move", limit=12 * H), night, since, asleep_until - M).running is False
    assert one_seat(ClockConfig("move", limit=12 * H), night, since, asleep_until).running is True


def test_a_bank_runs_out_and_a_timed_out_seat_keeps_only_its_increments() -> None:
    bank = ClockConfig("bank", limit=2 * H, grace=10 * M)
    t0 = utc(2026, 1, 5, 9)
    ticks = [Tick(t0, frozenset({0})),
             Tick(t0 + 90 * M, frozenset({1}), moved=0),  # seat 0 spends 1h30
             Tick(t0 + 2 * H, frozenset({0}), moved=1)]
    mine = clocks(bank, [AWAKE, AWAKE], ticks, t0 + 2 * H + 20 * M)[0]
    assert mine.remaining == 10 * M and mine.deadline == t0 + 2 * H + 30 * M
    late = clocks(bank, [AWAKE, AWAKE], ticks, t0 + 2 * H + 35 * M)[0]
    assert late.remaining == timedelta(0) and not late.expired  # out of time, still in grace
    gone = clocks(bank, [AWAKE, AWAKE], ticks, t0 + 2 * H + 40 * M)[0]
    assert gone.expired and gone.expires_at == t0 + 2 * H + 40 * M
    skipped = [*ticks, Tick(t0 + 3 * H, frozenset({1}), moved=0), Tick(t0 + 4 * H, frozenset({0}), moved=1)]
    after = clocks(bank, [AWAKE, AWAKE], skipped, t0 + 4 * H)[0]
    assert after.remaining == timedelta(0) and after.expires_at == t0 + 4 * H + 10 * M


def test_the_increment_is_added_after_each_move() -> None:
    fischer = ClockConfig("bank", limit=H, increment=30 * M)
    t0 = utc(2026, 1, 5, 9)
    ticks = [Tick(t0, frozenset({0})), Tick(t0 + 20 * M, frozenset({0}), moved=0),
             Tick(t0 + 25 * M, frozenset({1}), moved=0)]
    assert clocks(fischer, [AWAKE, AWAKE], ticks, t0 + 25 * M)[0].remaining == H + 60 * M - 25 * M
    # A seat never asked to move keeps its whole bank.
    assert clocks(fischer, [AWAKE, AWAKE], ticks[:1], t0 + 9 * H)[1].remaining == H


def test_one_extension_per_seat_per_match() -> None:
    config = ClockConfig("move", limit=H, extension=2 * H)
    t0 = utc(2026, 1, 5, 9)
    asked = [Tick(t0, frozenset({0})), Tick(t0 + 50 * M, frozenset({0}), extension=0),
             Tick(t0 + 55 * M, frozenset({0}), extension=0)]  # the second is not granted
    seat = clocks(config, [AWAKE], asked, t0 + 2 * H)[0]
    assert seat.extended and seat.deadline == t0 + 3 * H and not seat.expired
    # Spent for the match: the next decision has the plain hour.
    moved = [*asked, Tick(t0 + 2 * H, frozenset({0}), moved=0), Tick(t0 + 2 * H, frozenset({0}), extension=0)]
    assert clocks(config, [AWAKE], moved, t0 + 2 * H)[0].deadline == t0 + 3 * H
    # Asked while not waiting: nothing granted, nothing spent.
    idle = [Tick(t0, frozenset({1}), extension=0), Tick(t0 + M, frozenset({0}), moved=1)]
    fresh = clocks(config, [AWAKE, AWAKE], idle, t0 + M)[0]
    assert not fresh.extended and fresh.deadline == t0 + M + H


def test_a_daily_deadline_falls_at_the_next_fixed_instant() -> None:
    daily = ClockConfig("daily", daily_at=time(21, 0), zone="Asia/Tokyo")
    before = datetime(2026, 6, 1, 20, 0, tzinfo=TOKYO)
    assert one_seat(daily, AWAKE, before, before).deadline == datetime(2026, 6, 1, 21, 0, tzinfo=TOKYO)
    after = datetime(2026, 6, 1, 21, 30, tzinfo=TOKYO)
    seat = one_seat(daily, AWAKE, after, datetime(2026, 6, 2, 20, 0, tzinfo=TOKYO))
    assert seat.deadline == datetime(2026, 6, 2, 21, 0, tzinfo=TOKYO) and seat.remaining == H
    assert seat.alarm and not seat.expired  # 22h30 of 23h30 gone
    # Due while the seat sleeps (in London): due when it wakes instead.
    night = quiet_hours("12:00-20:00", "Europe/London")  # 20:00-04:00 in Tokyo in June
    assert one_seat(daily, night, before, before).deadline == datetime(2026, 6, 1, 20, 0, tzinfo=LONDON)


def test_grace_comes_after_the_time_and_before_the_expiry() -> None:
    config = ClockConfig("move", limit=H, grace=30 * M)
    t0 = utc(2026, 1, 5, 9)
    out = one_seat(config, AWAKE, t0, t0 + 70 * M)
    assert out.remaining == timedelta(0) and out.deadline == t0 + H and not out.expired
    assert out.expires_at == t0 + 90 * M
    assert one_seat(config, AWAKE, t0, t0 + 90 * M).expired
    # Grace is clock time too: nobody expires in their sleep.
    night = quiet_hours("10:00-18:00", "UTC")
    assert one_seat(config, night, t0, t0).expires_at == utc(2026, 1, 5, 18, 30)


def test_the_alarm_sounds_at_four_fifths() -> None:
    config = ClockConfig("move", limit=10 * H)
    t0 = utc(2026, 1, 5, 0)
    assert not one_seat(config, AWAKE, t0, t0 + 8 * H - M).alarm
    seat = one_seat(config, AWAKE, t0, t0 + 8 * H)
    assert seat.alarm and seat.alarm_at == t0 + 8 * H
    # In a bank, a fifth of the whole bank: a decision begun with less warns at once.
    bank = ClockConfig("bank", limit=10 * H)
    spent = [Tick(t0, frozenset({0})), Tick(t0 + 9 * H, frozenset({0}), moved=0)]
    assert clocks(bank, [AWAKE], spent, t0 + 9 * H)[0].alarm


def test_no_time_runs_before_a_vacation_ends() -> None:
    t0 = utc(2026, 1, 5, 0)
    back = Hours(resumed=t0 + 5 * H)
    seat = one_seat(ClockConfig("move", limit=H), back, t0, t0 + 5 * H + 30 * M)
    assert seat.remaining == 30 * M and seat.running
    assert not one_seat(ClockConfig("move", limit=H), back, t0, t0 + 4 * H).running


def test_a_clock_is_written_checked_and_kept() -> None:
    bank = parse_clock(opts := {"clock": "bank:3d+6h", "grace": "90m", "goal": 5})
    assert opts == {"goal": 5}  # the game's own options are left to it
    assert bank == ClockConfig("bank", limit=72 * H, increment=6 * H, grace=90 * M)
    assert from_place({"clock": to_json(bank)}) == bank
    daily = parse_clock({"clock": "daily:21:00@Asia/Tokyo", "extension": 12})
    assert daily == ClockConfig("daily", daily_at=time(21), zone="Asia/Tokyo", extension=12 * H)
    assert from_place({"clock": to_json(daily)}) == daily
    assert from_place({"deadline_hours": 24}) == ClockConfig("move", limit=24 * H)  # matches from before clocks
    assert from_place({}) is None and parse_clock({"goal": 5}) is None
    assert describe(bank).ja == "持ち時間 3日（1手ごとに +6時間）、猶予 1時間30分"


@pytest.mark.parametrize("options", [
    {"clock": "bank"}, {"clock": "move:0h"}, {"clock": "sudden:1h"}, {"clock": "move:61d"},
    {"clock": "daily:25:00@UTC"}, {"clock": "daily:21:00@Mars/Olympus"}, {"grace": "1h"},
    {"clock": "move:1h", "grace": "soon"}])
def test_a_bad_clock_is_refused_in_both_languages(options: dict[str, object]) -> None:
    with pytest.raises(Refused) as refused:
        parse_clock(dict(options))
    err = refused.value
    assert err.allowed is not None and err.message("en") != err.message("ja")
    assert any("\u3040" <= c <= "\u30ff" for c in err.message("ja"))  # kana: Japanese, not English twice


@pytest.mark.parametrize(("span", "where"), [("22:00-16:00", "UTC"), ("23:00", "UTC"), ("23:00-07:00", "Tokyo"),
                                             ("24:00-07:00", "UTC")])
def test_bad_quiet_hours_are_refused(span: str, where: str) -> None:
    with pytest.raises(Refused):
        quiet_hours(span, where)


# -- over random timelines ------------------------------------------------------------------

T0 = utc(2026, 3, 27)  # London's spring DST change and New York's summer time fall inside or near
STEP = 15 * M
ZONES = ("UTC", "Asia/Tokyo", "Europe/London", "America/New_York", "Australia/Sydney")


@st.composite
def timelines(draw: st.DrawFn) -> tuple[ClockConfig, list[Hours], list[Tick], datetime]:
    seats = draw(st.integers(1, 3))
    extension = draw(st.integers(0, 8)) * STEP
    if draw(st.booleans()):
        config = ClockConfig("bank", limit=draw(st.integers(1, 40)) * H, increment=draw(st.integers(0, 8)) * STEP,
                             grace=draw(st.integers(0, 8)) * STEP, extension=extension)
    else:
        config = ClockConfig("move", limit=draw(st.integers(1, 40)) * H, grace=draw(st.integers(0, 8)) * STEP,
                             extension=extension)
    hours = []
    for _ in range(seats):
        if draw(st.booleans()):
            # Whole hours away from the small hours, where DST changes happen.
            hours.append(Hours(time(draw(st.integers(19, 23))), time(draw(st.integers(5, 9))),
                               draw(st.sampled_from(ZONES))))
        else:
            hours.append(AWAKE)
    ticks, at, waiting = [], T0, frozenset[int]()
    for _ in range(draw(st.integers(1, 25))):
        at += draw(st.integers(0, 40)) * STEP
        moved = draw(st.sampled_from(sorted(waiting))) if waiting and draw(st.booleans()) else None
        waiting = frozenset(draw(st.sets(st.integers(0, seats - 1))))
        asked = draw(st.integers(0, seats - 1)) if draw(st.integers(0, 3)) == 0 else None
        ticks.append(Tick(at, waiting, moved, asked))
    return config, hours, ticks, at + draw(st.integers(0, 60)) * STEP


def _quiet(h: Hours, at: datetime) -> bool:
    """By the wall clock in the seat's zone, as a person would check it."""
    if h.quiet_start == h.quiet_end:
        return False
    local = at.astimezone(ZoneInfo(h.zone)).time()
    return local >= h.quiet_start or local < h.quiet_end


def _simulated(config: ClockConfig, hours: list[Hours], ticks: list[Tick], now: datetime) -> list[timedelta]:
    """What each seat has left at `now`, walking the timeline a quarter hour at a time."""
    bank = [config.limit] * len(hours)
    used = [timedelta(0)] * len(hours)
    extra = [timedelta(0)] * len(hours)  # an extension granted to the current decision
    asked: set[int] = set()
    waiting: frozenset[int] = frozenset()
    ends = [t.at for t in ticks[1:]] + [now]
    for tick, until in zip(ticks, ends, strict=True):
        for s in range(len(hours)):
            if s in waiting and (s not in tick.waiting or tick.moved == s):
                if config.mode == "bank":
                    bank[s] = max(bank[s] + extra[s] - used[s], timedelta(0)) + config.increment
                used[s], extra[s] = timedelta(0), timedelta(0)
        waiting = tick.waiting
        if tick.extension in waiting and tick.extension not in asked and config.extension:
            asked.add(tick.extension)
            extra[tick.extension] = config.extension
        at = tick.at
        while at < until:
            for s in waiting:
                if not _quiet(hours[s], at):
                    used[s] += STEP
            at += STEP
    total = bank if config.mode == "bank" else [config.limit] * len(hours)
    return [max(t + x - u, timedelta(0)) if s in waiting else t
            for s, (t, x, u) in enumerate(zip(total, extra, used, strict=True))]


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(timelines())
def test_the_clocks_agree_with_a_walk_through_the_timeline(case: tuple[ClockConfig, list[Hours], list[Tick],
                                                                        datetime]) -> None:
    config, hours, ticks, now = case
    assert [c.remaining for c in clocks(config, hours, ticks, now)] == _simulated(config, hours, ticks, now)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(timelines(), st.data())
def test_the_clocks_are_a_fold(case: tuple[ClockConfig, list[Hours], list[Tick], datetime],
                               data: st.DataObject) -> None:
    """Events 1..n at once, or 1..k and then the rest onto the state kept:
    the same clocks, at every point (what lets a front end keep a state and step it)."""
    config, hours, ticks, now = case
    state = None
    for i, tick in enumerate(ticks, start=1):
        state = fold(config, hours, [tick], state)
        assert settle(config, hours, state, tick.at) == clocks(config, hours, ticks[:i], tick.at)
    k = data.draw(st.integers(0, len(ticks)))
    resumed = fold(config, hours, ticks[k:], fold(config, hours, ticks[:k]))
    assert settle(config, hours, resumed, now) == clocks(config, hours, ticks, now)
