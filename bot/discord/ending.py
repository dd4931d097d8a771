"""The end of a match on Discord: its result and summary, the DM menus taken off, the replay
page drawn in the background and posted once ready, the thread archived last.

What the end shows is the projection's (projection.End, projection.Page), and a pass of the
delivery (delivery.py) shows it; this module gathers it and says when: the end of a match a
command's move ended follows in a sync of its own, after that move's answer, and a page still
drawing keeps the match in the outbox until a sync posts it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from events.replay import MatchState

from . import projection
from .projection import Surfaces
from .summary import Posting, draw_page, summary_text

if TYPE_CHECKING:
    from .dms import SeatDms

log = logging.getLogger("parley.discord")


class Showing(Posting, Protocol):
    """What the end of a match needs of the delivery (delivery.Delivery) besides posting, named
    here so the delivery, which holds it, is not imported back."""

    dms: SeatDms

    async def sync(self, match_id: str) -> bool: ...


class Ending:
    """The ends of matches this process shows. `reconcile` makes the places of a match show
    the surfaces given (delivery.Delivery._reconcile)."""

    def __init__(self, delivery: Showing, reconcile: Callable[..., Awaitable[None]]) -> None:
        self.delivery = delivery
        self._reconcile = reconcile
        self._drawing: dict[str, asyncio.Task[None]] = {}  # replay pages being drawn, by match
        self._ending: dict[str, asyncio.Task[None]] = {}  # ends of matches to show after their last move's answer
        self._pages: dict[str, bytes | None] = {}  # drawn and not yet posted (None: could not be made)

    def to_come(self, match_id: str) -> bool:
        """Whether a page still drawing, or an end still to show, keeps the match in the outbox: its
        last posts are yet to come (the sync showing the end does not count itself)."""
        me = asyncio.current_task()
        return match_id in self._drawing or self._ending.get(match_id, me) is not me

    async def finish(self, ms: MatchState, rec: dict[str, Any], locale: str) -> None:
        """The end of a match (projection.End): the result and the summary, DM menus taken off,
        the replay page, the thread archived. Each part is noted as done, so a retry after a
        failure repeats none."""
        if ms.status not in ("finished", "aborted") or rec.get("ended"):
            return
        summary = (summary_text(ms, await self.delivery.store.events(ms.match_id), locale)
                   if ms.status == "finished" else None)
        end = projection.end(ms, locale, summary)
        page = projection.Page(self._pages[ms.match_id]) if ms.match_id in self._pages else None
        await self._reconcile(ms, rec, Surfaces(end=end, page=page), dms=await self.delivery.dms.waiting(ms))
        if rec.get("page") is True:
            self._pages.pop(ms.match_id, None)
        elif end is not None and end.page and page is None and ms.match_id not in self._drawing:
            # Drawn by a background task, which syncs the match again when the page is ready; until
            # then the match stays in the outbox, so a restart draws it again.
            self._drawing[ms.match_id] = asyncio.create_task(self._draw_page(ms.match_id, locale),
                                                             name=f"parley-page-{ms.match_id}")

    async def _draw_page(self, match_id: str, locale: str) -> None:
        try:
            self._pages[match_id] = await draw_page(self.delivery, match_id, locale)
        finally:
            del self._drawing[match_id]
        await self._sync_later(match_id, "posting the replay page")

    def follow(self, match_id: str) -> None:
        if match_id not in self._ending:
            self._ending[match_id] = asyncio.create_task(self._show_end(match_id), name=f"parley-end-{match_id}")

    async def _show_end(self, match_id: str) -> None:
        try:
            await self._sync_later(match_id, "showing its end")
        finally:
            del self._ending[match_id]

    async def _sync_later(self, match_id: str, what: str) -> None:
        try:
            await self.delivery.sync(match_id)
        except Exception:  # the outbox still holds the match: the scheduler tries again
            log.warning("match %s: %s failed; retried from the outbox", match_id, what, exc_info=True)
