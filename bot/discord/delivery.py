"""Discord side effects, driven by what the log says must be shown.

For each match the bot remembers (in the store's kv table, scope
`discord:board`) where things live and how far it has shown the log: the
lobby message, the thread, the board message, the last event posted as a log
line, the last decision pinged. `sync` compares that with the log and does
only what is missing, so it is safe to call after every command, twice, or
on start after a crash between an append and its post. Log messages carry
their event range in a small footer; on start the thread's recent messages
are read back, so a post that happened just before a crash is not repeated.

The board is pinned in the thread and each log message links to it; a board
longer than a message is split over several, kept together: when it needs
more messages than it has, it is posted afresh and the old first message
becomes a link to the new one (old log lines link there). Every text from the
engine names players where the rules wrote seat tokens (`names.named`).

Each step of `sync` (lobby message, board, log lines, pings, DMs, the end)
is isolated: one failing (a thread post refused, Discord down) does not stop
the others, and the match is noted in the outbox (`discord:outbox`) so the
scheduler retries it on its next pass, even once the match is over. A match
that ended has its thread archived, last of all.

Private views go by DM (scope `discord:dm` remembers the last one per seat,
in as many messages as it takes, the decision menu under the last);
a user who cannot be sent a DM (Discord error 50007, DMs closed, or 50278,
no longer in a server with the bot) is remembered in `discord:dmfail` and
told once per match, in the thread and without any private content, to use
`/parley hand`.

Every call to Discord goes through `ops` (which says whom each message may
ping: a player's name or a moderator's reason that reads "@everyone" never
notifies anyone). A step that must be retried raises `ops.Undelivered`.

Calls per move: a move edits the board (only when the public view changed),
posts one log line carrying the ping of whoever is awaited, and sends or edits
the DMs whose content changed. The DM channel of each user is remembered
(`discord:dmchan`), so no move asks Discord for it again; the DM of a player
who moved from their DM menu is refreshed by the answer to that click
(`note_dm_shown`), not by a call of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord

from bot import render
from bot.clocktext import clock_lines, discord_time, window_lines
from bot.render.marks import shown as marks_shown
from engine.core import SPECTATOR, Text, Viewer
from engine.core.search import levels
from events.clockfeed import ClockFeed
from events.model import Event, Player
from events.replay import MatchState

from . import catchup, drawing, hall, layout
from .emoji import AppEmoji
from .i18n import M, status_text
from .names import named, seat_names, shown
from .ops import Ops, Outcome, Result, Undelivered
from .split import split_message
from .summary import draw_page, post_page, post_summary
from .views import choice_view, hand_view, lobby_view, takeback_view

if TYPE_CHECKING:
    from events.service import MatchService

    from .config import Config

log = logging.getLogger("parley.discord")

BOARD = "discord:board"
THREADS = "discord:thread"
DMS = "discord:dm"
DMFAIL = "discord:dmfail"
DMCHAN = "discord:dmchan"  # user id -> their DM channel's id (stable: Discord answers the same one)
OUTBOX = "discord:outbox"  # key "pending": matches whose last sync left something undone

MESSAGE_LIMIT = 2000
# A log message's footer: its event range, then (once there is a board) a link to it.
_MARK = re.compile(r"-# #(\d+)(?:–(\d+))?(?: · [^\n]*)?\s*$")


@dataclass
class _Held:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


class KeyedLocks:
    """One lock per key, dropped as soon as nobody holds or awaits it, so a bot
    that has seen a million matches does not keep a million locks."""

    def __init__(self) -> None:
        self._held: dict[str, _Held] = {}

    def __len__(self) -> int:
        return len(self._held)

    def __contains__(self, key: object) -> bool:
        return key in self._held

    @contextlib.asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        entry = self._held.get(key)
        if entry is None:
            entry = self._held[key] = _Held()
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:  # also when cancelled while waiting
            entry.users -= 1
            if entry.users == 0 and self._held.get(key) is entry:
                del self._held[key]


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def user_id(player: Player) -> int | None:
    """The Discord user behind a player id, or None for bots and other front ends."""
    if player.id.startswith("discord:") and player.id[8:].isdigit():
        return int(player.id[8:])
    return None


def who(player: Player) -> str:
    uid = user_id(player)
    return f"<@{uid}>" if uid else f"**{discord.utils.escape_markdown(player.name)}**"


def moderator(actor: str) -> str:
    """Who a "mod:<id>" event names: a mention for a Discord user (the id bare, as
    older logs have it, or "discord:<id>"), else the id as written (the operator)."""
    mod = actor.removeprefix("mod:").removeprefix("discord:")
    return f"<@{mod}>" if mod.isdigit() else f"`{mod}`"


def name(player: Player) -> str:
    return shown(player)


def message_link(guild: Any, channel: int | str, message: int | str) -> str:
    return f"https://discord.com/channels/{guild}/{channel}/{message}"


def _digest(*parts: Any) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else repr(p).encode())
    return h.hexdigest()[:24]


@dataclass
class Click:
    """A click on a DM's own menu that made a move. Its answer refreshes that DM, with
    `note` (what the move did) on top, instead of a REST edit and a reply of their
    own; `used` once it has (else the caller answers as usual)."""

    interaction: discord.Interaction
    note: str = ""
    used: bool = False


HEAD_DIGITS = 16  # 64 bits: enough that no rewrite can be made to match a posted head


def is_discord_match(ms: MatchState) -> bool:
    return ms.place.get("via") == "discord" and bool(ms.place.get("channel"))


class Delivery:
    def __init__(self, client: discord.Client, service: MatchService, config: Config) -> None:
        self.client = client
        self.service = service
        self.store = service.store
        self.config = config
        self._locks = KeyedLocks()
        self._outbox_lock = asyncio.Lock()
        self.ops = Ops(client)
        self.emoji = AppEmoji(self.ops)
        self.clock_feed = ClockFeed(service.store)
        self._dm_channels: dict[int, int] = {}  # what DMCHAN holds, without a read per move
        self._dm_last: dict[int, int] = {}  # DM channel -> the last message this process posted there
        self._dm_open: set[int] = set()  # users DMFAIL holds no live failure for: not read again every move
        self._outbox: set[str] | None = None  # what OUTBOX holds for this process, once read
        self._drawing: dict[str, asyncio.Task[None]] = {}  # replay pages being drawn, by match
        self._ending: dict[str, asyncio.Task[None]] = {}  # ends of matches to show after their last move's answer
        self._pages: dict[str, bytes | None] = {}  # drawn and not yet posted (None: could not be made)

    # -- remembered state ------------------------------------------------------------

    async def record(self, match_id: str) -> dict[str, Any]:
        return dict(await self.store.get_kv(BOARD, match_id) or {})

    async def save_record(self, match_id: str, rec: dict[str, Any]) -> None:
        """Note a match's delivery record (what was posted where)."""
        await self.store.set_kv(BOARD, match_id, rec)

    async def match_in(self, channel_id: int) -> str | None:
        found = await self.store.get_kv(THREADS, str(channel_id))
        return str(found) if found else None

    # -- the outbox: matches with something left to show ---------------------------------

    async def pending(self) -> list[str]:
        """Matches whose last sync failed somewhere; the scheduler retries them."""
        return [str(m) for m in await self.store.get_kv(OUTBOX, self.config.process_key) or []]

    async def _note(self, match_id: str, undone: bool) -> None:
        async with self._outbox_lock:
            # This process's outbox is written by this process alone: read once, then kept here,
            # so a sync that changes nothing in it costs no read.
            if self._outbox is None:
                self._outbox = set(await self.pending())
            if (match_id in self._outbox) == undone:
                return
            pending = self._outbox | {match_id} if undone else self._outbox - {match_id}
            await self.store.set_kv(OUTBOX, self.config.process_key, sorted(pending))
            self._outbox = pending

    # -- the main loop: make Discord show what the log says --------------------------

    async def sync(self, match_id: str, *, repair: bool = False, clicked: Click | None = None,
                   answering: bool = False) -> bool:
        """Make the thread, the lobby message and the DMs show what the log says.
        True when everything is shown; False when a step failed (it is logged and
        the match goes in the outbox, for the scheduler to retry). Raises
        `ops.Undelivered` only when the match's thread cannot be opened: nothing
        else can go on then. `clicked`: the click on a DM menu that made this move,
        whose answer refreshes that DM. `answering`: a command's move is shown before
        its answer; the end of a match it ended (result, summary, menus off, page,
        archive) then follows in a sync of its own, so that move is answered as fast as any."""
        try:
            async with self._locks.hold(match_id):
                failed = await self._sync(match_id, repair, clicked, answering)
        except Exception:
            with contextlib.suppress(Exception):
                await self._note(match_id, True)
            raise
        # A page still drawing, or an end still to show, keeps the match in the outbox: its last
        # posts are yet to come (the sync showing the end does not count itself).
        me = asyncio.current_task()
        await self._note(match_id, bool(failed) or match_id in self._drawing or self._ending.get(match_id, me) is not me)
        return not failed

    async def _sync(self, match_id: str, repair: bool, clicked: Click | None, answering: bool) -> list[str]:
        ms = await self.service.get(match_id)
        if not is_discord_match(ms):
            return []
        rec = await self.record(match_id)
        locale = str(ms.place.get("locale", "en"))
        if not rec.get("thread"):
            if ms.status in ("finished", "aborted"):
                await self._lobby(ms, rec, locale)  # never got a thread: just close the lobby
                return []
            await self._open(ms, rec, locale, repair)
        failed: list[str] = []

        async def step(name: str, work: Callable[[], Awaitable[None]]) -> None:
            # Each step compares the record with the log and does only what is
            # missing, so a failed one is simply tried again on the next sync.
            try:
                await work()
            except Exception:
                log.warning("match %s: %s failed; retried on the next sync", match_id, name, exc_info=True)
                failed.append(name)

        if repair:
            await step("recover", lambda: self._recover(ms, rec))
        await step("lobby", lambda: self._lobby(ms, rec, locale))
        await step("hall", lambda: self._hall(ms, rec))
        # The board before the log, so the log lines can link to it.
        if ms.state is not None:
            await step("board", lambda: self._board(ms, rec, locale, repair))
        await step("log", lambda: self._log(ms, rec, locale))
        seen = ms.seq
        ms = await self.service.get(match_id)
        if ms.state is not None:
            if ms.seq != seen:  # moves landed meanwhile
                await step("board", lambda: self._board(ms, rec, locale, repair))
            await step("ping", lambda: self._ping(ms, rec, locale))
            await step("dms", lambda: self._dms(ms, rec, clicked))
        await step("tags", lambda: self._retag(ms, rec))  # before the finish archives the post
        if not failed and answering and ms.status in ("finished", "aborted") and not rec.get("ended"):
            self._follow(match_id)
        elif not failed:
            # Last, and only when all else is shown: archiving comes after the final posts.
            await step("finish", lambda: self._finish(ms, rec, locale))
        return failed

    async def _open(self, ms: MatchState, rec: dict[str, Any], locale: str, repair: bool = False) -> None:
        """The lobby message in the channel and the match's thread hanging from it."""
        channel = int(ms.place["channel"])
        if not rec.get("lobby_msg") and repair:
            # Posted just before a crash? Its buttons, or its title, name the match.
            tag = f"p:l:{ms.match_id}:"
            for m in (await self.ops.recent(channel, 50)).data:
                title = m.get("content", "").split("\n", 1)[0]
                if (title.startswith("## ") and title.endswith(f" {ms.match_id}")) or any(
                        c.get("custom_id", "").startswith(tag) for row in m.get("components") or []
                        for c in row.get("components") or []):
                    rec.update(channel=str(channel), lobby_msg=str(m["id"]))
                    break
        if ms.place.get("forum"):  # the match hall: one forum post is the lobby and the thread
            content, view = self._lobby_content(ms, locale)
            await hall.open_post(self.ops, ms, rec, locale, content, view, repair)
            rec["lobby_hash"] = _digest(content, view is None)
        else:
            if not rec.get("lobby_msg"):
                content, view = self._lobby_content(ms, locale)
                posted = (await self.ops.post(channel, content, view=view, kind=discord.ChannelType.text)).expect()
                rec.update(channel=str(channel), lobby_msg=str(posted.id), lobby_hash=_digest(content, view is None))
                await self.save_record(ms.match_id, rec)
            name = clip(f"{ms.game.title(locale)} · {ms.match_id}", 100)
            rec["thread"] = str((await self.ops.open_thread(channel, rec["lobby_msg"], name)).expect().id)
        rec.setdefault("shown", 0)
        await self.save_record(ms.match_id, rec)
        await self.store.set_kv(THREADS, rec["thread"], ms.match_id)

    async def _recover(self, ms: MatchState, rec: dict[str, Any]) -> None:
        """After a start: read back the thread's last bot messages, because a post may
        have landed just before a crash lost the note that it had (the log range in a
        log message's footer; the board message by its header)."""
        mine = (await self.ops.recent(rec["thread"], 25)).data
        for m in mine:
            found = _MARK.search(m.get("content", ""))
            if found:
                last = int(found.group(2) or found.group(1))
                rec["shown"] = max(int(rec.get("shown", 0)), last)
        if not rec.get("board_msg"):
            tag = f"`{ms.match_id}`"
            boards = [m for m in mine if layout.text_of(m).startswith("**")
                      and tag in layout.text_of(m).split("\n", 1)[0]]
            if boards:
                rec["board_msg"] = str(min(int(m["id"]) for m in boards))
                rec["board_v2"] = any(layout.text_of(m) and not m.get("content") for m in boards)
        if ms.takeback is not None and not rec.get("takeback"):
            tag = f"p:t:{ms.match_id}:{ms.takeback[1]}:"
            for m in mine:
                if any(c.get("custom_id", "").startswith(tag) for row in m.get("components") or []
                       for c in row.get("components") or []):
                    rec["takeback"] = {"of": ms.takeback[1], "msg": str(m["id"])}
                    break
        await self.save_record(ms.match_id, rec)

    def _lobby_content(self, ms: MatchState, locale: str) -> tuple[str, discord.ui.View | None]:
        game = ms.game
        lines = [f"## {M.lobby_title.format(game=game.title, match=ms.match_id)(locale)}"]
        players = ms.seats or ms.lobby
        seats = "\n".join(f"{i + 1}. {who(p)}" for i, p in enumerate(players)) or f"— {M.none(locale)}"
        lines += [f"**{M.seats(locale)}**", seats]
        opts = ", ".join(f"`{k}={v}`" for k, v in sorted(ms.options.items())) or M.none(locale)
        lines.append(f"**{M.options(locale)}**: {opts}")
        settings = ms.place.get("deadline_hours")
        if settings:
            policy = M.policy_forfeit if ms.place.get("deadline_action") == "forfeit" else M.policy_skip
            lines.append(M.deadline.format(hours=settings, policy=policy)(locale))
        if ms.place.get("takeover") not in (None, "off"):
            lines.append(M.takeover.format(level=M.level_names.get(ms.place["takeover"], M.none))(locale))
        if ms.place.get("rated") is False:
            lines.append(M.casual(locale))
        view: discord.ui.View | None = None
        if ms.status == "lobby":
            lines.append(M.lobby_open.format(n=len(ms.lobby), max=game.max_seats, min=game.min_seats)(locale))
            view = lobby_view(ms.match_id, locale, levels(game))
        elif ms.status == "running":
            lines.append(M.lobby_started(locale))
        else:
            lines.append(M.lobby_closed.format(status=status_text(ms.status))(locale))
        return clip("\n".join(lines)), view

    async def _lobby(self, ms: MatchState, rec: dict[str, Any], locale: str) -> None:
        content, view = self._lobby_content(ms, locale)
        digest = _digest(content, view is None)
        if rec.get("lobby_hash") == digest or not rec.get("lobby_msg"):
            return
        edited = await self.ops.edit(rec["channel"], rec["lobby_msg"], content=content, view=view,
                                     kind=discord.ChannelType.text)
        if edited.expect(Outcome.GONE).outcome is Outcome.GONE:
            # Someone deleted the lobby message; the thread carries on without it.
            log.info("match %s: the lobby message is gone", ms.match_id)
            rec["lobby_msg"] = None
        rec["lobby_hash"] = digest
        await self.save_record(ms.match_id, rec)

    async def _hall(self, ms: MatchState, rec: dict[str, Any]) -> None:
        """The server's looking-for-players post, while this match is a lobby and once as it leaves it."""
        if ms.status == "lobby" or rec.get("listed"):
            try:
                await hall.refresh_listing(self.ops, self.store, self.record, ms, rec)
            except Undelivered as exc:
                if exc.result.outcome not in (Outcome.FORBIDDEN, Outcome.REFUSED):
                    raise  # Discord trouble: tried again on the next sync
                # Not this match's to fix (the forum's permissions): the list waits for the next change.
                log.warning("match %s: the looking-for-players post could not be updated: %s", ms.match_id, exc)
            if rec.get("listed") != (ms.status == "lobby"):
                rec["listed"] = ms.status == "lobby"
                await self.save_record(ms.match_id, rec)

    async def _retag(self, ms: MatchState, rec: dict[str, Any]) -> None:
        if await hall.retag(self.ops, ms, rec):
            await self.save_record(ms.match_id, rec)

    # -- public log lines ---------------------------------------------------------------

    def _line(self, ms: MatchState, e: Event, locale: str) -> str | None:
        p = e.payload
        seats = ms.seats
        if e.type == "player_joined":
            return M.ev_joined.format(who=name(Player(**p["player"])))(locale)
        if e.type == "player_left":
            return M.ev_left.format(who=f"<@{p['player_id'][8:]}>" if p["player_id"].startswith("discord:")
                                    else p["player_id"])(locale)
        if e.type == "match_started":
            return M.ev_started.format(seats=", ".join(f"{i + 1}. {name(x)}" for i, x in enumerate(seats)))(locale)
        if e.type == "action":
            raw = [Text.from_json(x)(locale) for x in p.get("log", [])]
            lines = [named(line, ms, locale) for line in raw]
            seat = p["seat"]
            auto = catchup.AUTO_MARK.get(p.get("auto", ""), "")
            if any(f"⟦{seat}⟧" in line for line in raw) and lines:
                # The game names who did it: no tag in front to say it twice.
                return "\n".join([f"{auto} {lines[0]}" if auto else lines[0], *lines[1:]])
            tag = f"{name(seats[seat])}" if seat < len(seats) else f"#{seat + 1}"
            mark = f" {auto}" if auto else ""
            return "\n".join(f"{tag}{mark} › {line}" for line in lines)
        if e.type == "revert":
            if p.get("kind") == "takeback":
                return M.ev_takeback(locale)
            if p.get("kind") == "redo":
                return M.ev_redo.format(who=moderator(e.actor), reason=p.get("reason") or "—")(locale)
            return M.ev_undo.format(who=moderator(e.actor), to=p["to_seq"], reason=p.get("reason") or "—")(locale)
        if e.type == "takeback_requested":
            if ms.takeback is not None and ms.takeback[1] == p["of_seq"]:
                return None  # still open: posted on its own, with the answer buttons
            return M.ev_tb_request.format(who=name(seats[p["seat"]]))(locale)
        if e.type == "takeback_answered":
            answer = M.accepts if p["accept"] else M.declines
            return M.ev_tb_answer.format(who=name(seats[p["seat"]]), answer=answer)(locale)
        if e.type == "player_replaced":
            newcomer = name(Player(**p["player"]))
            if not e.actor.startswith("mod:"):  # the seat's own player handed it over
                return M.ev_handed.format(seat=p["seat"] + 1, who=newcomer)(locale)
            return M.ev_replaced.format(mod=moderator(e.actor), seat=p["seat"] + 1,
                                        who=newcomer, reason=p.get("reason") or "—")(locale)
        if e.type == "player_removed":
            reason = M.reasons.get(p.get("reason", ""), Text(p.get("reason", ""), p.get("reason", "")))
            line = M.ev_removed.format(seat=p["seat"] + 1, who=name(seats[p["seat"]]), reason=reason)(locale)
            level = M.level_names.get(p.get("takeover", ""))
            return f"{line} {M.ev_taken_over.format(level=level)(locale)}" if level else line
        if e.type == "match_aborted":
            if not e.actor.startswith("mod:"):
                return M.ev_aborted_system.format(reason=p.get("reason") or "—")(locale)
            return M.ev_aborted.format(who=moderator(e.actor), reason=p.get("reason") or "—")(locale)
        if e.type == "note":
            return M.ev_note.format(text=p.get("text", ""))(locale)
        return None

    async def _log(self, ms: MatchState, rec: dict[str, Any], locale: str) -> None:
        rec.setdefault("guild", ms.place.get("guild"))
        events = await self.store.events(ms.match_id, after=int(rec.get("shown", 0)))
        if not events:
            return
        state = await self.service.get(ms.match_id)
        chunk: list[str] = []
        heads = {e.seq: e.hash for e in events}
        if "sealed" not in rec:
            # Only a sealed chain's head may be posted while a match runs: an older
            # chain's hashes cover hidden actions whole and can be tested against guesses.
            created = await self.store.events(ms.match_id, upto=1)
            rec["sealed"] = bool(created and created[0].payload.get("seals"))
        first = events[0].seq
        size = 0
        for e in events:
            line = self._line(state, e, locale)
            if line:
                line = clip(line, 1800)
                if size + len(line) + 1 > 1850 and chunk:
                    await self._post_log(ms.match_id, rec, chunk, first, e.seq - 1, head=heads.get(e.seq - 1))
                    chunk, size, first = [], 0, e.seq
                chunk.append(line)
                size += len(line) + 1
        # The last chunk carries the mention of whoever is now awaited: one message per move.
        ping = self._ping_parts(state, locale) if state.state is not None else None
        if ping is not None and rec.get("pinged") == ping[0]:
            ping = None
        await self._post_log(ms.match_id, rec, chunk, first, events[-1].seq, ping, locale, events[-1].hash)
        await self._takeback(state, rec, locale)

    async def _takeback(self, ms: MatchState, rec: dict[str, Any], locale: str) -> None:
        """An open takeback request gets one message with Accept/Decline; once it is
        settled the buttons come off that message (the log says how it ended)."""
        open_request = ms.takeback[1] if ms.takeback is not None else None
        posted = rec.get("takeback")
        if posted and posted["of"] != open_request:
            # Already deleted is as good as settled.
            (await self.ops.edit(rec["thread"], posted["msg"], view=None)).expect(Outcome.GONE)
            rec.pop("takeback")
            await self.save_record(ms.match_id, rec)
        if ms.takeback is not None and not rec.get("takeback"):
            asker = ms.seats[ms.takeback[0]]
            msg = (await self.ops.post(rec["thread"], M.ev_tb_request.format(who=name(asker))(locale),
                                       view=takeback_view(ms.match_id, ms.takeback[1], locale))).expect()
            rec["takeback"] = {"of": ms.takeback[1], "msg": str(msg.id)}
            await self.save_record(ms.match_id, rec)

    async def _post_log(self, match_id: str, rec: dict[str, Any], lines: list[str], first: int, last: int,
                        ping: tuple[str, str, list[int]] | None = None, locale: str = "en",
                        head: str | None = None) -> None:
        if lines:
            mark = f"-# #{first}" if first == last else f"-# #{first}–{last}"
            if rec.get("board_msg") and rec.get("guild"):
                link = message_link(rec["guild"], rec["thread"], rec["board_msg"])
                mark += f" · [{M.board_link(locale)}](<{link}>)"
            if head and rec.get("sealed"):
                # The chain head as of `last`, where every player sees it: a history rewritten
                # later in the database no longer reaches it (`parley verify --head`).
                mark += f" · ⛓ `{last}:{head[:HEAD_DIGITS]}`"
            body = "\n".join(lines)
            together = f"{body}\n{ping[1]}\n{mark}" if ping is not None and ping[1] else ""
            if together and len(together) <= MESSAGE_LIMIT:
                assert ping is not None
                (await self.ops.post(rec["thread"], together, view=hand_view(match_id, locale),
                                     pings=ping[2])).expect()
                rec["pinged"] = ping[0]
            else:
                # Too long for one message with the mention: the lines first, the `ping`
                # step then mentions whoever is awaited in a message of its own.
                (await self.ops.post(rec["thread"], clip(body, MESSAGE_LIMIT - len(mark) - 1) + "\n" + mark)).expect()
        rec["shown"] = last
        await self.save_record(match_id, rec)

    # -- the board, pings, DMs ------------------------------------------------------------

    async def clock_lines(self, ms: MatchState) -> list[Text]:
        """The match's clocks as of its last event (events/clock.py) and its
        response window (events/window.py), for the board."""
        got = await self.clock_feed.clocks(ms)
        window = window_lines(ms.place)
        if got is None:
            return window
        config, seats = got
        return clock_lines(config, seats, [name(p) for p in ms.seats], discord_time, live=False) + window

    def board_text(self, ms: MatchState, locale: str, clock: Sequence[Text] = ()) -> str:
        """The public board, whole: split into messages by whoever sends it."""
        board = self.board_of(ms, locale, clock)
        return "\n".join(x for x in (board.header, board.body, board.tail) if x)

    def board_of(self, ms: MatchState, locale: str, clock: Sequence[Text] = ()) -> layout.Board:
        """The public board's parts, as the thread's layout message shows them."""
        view = self.service.view_of(ms, SPECTATOR)
        header = M.board_header.format(game=ms.game.title, match=ms.match_id, status=status_text(ms.status))(locale)
        with marks_shown(self.emoji.marks):  # dice faces and pieces as the application's emoji, where it has them
            body = named(render.board(ms.game_id, view, locale), ms, locale)
        waiting = [p for p in ms.game.pending(ms.state)] if ms.status == "running" else []
        tail = []
        if waiting:
            tail.append(M.waiting_for.format(who=", ".join(name(ms.seats[p.seat]) for p in waiting))(locale))
        tail += [line(locale) for line in clock]
        # Alt text is read as plain text: what the picture shows in words, else the board's text without marks.
        alt = render.describe(ms.game_id, view, [p.name for p in ms.seats], locale) or \
            (M.board_alt.format(game=ms.game.title, match=ms.match_id)(locale) + "\n" + body).replace("**", "")
        return layout.Board(ms.match_id, header, body, "\n".join(tail), alt, waiting[0].seat if waiting else None,
                            ms.status == "running", locale)

    async def _board(self, ms: MatchState, rec: dict[str, Any], locale: str, repair: bool = False) -> None:
        """The board as layout messages (bot/discord/layout.py): edited in place while
        it keeps its number of messages, else posted afresh below the log."""
        board = self.board_of(ms, locale, await self.clock_lines(ms))
        parts = layout.parts(board)
        # In the drawing process (tens of ms that would hold the bot's interpreter), cached by the view's digest.
        image = await drawing.board_image(ms.game_id, self.service.view_of(ms, SPECTATOR), [p.name for p in ms.seats],
                                          locale)
        digest = _digest(parts, image or b"", board.seat, board.hand_button)
        if rec.get("board_hash") != digest:
            def files() -> list[discord.File]:  # a File is read once: a fresh one per call
                return [discord.File(io.BytesIO(image), filename=layout.IMAGE, description=layout.alt(board))] \
                    if image else []
            views = [layout.view(board, part, i, len(parts), image is not None) for i, part in enumerate(parts)]
            # A board posted as classic messages (before layouts) is posted afresh, not converted.
            ids = [rec["board_msg"], *rec.get("board_more", [])] if rec.get("board_msg") and rec.get("board_v2") else []
            # What each message shows: its text, the image on the first, the button on the last, the colour.
            keys = [_digest(part, image or b"" if i == 0 else b"", board.hand_button and i == len(parts) - 1,
                            board.seat) for i, part in enumerate(parts)]
            if ids and len(parts) <= len(ids) and await self._edit_board(rec, ids, views, keys, files):
                rec["board_more"] = ids[1:len(parts)]
            else:
                if rec.get("board_msg"):
                    # Longer than before (or deleted): posted afresh below the log, so its parts
                    # stay together; the old messages are retired once the new ones are noted.
                    old = [rec["board_msg"], *rec.get("board_more", [])]
                    rec["board_old"] = sorted(set(rec.get("board_old", [])) | set(old))
                    rec["board_old_v2"] = bool(rec.get("board_v2"))
                rec["board_msg"], rec["board_more"], rec["board_v2"] = None, [], True
                for i, message in enumerate(views):
                    msg = (await self.ops.post_layout(rec["thread"], message, files=files() if i == 0 else [])).expect()
                    if i == 0:
                        rec["board_msg"] = str(msg.id)
                    else:
                        rec["board_more"] = [*rec["board_more"], str(msg.id)]
                    await self.save_record(ms.match_id, rec)
            rec["board_hash"] = digest
            rec["board_parts"] = keys
            await self.save_record(ms.match_id, rec)
        await self._retire_board(ms, rec, locale)
        await self._pin(ms, rec, repair)

    async def _edit_board(self, rec: dict[str, Any], ids: list[str], views: list[discord.ui.LayoutView],
                          keys: list[str], files: Callable[[], list[discord.File]]) -> bool:
        """Edit the board's messages whose `keys` changed since last shown (a board kept
        from before this record had them is edited whole), extra ones deleted; False
        when one is gone."""
        before = rec.get("board_parts") or []
        for i, message in enumerate(views):
            if i < len(before) and before[i] == keys[i]:
                continue
            extra: dict[str, Any] = {"attachments": files()} if i == 0 else {}
            edited = await self.ops.edit(rec["thread"], ids[i], view=message, **extra)
            if edited.expect(Outcome.GONE).outcome is Outcome.GONE:
                return False  # deleted by someone: the caller posts it afresh
        for extra_id in ids[len(views):]:
            (await self.ops.delete(rec["thread"], extra_id)).expect()
        return True

    async def _retire_board(self, ms: MatchState, rec: dict[str, Any], locale: str) -> None:
        """Old board messages: the first becomes a link to the board (log lines point
        at it), the rest are deleted."""
        old = [m for m in rec.get("board_old", []) if m not in (rec.get("board_msg"), *rec.get("board_more", []))]
        if not old or not rec.get("board_msg"):
            return
        link = message_link(ms.place.get("guild"), rec["thread"], rec["board_msg"])
        first = min(old, key=int)
        for msg_id in old:
            if msg_id == first:
                text = M.board_moved.format(link=link)(locale)
                # A layout message stays one (its flag cannot come off): the link goes in a text display.
                fields: dict[str, Any] = {"view": layout.moved(text)} if rec.get("board_old_v2") else \
                    {"content": text, "view": None}
                (await self.ops.edit(rec["thread"], msg_id, attachments=[], **fields)).expect(Outcome.GONE)
            else:
                (await self.ops.delete(rec["thread"], msg_id)).expect()
        rec["board_old"] = []
        rec.pop("board_old_v2", None)
        await self.save_record(ms.match_id, rec)

    async def _pin(self, ms: MatchState, rec: dict[str, Any], repair: bool) -> None:
        """Pin the board (its first message) in the thread. Pinning needs the Pin
        Messages permission; without it the board stays unpinned (log lines still
        link to it), and the pin is tried again when the bot restarts."""
        board = rec.get("board_msg")
        pin = dict(rec.get("pin") or {})
        if not board or (pin.get("msg") == board and (pin.get("ok") or not repair)):
            return
        pinned = (await self.ops.pin(rec["thread"], board)).expect(Outcome.FORBIDDEN, Outcome.REFUSED)
        ok = pinned.ok
        if not ok:
            log.info("match %s: cannot pin the board (%s); it stays linked from the log", ms.match_id, pinned.text)
        if ok and pin.get("ok") and pin.get("msg") not in (None, board):
            await self.ops.unpin(rec["thread"], pin["msg"])  # failing means already gone with its message
        rec["pin"] = {"msg": board, "ok": ok}
        await self.save_record(ms.match_id, rec)

    def _waiting_key(self, ms: MatchState) -> str:
        if ms.status != "running":
            return ""
        turn = ms.game.turn(ms.state)
        parts = sorted(f"{p.seat}:{p.kind}" for p in ms.game.pending(ms.state))
        return f"{turn}|{','.join(parts)}"

    def _ping_parts(self, ms: MatchState, locale: str) -> tuple[str, str, list[int]] | None:
        """(what is awaited, the mention text, whom it may ping), or None outside play."""
        key = self._waiting_key(ms)
        if not key:
            return None
        lines, users = [], []
        for p in ms.game.pending(ms.state):
            player = ms.seats[p.seat]
            if player.is_bot or p.seat in ms.forfeited:
                continue
            lines.append(M.your_turn.format(who=who(player), prompt=named(p.prompt(locale), ms, locale))(locale))
            uid = user_id(player)
            if uid:
                users.append(uid)
        return key, clip("\n".join(lines), 1000), users

    async def _ping(self, ms: MatchState, rec: dict[str, Any], locale: str) -> None:
        parts = self._ping_parts(ms, locale)
        if parts is None or rec.get("pinged") == parts[0]:
            return
        key, text, users = parts
        if text:
            (await self.ops.post(rec["thread"], text, view=hand_view(ms.match_id, locale), pings=users)).expect()
        rec["pinged"] = key
        rec["pinged_at"] = datetime.now(UTC).isoformat()
        await self.save_record(ms.match_id, rec)

    def private_text(self, ms: MatchState, seat: int, locale: str) -> str:
        view = self.service.view_of(ms, Viewer.of(seat))  # the service's copy: computed once per seq
        with marks_shown(self.emoji.marks):
            return named(render.private(ms.game_id, view, seat, locale), ms, locale)

    async def _dms(self, ms: MatchState, rec: dict[str, Any], clicked: Click | None = None) -> None:
        if ms.status != "running":
            return
        pending = {p.seat: p for p in ms.game.pending(ms.state)}
        retry: Result | None = None
        for seat, player in enumerate(ms.seats):
            uid = user_id(player)
            if uid is None or seat in ms.forfeited:
                continue
            # One user's DM trouble must not stop the others; it is logged, and the
            # digest left as it was, so the next sync tries again.
            result = await self._dm_seat(ms, rec, seat, player, uid, pending.get(seat) is not None,
                                         clicked if clicked is not None and clicked.interaction.user.id == uid else None)
            if not result.ok:
                log.warning("match %s: DM to seat %d failed: %s", ms.match_id, seat, result.outcome)
                if result.outcome in (Outcome.TRANSIENT, Outcome.RATE_LIMITED):
                    retry = retry or result
        if retry is not None:
            retry.expect()  # Discord down for now: the step fails, so the scheduler retries it

    async def dm_blocked(self, uid: int) -> bool:
        # A failure noted by another process after this read is met again here by a DM
        # that fails, which notes it anew: so "open" may be remembered without a read per move.
        if uid in self._dm_open:
            return False
        failed = await self.store.get_kv(DMFAIL, str(uid))
        since = datetime.fromisoformat(failed["at"]) if failed else None
        if since is None or datetime.now(UTC) - since >= timedelta(hours=self.config.dm_retry_hours):
            self._dm_open.add(uid)
            return False
        return True

    async def dm_channel(self, uid: int) -> Result:
        """The user's DM channel: asked of Discord once, then remembered (it never changes)."""
        known = self._dm_channels.get(uid) or await self.store.get_kv(DMCHAN, str(uid))
        if known:
            self._dm_channels[uid] = int(known)
            return Result(Outcome.DELIVERED, id=int(known))
        opened = await self.ops.open_dm(uid)
        if opened.ok:
            await self.store.set_kv(DMCHAN, str(uid), str(opened.id))
            self._dm_channels[uid] = int(opened.id or 0)
        return opened

    async def _dm_seat(self, ms: MatchState, rec: dict[str, Any], seat: int, player: Player, uid: int,
                       waiting: bool, clicked: Click | None) -> Result:
        """Show the seat's private view in its DM: edited in place, or sent anew when a
        decision arrives (a new message notifies). `clicked`: the player's click on
        their DM menu, whose answer can edit that very message without a call of its own."""
        locale = player.locale
        key = f"{ms.match_id}:{seat}"
        last = dict(await self.store.get_kv(DMS, key) or {})
        text = self.private_text(ms, seat, locale)
        # The seq everyone can see: another seat's standing orders must not make a DM new.
        # It also fixes the catch-up (public lines up to it), so that needs no digest of its own.
        digest = _digest(player.id, text, ms.public_seq if waiting else None)
        if last.get("hash") == digest:
            return Result(Outcome.DELIVERED)
        since, found = await self._since(ms, seat, player, last) if waiting else (None, [])
        if await self.dm_blocked(uid):
            # Not retried yet, but each match's thread still says once where the hand is.
            await self._tell_dm_closed(ms, rec, player, uid)
            return Result(Outcome.DELIVERED)
        where = f"<#{rec['thread']}>"
        header = M.dm_header.format(game=ms.game.title, match=ms.match_id, where=where)(locale)
        prompt = ""
        view = None
        if waiting:
            choices = self.service.choices_of(ms, seat)
            view = choice_view(ms.match_id, ms.public_seq, seat, choices, locale, seat_names(ms, "plain", locale))
            pend = next(p for p in ms.game.pending(ms.state) if p.seat == seat)
            prompt = "\n**" + named(pend.prompt(locale), ms, locale, "inside-bold") + "**"
            if choices and view is None:
                prompt += "\n" + M.too_many(locale)
        news = catchup.fitted(found, locale, header, f"{text}{prompt}", MESSAGE_LIMIT)
        parts = split_message("\n".join(x for x in (header, news, f"{text}{prompt}") if x), MESSAGE_LIMIT)
        # What each message shows: its text, and the menu (of this decision) under the last.
        keys = [_digest(part, ms.public_seq if waiting and i == len(parts) - 1 else None)
                for i, part in enumerate(parts)]
        opened = await self.dm_channel(uid)
        if not opened.ok:
            return await self._dm_refused(ms, rec, player, uid, key, last, opened)
        channel = int(opened.id or 0)
        if last.get("sending"):
            # A crash came between sending and noting the ids: adopt what was sent.
            ids = [str(m) for m in last.get("sent", [])]
            adopted = (await self.ops.recent(channel, 5)).data
            if adopted and str(adopted[0]["id"]) not in ids and (not ids or int(adopted[0]["id"]) > int(ids[-1])):
                ids.append(str(adopted[0]["id"]))
            if ids:
                last.update(msg=ids[0], more=ids[1:], player=player.id, waiting=waiting, keys=[])
        ids = [str(last["msg"]), *last.get("more", [])] if last.get("msg") else []
        # A new message when a decision arrives (it notifies); otherwise the last one is edited.
        fresh = not ids or last.get("player") != player.id or (waiting and not last.get("waiting"))
        # Kept in place: the messages it already has, when as many or more (the extra ones
        # go), or fewer but the last of the channel (more appended stay together).
        grows_below = bool(ids) and self._dm_last.get(channel) == int(ids[-1])
        kept: list[str] = []
        if not fresh and (len(parts) <= len(ids) or grows_below):
            kept = ids[:len(parts)]
            edited = await self._edit_dm(channel, kept, parts[:len(kept)], view if len(kept) == len(parts) else None,
                                         clicked, last.get("keys") or [], keys)
            if not edited.ok and edited.outcome is not Outcome.GONE:
                return await self._dm_refused(ms, rec, player, uid, key, last, edited)
            if edited.ok:
                for extra in ids[len(parts):]:
                    await self.ops.delete(channel, extra, kind=discord.ChannelType.private)
            else:
                kept = []  # the player deleted one: posted afresh below
        sent = list(kept)
        if len(sent) < len(parts):
            await self.store.set_kv(DMS, key, {**last, "sending": True, "sent": sent})
            for i in range(len(sent), len(parts)):
                posted = await self.ops.dm(channel, parts[i], view=view if i == len(parts) - 1 else None)
                if not posted.ok:
                    return await self._dm_refused(ms, rec, player, uid, key, last, posted)
                sent.append(str(posted.id))
                self._dm_last[channel] = int(posted.id or 0)
                if i < len(parts) - 1:
                    await self.store.set_kv(DMS, key, {**last, "sending": True, "sent": sent})
            if not fresh and not kept:  # the same view posted anew in more messages: the old ones go
                for old in ids:
                    await self.ops.delete(channel, old, kind=discord.ChannelType.private)
        await self.store.set_kv(DMS, key, {"hash": digest, "msg": sent[0], "more": sent[1:], "player": player.id,
                                          "waiting": waiting, "keys": keys, "since": since or last.get("since")})
        return Result(Outcome.DELIVERED)

    async def _since(self, ms: MatchState, seat: int, player: Player,
                     last: dict[str, Any]) -> tuple[list[int], list[tuple[str | None, list[str]]]]:
        """What the seat's catch-up covers, (after, upto), and its lines grouped by player.
        Fixed when the decision arrives, so a DM edited while it waits does not grow
        (nor cost an edit of its own); it starts afresh once the player moves again."""
        before = last.get("since") if last.get("player") == player.id else None
        events = await self.store.events(ms.match_id, after=int(before[0]) if before else 0)
        if before and last.get("waiting") and not catchup.made_by(events, seat, player):
            span = [int(before[0]), int(before[1])]
        else:
            start = max(catchup.last_move(events, seat, player), int(before[0]) if before else 0)
            # Up to what every seat can see: standing orders after it are one seat's secret.
            span = [start, ms.public_seq]
        shown = [e for e in events if span[0] < e.seq <= span[1]]
        return span, catchup.groups(ms, shown, player.locale, lambda e: self._line(ms, e, player.locale))

    async def _dm_refused(self, ms: MatchState, rec: dict[str, Any], player: Player, uid: int, key: str,
                          last: dict[str, Any], result: Result) -> Result:
        """A DM that did not go: a user who cannot be sent one is remembered and told
        once in the thread; anything else is left for the next sync."""
        if result.cannot_dm:
            await self.store.set_kv(DMS, key, {k: v for k, v in last.items() if k not in ("sending", "sent")})
            await self._dm_failed(ms, rec, player, uid)
            return Result(Outcome.DELIVERED)
        return result

    async def _edit_dm(self, channel: int, ids: list[str], parts: list[str], view: discord.ui.View | None,
                       clicked: Click | None, before: list[str], keys: list[str]) -> Result:
        """Edit the DM's messages whose `keys` changed since last shown (GONE when the player
        deleted one). The message the player clicked is edited through the click's own answer."""
        for i, part in enumerate(parts):
            if i < len(before) and before[i] == keys[i]:
                continue
            menu = view if i == len(parts) - 1 else None
            message = clicked.interaction.message if clicked is not None else None
            if clicked is not None and message is not None and message.id == int(ids[i]):
                noted = f"{clicked.note}\n{part}" if clicked.note else part
                edited = await self.ops.edit_response(clicked.interaction, view=menu,
                                                      content=noted if len(noted) <= MESSAGE_LIMIT else part)
                if edited.ok:
                    clicked.used = True
                    continue
            edited = await self.ops.edit_dm(channel, ids[i], content=part, view=menu)
            if not edited.ok:
                return edited
        return Result(Outcome.DELIVERED)

    async def _dm_failed(self, ms: MatchState, rec: dict[str, Any], player: Player, uid: int) -> None:
        self._dm_open.discard(uid)
        await self.store.set_kv(DMFAIL, str(uid), {"at": datetime.now(UTC).isoformat()})
        await self._tell_dm_closed(ms, rec, player, uid)

    async def _tell_dm_closed(self, ms: MatchState, rec: dict[str, Any], player: Player, uid: int) -> None:
        told = set(rec.get("dm_told", []))
        if player.id in told:
            return
        locale = str(ms.place.get("locale", "en"))
        (await self.ops.post(rec["thread"], M.dm_closed.format(who=who(player))(locale),
                             view=hand_view(ms.match_id, locale), pings=[uid])).expect()
        rec["dm_told"] = sorted(told | {player.id})
        await self.save_record(ms.match_id, rec)

    async def _finish(self, ms: MatchState, rec: dict[str, Any], locale: str) -> None:
        """The end of a match: the result, DM menus taken off, the thread archived.
        Each part is noted as done, so a retry after a failure repeats none."""
        if ms.status not in ("finished", "aborted") or rec.get("ended"):
            return
        if ms.status == "finished" and ms.outcome is not None and not rec.get("announced"):
            winners = ", ".join(who(ms.seats[s]) for s in ms.outcome.winners) or M.none(locale)
            reason = named(ms.outcome.reason(locale), ms, locale)
            (await self.ops.post(rec["thread"], M.finished.format(who=winners, reason=reason)(locale))).expect()
            rec["announced"] = True
            await self.save_record(ms.match_id, rec)
        await post_summary(self, ms, rec, locale)  # records: winners, length, replay; posted once
        # Decision menus left in DMs would only answer "no longer current": take them off.
        for seat in range(len(ms.seats)):
            await self._clear_dm_menu(ms, seat)
        if not await self._page(ms, rec, locale):
            return  # the page follows when drawn; the thread is archived after it
        # A finished match's thread is archived (still readable, out of the active list);
        # not locked, so a moderator can still reopen it by posting.
        (await self.ops.set_archived(rec["thread"], True)).expect()
        rec["ended"] = True
        await self.save_record(ms.match_id, rec)

    async def _page(self, ms: MatchState, rec: dict[str, Any], locale: str) -> bool:
        """The replay page below the summary: True once posted (or when there is none to post).
        Drawn by a background task, which syncs the match again when the page is ready; until
        then the match stays in the outbox, so a restart draws it again."""
        if ms.status != "finished" or rec.get("page") is True:
            return True
        if ms.match_id not in self._pages:
            if ms.match_id not in self._drawing:
                self._drawing[ms.match_id] = asyncio.create_task(self._draw_page(ms.match_id, locale),
                                                                 name=f"parley-page-{ms.match_id}")
            return False
        await post_page(self, ms, rec, locale, self._pages[ms.match_id])
        del self._pages[ms.match_id]
        return True

    async def _draw_page(self, match_id: str, locale: str) -> None:
        try:
            self._pages[match_id] = await draw_page(self, match_id, locale)
        finally:
            del self._drawing[match_id]
        await self._sync_later(match_id, "posting the replay page")

    def _follow(self, match_id: str) -> None:
        if match_id not in self._ending:
            self._ending[match_id] = asyncio.create_task(self._show_end(match_id), name=f"parley-end-{match_id}")

    async def _show_end(self, match_id: str) -> None:
        try:
            await self._sync_later(match_id, "showing its end")
        finally:
            del self._ending[match_id]

    async def _sync_later(self, match_id: str, what: str) -> None:
        try:
            await self.sync(match_id)
        except Exception:  # the outbox still holds the match: the scheduler tries again
            log.warning("match %s: %s failed; retried from the outbox", match_id, what, exc_info=True)

    async def _clear_dm_menu(self, ms: MatchState, seat: int) -> None:
        key = f"{ms.match_id}:{seat}"
        last = await self.store.get_kv(DMS, key)
        uid = user_id(ms.seats[seat])
        if not last or not last.get("waiting") or uid is None or await self.dm_blocked(uid):
            return
        opened = await self.dm_channel(uid)
        menu = (last.get("more") or [last["msg"]])[-1]  # the menu is under the last message
        cleared = await self.ops.edit_dm(opened.id or 0, menu, view=None) if opened.ok else opened
        if not cleared.ok:
            log.warning("match %s: clearing the DM menu of seat %d failed: %s", ms.match_id, seat, cleared.outcome)
        await self.store.set_kv(DMS, key, {**last, "waiting": False})

    async def remind(self, ms: MatchState, seats: list[int]) -> None:
        rec = await self.record(ms.match_id)
        if not rec.get("thread"):
            return
        locale = str(ms.place.get("locale", "en"))
        pend = {p.seat: p for p in ms.game.pending(ms.state)}
        lines, users = [], []
        for s in seats:
            player = ms.seats[s]
            lines.append(M.reminder.format(who=who(player), prompt=named(pend[s].prompt(locale), ms, locale))(locale))
            uid = user_id(player)
            if uid:
                users.append(uid)
        if lines:
            (await self.ops.post(rec["thread"], clip("\n".join(lines)), view=hand_view(ms.match_id, locale),
                                 pings=users)).expect()
