"""The engine's one read: a data file shipped inside a game's own package
(its sample cards, starters, rules), which is part of the installed code, not
input. A card file a group brings reaches the engine as text, read by the
front end that was given its path (bot/cardfile.py); tests/test_engine_does_no_io.py
holds every other module of engine/ to no file I/O at all."""

from __future__ import annotations

from importlib import resources


def bundled_text(package: str, name: str) -> str:
    """The UTF-8 text of `name` (e.g. "data/cards.json") inside `package` (e.g. "engine.naru")."""
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


__all__ = ["bundled_text"]
