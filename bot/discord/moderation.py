"""Moderator commands: undo/redo, abort, replace and remove. Each is an event in the log
with who did it and why, and is shown in the match's thread."""

from __future__ import annotations

import discord

from events.model import Player

from .base import ParleyBase, Reply
from .delivery import who
from .i18n import M


class Moderation(ParleyBase):
    # -- moderation ------------------------------------------------------------------------------

    async def undo(self, interaction: discord.Interaction, match: str | None, count: int | None,
                   to_event: int | None, reason: str | None, redo: bool = False) -> None:
        async def work() -> Reply:
            self.require_mod(interaction)
            ms = await self.resolve(interaction, match)
            mod = str(interaction.user.id)
            cid = str(interaction.id)
            if redo:
                result = await self.service.redo(ms.match_id, mod, reason or "", command_id=cid)
            else:
                result = await self.service.undo(ms.match_id, mod, count=count or 1, to_seq=to_event,
                                                 reason=reason or "", command_id=cid)
            locale = self.locale(interaction)
            to = result.events[-1].payload.get("to_seq") if result.events else "?"
            return Reply(M.duplicate(locale) if result.duplicate else M.undone.format(to=to)(locale),
                         sync=ms.match_id)
        await self.run(interaction, work, match_id=match)

    async def abort(self, interaction: discord.Interaction, match: str | None, reason: str | None) -> None:
        async def work() -> Reply:
            self.require_mod(interaction)
            ms = await self.resolve(interaction, match)
            result = await self.service.abort(ms.match_id, str(interaction.user.id), reason or "",
                                              command_id=str(interaction.id))
            locale = self.locale(interaction)
            return Reply(M.duplicate(locale) if result.duplicate else M.aborted_ok.format(match=ms.match_id)(locale),
                         sync=ms.match_id)
        await self.run(interaction, work, match_id=match)

    async def replace(self, interaction: discord.Interaction, match: str | None, seat: int,
                      user: discord.User | discord.Member, reason: str | None) -> None:
        async def work() -> Reply:
            self.require_mod(interaction)
            ms = await self.resolve(interaction, match)
            newcomer = Player(id=f"discord:{user.id}", name=user.display_name,
                              locale=ms.seats[seat - 1].locale if 0 < seat <= len(ms.seats) else "en")
            result = await self.service.replace_player(ms.match_id, str(interaction.user.id), seat - 1, newcomer,
                                                       reason or "", command_id=str(interaction.id))
            locale = self.locale(interaction)
            return Reply(M.duplicate(locale) if result.duplicate
                         else M.replaced_ok.format(seat=seat, who=who(newcomer))(locale), sync=ms.match_id)
        await self.run(interaction, work, match_id=match)

    async def remove(self, interaction: discord.Interaction, match: str | None, seat: int,
                     reason: str | None) -> None:
        async def work() -> Reply:
            self.require_mod(interaction)
            ms = await self.resolve(interaction, match)
            result = await self.service.remove_player(ms.match_id, f"mod:{interaction.user.id}", seat - 1,
                                                      "removed", command_id=str(interaction.id))
            locale = self.locale(interaction)
            return Reply(M.duplicate(locale) if result.duplicate else M.removed_ok.format(seat=seat)(locale),
                         sync=ms.match_id)
        await self.run(interaction, work, match_id=match)

