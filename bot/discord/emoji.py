"""The application's emoji for the text boards: Quarriors' dice faces, Warlords'
pieces and each seat's colour, drawn by the board modules, rasterised here and
uploaded to Discord once per application (at start-up, those missing). Until
they exist, or where the upload failed, a text board writes the plain text."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from types import MappingProxyType

from bot.render import picture, quarriors, warlords
from bot.render import svg as draw

from .ops import Ops

log = logging.getLogger("parley.discord")


def wanted() -> dict[str, str]:
    """Every emoji a text board may show, by name, as its drawing: the seats' colours first
    (every game's boards use them), should Discord stop the uploads part way."""
    return {**picture.seat_emoji(), **warlords.emoji(), **quarriors.emoji()}


class AppEmoji:
    """The emoji the application has, as the text a message writes for each (`<:name:id>`)."""

    def __init__(self, ops: Ops) -> None:
        self.ops = ops
        self.marks: Mapping[str, str] = MappingProxyType({})

    async def ensure(self) -> int:
        """Upload those missing; how many were made. A refusal (no permission, a limit) stops the
        uploads and is logged: the boards show the ones there are and plain text for the rest."""
        listed = await self.ops.app_emojis()
        if not listed.ok:
            log.warning("application emoji could not be listed (%s %s); text boards stay plain", listed.outcome,
                        listed.text)
            return 0
        have: dict[str, int] = dict(listed.data)
        drawings = wanted()
        made = 0
        for name, drawing in drawings.items():
            if name in have:
                continue
            png = await asyncio.to_thread(draw.png, drawing)
            added = await self.ops.add_app_emoji(name, png)
            if not added.ok or added.id is None:
                log.warning("application emoji %s could not be made (%s %s); later ones not tried", name,
                            added.outcome, added.text)
                break
            have[name] = added.id
            made += 1
        self.marks = MappingProxyType({name: f"<:{name}:{have[name]}>" for name in drawings if name in have})
        return made
