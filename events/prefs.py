"""A player's own settings, kept in the `player_prefs` table (migration 3 in
SQLite, 2 in PostgreSQL): a vacation that pauses their deadlines, and whether
their reminders come as one daily digest.

Keyed by the player id the log uses ("discord:123"), so the same person has
the same settings in every server and every front end that shares the id.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class PlayerPrefs:
    player: str
    vacation_until: str | None = None  # ISO 8601 UTC; None or past: not away
    digest: bool = True  # one daily DM listing the matches waiting on them, instead of a reminder per match

    def away(self, now: datetime) -> bool:
        return self.vacation_until is not None and datetime.fromisoformat(self.vacation_until) > now


__all__ = ["PlayerPrefs"]
