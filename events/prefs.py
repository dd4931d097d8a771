"""A player's own settings, kept in the `player_prefs` table (migration 3 in
SQLite, 2 in PostgreSQL): a vacation that pauses their deadlines, and whether
their reminders come as one daily digest; since migration 5 in SQLite, 4 in
PostgreSQL, their quiet hours and time zone (events/clock.py).

Keyed by the player id the log uses ("discord:123"), so the same person has
the same settings in every server and every front end that shares the id.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time

from .clock import Hours


@dataclass(frozen=True, slots=True)
class PlayerPrefs:
    player: str
    vacation_until: str | None = None  # ISO 8601 UTC; None or past: not away
    digest: bool = True  # one daily DM listing the matches waiting on them, instead of a reminder per match
    quiet: str | None = None  # "23:00-07:00", local to `zone`; None: their clock runs all day
    zone: str | None = None  # an IANA zone ("Asia/Tokyo"); None: UTC

    def away(self, now: datetime) -> bool:
        return self.vacation_until is not None and datetime.fromisoformat(self.vacation_until) > now

    def hours(self) -> Hours:
        """Their calendar for the clocks: quiet hours, and no time running before
        their last vacation ended (a player back from one has their full time)."""
        resumed = datetime.fromisoformat(self.vacation_until) if self.vacation_until else None
        if not self.quiet:
            return Hours(zone=self.zone or "UTC", resumed=resumed)
        start, end = (time.fromisoformat(t) for t in self.quiet.split("-"))
        return Hours(start, end, self.zone or "UTC", resumed)


# A command changes one setting and writes only that column: two commands of
# one player at the same instant (vacation and digest) must not undo each other,
# as a read-modify-write of the whole row would.
# Quiet hours and their zone are one setting (`/parley me hours` sets both), so one
# flag writes both columns.
FIELDS = ("vacation_until", "digest", "hours")


def check_fields(fields: tuple[str, ...]) -> tuple[bool, bool, bool]:
    """Which of FIELDS a write changes, ValueError for any other name."""
    unknown = set(fields) - set(FIELDS)
    if unknown or not fields:
        raise ValueError(f"player prefs fields must be some of {FIELDS}, not {fields}")
    return "vacation_until" in fields, "digest" in fields, "hours" in fields


__all__ = ["FIELDS", "PlayerPrefs", "check_fields"]
