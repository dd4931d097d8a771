"""What each command and button does, shared by the slash commands and the components.

Every interaction goes through `Parley.run`: it acknowledges at once (a
deferred, ephemeral response, well inside Discord's three seconds), does the
work, answers the user in their own language, and only then brings the
thread up to date. A refusal (`RuleError`) becomes an ephemeral explanation;
anything unexpected is logged with the match id and the user gets a short
apology, never a traceback. The interaction id is the command id, so a
retried interaction never plays twice; choices offered on buttons carry the
sequence they were offered at, so a double click is answered as stale.
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot import render
from engine.core import RuleError, Text
from engine.registry import available, get_game
from events.errors import Refused
from events.model import Player
from events.replay import MatchState
from events.service import CommandResult, MatchService

from .config import Config
from .delivery import MESSAGE_LIMIT, Delivery, clip, who
from .i18n import M, guild_locale_of, locale_of, status_text
from .permissions import is_moderator
from .views import choice_view, replay_view

log = logging.getLogger("parley.discord")

_MATCH: contextvars.ContextVar[str | None] = contextvars.ContextVar("parley_match", default=None)
PICKED = re.compile(r"^#(\d+):(\d+)$")  # an autocomplete pick: "#<seq>:<choice index>"
ALREADY_ACKED = 40060


@dataclass
class Reply:
    content: str = ""
    view: discord.ui.View | None = None
    files: list[discord.File] = field(default_factory=list)
    replace: bool = False  # a component reply that replaces the clicked message (the replay viewer)
    sync: str | None = None  # the match whose thread to bring up to date afterwards


def parse_options(raw: str | None) -> dict[str, Any]:
    """`goal=5 deck=starter` or `goal=5, deck=starter` to a dict; numbers and booleans converted."""
    out: dict[str, Any] = {}
    for part in re.split(r"[,\s]+", (raw or "").strip()):
        if not part:
            continue
        if "=" not in part:
            raise Refused(Text(f"'{part}' is not key=value.", f"「{part}」は key=value 形式ではありません。"), M.bad_options)
        key, _, value = part.partition("=")
        v: Any = value
        if re.fullmatch(r"-?\d+", value):
            v = int(value)
        elif value.lower() in ("true", "false"):
            v = value.lower() == "true"
        out[key.strip()] = v
    return out


class Parley:
    def __init__(self, client: discord.Client, service: MatchService, config: Config) -> None:
        self.client = client
        self.service = service
        self.config = config
        self.delivery = Delivery(client, service, config)
        self._acting: dict[str, asyncio.Lock] = {}

    # -- plumbing -------------------------------------------------------------------------

    @staticmethod
    def locale(interaction: discord.Interaction) -> str:
        return locale_of(interaction)

    @staticmethod
    def player(interaction: discord.Interaction) -> Player:
        user = interaction.user
        return Player(id=f"discord:{user.id}", name=user.display_name, locale=locale_of(interaction))

    async def run(self, interaction: discord.Interaction, work: Callable[[], Awaitable[Reply]], *,
                  match_id: str | None = None) -> None:
        # A modal opened from a button answers like the button: on that message.
        component = interaction.type in (discord.InteractionType.component, discord.InteractionType.modal_submit)
        locale = self.locale(interaction)
        acked = True
        try:
            if component:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.NotFound:
            # Expired before we could answer (a stall over three seconds): the user
            # already saw "interaction failed", so doing the work now would surprise them.
            log.warning("interaction %s expired before it was acknowledged, match %s", interaction.id, match_id or "-")
            return
        except discord.HTTPException as exc:
            # Already acknowledged: Discord delivered this interaction twice. The
            # work still runs (it is idempotent by interaction id) but cannot answer.
            if exc.code != ALREADY_ACKED:
                raise
            acked = False
        try:
            reply = await work()
        except RuleError as err:
            reply = Reply(err.message(locale))
        except Exception:
            data: dict[str, Any] = dict(interaction.data or {})
            known = match_id or _MATCH.get()
            if known is None and interaction.channel_id is not None:
                known = await self.delivery.match_in(interaction.channel_id)
            log.exception("interaction %s (%s) failed, match %s", interaction.id,
                          data.get("name") or data.get("custom_id"), known or "-")
            reply = Reply(M.apology(locale))
        if acked:
            try:
                await self._answer(interaction, reply, component)
            except discord.HTTPException:
                log.exception("could not answer interaction %s, match %s", interaction.id, match_id or reply.sync)
        if reply.sync:
            await self.sync(reply.sync)

    async def _answer(self, interaction: discord.Interaction, reply: Reply, component: bool) -> None:
        content = clip(reply.content or "…", MESSAGE_LIMIT)
        if component and not reply.replace:
            kwargs: dict[str, Any] = {"content": content, "ephemeral": True, "files": reply.files}
            if reply.view is not None:
                kwargs["view"] = reply.view
            await interaction.followup.send(**kwargs)
            return
        await interaction.edit_original_response(content=content, view=reply.view, attachments=reply.files)

    async def sync(self, match_id: str) -> None:
        try:
            await self.delivery.sync(match_id)
        except Exception:
            log.exception("match %s: updating the thread failed; it is repaired on the next change or start",
                          match_id)

    def require_mod(self, interaction: discord.Interaction) -> None:
        if not is_moderator(interaction, self.config.mod_role):
            raise Refused(M.not_moderator, M.not_moderator_hint)

    async def resolve(self, interaction: discord.Interaction, given: str | None) -> MatchState:
        """The match a command is about: the `match` option, else the thread it is run in,
        else the one open match of this server the user plays in (if there is exactly one)."""
        match_id = (given or "").strip() or None
        if match_id is None and interaction.channel_id is not None:
            match_id = await self.delivery.match_in(interaction.channel_id)
        if match_id is None and interaction.guild_id is not None:
            me = f"discord:{interaction.user.id}"
            rows = await self.service.store.matches(guild=str(interaction.guild_id), status=("lobby", "running"),
                                                    limit=1000)
            mine = [r.id for r in rows if me in r.players]
            if len(mine) == 1:
                match_id = mine[0]
            elif mine:
                ids = ", ".join(f"`{m}`" for m in mine[:10])
                raise Refused(M.which_match.format(ids=ids), M.no_match_hint)
        if match_id is None:
            raise Refused(M.no_match_here, M.no_match_hint)
        _MATCH.set(match_id)  # for the error log, should anything below fail
        ms = await self.service.get(match_id)
        guild = ms.place.get("guild")
        # A match belongs to its server: ids typed in another server (or a DM, for
        # anything but your own seat) are refused like unknown ones.
        if interaction.guild_id is not None and guild is not None and str(interaction.guild_id) != str(guild):
            raise Refused(Text(f"There is no match {match_id}.", f"対戦 {match_id} は存在しません。"))
        return ms

    def _done(self, result: CommandResult, locale: str, fallback: Text) -> str:
        if result.duplicate:
            return M.duplicate(locale)
        lines = [t(locale) for t in result.log]
        return M.done.format(what=" / ".join(lines) if lines else fallback(locale))(locale)

    # -- lobby ------------------------------------------------------------------------------

    async def create(self, interaction: discord.Interaction, game_id: str, options: str | None,
                     deadline_hours: float | None, deadline_action: str | None,
                     reminder_hours: float | None) -> None:
        async def work() -> Reply:
            locale = self.locale(interaction)
            if interaction.guild_id is None or interaction.channel_id is None:
                raise Refused(M.guild_only)
            if game_id not in available():
                games = ", ".join(f"`{g}`" for g in available())
                raise Refused(M.unknown_game.format(game=game_id), M.games_available.format(games=games))
            opts = parse_options(options)
            channel = interaction.channel
            channel_id = interaction.channel_id
            if isinstance(channel, discord.Thread) and channel.parent_id:
                channel_id = channel.parent_id  # a new match gets its own thread, not one inside a thread
            place: dict[str, Any] = {"via": "discord", "guild": str(interaction.guild_id), "channel": str(channel_id),
                                     "locale": guild_locale_of(interaction)}
            if deadline_hours:
                place.update(deadline_hours=deadline_hours, deadline_action=deadline_action or "skip")
            if reminder_hours:
                place["reminder_hours"] = reminder_hours
            ms = await self.service.create(game_id, self.player(interaction), opts, place=place)
            try:
                await self.delivery.sync(ms.match_id)
            except discord.Forbidden as exc:
                # Without a place to play, the match must not linger as an open lobby.
                await self.service.abort(ms.match_id, "system", f"missing permission: {exc.text}")
                await self.sync(ms.match_id)  # the lobby message, if it was posted, says so
                raise Refused(M.no_permission.format(what=exc.text or exc.code), M.no_permission_hint) from exc
            rec = await self.delivery.record(ms.match_id)
            return Reply(M.created.format(match=ms.match_id, game=get_game(game_id).title,
                                          thread=f"<#{rec.get('thread')}>")(locale))
        await self.run(interaction, work)

    async def lobby(self, interaction: discord.Interaction, match: str | None, op: str) -> None:
        async def work() -> Reply:
            return await self._lobby_op(interaction, await self.resolve(interaction, match), op)
        await self.run(interaction, work, match_id=match)

    async def lobby_click(self, interaction: discord.Interaction, match_id: str, op: str) -> None:
        async def work() -> Reply:
            return await self._lobby_op(interaction, await self.service.get(match_id), op)
        await self.run(interaction, work, match_id=match_id)

    async def _lobby_op(self, interaction: discord.Interaction, ms: MatchState, op: str) -> Reply:
        locale = self.locale(interaction)
        me = self.player(interaction)
        cid = str(interaction.id)
        mid = ms.match_id
        if op == "join":
            result = await self.service.join(mid, me, command_id=cid)
            text = M.joined
        elif op == "leave":
            result = await self.service.leave(mid, me.id, command_id=cid)
            text = M.left
        elif op == "bot":
            if me.id != ms.creator and not is_moderator(interaction, self.config.mod_role):
                raise Refused(Text("Only the match's creator can add bots.", "ボットを追加できるのは作成者だけです。"))
            result = await self.service.add_bot(mid, me.id, command_id=cid)
            text = M.bot_added
        else:
            result = await self.service.start(mid, me.id, moderator=is_moderator(interaction, self.config.mod_role),
                                              command_id=cid)
            text = M.started
        content = M.duplicate(locale) if result.duplicate else text.format(match=mid)(locale)
        return Reply(content, sync=mid)

    # -- play ---------------------------------------------------------------------------------

    def lock(self, match_id: str) -> asyncio.Lock:
        """Held around every check-then-act on a match (clicks, typed moves, undo, deadlines)."""
        return self._acting.setdefault(match_id, asyncio.Lock())

    async def act(self, interaction: discord.Interaction, match: str | None, action: str) -> None:
        async def work() -> Reply:
            ms = await self.resolve(interaction, match)
            picked = PICKED.match(action.strip())
            if picked:
                return await self._choose(interaction, ms.match_id, int(picked[1]), None, int(picked[2]))
            locale = self.locale(interaction)
            async with self.lock(ms.match_id):
                result = await self.service.act(ms.match_id, self.player(interaction).id, action,
                                                command_id=str(interaction.id))
            return Reply(self._done(result, locale, Text(action, action)), sync=ms.match_id)
        await self.run(interaction, work, match_id=match)

    async def choose(self, interaction: discord.Interaction, match_id: str, seq: int, seat: int, idx: int) -> None:
        async def work() -> Reply:
            reply = await self._choose(interaction, match_id, seq, seat, idx)
            message = interaction.message
            if message is not None and message.flags.ephemeral and reply.sync:
                # Clicked on a "Show my hand" reply: refresh it in place, so its
                # buttons are the new position's rather than stale ones.
                fresh = self._hand(interaction, await self.service.get(match_id))
                fresh.content = clip(f"{reply.content}\n{fresh.content}")
                fresh.replace, fresh.sync = True, reply.sync
                return fresh
            return reply
        await self.run(interaction, work, match_id=match_id)

    async def _choose(self, interaction: discord.Interaction, match_id: str, seq: int, seat: int | None,
                      idx: int) -> Reply:
        """A choice offered at event `seq`: played only if the match is still there."""
        locale = self.locale(interaction)
        me = self.player(interaction).id
        cid = str(interaction.id)
        async with self.lock(match_id):
            if await self.service.store.find_command(match_id, cid) is not None:
                return Reply(M.duplicate(locale))
            ms = await self.service.get(match_id)
            if ms.status != "running" or ms.seq != seq:
                return Reply(M.stale(locale))
            s = self.service.resolve_seat(ms, me, seat)  # refuses anyone not seated there
            choices = ms.game.legal_actions(ms.state, s)
            if not 0 <= idx < len(choices):
                return Reply(M.stale(locale))
            result = await self.service.act(match_id, me, dict(choices[idx].action), seat=s, command_id=cid)
        return Reply(self._done(result, locale, choices[idx].label), sync=match_id)

    async def hand(self, interaction: discord.Interaction, match: str | None) -> None:
        async def work() -> Reply:
            ms = await self.resolve(interaction, match)
            return self._hand(interaction, ms)
        await self.run(interaction, work, match_id=match)

    async def show_hand(self, interaction: discord.Interaction, match_id: str) -> None:
        async def work() -> Reply:
            return self._hand(interaction, await self.service.get(match_id))
        await self.run(interaction, work, match_id=match_id)

    def _hand(self, interaction: discord.Interaction, ms: MatchState) -> Reply:
        locale = self.locale(interaction)
        me = self.player(interaction).id
        if ms.state is None:
            raise Refused(Text("The match has not started yet.", "対戦はまだ開始していません。"))
        seats = ms.seat_of(me)
        if not seats:
            return Reply(M.spectating.format(match=ms.match_id)(locale) + "\n" + self.delivery.board_text(ms, locale))
        pending = {p.seat: p for p in ms.game.pending(ms.state)} if ms.status == "running" else {}
        seat = next((s for s in seats if s in pending), seats[0])
        text = self.delivery.private_text(ms, seat, locale)
        view = None
        tail = ""
        if seat in pending:
            choices = ms.game.legal_actions(ms.state, seat)
            view = choice_view(ms.match_id, ms.seq, seat, choices, locale)
            tail = "\n**" + pending[seat].prompt(locale) + "**"
            if len(choices) > 25:
                tail += "\n" + M.too_many(locale)
        header = f"**{M.your_hand.format(match=ms.match_id)(locale)}**\n"
        return Reply(clip(header + text, MESSAGE_LIMIT - len(tail)) + tail, view=view)

    async def board(self, interaction: discord.Interaction, match: str | None) -> None:
        async def work() -> Reply:
            ms = await self.resolve(interaction, match)
            if ms.state is None:
                raise Refused(Text("The match has not started yet.", "対戦はまだ開始していません。"))
            return Reply(self.delivery.board_text(ms, self.locale(interaction)), sync=ms.match_id)
        await self.run(interaction, work, match_id=match)

    async def takeback(self, interaction: discord.Interaction, match: str | None) -> None:
        async def work() -> Reply:
            ms = await self.resolve(interaction, match)
            result = await self.service.request_takeback(ms.match_id, self.player(interaction).id,
                                                         command_id=str(interaction.id))
            locale = self.locale(interaction)
            return Reply(M.duplicate(locale) if result.duplicate else M.tb_asked(locale), sync=ms.match_id)
        await self.run(interaction, work, match_id=match)

    async def answer_takeback(self, interaction: discord.Interaction, match_id: str, of_seq: int,
                              accept: bool) -> None:
        async def work() -> Reply:
            locale = self.locale(interaction)
            ms = await self.service.get(match_id)
            if ms.takeback is None or ms.takeback[1] != of_seq:
                return Reply(M.stale(locale))
            result = await self.service.answer_takeback(match_id, self.player(interaction).id, accept,
                                                        command_id=str(interaction.id))
            return Reply(M.duplicate(locale) if result.duplicate else M.answered(locale), sync=match_id)
        await self.run(interaction, work, match_id=match_id)

    async def forfeit(self, interaction: discord.Interaction, match: str | None) -> None:
        async def work() -> Reply:
            ms = await self.resolve(interaction, match)
            seats = ms.seat_of(self.player(interaction).id)
            if not seats:
                raise Refused(Text("You are not seated in this match.", "あなたはこの対戦の参加者ではありません。"))
            result = await self.service.remove_player(ms.match_id, self.player(interaction).id, seats[0], "forfeit",
                                                      command_id=str(interaction.id))
            locale = self.locale(interaction)
            return Reply(M.duplicate(locale) if result.duplicate else M.forfeited_ok(locale), sync=ms.match_id)
        await self.run(interaction, work, match_id=match)

    # -- moderation ------------------------------------------------------------------------------

    async def undo(self, interaction: discord.Interaction, match: str | None, count: int | None,
                   to_event: int | None, reason: str | None, redo: bool = False) -> None:
        async def work() -> Reply:
            self.require_mod(interaction)
            ms = await self.resolve(interaction, match)
            mod = str(interaction.user.id)
            cid = str(interaction.id)
            async with self.lock(ms.match_id):
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
            async with self.lock(ms.match_id):
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
            async with self.lock(ms.match_id):
                result = await self.service.remove_player(ms.match_id, f"mod:{interaction.user.id}", seat - 1,
                                                          "removed", command_id=str(interaction.id))
            locale = self.locale(interaction)
            return Reply(M.duplicate(locale) if result.duplicate else M.removed_ok.format(seat=seat)(locale),
                         sync=ms.match_id)
        await self.run(interaction, work, match_id=match)

    # -- replays and history --------------------------------------------------------------------

    async def _points(self, match_id: str) -> list[tuple[int, int]]:
        """Replay stops: (event seq, turn) of the start, every action and every revert."""
        out: list[tuple[int, int]] = []
        turn = 0
        for e in await self.service.events(match_id):
            if e.type == "action":
                turn = int(e.payload.get("turn", turn))
            if e.type in ("match_started", "action", "revert"):
                out.append((e.seq, turn))
        return out

    async def _replay_at(self, interaction: discord.Interaction, match_id: str, seq: int | None,
                         turn: int | None = None) -> Reply:
        locale = self.locale(interaction)
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
        current = await self.service.get(match_id)
        viewer = self.service.viewer_for(current, self.player(interaction).id)
        past = await self.service.state_at(match_id, at)
        view = past.game.view(past.state, viewer)
        title = M.replay_title.format(match=match_id, pos=pos + 1, total=len(points), seq=at, turn=at_turn)(locale)
        body = render.board(past.game_id, view, locale)
        if viewer.seat is not None:
            body += "\n" + render.private(past.game_id, view, viewer.seat, locale)
        return Reply(clip(f"**{title}**\n{body}"), view=replay_view(match_id, at, pos == 0, pos == len(points) - 1,
                                                                    locale), replace=True)

    async def replay(self, interaction: discord.Interaction, match: str | None, turn: int | None) -> None:
        async def work() -> Reply:
            ms = await self.resolve(interaction, match)
            return await self._replay_at(interaction, ms.match_id, None, turn)
        await self.run(interaction, work, match_id=match)

    async def replay_move(self, interaction: discord.Interaction, match_id: str, seq: int, op: str) -> None:
        async def work() -> Reply:
            points = [s for s, _ in await self._points(match_id)]
            pos = max((i for i, s in enumerate(points) if s <= seq), default=0)
            target = {"f": 0, "p": max(pos - 1, 0), "n": min(pos + 1, len(points) - 1), "l": len(points) - 1}[op]
            return await self._replay_at(interaction, match_id, points[target] if points else None)
        await self.run(interaction, work, match_id=match_id)

    async def replay_jump(self, interaction: discord.Interaction, match_id: str, raw: str) -> None:
        async def work() -> Reply:
            if not raw.strip().isdigit():
                raise Refused(M.no_turn.format(turn=raw))
            return await self._replay_at(interaction, match_id, None, int(raw))
        await self.run(interaction, work, match_id=match_id)

    async def history(self, interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            locale = self.locale(interaction)
            if interaction.guild_id is None:
                raise Refused(M.guild_only)
            rows = await self.service.store.matches(guild=str(interaction.guild_id), limit=25)
            if not rows:
                return Reply(M.history_empty(locale))
            lines = [f"**{M.history_title(locale)}**"]
            for r in rows:
                players = ", ".join(f"<@{p[8:]}>" if p.startswith("discord:") else p for p in r.players)
                title = get_game(r.game).title(locale) if r.game in available() else r.game
                lines.append(f"`{r.id}` · {title} · {status_text(r.status)(locale)} · {players or '—'} · "
                             f"{r.updated_at[:10]}")
            return Reply(clip("\n".join(lines)))
        await self.run(interaction, work)

    async def export(self, interaction: discord.Interaction, match: str | None) -> None:
        async def work() -> Reply:
            from events.export import export_jsonl
            ms = await self.resolve(interaction, match)
            text = await export_jsonl(self.service, ms.match_id, player_id=self.player(interaction).id,
                                      moderator=is_moderator(interaction, self.config.mod_role))
            data = text.encode()
            if len(data) > interaction.filesize_limit:
                raise Refused(Text("The log is larger than Discord allows; export it with the `parley` command line.",
                                   "ログがDiscordの上限を超えています。`parley` コマンドでエクスポートしてください。"))
            file = discord.File(io.BytesIO(data), filename=f"parley-{ms.match_id}.jsonl")
            return Reply(M.export_ready.format(match=ms.match_id)(self.locale(interaction)), files=[file])
        await self.run(interaction, work, match_id=match)

    async def verify(self, interaction: discord.Interaction, match: str | None) -> None:
        async def work() -> Reply:
            from events.verify import verify_match
            ms = await self.resolve(interaction, match)
            report = await verify_match(self.service, ms.match_id)
            locale = self.locale(interaction)
            head = (M.verify_ok if report.ok else M.verify_bad).format(match=ms.match_id)(locale)
            return Reply(clip("\n".join([f"**{head}**", *(line(locale) for line in report.lines)])))
        await self.run(interaction, work, match_id=match)

    async def games(self, interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            locale = self.locale(interaction)
            names = ", ".join(f"`{g}` ({get_game(g).title(locale)})" for g in available())
            return Reply(M.games_list.format(games=names)(locale))
        await self.run(interaction, work)

    # -- autocomplete -------------------------------------------------------------------------

    async def complete_action(self, interaction: discord.Interaction, current: str,
                              match: str | None) -> list[discord.app_commands.Choice[str]]:
        """The player's legal actions, filtered by what they typed; at most 25. The value
        names the sequence and index, so picking a stale suggestion cannot misplay."""
        try:
            return await self._complete_action(interaction, current, match)
        except Exception:
            log.exception("autocomplete failed, match %s", match or interaction.channel_id)
            return []

    async def _complete_action(self, interaction: discord.Interaction, current: str,
                               match: str | None) -> list[discord.app_commands.Choice[str]]:
        try:
            ms = await self.resolve(interaction, match)
        except RuleError:
            return []
        if ms.status != "running":
            return []
        me = self.player(interaction).id
        locale = self.locale(interaction)
        try:
            seat = self.service.resolve_seat(ms, me)
        except RuleError:
            return []
        choices = ms.game.legal_actions(ms.state, seat)
        needle = current.strip().casefold()
        out = []
        for i, c in enumerate(choices):
            label = c.label(locale)
            if needle and needle not in label.casefold() and needle not in c.code.casefold():
                continue
            out.append(discord.app_commands.Choice(name=clip(label, 100), value=f"#{ms.seq}:{i}"))
            if len(out) == 25:
                break
        return out

    async def complete_match(self, interaction: discord.Interaction,
                             current: str) -> list[discord.app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        rows = await self.service.store.matches(guild=str(interaction.guild_id), limit=200)
        me = f"discord:{interaction.user.id}"
        locale = self.locale(interaction)
        needle = current.strip().casefold()
        out = []
        for r in rows:
            mine = me in r.players
            if needle and needle not in r.id.casefold() and needle not in r.game.casefold():
                continue
            label = f"{r.id} · {r.game} · {status_text(r.status)(locale)}" + (" ★" if mine else "")
            out.append((not mine, discord.app_commands.Choice(name=clip(label, 100), value=r.id)))
        out.sort(key=lambda x: x[0])
        return [c for _, c in out[:25]]

    # -- start-up -------------------------------------------------------------------------------

    async def repair(self) -> int:
        """After a start: bring every match's thread up to date with its log."""
        rows = await self.service.store.matches(limit=1_000_000)
        n = 0
        for row in rows:
            if row.guild is None:  # played from the terminal, not Discord
                continue
            rec = await self.delivery.record(row.id)
            if row.status in ("finished", "aborted") and rec.get("ended"):
                continue
            try:
                await self.delivery.sync(row.id, repair=True)
                n += 1
            except Exception:
                log.exception("match %s: repair failed", row.id)
        return n

