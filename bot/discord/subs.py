"""The substitute pool: `/parley sub` lists the people of a server willing to
take over a seat, and lets anyone join or leave it; `action:give` hands a
seat to someone. A player may hand only their own seat, still in play, and
only to someone in the pool (who said yes to taking one); a moderator may give
any seat to anyone, a left seat included (it comes back from its bot). Whoever
takes a seat leaves the pool: a second seat needs a second yes.

The pool lives in the store's kv table (scope `discord:subs`, keyed by the
server's id) as a list in joining order. A server's commands all reach one
process (sharding is by server), so a lock per server keeps two joins at
once from losing one."""

from __future__ import annotations

import asyncio

import discord

from engine.core import Text
from events.errors import Refused
from events.model import Player

from .base import Reply, Room
from .i18n import M
from .projection import who

POOL = "discord:subs"

LISTED = Text("Substitutes on this server, willing to take over a seat: {names}",
              "このサーバーの代打ち候補（席を引き継いでもよい人）: {names}")
EMPTY = Text("Nobody is in this server's substitute pool yet. `/parley sub action:join the pool` adds you.",
             "このサーバーの代打ち候補はまだいません。`/parley sub` の「候補に登録」で登録できます。")
JOINED = Text("You are in the substitute pool: a player or a moderator may now hand you a seat.",
              "代打ち候補に登録しました。プレイヤーやモデレーターがあなたに席を譲れるようになります。")
ALREADY = Text("You are already in the substitute pool.", "すでに代打ち候補に登録されています。")
LEFT = Text("You left the substitute pool.", "代打ち候補から外れました。")
NOT_IN = Text("You are not in the substitute pool.", "代打ち候補に登録されていません。")
WHOM = Text("Say who takes the seat: the `user` option.", "席を引き継ぐ人を `user` オプションで指定してください。")
WHOM_HINT = Text("`/parley sub` lists the substitute pool.", "`/parley sub` で代打ち候補の一覧を表示します。")
NOT_VOLUNTEER = Text("{who} is not in the substitute pool, so your seat cannot be handed to them.",
                     "{who}は代打ち候補ではないため、席を譲れません。")
NOT_VOLUNTEER_HINT = Text("Ask them to run `/parley sub action:join the pool` first.",
                          "先に `/parley sub` の「候補に登録」をしてもらってください。")


class Subs:
    """`/parley sub`: the server's substitute pool, and handing a seat to one of it."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._pool_locks: dict[str, asyncio.Lock] = {}

    async def _pool(self, guild: str) -> list[dict[str, str]]:
        return list(await self.room.service.store.get_kv(POOL, guild) or [])

    async def _change_pool(self, guild: str, user: Player, join: bool) -> bool:
        """Add or remove `user`; whether anything changed."""
        async with self._pool_locks.setdefault(guild, asyncio.Lock()):
            pool = await self._pool(guild)
            there = any(p["id"] == user.id for p in pool)
            if there == join:
                return False
            pool = [*pool, {"id": user.id, "name": user.name}] if join else [p for p in pool if p["id"] != user.id]
            await self.room.service.store.set_kv(POOL, guild, pool)
            return True

    async def sub(self, interaction: discord.Interaction, action: str, user: discord.User | discord.Member | None,
                  seat: int | None, match: str | None) -> None:
        async def work() -> Reply:
            locale = self.room.locale(interaction)
            if interaction.guild_id is None:
                raise Refused(M.guild_only)
            guild = str(interaction.guild_id)
            me = self.room.player(interaction)
            if action == "join":
                return Reply((JOINED if await self._change_pool(guild, me, True) else ALREADY)(locale))
            if action == "leave":
                return Reply((LEFT if await self._change_pool(guild, me, False) else NOT_IN)(locale))
            if action == "give":
                return await self._give(interaction, guild, me, user, seat, match)
            pool = await self._pool(guild)
            if not pool:
                return Reply(EMPTY(locale))
            names = M.list_sep(locale).join(who(Player(id=p["id"], name=p["name"]), locale) for p in pool)
            return Reply(LISTED.format(names=names)(locale))
        await self.room.run(interaction, work, match_id=match)

    async def _give(self, interaction: discord.Interaction, guild: str, me: Player,
                    user: discord.User | discord.Member | None, seat: int | None, match: str | None) -> Reply:
        locale = self.room.locale(interaction)
        if user is None:
            raise Refused(WHOM, WHOM_HINT)
        ms = await self.room.resolve(interaction, match)
        own = ms.seat_of(me.id)
        index = seat - 1 if seat is not None else (own[0] if own else 0)
        newcomer = Player(id=f"discord:{user.id}", name=user.display_name,
                          locale=ms.seats[index].locale if 0 <= index < len(ms.seats) else "en")
        cid = str(interaction.id)
        if index in own and index not in ms.forfeited:
            if all(p["id"] != newcomer.id for p in await self._pool(guild)):
                raise Refused(NOT_VOLUNTEER.format(who=who(newcomer, locale)), NOT_VOLUNTEER_HINT)
            result = await self.room.service.hand_over(ms.match_id, me.id, newcomer, command_id=cid)
        else:
            await self.room.require_mod(interaction)
            result = await self.room.service.replace_player(ms.match_id, me.id, index, newcomer, "substitute",
                                                       command_id=cid)
        if result.duplicate:
            return Reply(M.duplicate(locale), sync=ms.match_id)
        await self._change_pool(guild, newcomer, False)
        return Reply(M.replaced_ok.format(seat=index + 1, who=who(newcomer, locale))(locale), sync=ms.match_id)
