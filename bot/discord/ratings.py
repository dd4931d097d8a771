"""`/parley ladder game [user] [season]` (a table and a chart; with `user`, that
player's rating and place first) and the moderators' `/parley-mod season
start|end`, over events/ratings.py. A player's ratings in every game are on
`/parley stats` (bot/discord/stats.py).

A ladder reads only public facts (who sat, who won, who left, when), so it
leaks nothing of a running match; answers are private to the asker."""

from __future__ import annotations

import asyncio
import io
from datetime import UTC, datetime
from typing import Any

import discord

from bot import ratingtext as rt
from bot.render.ladderchart import ladder_chart
from engine.core import Text
from engine.registry import available
from events.errors import Refused
from events.ratings import Rating, cached_ladder, end_season, ladder, player_ratings, seasons, start_season

from .base import Reply, Room
from .contexts import lookup_scope
from .i18n import M
from .names import game_name, mention, server_label
from .projection import clip

T_HERE = Text("this server", "このサーバー")
T_NONE = Text("{who} has no rating here yet.", "{who}はここでまだレーティングがありません。")
T_PLACE = Text("{who}: {line}, place {n} of {of}", "{who}: {line}、{of}人中{n}位")
T_HOW = Text("-# The number is the rating shown on ladders: openskill's μ − 3σ, the level a player is "
             "almost surely at. Casual, aborted and imported matches are not rated.",
             "-# 数値はラダーに表示されるレーティング（openskill の μ − 3σ。ほぼ確実にこの強さ以上という値）です。"
             "カジュアル・中止・インポートした対戦は対象外です。")
T_LEGEND = (Text("rated", "確定"), Text("provisional", "暫定"))
T_ALT = Text("Bar chart of the {game} ladder: {rows}.", "{game}のラダーの棒グラフ：{rows}。")
T_STARTED = Text("Season {n} has started on this server; ladders now count from today.",
                 "このサーバーでシーズン{n}が始まりました。ラダーは今日から数え直します。")
T_ENDED = Text("Season {n} has ended; its final tables are kept (`/parley ladder` with season {n}).",
               "シーズン{n}が終わりました。最終順位は保存されています（`/parley ladder` でシーズン{n}を指定）。")
T_NO_SEASON = Text("No season is running on this server.", "このサーバーで進行中のシーズンはありません。")
T_NO_SUCH = Text("There is no closed season {n} on this server.", "このサーバーに終了したシーズン{n}はありません。")
T_SEASONS = Text("Closed seasons: {list}", "終了したシーズン：{list}")
T_RATINGS = Text("Ratings of {who} on this server:", "このサーバーでの{who}のレーティング：")
T_RATINGS_ON = Text("Ratings of {who} on {server}:", "{server}での{who}のレーティング：")
T_NONE_ANYWHERE = Text("{who} has no rating yet.", "{who}はまだレーティングがありません。")


def _chart(title: Text, table: list[Rating], game: str, locale: str) -> discord.File:
    rows = [(Text(rt.player_name(r, "en"), rt.player_name(r, "ja")), r.ordinal, r.provisional) for r in table]
    png = ladder_chart(title, rows, T_LEGEND, locale)
    shown = ", ".join(f"{rt.player_name(r, locale)} {r.ordinal:.1f}" for r in table[:15])
    alt = T_ALT.format(game=game_name(game), rows=shown)(locale)
    return discord.File(io.BytesIO(png), filename="ladder.png", description=clip(alt, 1000))


class Ratings:
    """`/parley ladder` and `/parley rating`, and `/parley-mod season`."""

    def __init__(self, room: Room) -> None:
        self.room = room

    def _guild(self, interaction: discord.Interaction) -> str:
        if interaction.guild_id is None:
            raise Refused(M.guild_only)
        return str(interaction.guild_id)

    def _game(self, game: str) -> None:
        if game not in available():
            games = ", ".join(f"`{g}`" for g in available())
            raise Refused(M.unknown_game.format(game=game), M.games_available.format(games=games))

    async def ladder(self, interaction: discord.Interaction, game: str, season: int | None,
                     user: discord.User | discord.Member | None = None) -> None:
        async def work() -> Reply:
            locale, guild = self.room.locale(interaction), self._guild(interaction)
            self._game(game)
            store, title, where = self.room.service.store, game_name(game), T_HERE
            record = await seasons(store, guild)
            head: Text
            if season is not None:
                closed = [s for s in record["closed"] if s["number"] == season]
                if not closed:
                    raise Refused(T_NO_SUCH.format(n=season), self._closed_hint(record))
                s = closed[0]
                head = rt.CLOSED.format(n=season, game=title, server=where, since=rt.date(s["started"]),
                                        until=rt.date(s["ended"]))
                table = [Rating.from_json(x) for x in s["tables"].get(game, [])]
            elif record["current"]:
                s = record["current"]
                head = rt.SEASON.format(n=s["number"], game=title, server=where, since=rt.date(s["started"]))
                table = (await ladder(store, guild, game, s["started"])).table()
            else:
                head = rt.LADDER.format(game=title, server=where)
                table = (await cached_ladder(store, guild, game)).table()
            if not table:
                return Reply(f"**{head(locale)}**\n" + rt.EMPTY.format(game=title)(locale))
            rows = [self._row(i, r, locale) for i, r in enumerate(table)]
            if user is not None:
                rows.insert(0, self._place(table, user, game, locale))
            file = await asyncio.to_thread(_chart, head, table, game, locale)
            return Reply(clip("\n".join([f"**{head(locale)}**", *rows, T_HOW(locale)])), files=[file])
        await self.room.run(interaction, work)

    @staticmethod
    def _closed_hint(record: dict[str, Any]) -> Text | None:
        numbers = [str(s["number"]) for s in record["closed"]]
        return T_SEASONS.format(list=", ".join(numbers)) if numbers else None

    @staticmethod
    def _place(table: list[Rating], user: discord.User | discord.Member, game: str, locale: str) -> str:
        place = next((i for i, r in enumerate(table) if r.player == f"discord:{user.id}"), None)
        if place is None:
            return T_NONE.format(who=user.mention)(locale)
        line = rt.rating_line(game, table[place], locale)
        return T_PLACE.format(who=user.mention, line=line, n=place + 1, of=len(table))(locale)

    @staticmethod
    def _row(i: int, r: Rating, locale: str) -> str:
        who = mention(r.player, r.name) if r.player.startswith("discord:") else f"**{rt.player_name(r, locale)}**"
        mark = rt.PROVISIONAL_MARK if r.provisional else ""
        return rt.ROW.format(rank=i + 1, name=who, ordinal=f"{r.ordinal:.1f}", n=r.matches, mark=mark)(locale)

    async def rating(self, interaction: discord.Interaction, user: discord.User | discord.Member | None,
                     game: str | None) -> None:
        """`/parley rating [user] [game]`: on this server; elsewhere the asker's own, on every server."""
        async def work() -> Reply:
            locale = self.room.locale(interaction)
            guild, target = lookup_scope(interaction, user)
            if game is not None:
                self._game(game)
            store, who = self.room.service.store, target.mention
            player = f"discord:{target.id}"
            servers = [guild] if guild is not None else sorted(
                {r.guild for r in await store.matches(status=("finished",), limit=2**31 - 1)
                 if r.guild is not None and player in r.players})
            lines: list[str] = []
            for server in servers:
                found = {g: r for g, r in (await player_ratings(store, server, player)).items()
                         if game is None or g == game}
                if found:
                    head = T_RATINGS.format(who=who) if guild is not None else \
                        T_RATINGS_ON.format(who=who, server=server_label(self.room.client, server))
                    lines += [head(locale), *rt.rating_lines(found, locale)]
            if not lines:
                return Reply((T_NONE if guild is not None else T_NONE_ANYWHERE).format(who=who)(locale))
            return Reply(clip("\n".join([*lines, T_HOW(locale)])))
        await self.room.run(interaction, work)

    async def season(self, interaction: discord.Interaction, action: str) -> None:
        async def work() -> Reply:
            locale, guild = self.room.locale(interaction), self._guild(interaction)
            await self.room.require_mod(interaction)
            now = datetime.now(UTC).isoformat()
            if action == "start":
                current = await start_season(self.room.service.store, guild, now)
                return Reply(T_STARTED.format(n=current["number"])(locale))
            closed = await end_season(self.room.service.store, guild, now)
            if closed is None:
                raise Refused(T_NO_SEASON)
            return Reply(T_ENDED.format(n=closed["number"])(locale))
        await self.room.run(interaction, work)
