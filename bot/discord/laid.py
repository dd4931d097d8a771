"""Layout messages (components v2) made as the JSON discord.py would send for them.

A DM and the board are each made again on every move, and discord.py's items
(a container, its text displays, a section and its button, each one an object
that checks its place, and a component under it) cost several times what
their JSON does: so these build the very dicts `to_component_dict` gives,
keys in discord.py's order, and `Laid` hands them to discord.py as a view.
The rows under a message are a menu's parts (views.Rows), each made into its JSON too.
"""

from __future__ import annotations

from typing import Any

from discord import ui

from .views import Rows


def text(content: str) -> dict[str, Any]:
    """ui.TextDisplay(content)."""
    return {"type": 10, "content": content}


def container(accent: int, components: list[dict[str, Any]]) -> dict[str, Any]:
    """ui.Container(accent_colour=accent) holding `components` (an accent of 0 is none, as there)."""
    return {"type": 17, "accent_color": accent or None, "spoiler": False, "components": components}


def separator() -> dict[str, Any]:
    """ui.Separator(). A new dict each time, as every builder here: a message's JSON is its sender's
    to keep, and whoever reads it back (a test's fake Discord) may mark it."""
    return {"type": 14, "divider": True, "spacing": 1}


def gallery(url: str, description: str) -> dict[str, Any]:
    """ui.MediaGallery of one discord.MediaGalleryItem(url, description=description)."""
    return {"type": 12, "items": [{"media": {"url": url}, "spoiler": False, "description": description}]}


def section(content: str, accessory: dict[str, Any]) -> dict[str, Any]:
    """ui.Section(ui.TextDisplay(content), accessory=...) with the accessory's JSON."""
    return {"type": 9, "components": [text(content)], "accessory": accessory}


def row(components: list[dict[str, Any]]) -> dict[str, Any]:
    """ui.ActionRow holding components given as their JSON."""
    return {"type": 1, "components": components}


class Laid(ui.LayoutView):
    """A layout message: `shown`, its components' JSON, then the menu `rows`, each in an action row."""

    def __init__(self, shown: list[dict[str, Any]], rows: Rows | None = None) -> None:
        super().__init__(timeout=None)
        self._shown = shown
        self._rows = rows or []

    def has_components_v2(self) -> bool:
        return True

    def to_components(self) -> list[dict[str, Any]]:
        return [*self._shown, *(row([part.to_component_dict() for part in parts]) for parts in self._rows)]
