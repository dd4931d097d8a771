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
# Older rulesets' games, found once per (game, ruleset): replay asks for one per event.
_OLDER: dict[tuple[str, str], Game[Any]] = {}


def register(game: Game[Any]) -> None:
    """Add a game object directly (tests use this for their toy game)."""
    _LOADED[game.id] = game
    for key in [k for k in _OLDER if k[0] == game.id]:
        del _OLDER[key]


class UnknownRuleset(KeyError):
    """A match recorded under a ruleset no kept version of its game plays."""


def get_game(game_id: str, ruleset: str | None = None) -> Game[Any]:
    """The game as it plays today, or as it played `ruleset` (a recorded match's)."""
    game = _LOADED.get(game_id)
    if game is None:
        path = _PATHS.get(game_id)
        if path is None:
            raise KeyError(game_id)
        module, _, attr = path.partition(":")
        game = _LOADED[game_id] = getattr(importlib.import_module(module), attr)
    if ruleset is None or ruleset == game.ruleset:
        return game
    key = (game_id, ruleset)
    older = _OLDER.get(key)
    if older is None:
        older = game.for_ruleset(ruleset)
        if older is None:
            raise UnknownRuleset(f"{game_id} has no ruleset {ruleset!r}")
        _OLDER[key] = older
    return older


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
