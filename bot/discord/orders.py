"""`/parley order`: a player's standing orders from Discord, answered privately.
Setting or cancelling one posts nothing to the thread; only the moves an order
makes are posted, each marked as made by standing order (bot/standing.py says
what that lets the table learn)."""

from __future__ import annotations

import discord

from engine.core.premoves import typed as typed_order

from ..standing import ORDER_SET, ORDERS_CANCELLED, order_help, orders_lines
from .base import Reply, Room
from .i18n import M


class Orders:
    """`/parley order`: a player's standing orders, set, listed or cancelled privately."""

    def __init__(self, room: Room) -> None:
        self.room = room

    async def order(self, interaction: discord.Interaction, match: str | None, words: str | None,
                    cancel: bool) -> None:
        async def work() -> Reply:
            ms = await self.room.resolve(interaction, match)
            locale = self.room.locale(interaction)
            me, cid = self.room.player(interaction).id, str(interaction.id)
            if cancel:
                result = await self.room.service.cancel_orders(ms.match_id, me, command_id=cid)
                return Reply(M.duplicate(locale) if result.duplicate else ORDERS_CANCELLED(locale))
            if not (words or "").strip():
                lines = orders_lines(self.room.service.orders_of(ms, me)) if ms.status == "running" else []
                return Reply("\n".join([*(x(locale) for x in lines), order_help(ms.game)(locale)]))
            described = typed_order(ms.game, ms.state, words or "").describe() if ms.state is not None else None
            result = await self.room.service.set_order(ms.match_id, me, words or "", command_id=cid)
            if result.duplicate or described is None:
                return Reply(M.duplicate(locale))
            # The order may have answered a decision at once: that move is public, so the thread is synced.
            return Reply((ORDER_SET + described)(locale), sync=ms.match_id)
        await self.room.run(interaction, work, match_id=match)
