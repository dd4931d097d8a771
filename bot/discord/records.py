"""Replays, history, export and the fairness check: reading a match, as the asker may see it."""

from __future__ import annotations

import io
import logging

import discord

from bot import render
from bot.replaypage import FINISHED
from bot.replaypage.cache import page_bytes
from engine.core import RuleError, Text
from engine.registry import available, get_game
from events.errors import Refused
from events.history import lineage

from .base import Reply, Room
from .i18n import M, status_text
from .names import named
from .ops import Ops
from .projection import MESSAGE_LIMIT, clip
from .split import split_message
from .views import replay_view

log = logging.getLogger(__name__)

PAGE_LIMIT = 25 * 2**20  # the most a page may be, whatever a boosted server would take (the server's own limit applies below it)
PAGE_READY = Text("The replay page of `{match}`: open it in any browser, offline (← → step through it).",
                  "`{match}` のリプレイページです。ブラウザでオフラインでも開けます（← → で1手ずつ）。")
PAGE_TOO_BIG = Text("The replay page of `{match}` ({size} MiB) is larger than Discord allows; make it with "
                    "`parley replay {match} --html replay.html`.",
                    "`{match}` のリプレイページ（{size} MiB）はDiscordの上限を超えています。"
                    "`parley replay {match} --html replay.html` で作成してください。")
EMBED_TEXT = 4096  # an embed's description
EMBEDS_TOTAL = 6000  # all of a message's embeds together


def one_message(text: str) -> tuple[str, list[discord.Embed]]:
    """Text for a message edited in place (the replay viewer): what does not fit in
    its content goes in embeds below it, which hold three times as much."""
    parts = split_message(text, MESSAGE_LIMIT)
    embeds: list[discord.Embed] = []
    room = EMBEDS_TOTAL
    for chunk in split_message("\n".join(parts[1:]), EMBED_TEXT) if len(parts) > 1 else []:
        if room <= 1:
            break
        embeds.append(discord.Embed(description=clip(chunk, room)))
        room -= len(embeds[-1].description or "")
    return parts[0], embeds[:10]


class Records:
    """Replays, history, export and the fairness check of a match's log."""

    def __init__(self, room: Room) -> None:
        self.room = room

    # -- replays and history --------------------------------------------------------------------

    async def _points(self, match_id: str) -> list[tuple[int, int]]:
        """Replay stops: (event seq, turn) of the start, every action and every revert."""
        out: list[tuple[int, int]] = []
        turn = 0
        for e in await self.room.service.events(match_id):
            if e.type == "action":
                turn = int(e.payload.get("turn", turn))
            if e.type in ("match_started", "action", "revert"):
                out.append((e.seq, turn))
        return out

    async def _replay_at(self, interaction: discord.Interaction, match_id: str, seq: int | None,
                         turn: int | None = None) -> Reply:
        locale = self.room.locale(interaction)
        points = await self._points(match_id)
        if not points:
            raise Refused(Text("The match has not started yet.", "対戦はまだ開始していません。"))
        if turn is not None:
            found = next((i for i, (_, t) in enumerate(points) if t >= turn), None)
            if found is None:
                raise Refused(M.no_turn.format(turn=turn))
            pos = found
        elif seq is None:
            pos = len(points) - 1
        else:
            pos = max((i for i, (s, _) in enumerate(points) if s <= seq), default=0)
        at, at_turn = points[pos]
        current = await self.room.service.get(match_id)
        viewer = self.room.service.viewer_for(current, self.room.player(interaction).id)
        past = await self.room.service.state_at(match_id, at)
        view = past.game.view(past.state, viewer)
        title = M.replay_title.format(match=match_id, pos=pos + 1, total=len(points), seq=at, turn=at_turn)(locale)
        body = named(render.board(past.game_id, view, locale), past, locale)
        if viewer.seat is not None:
            body += "\n" + named(render.private(past.game_id, view, viewer.seat, locale), past, locale)
        content, embeds = one_message(f"**{title}**\n{body}")
        seated = bool(current.seat_of(self.room.player(interaction).id))
        return Reply(content, embeds=embeds, replace=True,
                     view=replay_view(match_id, at, pos == 0, pos == len(points) - 1, locale, seated))

    async def _my_last_move(self, interaction: discord.Interaction, match_id: str) -> int:
        """The asker's last action that still stands (one taken back is no longer theirs
        to return to); bots', defaults' and orders' moves for their seat are not theirs."""
        player_id = self.room.player(interaction).id
        mine = next((e.seq for e in lineage(await self.room.service.events(match_id)).effective()
                     if e.actor == player_id), None)
        if mine is None:
            raise Refused(M.replay_no_move, M.replay_no_move_hint)
        return mine

    async def replay(self, interaction: discord.Interaction, match: str | None, turn: int | None) -> None:
        finished: list[str] = []

        async def work() -> Reply:
            ms = await self.room.resolve(interaction, match)
            if ms.status in FINISHED and ms.state is not None:  # a match aborted in its lobby has no board
                finished.append(ms.match_id)
            return await self._replay_at(interaction, ms.match_id, None, turn)
        await self.room.run(interaction, work, match_id=match)
        for match_id in finished:
            await self._send_page(interaction, match_id)

    async def _send_page(self, interaction: discord.Interaction, match_id: str) -> None:
        """After the viewer, since a long match's page takes seconds to draw; in a message
        of its own, since the viewer is edited in place and an edit would drop an attachment."""
        locale = self.room.locale(interaction)
        try:
            reply = await self._replay_page(interaction, match_id)
        except RuleError as err:
            reply = Reply(await self.room.refusal(err, locale, match_id))
        except Exception:
            log.exception("the replay page of match %s could not be made", match_id)
            reply = Reply(M.apology(locale))
        sent = await Ops.followup(interaction, content=reply.content, files=reply.files)
        if not sent.ok:
            log.warning("could not send the replay page of match %s: %s", match_id, sent.outcome)

    async def _replay_page(self, interaction: discord.Interaction, match_id: str) -> Reply:
        """A finished match's replay page as an attachment, or why it is not one."""
        locale = self.room.locale(interaction)
        data = await page_bytes(self.room.service, match_id, locale)
        if len(data) > min(interaction.filesize_limit, PAGE_LIMIT):
            return Reply(PAGE_TOO_BIG.format(match=match_id, size=f"{len(data) / 2**20:.1f}")(locale))
        file = discord.File(io.BytesIO(data), filename=f"parley-replay-{match_id}.html")
        return Reply(PAGE_READY.format(match=match_id)(locale), files=[file])

    async def replay_move(self, interaction: discord.Interaction, match_id: str, seq: int, op: str) -> None:
        async def work() -> Reply:
            if op == "m":
                return await self._replay_at(interaction, match_id, await self._my_last_move(interaction, match_id))
            points = [s for s, _ in await self._points(match_id)]
            pos = max((i for i, s in enumerate(points) if s <= seq), default=0)
            target = {"f": 0, "p": max(pos - 1, 0), "n": min(pos + 1, len(points) - 1), "l": len(points) - 1}[op]
            return await self._replay_at(interaction, match_id, points[target] if points else None)
        await self.room.run(interaction, work, match_id=match_id)

    async def replay_jump(self, interaction: discord.Interaction, match_id: str, raw: str) -> None:
        async def work() -> Reply:
            if not raw.strip().isdigit():
                raise Refused(M.no_turn.format(turn=raw))
            return await self._replay_at(interaction, match_id, None, int(raw))
        await self.room.run(interaction, work, match_id=match_id)

    async def history(self, interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            locale = self.room.locale(interaction)
            if interaction.guild_id is None:
                raise Refused(M.guild_only)
            rows = await self.room.service.store.matches(guild=str(interaction.guild_id), limit=25)
            if not rows:
                return Reply(M.history_empty(locale))
            lines = [f"**{M.history_title(locale)}**"]
            for r in rows:
                players = ", ".join(f"<@{p[8:]}>" if p.startswith("discord:") else p for p in r.players)
                title = get_game(r.game).title(locale) if r.game in available() else r.game
                status = status_text(r.status)(locale) + (f" ({M.history_imported(locale)})" if r.imported else "")
                lines.append(f"`{r.id}` · {title} · {status} · {players or '—'} · {r.updated_at[:10]}")
            return Reply(clip("\n".join(lines)))
        await self.room.run(interaction, work)

    async def export(self, interaction: discord.Interaction, match: str | None) -> None:
        async def work() -> Reply:
            from events.export import export_jsonl
            ms = await self.room.resolve(interaction, match)
            text = await export_jsonl(self.room.service, ms.match_id, player_id=self.room.player(interaction).id,
                                      moderator=await self.room.is_mod(interaction))
            data = text.encode()
            if len(data) > interaction.filesize_limit:
                raise Refused(Text("The log is larger than Discord allows; export it with the `parley` command line.",
                                   "ログがDiscordの上限を超えています。`parley` コマンドでエクスポートしてください。"))
            file = discord.File(io.BytesIO(data), filename=f"parley-{ms.match_id}.jsonl")
            return Reply(M.export_ready.format(match=ms.match_id)(self.room.locale(interaction)), files=[file])
        await self.room.run(interaction, work, match_id=match)

    async def verify(self, interaction: discord.Interaction, match: str | None) -> None:
        async def work() -> Reply:
            from events.verify import verify_match
            ms = await self.room.resolve(interaction, match)
            report = await verify_match(self.room.service, ms.match_id)
            locale = self.room.locale(interaction)
            head = (M.verify_ok if report.ok else M.verify_bad).format(match=ms.match_id)(locale)
            return Reply(clip("\n".join([f"**{head}**", *(line(locale) for line in report.lines)])))
        await self.room.run(interaction, work, match_id=match)

