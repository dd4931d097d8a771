"""After a start, before any command: the thread of every match that may be behind its log
brought up to date. A match that ended, and was shown to its end, before the last start's
repair began is never read again, so a start touches open lobbies and running matches only
(and those that ended since, and those whose last sync failed); those already shown to their
last event are left unloaded (a start stays lazy)."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from events.service import MatchService
from events.store import LEAGUE, MatchRow

from .delivery import Delivery

log = logging.getLogger("parley.discord")

# kv: by process key, the service clock's time when that process's last repair began.
REPAIRED = "discord:repaired"
# How far another process's clock may run behind this one's (they stamp the rows a repair reads by time).
CLOCK_MARGIN = timedelta(hours=1)


async def repair(service: MatchService, delivery: Delivery) -> int:
    """How many matches it brought up to date."""
    began = service.clock()
    rows, pending = await _maybe_behind(service, delivery)
    n = 0
    for row in rows:
        if row.guild is None:  # played from the terminal, not Discord
            continue
        rec = await delivery.record(row.id)
        if row.status in ("finished", "aborted") and rec.get("ended"):
            continue
        if row.status in ("lobby", "running") and int(rec.get("shown", 0)) >= row.last_seq \
                and _settled(row, rec) and row.id not in pending:
            continue
        try:
            await delivery.sync(row.id, repair=True)
            n += 1
        except Exception:
            log.exception("match %s: repair failed", row.id)
    await service.store.set_kv(REPAIRED, delivery.config.process_key, began)
    return n


def _settled(row: MatchRow, rec: dict[str, Any]) -> bool:
    """Whether a match shown up to its last event needs nothing more: a lobby its thread (its
    lobby message and listing come before the log in a sync), a running match its board posted
    and pinned. Then nothing is repaired and the match is not loaded (a start stays lazy)."""
    if row.status == "lobby":
        return bool(rec.get("thread"))
    return bool((rec.get("pin") or {}).get("ok") and rec.get("board_msg"))


async def _maybe_behind(service: MatchService, delivery: Delivery) -> tuple[list[MatchRow], set[str]]:
    """The matches a repair looks at: those not over, those written since the last repair
    began (a crash may have cut their end's posts short; with a margin for other processes'
    clocks) and those in the outbox (returned too)."""
    store = service.store
    rows = await store.matches(status=("lobby", "running"), limit=1_000_000)
    last = await store.get_kv(REPAIRED, delivery.config.process_key)
    since = (datetime.fromisoformat(last) - CLOCK_MARGIN).isoformat(timespec="milliseconds") if last else ""
    rows += [row for row in await store.written_since(since, status=("finished", "aborted"))
             if row.game != LEAGUE]  # a league's stream has no thread of its own
    pending = set(await delivery.pending())
    known = {row.id for row in rows}
    for match_id in sorted(pending - known):
        row = await store.match(match_id)
        if row is not None:
            rows.append(row)
    return rows, pending
