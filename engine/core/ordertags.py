"""The public words standing orders answer by: the generic tags and a game's
named presets. The game contract names them (`Game.order_tags`,
`Game.order_presets`), so they live apart from the orders themselves, which
need the contract in turn (engine.core.orders)."""

from __future__ import annotations

from dataclasses import dataclass

from .text import Text

ANY, RESPONSE = "any", "response"


@dataclass(frozen=True, slots=True)
class Preset:
    """A named order a game offers (e.g. Warlords' 'never obstruct'): the tags it
    answers, its default limit, and what it means in words."""

    tags: tuple[str, ...]
    until: str
    help: Text
