"""Rendering of game views for people: text (terminal and Discord) and images.

Each game may provide `bot/render/<game_id>.py` with:
    board(view: dict, locale: str) -> str          # public board, <= 1,900 chars
    private(view: dict, seat: int, locale: str) -> str   # that seat's hand etc.
    image(view: dict) -> bytes | None              # optional PNG for grid games
A game without a module falls back to a compact generic text.
"""

from __future__ import annotations

import importlib
import json
from types import ModuleType
from typing import Any

DISCORD_LIMIT = 2000


def _module(game_id: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"bot.render.{game_id}")
    except ModuleNotFoundError:
        return None


def _generic(view: dict[str, Any]) -> str:
    return json.dumps(view, ensure_ascii=False, separators=(",", ":"))


def clip(text: str, limit: int = DISCORD_LIMIT - 100) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def board(game_id: str, view: dict[str, Any], locale: str) -> str:
    mod = _module(game_id)
    return clip(mod.board(view, locale) if mod and hasattr(mod, "board") else _generic(view))


def private(game_id: str, view: dict[str, Any], seat: int, locale: str) -> str:
    mod = _module(game_id)
    return clip(mod.private(view, seat, locale) if mod and hasattr(mod, "private") else _generic(view))


def image(game_id: str, view: dict[str, Any]) -> bytes | None:
    mod = _module(game_id)
    if mod and hasattr(mod, "image"):
        data: bytes | None = mod.image(view)
        return data
    return None
