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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from bot import render
from bot.replaypage.cache import drawn_page, page_bytes
from engine.registry import installed
from events.service import MatchService

from .worker import Gone, Worker

log = logging.getLogger("parley.discord")
T = TypeVar("T")

_worker: Worker | None = None
# Pictures got from the worker, by what they draw (render.picture_key, the worker's own key: a board
# the bot does not ask again is one the worker would not draw again): the newest boards of the matches played.
PICTURES = 64
_pictures: dict[bytes, bytes | None] = {}


def draws(game_id: str) -> bool:
    """Whether the game has a board picture at all."""
    module = render._module(game_id)
    return module is not None and hasattr(module, "image")


def _started() -> Worker:
    global _worker
    if _worker is None or _worker.gone:
        _worker = Worker()
    return _worker


def close() -> None:
    """End the drawing process, if one was started (the next picture starts another)."""
    global _worker
    if _worker is not None:
        _worker.close()
        _worker = None


async def _drawn(function: Callable[..., T], *args: Any) -> T:
    """`function(*args)` in the drawing process; in a thread of the bot when that process is gone
    or cannot be started (`Gone`), so a picture or a page still comes. What the function itself
    raises (an OSError reading a font, say) is its caller's: tried again in a thread it would fail again."""
    try:
        return await _started().call(function, *args)
    except Gone as exc:
        log.warning("the drawing process is gone (%s); drawing %s in a thread", exc, function.__name__)
        return await asyncio.to_thread(function, *args)


async def board_image(game_id: str, view: dict[str, Any], names: Sequence[str], locale: str = "en") -> bytes | None:
    """The board's picture as PNG in `locale` (where a font can draw it), or None for a game without one."""
    if not draws(game_id):
        return None
    # A move that leaves the picture as it was (what it draws of the view unchanged) reuses the one
    # drawn, without asking the worker (the view pickled across, the answer read back).
    # Only a game that says what its picture draws (`picture_view`) is kept here: another's picture
    # changes with nearly every move, so keying it (its whole view pickled and hashed, 30-90 µs) would
    # cost each move and save none; the worker's own cache still never draws it twice.
    key = render.picture_key(game_id, view, names, locale) if render.has_picture_view(game_id) else None
    if key is not None and key in _pictures:
        return _pictures[key]
    data = await _drawn(render.image, game_id, view, list(names), locale)
    if key is not None:
        _pictures[key] = data
        if len(_pictures) > PICTURES:
            del _pictures[next(iter(_pictures))]
    return data


async def replay_page(service: MatchService, where: str | Path, match_id: str, locale: str) -> bytes:
    """A finished match's replay page, read from the database at `where` and drawn in the
    drawing process: the bot goes on answering moves meanwhile. A game registered in this
    process alone (a test's, a plugin's), which that process does not know, is drawn here."""
    if (await service.get(match_id)).game_id not in installed():
        return await page_bytes(service, match_id, locale)
    return await _drawn(drawn_page, str(where), match_id, locale)
