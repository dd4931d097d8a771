"""Board pictures drawn in a worker process, off the bot's own threads.

Drawing a board (Pillow today, resvg once boards are SVG) is tens of
milliseconds of CPU that holds the interpreter, and a finished match's replay
page (replayed, verified and drawn) seconds: in a thread of the bot it
stalls every other match's commands while it runs (issue 25). One worker
process, started on the first picture, draws them instead, with
`bot.render.image`'s own cache there; the bot process only waits for the
bytes, and keeps those of games with a `picture_view` by what they draw
(`render.picture_key`, the worker's cache's key too), so a board a move left
looking the same is not asked of the worker again. A game without pictures never asks the worker. If the worker
cannot be started or dies, the picture is drawn in a thread as before.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from bot import render
from bot.replaypage.cache import drawn_page, page_bytes
from engine.registry import installed
from events.service import MatchService

log = logging.getLogger("parley.discord")

_pool: ProcessPoolExecutor | None = None
# Pictures got from the worker, by what they draw (render.picture_key, the worker's own key: a board
# the bot does not ask again is one the worker would not draw again): the newest boards of the matches played.
PICTURES = 64
_pictures: dict[bytes, bytes | None] = {}


def draws(game_id: str) -> bool:
    """Whether the game has a board picture at all."""
    module = render._module(game_id)
    return module is not None and hasattr(module, "image")


def _worker() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        # Spawned, not forked: the bot has threads (the database's, executors') a fork would copy mid-flight.
        _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return _pool


async def board_image(game_id: str, view: dict[str, Any], names: Sequence[str], locale: str = "en") -> bytes | None:
    """The board's picture as PNG in `locale` (where a font can draw it), or None for a game without one."""
    global _pool
    if not draws(game_id):
        return None
    # A move that leaves the picture as it was (what it draws of the view unchanged) reuses the one
    # drawn, without asking the worker (the view pickled across, two of the pool's threads woken).
    # Only a game that says what its picture draws (`picture_view`) is kept here: another's picture
    # changes with nearly every move, so keying it (its whole view pickled and hashed, 30-90 µs) would
    # cost each move and save none; the worker's own cache still never draws it twice.
    key = render.picture_key(game_id, view, names, locale) if render.has_picture_view(game_id) else None
    if key is not None and key in _pictures:
        return _pictures[key]
    loop = asyncio.get_running_loop()
    try:
        data = await loop.run_in_executor(_worker(), render.image, game_id, view, list(names), locale)
    except (BrokenProcessPool, OSError) as exc:
        log.warning("the drawing process is gone (%s); drawing in a thread", exc)
        _pool = None
        return await asyncio.to_thread(render.image, game_id, view, list(names), locale)
    if key is not None:
        _pictures[key] = data
        if len(_pictures) > PICTURES:
            del _pictures[next(iter(_pictures))]
    return data


async def replay_page(service: MatchService, where: str | Path, match_id: str, locale: str) -> bytes:
    """A finished match's replay page, read from the database at `where` and drawn in the
    drawing process: the bot goes on answering moves meanwhile. A game registered in this
    process alone (a test's, a plugin's), which that process does not know, is drawn here."""
    global _pool
    if (await service.get(match_id)).game_id not in installed():
        return await page_bytes(service, match_id, locale)
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(_worker(), drawn_page, str(where), match_id, locale)
    except (BrokenProcessPool, OSError) as exc:
        log.warning("the drawing process is gone (%s); drawing the page in a thread", exc)
        _pool = None
        return await asyncio.to_thread(drawn_page, str(where), match_id, locale)
