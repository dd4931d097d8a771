"""After a start, before any command: every match's thread brought up to date with its log,
leaving alone, unloaded, those already shown to their last event (a start stays lazy)."""

from __future__ import annotations

import logging

from events.service import MatchService

from .delivery import Delivery

log = logging.getLogger("parley.discord")


async def repair(service: MatchService, delivery: Delivery) -> int:
    """How many matches it brought up to date."""
    rows = await service.store.matches(limit=1_000_000)
    pending = set(await delivery.pending())
    n = 0
    for row in rows:
        if row.guild is None:  # played from the terminal, not Discord
            continue
        rec = await delivery.record(row.id)
        if row.status in ("finished", "aborted") and rec.get("ended"):
            continue
        # Shown up to its last event with its board posted: nothing to repair,
        # and the match is not loaded (a start stays lazy).
        settled = (rec.get("pin") or {}).get("ok") and rec.get("board_msg")
        if row.status == "running" and int(rec.get("shown", 0)) >= row.last_seq and settled \
                and row.id not in pending:
            continue
        try:
            await delivery.sync(row.id, repair=True)
            n += 1
        except Exception:
            log.exception("match %s: repair failed", row.id)
    return n
