"""The installed games, imported on first use so one broken game cannot stop the others."""

from __future__ import annotations

import importlib
from typing import Any

from .core.contract import Game

_PATHS: dict[str, str] = {
    "quarriors": "engine.quarriors.game:GAME",
    "naru": "engine.naru.game:GAME",
    "musou": "engine.musou.game:GAME",
    "warlords": "engine.warlords.game:GAME",
}
_LOADED: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> None:
    """Add a game object directly (tests use this for their toy game)."""
    _LOADED[game.id] = game


def get_game(game_id: str) -> Game[Any]:
    if game_id in _LOADED:
        return _LOADED[game_id]
    path = _PATHS.get(game_id)
    if path is None:
        raise KeyError(game_id)
    module, _, attr = path.partition(":")
    game: Game[Any] = getattr(importlib.import_module(module), attr)
    _LOADED[game_id] = game
    return game


def installed() -> list[str]:
    """The games that ship with Parley (not those a test or a plugin registered)."""
    return sorted(_PATHS)


def available() -> list[str]:
    """Game ids whose module imports here."""
    ids = []
    for game_id in sorted(set(_PATHS) | set(_LOADED)):
        try:
            get_game(game_id)
        except (ImportError, AttributeError):
            continue
        ids.append(game_id)
    return ids
