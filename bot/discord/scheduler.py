"""Reminders and move deadlines, checked every few minutes.

The time a decision started is the time of the event that made it pending
(the match's last event); a reminder re-pings after the configured hours
(per match, or PARLEY_REMINDER_HOURS), and once more when 80% of a seat's
clock is used (its alarm), never in the player's quiet hours. When
a seat's clock expires (events/clock.py: a per-move deadline, a bank, a daily
deadline, each with its grace), the default move is played (skip) or the seat
is forfeited. A response window (events/window.py) closes with the pass the
same way, after the match's minutes, whatever the seat holds. Deadline
commands carry an id built from the match sequence and seat, so a restart in
the middle never applies one twice, and the sequence the deadline was decided
at, so a move that lands in between makes the service refuse the skip.

A player on vacation (vacation.py) is neither skipped nor reminded, and
their clocks restart when it ends. The reminders due in a pass are sent
together at its end, so a player waited on in several matches can get one
daily digest instead (digest.py).

Each pass also retries the matches in the delivery outbox (a post that failed,
even in a match that has ended since), and closes lobbies nobody joined (expiry.py).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from engine.core import RuleError
from events import window
from events.clock import ALARM_SHARE
from events.clockconfig import from_place

from .digest import REMIND, Due, remind_due
from .expiry import expire_lobbies
from .league import leagues_of
from .vacation import vacation_starts

if TYPE_CHECKING:
    from .base import Room

log = logging.getLogger("parley.discord")


class Scheduler:
    def __init__(self, room: Room) -> None:
        self.room = room
        self._task: asyncio.Task[None] | None = None
        self._hours: dict[str, float] = {}  # per match: the soonest a reminder or deadline can fall
        self.leagues = leagues_of(room)  # from now on, a league also moves on when its round's last match ends

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._loop(), name="parley-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _loop(self) -> None:
        while True:
            try:
                await self.tick(datetime.now(UTC))
            except Exception:
                log.exception("scheduler tick failed")
            await asyncio.sleep(self.room.config.scheduler_minutes * 60)

    async def tick(self, now: datetime) -> None:
        service = self.room.service
        store = service.store
        running = await store.matches(status=("running",), limit=1_000_000)
        due: Due = []  # reminders due this pass, sent together at the end (digests)
        # Whatever a failed Discord call left unshown, running or not (the outbox).
        for match_id in await self.room.delivery.pending():
            await self.room.sync(match_id)
        for row in running:
            if row.guild is None or not self.room.config.owns(row.guild):
                continue  # another process serves that server's shard
            # Lazy: a match is loaded only when a reminder or deadline may be due,
            # judged from its row and its creation event, so a start with thousands
            # of running matches loads none of them until they are touched.
            if not await self._maybe_due(row.id, row.updated_at, now):
                continue
            ms = await service.get(row.id)
            waiting = [p for p in ms.game.pending(ms.state)
                       if not ms.seats[p.seat].is_bot and p.seat not in ms.forfeited]
            if not waiting:
                continue
            # Since the last event everyone saw: a seat's standing orders restart no clock.
            last = (await store.events(ms.match_id, after=ms.public_seq - 1, upto=ms.public_seq))[-1]
            # Each seat's clock starts when the decision did, or when its player's
            # vacation ended; a player still away is neither skipped nor reminded.
            starts = await vacation_starts(store, ms, [p.seat for p in waiting], datetime.fromisoformat(last.at), now)
            # Expiry is the clock's (events/clock.py): quiet hours, a vacation, the
            # bank, grace and an extension are all in it.
            feed = self.room.delivery.clock_feed
            clock = await feed.clocks(ms, now)
            late = [p.seat for p in waiting if clock is not None and clock[1][p.seat].expired]
            if late:
                await self._deadline(ms.match_id, ms.seq, late, str(ms.place.get("deadline_action", "skip")))
                continue
            closed = window.due(ms, await feed.since(ms), now) if window.from_place(ms.place) else []
            if closed:
                await self._deadline(ms.match_id, ms.seq, closed, "skip", window.WINDOW)
                continue
            hours = float(ms.place.get("reminder_hours") or self.room.config.reminder_hours)
            mark = await store.get_kv(REMIND, ms.match_id) or {}
            reminded = datetime.fromisoformat(mark["at"]) if mark.get("seq") in (ms.seq, ms.public_seq) else None
            asleep = await feed.hours(ms)
            # A reminder is due after the configured hours, or once when 80% of
            # the seat's time is gone (the clock's alarm); never in quiet hours.
            alarms = {s: c.alarm_at for s, c in enumerate(clock[1]) if c.alarm_at} if clock else {}
            remind = [s for s, t in starts.items()
                      if (now - max(t, reminded or t) >= timedelta(hours=hours)
                          or (s in alarms and now >= alarms[s] and (reminded is None or reminded < alarms[s])))
                      and not asleep[s].is_quiet(now)]
            if remind:
                due.append((ms, remind))
        await remind_due(self.room, due, now)
        await expire_lobbies(self.room, now)
        # Leagues whose round's matches ended, or whose round's deadline passed, move on.
        await self.leagues.tick(now)

    async def _maybe_due(self, match_id: str, updated_at: str, now: datetime) -> bool:
        hours = self._hours.get(match_id)
        if hours is None:
            first = await self.room.service.store.events(match_id, upto=1)
            place = first[0].payload.get("place", {}) if first else {}
            limits = [float(place.get("reminder_hours") or self.room.config.reminder_hours)]
            clock = from_place(place)
            if clock is not None:
                # A decision's limit is never spent sooner than by the wall clock; a
                # bank or a daily deadline may be due any time after a move.
                limits.append(clock.limit * ALARM_SHARE / timedelta(hours=1) if clock.mode == "move" else 0.0)
            if window.from_place(place):
                # Not judged by the row's last write: a seat's private standing-orders
                # event moves that too, and would hold its window open for longer.
                limits.append(0.0)
            hours = self._hours[match_id] = min(limits)
        try:
            since = datetime.fromisoformat(updated_at)
        except ValueError:
            return True
        return now - since >= timedelta(hours=hours)

    async def _deadline(self, match_id: str, seq: int, seats: list[int], policy: str,
                        reason: str = "deadline") -> None:
        """Apply the deadline (or the closing of a response window, `reason`) decided
        at event `seq`. Each skip carries `expected_seq`, so a move that landed after the decision (a click racing the scheduler)
        makes the skip refused, never applied to the new position; the next pass
        decides afresh. Several seats waiting at once are skipped one after the
        other, each expecting the position the previous skip left."""
        service = self.room.service
        expected = seq
        for seat in seats:
            cid = f"{reason}:{seq}:{seat}"
            try:
                if policy == "forfeit":
                    result = await service.remove_player(match_id, "system", seat, "timeout", command_id=cid,
                                                         expected_seq=expected)
                else:
                    result = await service.skip(match_id, seat, reason, command_id=cid, expected_seq=expected)
            except RuleError as err:
                # Stale (someone moved since), not pending any more, or the match ended: not ours to do.
                log.info("match %s: deadline for seat %d not applied: %s", match_id, seat, err.message("en"))
                break
            except Exception:
                log.exception("match %s: deadline for seat %d failed", match_id, seat)
                break
            if result.events:
                expected = result.events[-1].seq
        await self.room.sync(match_id)
