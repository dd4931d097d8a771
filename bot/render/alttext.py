"""A board picture's alt text, by game: the game module's `describe(view, names, locale)`,
for front ends that attach the picture (Discord's attachment description). None for a
game whose picture has none."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any


def describe(game_id: str, view: dict[str, Any], names: Sequence[str] | None, locale: str) -> str | None:
    try:
        module = importlib.import_module(f"bot.render.{game_id}")
    except ModuleNotFoundError:
        return None
    fn = getattr(module, "describe", None)
    return str(fn(view, names, locale)) if fn is not None else None
