"""`/parley thinking`: a player's one "I'm thinking" extension of their clock in
a match (events/clockfeed.py records it in the log; events/clock.py adds it to
the decision waiting on them, or to their bank)."""

from __future__ import annotations

import discord

from engine.core import Text

from .base import Reply, Room
from .i18n import M

EXTENDED = Text("More time granted: your deadline in this match is extended, once (see the board).",
                "延長しました。この対戦でのあなたの期限が一度だけ延びます（盤面で確認できます）。")


class Clocks:
    """`/parley thinking`: a player's one extension of their clock."""

    def __init__(self, room: Room) -> None:
        self.room = room

    async def thinking(self, interaction: discord.Interaction, match: str | None) -> None:
        async def work() -> Reply:
            ms = await self.room.resolve(interaction, match)
            result = await self.room.service.extend(ms.match_id, self.room.player(interaction).id,
                                               command_id=str(interaction.id))
            locale = self.room.locale(interaction)
            return Reply(M.duplicate(locale) if result.duplicate else EXTENDED(locale), sync=ms.match_id)
        await self.room.run(interaction, work, match_id=match)
