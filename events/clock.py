"""Each seat's clock, as one pure fold over the match's timeline.

The input is a `Tick` per event: when it was stamped (the store's `at`), which
seats are waiting for a decision after it, whose move it was, and whose "I'm
thinking" extension it granted. Nothing here reads a clock or the database:
the caller passes `now`, the configuration (events/clockconfig.py) and each
seat's hours, so Discord, the terminal and the tests all get the same answer
from the same log.

A seat's time runs while it is waiting, outside its quiet hours and after its
last vacation ended. Quiet hours are wall-clock times in the player's own IANA
zone, turned into UTC instants day by day with `zoneinfo`: "23:00-07:00 in
Europe/London" is then right on both sides of a DST change, which a fixed UTC
offset would get wrong by an hour for half the year. Prefs are not
historical: the hours a player has now are applied to the whole log, so the
answer depends only on the log, the configuration and the prefs.

Modes: a limit per decision (`move`), a bank with a Fischer increment added
after each of the seat's moves (`bank`), or a fixed daily instant (`daily`,
"every day at 21:00 Asia/Tokyo"; a deadline inside the seat's quiet hours
moves to their end, so nobody loses a seat asleep). Grace is clock time given
after the time is out before the seat expires (is skipped or forfeited); for a
daily deadline, whose time is the wall clock's, grace is wall-clock time too.

A vacation's end is, like quiet hours, a pref applied to the whole log: no
time before it counts, so a player back from one has their full time (their
bank too), as the per-move deadline always gave them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

ZERO = timedelta(0)
ALARM_SHARE = 0.8  # Lichess sounds its alarm when this much of the time is used


@dataclass(frozen=True, slots=True)
class ClockConfig:
    mode: str  # "move" | "bank" | "daily"
    limit: timedelta = ZERO  # move: per decision; bank: the starting bank
    increment: timedelta = ZERO  # bank: added after each of the seat's moves
    daily_at: time = time(21, 0)  # daily: the local time decisions are due
    zone: str = "UTC"  # daily: the zone of daily_at
    grace: timedelta = ZERO
    extension: timedelta = ZERO  # one per seat per match; ZERO: none offered


@dataclass(frozen=True, slots=True)
class Hours:
    """A seat's own calendar: quiet hours in its zone (start == end: none), and
    the end of its last vacation, before which its time never runs."""

    quiet_start: time = time(0, 0)
    quiet_end: time = time(0, 0)
    zone: str = "UTC"
    resumed: datetime | None = None

    def quiet_windows(self, since: datetime) -> Iterator[tuple[datetime, datetime]]:
        """The quiet stretches (UTC, in order) that end after `since`, for ever."""
        if self.quiet_start == self.quiet_end:
            return
        tz = ZoneInfo(self.zone)
        day = since.astimezone(tz).date() - timedelta(days=1)
        overnight = self.quiet_end < self.quiet_start
        while True:
            start = datetime.combine(day, self.quiet_start, tz).astimezone(UTC)
            end_day = day + timedelta(days=1) if overnight else day
            end = datetime.combine(end_day, self.quiet_end, tz).astimezone(UTC)
            if end > since and end > start:
                yield start, end
            day += timedelta(days=1)

    def _paused(self, since: datetime) -> Iterator[tuple[datetime, datetime]]:
        if self.resumed is not None and self.resumed > since:
            yield since, self.resumed
        yield from self.quiet_windows(since)

    def is_quiet(self, at: datetime) -> bool:
        return any(a <= at < b for a, b in _upto(self._paused(at), at + timedelta(microseconds=1)))

    def active(self, a: datetime, b: datetime) -> timedelta:
        """How long the clock runs between a and b."""
        if b <= a:
            return ZERO
        run, cursor = ZERO, a
        for s, e in _upto(self._paused(a), b):
            if s > cursor:
                run += min(s, b) - cursor
            cursor = max(cursor, e)
        return run + max(ZERO, b - cursor)

    def after(self, a: datetime, amount: timedelta) -> datetime:
        """The instant the clock, running from a, has run for `amount`."""
        cursor = a
        for s, e in self._paused(a):
            if s > cursor:
                if amount <= s - cursor:
                    break
                amount -= s - cursor
            cursor = max(cursor, e)
        return cursor + max(amount, ZERO)


def _upto(windows: Iterable[tuple[datetime, datetime]], b: datetime) -> Iterator[tuple[datetime, datetime]]:
    for s, e in windows:
        if s >= b:
            return
        yield s, e


@dataclass(frozen=True, slots=True)
class Tick:
    at: datetime
    waiting: frozenset[int]  # seats a decision is pending on after this event
    moved: int | None = None  # the seat whose move this event was
    extension: int | None = None  # the seat this event granted its "I'm thinking" extension


@dataclass(frozen=True, slots=True)
class SeatState:
    since: datetime | None = None  # when the current decision began; None: not waiting
    bank: timedelta | None = None  # bank: time left when it began (None: the whole bank)
    extra: timedelta = ZERO  # the extension granted to this decision
    extended: bool = False  # its one extension is spent


@dataclass(frozen=True, slots=True)
class ClockState:
    seats: tuple[SeatState, ...]


@dataclass(frozen=True, slots=True)
class SeatClock:
    remaining: timedelta  # before the time is out (0 once it is)
    running: bool
    deadline: datetime | None  # when the time runs out (None: not waiting)
    alarm: bool  # 80% of the time is used
    alarm_at: datetime | None
    expired: bool  # out of time and of grace: the seat is skipped or forfeited
    expires_at: datetime | None
    extended: bool


def start(seats: int) -> ClockState:
    return ClockState(tuple(SeatState() for _ in range(seats)))


def step(config: ClockConfig, hours: Sequence[Hours], state: ClockState, tick: Tick) -> ClockState:
    """The clocks after one more event."""
    out = []
    for seat, s in enumerate(state.seats):
        ended = s.since is not None and (seat not in tick.waiting or tick.moved == seat)
        if ended and config.mode == "bank":
            assert s.since is not None
            left = _bank(config, s) + s.extra - hours[seat].active(s.since, tick.at)
            # Out of time, a seat keeps only what its moves earn from now on.
            s = replace(s, bank=max(left, ZERO) + config.increment, extra=ZERO)
        if ended:
            s = replace(s, since=None, extra=ZERO)
        if seat in tick.waiting and s.since is None:
            s = replace(s, since=tick.at)
        if tick.extension == seat and s.since is not None and not s.extended and config.extension > ZERO:
            s = replace(s, extra=s.extra + config.extension, extended=True)
        out.append(s)
    return ClockState(tuple(out))


def fold(config: ClockConfig, hours: Sequence[Hours], ticks: Iterable[Tick],
         state: ClockState | None = None) -> ClockState:
    state = state or start(len(hours))
    for tick in ticks:
        state = step(config, hours, state, tick)
    return state


def settle(config: ClockConfig, hours: Sequence[Hours], state: ClockState, now: datetime) -> list[SeatClock]:
    """Each seat's clock at `now` (not before the last tick folded)."""
    return [_seat(config, h, s, now) for h, s in zip(hours, state.seats, strict=True)]


def clocks(config: ClockConfig, hours: Sequence[Hours], ticks: Iterable[Tick], now: datetime) -> list[SeatClock]:
    """The whole computation: the fold over the ticks, read at `now`."""
    return settle(config, hours, fold(config, hours, ticks), now)


def _bank(config: ClockConfig, s: SeatState) -> timedelta:
    return config.limit if s.bank is None else s.bank


def _seat(config: ClockConfig, h: Hours, s: SeatState, now: datetime) -> SeatClock:
    if s.since is None:
        left = _bank(config, s) if config.mode == "bank" else config.limit
        return SeatClock(left, False, None, False, None, False, None, s.extended)
    running = not h.is_quiet(now)
    if config.mode == "daily":
        due = _daily_due(config, h, s.since) + s.extra
        alarm_at = s.since + (due - s.since) * ALARM_SHARE
        expires = due + config.grace
        return SeatClock(max(due - now, ZERO), running, due, now >= alarm_at, alarm_at, now >= expires, expires,
                         s.extended)
    total = (_bank(config, s) if config.mode == "bank" else config.limit) + s.extra
    used = h.active(s.since, now)
    # The alarm comes when a fifth of the seat's whole time is left: of the bank
    # for a bank (at once if less was left when the decision began), of the
    # decision's own time otherwise.
    reserve = (config.limit + s.extra) * (1 - ALARM_SHARE)
    alarm_at = h.after(s.since, max(total - reserve, ZERO))
    due = h.after(s.since, total)
    expires = h.after(s.since, total + config.grace)
    return SeatClock(max(total - used, ZERO), running, due, now >= alarm_at, alarm_at, now >= expires, expires,
                     s.extended)


def _daily_due(config: ClockConfig, h: Hours, since: datetime) -> datetime:
    """The first daily instant after `since`, moved past the seat's quiet hours."""
    tz = ZoneInfo(config.zone)
    day: date = since.astimezone(tz).date()
    due = datetime.combine(day, config.daily_at, tz).astimezone(UTC)
    while due <= since:
        day += timedelta(days=1)
        due = datetime.combine(day, config.daily_at, tz).astimezone(UTC)
    for s, e in h.quiet_windows(due):
        if s <= due < e:
            return e
        break
    return due


__all__ = ["ALARM_SHARE", "ClockConfig", "ClockState", "Hours", "SeatClock", "SeatState", "Tick", "clocks",
           "fold", "settle", "start", "step"]
