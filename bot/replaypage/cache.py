"""Drawn replay pages, kept for the next asker: a finished match never changes,
and drawing a long one's boards takes seconds of CPU. The match is still read
and verified on every request, so a page is reused only for the same match,
the same verification result and the same language."""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from engine.core import pick_locale
from events.service import MatchService
from events.stores import open_store

from .collect import collect
from .page import html_page

KEEP = 4  # pages are under 1 MiB each (their data is gzipped)
_PAGES: OrderedDict[tuple[object, ...], bytes] = OrderedDict()


async def page_bytes(service: MatchService, match_id: str, locale: str) -> bytes:
    """The page as UTF-8, drawn in a thread so that the event loop keeps serving."""
    finished = await collect(service, match_id)
    key = (match_id, finished.final.seq, finished.secret, finished.verified,
           tuple(finished.proof), pick_locale(locale))
    if key in _PAGES:
        _PAGES.move_to_end(key)
        return _PAGES[key]
    data = (await asyncio.to_thread(html_page, finished, locale)).encode()
    _PAGES[key] = data
    while len(_PAGES) > KEEP:
        _PAGES.popitem(last=False)
    return data


def drawn_page(where: str, match_id: str, locale: str) -> bytes:
    """`page_bytes` in a process (or thread) of its own, the match read from the database
    at `where` by a service of its own (bot/discord/drawing.py runs it beside the bot)."""
    async def draw() -> bytes:
        store = await open_store(where)
        try:
            return await page_bytes(MatchService(store), match_id, locale)
        finally:
            await store.close()
    return asyncio.run(draw())
