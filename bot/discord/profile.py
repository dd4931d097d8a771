"""`/parley profile [user]`: a player's card (events/profile.py, bot/profiletext.py),
privately to the asker: on this server, or, where Parley is not installed (a DM,
another server), the asker's own card over every server."""

from __future__ import annotations

import discord

from bot import ratingtext as rt
from bot.profiletext import card_lines
from events.profile import Part, profile

from .base import Reply, Room
from .contexts import lookup_scope
from .names import server_label
from .projection import clip


class Profiles:
    """`/parley profile`: a player's card."""

    def __init__(self, room: Room) -> None:
        self.room = room

    async def profile(self, interaction: discord.Interaction, user: discord.User | discord.Member | None) -> None:
        async def work() -> Reply:
            locale = self.room.locale(interaction)
            guild, target = lookup_scope(interaction, user)
            card = await profile(self.room.service.store, f"discord:{target.id}", guild)
            threads: dict[str, str] = {}
            for p in card.current:
                thread = (await self.room.delivery.record(p.match_id)).get("thread")
                if thread:
                    threads[p.match_id] = f" · <#{thread}>"

            def where(p: Part) -> str:
                return threads.get(p.match_id, "")

            def server_name(server: str) -> str:
                return rt.server_name(server, locale) if server == "local" else server_label(self.room.client, server)

            lines = card_lines(card, target.mention, locale, server_name=server_name, where=where)
            return Reply(clip("\n".join([f"**{lines[0]}**", *lines[1:]])))
        await self.room.run(interaction, work)
