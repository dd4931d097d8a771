"""`/parley stats [user] [server]` (records with a chart of wins by game) and
`/parley mine` (the matches waiting on you, with links), over events/stats.py.

Both answer privately and only about this server's matches; both read
public facts only (who sat, who won, when moves were made)."""

from __future__ import annotations

import asyncio
import io
from datetime import datetime

import discord

from bot.ratingtext import rating_lines
from bot.render.chart import wins_chart
from engine.core import Text
from events.errors import Refused
from events.ratings import player_ratings
from events.replay import MatchState
from events.stats import PlayerStats, ServerStats, player_stats, server_stats, waiting_on

from .base import Reply, Room
from .contexts import lookup_scope
from .delivery import Delivery
from .names import game_name, mention
from .projection import clip

T_PLAYER = Text("Records of {who} on this server", "このサーバーでの{who}の記録")
T_SERVER = Text("This server's records", "このサーバーの記録")
T_MATCHES = Text("Matches: {played} played, {finished} finished, {wins} won{rate}",
                 "対戦: {played}回参加、{finished}回終了、{wins}勝{rate}")
T_RATE = Text(" (win rate {rate})", "（勝率{rate}）")
T_SERVER_MATCHES = Text("Matches: {played} played, {finished} finished", "対戦: {played}回、終了{finished}回")
T_STREAK_WIN = Text("Streak: {n} won in a row", "連勝: {n}")
T_STREAK_LOSS = Text("Streak: {n} lost in a row", "連敗: {n}")
T_MOVE = Text("Average time to move: {time} ({n} moves)", "平均手番時間: {time}（{n}手）")
T_NO_MOVES = Text("Average time to move: no moves yet", "平均手番時間: まだ手がありません")
T_BY_GAME = Text("By game:", "ゲーム別:")
T_GAME = Text("- {game}: {played} played, {finished} finished, {wins} won",
              "- {game}: {played}回参加、{finished}回終了、{wins}勝")
T_SERVER_GAME = Text("- {game}: {played} played, {finished} finished", "- {game}: {played}回、終了{finished}回")
T_TOP = Text("Most wins:", "勝利数の多いプレイヤー:")
T_TOP_LINE = Text("{n}. {who}: {wins} won of {finished}", "{n}. {who}: {finished}戦{wins}勝")
T_NOTHING = Text("No matches played on this server yet.", "このサーバーではまだ対戦がありません。")
T_CHART = Text("Wins by game", "ゲーム別の勝利数")
LEGEND = (Text("won", "勝利"), Text("finished", "終了"), Text("played", "対戦"))
T_RATINGS = Text("Ratings (`/parley ladder` for the tables):", "レーティング（順位表は `/parley ladder`）:")
T_MINE = Text("Matches waiting for your move ({n}):", "あなたの手番の対戦が{n}件あります:")
T_MINE_LINE = Text("- {game} `{match}` · {where} · waiting since {since}", "- {game} `{match}` · {where} · {since}から待機中")
T_MINE_NONE = Text("No match is waiting for you on this server.", "このサーバーであなたを待っている対戦はありません。")
T_MINE_NONE_ANYWHERE = Text("No match is waiting for you.", "あなたを待っている対戦はありません。")
T_PLAYER_ALL = Text("Records of {who} on every server", "全サーバーでの{who}の記録")
T_SERVER_ONLY = Text("A server's records are shown in that server.", "サーバーの記録はそのサーバーで表示されます。")
DURATION = {"en": ("{d}d {h}h", "{h}h {m}m", "{m}m {s}s", "{s}s"), "ja": ("{d}日{h}時間", "{h}時間{m}分", "{m}分{s}秒", "{s}秒")}


def duration(seconds: float, locale: str) -> str:
    s = round(seconds)
    d, h, m = s // 86400, s % 86400 // 3600, s % 3600 // 60
    forms = DURATION["ja" if locale == "ja" else "en"]
    form = forms[0] if d else forms[1] if h else forms[2] if m else forms[3]
    return form.format(d=d, h=h, m=m, s=s % 60)


def game_title(game_id: str, locale: str) -> str:
    return game_name(game_id)(locale)


def _move_line(moves: int, seconds: float, locale: str) -> str:
    if not moves:
        return T_NO_MOVES(locale)
    return T_MOVE.format(time=duration(seconds / moves, locale), n=moves)(locale)


def player_text(st: PlayerStats, who: str, locale: str, title: Text = T_PLAYER) -> str:
    t = st.total
    rate = T_RATE.format(rate=f"{t.win_rate:.0%}")(locale) if t.win_rate is not None else ""
    lines = [f"**{title.format(who=who)(locale)}**",
             T_MATCHES.format(played=t.played, finished=t.finished, wins=t.wins, rate=rate)(locale)]
    if st.streak:
        lines.append((T_STREAK_WIN if st.streak > 0 else T_STREAK_LOSS).format(n=abs(st.streak))(locale))
    lines.append(_move_line(st.moves, st.move_seconds, locale))
    if st.by_game:
        lines.append(T_BY_GAME(locale))
        lines += [T_GAME.format(game=game_title(g, locale), played=x.played, finished=x.finished, wins=x.wins)(locale)
                  for g, x in sorted(st.by_game.items())]
    return "\n".join(lines)


def server_text(st: ServerStats, locale: str) -> str:
    lines = [f"**{T_SERVER(locale)}**",
             T_SERVER_MATCHES.format(played=st.total.played, finished=st.total.finished)(locale),
             _move_line(st.moves, st.move_seconds, locale), T_BY_GAME(locale)]
    lines += [T_SERVER_GAME.format(game=game_title(g, locale), played=x.played, finished=x.finished)(locale)
              for g, x in sorted(st.by_game.items())]
    top = [p for p in st.players if p.total.finished][:10]
    if top:
        lines.append(T_TOP(locale))
        lines += [T_TOP_LINE.format(n=i, who=mention(p.player, p.name), wins=p.total.wins,
                                    finished=p.total.finished)(locale) for i, p in enumerate(top, start=1)]
    return "\n".join(lines)


def chart(rows: list[tuple[Text, int, int]], title: Text, legend: tuple[Text, Text], locale: str) -> discord.File:
    png = wins_chart(title, rows, legend, locale)
    return discord.File(io.BytesIO(png), filename="stats.png")


async def waiting_lines(delivery: Delivery, matches: list[MatchState], locale: str) -> list[str]:
    """A line per match: its game, id, thread and since when it waits (Discord shows the time in the reader's zone)."""
    lines = []
    for ms in matches:
        thread = (await delivery.record(ms.match_id)).get("thread")
        last = await delivery.store.events(ms.match_id, after=ms.public_seq - 1, upto=ms.public_seq)
        since = f"<t:{int(datetime.fromisoformat(last[-1].at).timestamp())}:R>" if last else "—"
        lines.append(T_MINE_LINE.format(game=ms.game.title, match=ms.match_id,
                                        where=f"<#{thread}>" if thread else "—", since=since)(locale))
    return lines


class Stats:
    """`/parley stats` and `/parley mine`."""

    def __init__(self, room: Room) -> None:
        self.room = room

    async def stats(self, interaction: discord.Interaction, user: discord.User | discord.Member | None,
                    server: bool) -> None:
        async def work() -> Reply:
            locale = self.room.locale(interaction)
            scope, target = lookup_scope(interaction, user)
            if scope is None:  # outside a Parley server: the asker's own records, every server's
                if server:
                    raise Refused(T_SERVER_ONLY)
                st = await player_stats(self.room.service.store, f"discord:{target.id}")
                return Reply(clip(player_text(st, target.mention, locale, T_PLAYER_ALL)))
            guild = scope
            store = self.room.service.store
            if server:
                sst = await server_stats(store, guild)
                if not sst.total.played:
                    return Reply(T_NOTHING(locale))
                rows = [(game_name(g), x.played, x.finished) for g, x in sorted(sst.by_game.items())]
                file = await asyncio.to_thread(chart, rows, T_SERVER, (LEGEND[1], LEGEND[2]), locale)
                return Reply(clip(server_text(sst, locale)), files=[file])
            st = await player_stats(store, f"discord:{target.id}", guild)
            text = player_text(st, target.mention, locale)
            ratings = await player_ratings(store, guild, f"discord:{target.id}")
            if ratings:
                text += "\n" + "\n".join([T_RATINGS(locale), *rating_lines(ratings, locale)])
            if not st.by_game:
                return Reply(text)
            rows = [(game_name(g), x.finished, x.wins) for g, x in sorted(st.by_game.items())]
            title = Text(f"{target.display_name} - ", f"{target.display_name} - ") + T_CHART
            file = await asyncio.to_thread(chart, rows, title, (LEGEND[0], LEGEND[1]), locale)
            return Reply(clip(text), files=[file])
        await self.room.run(interaction, work)

    async def mine(self, interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            locale = self.room.locale(interaction)
            scope, _ = lookup_scope(interaction, None)
            found = await waiting_on(self.room.service, self.room.player(interaction).id, scope)
            if not found:
                return Reply((T_MINE_NONE if scope is not None else T_MINE_NONE_ANYWHERE)(locale))
            lines = [T_MINE.format(n=len(found))(locale), *await waiting_lines(self.room.delivery, found, locale)]
            return Reply(clip("\n".join(lines)))
        await self.room.run(interaction, work)
