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

Private views go by DM as layout messages (bot/discord/handlayout.py; scope
`discord:dm` remembers the last one per seat, in as many messages as it takes,
the decision's cards and menu under the last);
a user who cannot be sent a DM (Discord error 50007, DMs closed, or 50278,
no longer in a server with the bot) is remembered in `discord:dmfail` and
told once per match, in the thread and without any private content, to use
`/parley hand`.

What each place should show (the lobby message and the thread to open, the
board, the log lines, the ping, each seat's DM, a reminder, the server's
looking-for-players post, the end of a match and its replay page, a hall
post's status tag) is computed by the pure projection (projection.py), and
what must be done for Discord to show it by the pure reconciler
(reconciler.py), which compares it with the record; this module gathers the
projection's inputs (views, clocks, the board picture, events not yet shown,
the catch-up, the summary, the drawn page, the open lobbies, the thread's last
messages after a start), applies the reconciler's operations through `ops`,
notes each in the record as it lands and reconciles again until nothing is
left. Each step of a sync asks `reconciler.reconcile` for the places it
gathered; the board, log, ping and DM steps still ask the reconciler's
functions for their place directly.

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
import io
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord

from bot.clocktext import clock_lines, discord_time, window_lines
from engine.core import SPECTATOR, Text, Viewer
from events.clockfeed import ClockFeed
from events.model import Player
from events.replay import MatchState

from . import catchup, drawing, hall, layout, projection, reconciler
from .emoji import AppEmoji
from .ops import Ops, Outcome, Result, Undelivered
from .projection import Surfaces, name, user_id
from .summary import draw_page, post_page, post_summary, summary_text
from .views import hand_view

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


@dataclass
class Click:
    """A click on a DM's own menu that made a move. Its answer refreshes that DM, with
    `note` (what the move did) on top, instead of a REST edit and a reply of their
    own; `used` once it has (else the caller answers as usual)."""

    interaction: discord.Interaction
    note: str = ""
    used: bool = False


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
        self._start = datetime.now(UTC).isoformat()  # a repair reads each thread back once per start

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
        # The match's record and its seats' DM records in one read: nothing before the DMs' step writes those.
        dm_keys = [(DMS, f"{match_id}:{seat}") for seat in range(len(ms.seats))]
        found = await self.store.get_kvs([(BOARD, match_id), *dm_keys])
        rec = dict(found.get((BOARD, match_id)) or {})
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
            await step("dms", lambda: self._dms(ms, rec, clicked, {key: found.get((DMS, key)) for _, key in dm_keys}))
        await step("tags", lambda: self._retag(ms, rec))  # before the finish archives the post
        if not failed and answering and ms.status in ("finished", "aborted") and not rec.get("ended"):
            self._follow(match_id)
        elif not failed:
            # Last, and only when all else is shown: archiving comes after the final posts.
            await step("finish", lambda: self._finish(ms, rec, locale))
        return failed

    async def _open(self, ms: MatchState, rec: dict[str, Any], locale: str, repair: bool = False) -> None:
        """The lobby message in the channel and the match's thread hanging from it (or its match-hall post)."""
        await self._reconcile(ms, rec, Surfaces(opening=projection.opening(ms, locale)), repair)

    async def _recover(self, ms: MatchState, rec: dict[str, Any]) -> None:
        """After a start: read back the thread's last bot messages, because a post may
        have landed just before a crash lost the note that it had."""
        await self._reconcile(ms, rec, Surfaces(recovery=projection.recovery(ms, self._start)), repair=True)

    async def _lobby(self, ms: MatchState, rec: dict[str, Any], locale: str) -> None:
        await self._reconcile(ms, rec, Surfaces(lobby=projection.lobby(ms, locale)))

    async def _hall(self, ms: MatchState, rec: dict[str, Any]) -> None:
        """The server's looking-for-players post, while this match is a lobby and once as it leaves it."""
        if ms.status != "lobby" and not rec.get("listed"):
            return
        guild = ms.place.get("guild")
        posted = dict(await self.store.get_kv(hall.HALL, str(guild)) or {}) if guild is not None else {}
        listing = None
        if guild is not None and (posted or rec.get("forum")):  # else a server without a match hall
            locale = str(posted.get("locale") or ms.place.get("locale", "en"))
            text = await hall.listing_text(self.store, self.record, str(guild), locale)
            listing = projection.Listing(str(guild), text, locale, int(posted.get("forum") or rec["forum"]))
        await self._reconcile(ms, rec, Surfaces(listing=listing, listed=ms.status == "lobby"), server=posted)

    async def _retag(self, ms: MatchState, rec: dict[str, Any]) -> None:
        await self._reconcile(ms, rec, Surfaces(status=projection.status_of(ms)))

    # -- public log lines ---------------------------------------------------------------

    async def _log(self, ms: MatchState, rec: dict[str, Any], locale: str) -> None:
        rec.setdefault("guild", ms.place.get("guild"))
        events = await self.store.events(ms.match_id, after=int(rec.get("shown", 0)))
        if not events:
            return
        state = await self.service.get(ms.match_id)
        if "sealed" not in rec:
            # Only a sealed chain's head may be posted while a match runs: an older
            # chain's hashes cover hidden actions whole and can be tested against guesses.
            created = await self.store.events(ms.match_id, upto=1)
            rec["sealed"] = bool(created and created[0].payload.get("seals"))
        chunks = projection.log_chunks(state, events, locale)
        ping = projection.ping(state, locale) if state.state is not None else None
        await self._converge(state, rec, lambda: reconciler.log_ops(chunks, ping, rec, locale))
        await self._converge(state, rec, lambda: reconciler.takeback_ops(projection.takeback(state, locale), rec))

    # -- applying what the reconciler says --------------------------------------------------

    async def _reconcile(self, ms: MatchState, rec: dict[str, Any], surfaces: Surfaces, repair: bool = False,
                         dms: dict[int, dict[str, Any]] | None = None, server: dict[str, Any] | None = None) -> None:
        """Make the places `surfaces` holds show it (`dms`: the DM records of the seats whose menus
        the end of the match may take off; `server`: the server's looking-for-players record)."""
        await self._converge(ms, rec, lambda: reconciler.reconcile(surfaces, rec, repair, dms, server), dms=dms,
                             server=server)

    async def _converge(self, ms: MatchState, rec: dict[str, Any], wanted: Callable[[], list[reconciler.Op]],
                        board: projection.BoardSurface | None = None, *,
                        dms: dict[int, dict[str, Any]] | None = None, server: dict[str, Any] | None = None) -> None:
        """Apply the operations `wanted` answers for the record, noting each as it lands, and ask
        again until nothing is left: some come only once others are noted (old board messages
        link to the new board once it is posted). An operation done in this call is not repeated
        (a pin the bot may not make); one that fails raises, and the next sync tries it again."""
        done: set[reconciler.Op] = set()
        for _ in range(reconciler.ROUNDS):
            ops = [op for op in wanted() if op not in done]
            if not ops:
                return
            for op in ops:
                done.add(op)
                if not await self._apply(ms, rec, op, board, dms, server):
                    break  # the record changed under the rest (a board message gone): asked again

    async def _apply(self, ms: MatchState, rec: dict[str, Any], op: reconciler.Op,
                     board: projection.BoardSurface | None, dms: dict[int, dict[str, Any]] | None = None,
                     server: dict[str, Any] | None = None) -> bool:
        """Do one operation through `ops` and note it in the record; False when the message it
        edited is gone, which makes the rest of its round moot (the board is posted afresh), or
        when a lobby message is found that the round would have posted."""
        result = await self._call(ms, rec, op, board)
        if isinstance(op, reconciler.EndDm) and dms is not None:  # a DM's own record
            reconciler.note_dm(dms[op.seat], op)
            await self.store.set_kv(DMS, f"{ms.match_id}:{op.seat}", dms[op.seat])
            return True
        if isinstance(op, reconciler.EditListing | reconciler.PostListing) and server is not None:  # its own record
            gone = result.outcome is Outcome.GONE
            reconciler.note_listing(server, op, str(result.id) if result.id else None, gone=gone)
            if result.ok:
                await self.store.set_kv(hall.HALL, op.listing.guild, server)
            return not gone
        gone = result.outcome is Outcome.GONE
        if gone and isinstance(op, reconciler.EditLobby):
            log.info("match %s: the lobby message is gone", ms.match_id)
        if isinstance(op, reconciler.Pin) and not result.ok:
            log.info("match %s: cannot pin the board (%s); it stays linked from the log", ms.match_id, result.text)
        read = result.data if isinstance(op, reconciler.FindLobby | reconciler.Recover) else ()
        reconciler.note(rec, op, str(result.id) if result.id else None, gone=gone, ok=result.ok, read=read or ())
        if isinstance(op, reconciler.PostPing):
            rec["pinged_at"] = datetime.now(UTC).isoformat()
        if isinstance(op, reconciler.EditBoard):
            # An edit made twice does no harm: noted with the board's digest that follows,
            # in one write, as it always was.
            return not gone
        await self.save_record(ms.match_id, rec)
        if isinstance(op, reconciler.OpenThread | reconciler.OpenPost):
            await self.store.set_kv(THREADS, rec["thread"], ms.match_id)
        return not (isinstance(op, reconciler.FindLobby) and rec.get("lobby_msg"))

    async def _call(self, ms: MatchState, rec: dict[str, Any], op: reconciler.Op,
                    board: projection.BoardSurface | None) -> Result:
        """The call to Discord an operation makes; what it may answer besides delivered
        (a message deleted by someone, a pin not allowed) is noted, anything else raises."""
        thread = str(rec.get("thread") or "")  # none yet for the lobby of a match that never started
        locale = projection.thread_locale(ms)
        match op:
            case reconciler.FindLobby(channel):  # what the reads find is noted by the reconciler
                return await self.ops.recent(channel, 50)
            case reconciler.Recover():
                return await self.ops.recent(thread, 25)
            case reconciler.PostLobby(lobby, channel):
                return (await self.ops.post(channel, lobby.content, view=lobby.view)).expect()
            case reconciler.OpenThread(name):
                return (await self.ops.open_thread(rec["channel"], rec["lobby_msg"], name)).expect()
            case reconciler.OpenPost(lobby, repair):
                await hall.open_post(self.ops, ms, rec, locale, lobby.content, lobby.view, repair)
                return Result(Outcome.DELIVERED, id=int(rec["thread"]))
            case reconciler.EditListing() | reconciler.PostListing():
                return await self._listing(ms, op)
            case reconciler.EditLobby(lobby):
                return (await self.ops.edit(rec["channel"], rec["lobby_msg"], content=lobby.content,
                                            view=lobby.view)).expect(Outcome.GONE)
            case reconciler.EditBoard(index, msg) if board is not None:
                files: dict[str, Any] = {"attachments": self._board_files(board)} if index == 0 else {}
                return (await self.ops.edit(thread, msg, view=board.views()[index], **files)).expect(Outcome.GONE)
            case reconciler.PostBoard(index) if board is not None:
                return (await self.ops.post_layout(thread, board.views()[index],
                                                   files=self._board_files(board) if index == 0 else [])).expect()
            case reconciler.DeleteBoard(msg) | reconciler.RetireBoard(msg, None):
                return (await self.ops.delete(thread, msg)).expect()
            case reconciler.RetireBoard(msg, str(text), moved):
                # A layout message stays one (its flag cannot come off): the link goes in a text display.
                fields: dict[str, Any] = {"view": layout.moved(text)} if moved else {"content": text, "view": None}
                return (await self.ops.edit(thread, msg, attachments=[], **fields)).expect(Outcome.GONE)
            case reconciler.Pin(msg, unpin):
                # Pinning needs the Pin Messages permission; without it the board stays unpinned
                # (log lines still link to it), and the pin is tried again when the bot restarts.
                pinned = (await self.ops.pin(thread, msg)).expect(Outcome.FORBIDDEN, Outcome.REFUSED)
                if pinned.ok and unpin is not None:
                    await self.ops.unpin(thread, unpin)  # failing means already gone with its message
                return pinned
            case reconciler.PostLog(content, _, ping, users) if ping is not None:
                return (await self.ops.post(thread, content, view=hand_view(ms.match_id, locale),
                                            pings=list(users))).expect()
            case reconciler.PostLog(content) if content:
                # Too long for one message with the mention (or none awaited): the `ping` step
                # then mentions whoever is awaited in a message of its own.
                return (await self.ops.post(thread, content)).expect()
            case reconciler.PostTakeback(takeback):
                return (await self.ops.post(thread, takeback.text, view=takeback.view)).expect()
            case reconciler.SettleTakeback(msg):  # already deleted is as good as settled
                return (await self.ops.edit(thread, msg, view=None)).expect(Outcome.GONE)
            case reconciler.PostPing(ping) if ping.text:
                return (await self.ops.post(thread, ping.text, view=hand_view(ms.match_id, locale),
                                            pings=list(ping.users))).expect()
            case reconciler.Announce(text):
                return (await self.ops.post(thread, text)).expect()
            case reconciler.PostSummary(text, look):
                return await post_summary(self, ms.match_id, rec, text, look)
            case reconciler.Archive():
                return (await self.ops.set_archived(thread, True)).expect()
            case reconciler.TellDmClosed(_, text, user):
                return (await self.ops.post(thread, text, view=hand_view(ms.match_id, locale), pings=[user])).expect()
            case reconciler.PostReminder(reminder):
                return (await self.ops.post(thread, reminder.text, view=hand_view(ms.match_id, locale),
                                            pings=list(reminder.users))).expect()
            case reconciler.PostPage(page, look):
                return await post_page(self, ms, rec, locale, page.html, look)
            case reconciler.EndDm(msg, text, seat):
                return await self._end_dm(ms, seat, msg, text)
            case reconciler.Retag(status):
                return await hall.retag(self.ops, ms, rec, status)
        return Result(Outcome.DELIVERED)  # only noted: nothing to show (a log range without lines)

    async def _listing(self, ms: MatchState, op: reconciler.EditListing | reconciler.PostListing) -> Result:
        """The server's looking-for-players post edited or made. Not this match's to fix when the
        forum's permissions forbid it: the post waits for the next change (Discord trouble raises)."""
        try:
            if isinstance(op, reconciler.EditListing):
                return (await self.ops.edit(op.thread, op.thread, content=op.listing.text)).expect(Outcome.GONE)
            return await hall.post_listing(self.ops, op.listing)
        except Undelivered as exc:
            if exc.result.outcome not in (Outcome.FORBIDDEN, Outcome.REFUSED):
                raise
            log.warning("match %s: the looking-for-players post could not be updated: %s", ms.match_id, exc)
            return exc.result

    @staticmethod
    def _board_files(board: projection.BoardSurface) -> list[discord.File]:
        """The picture, a fresh File per call (a File is read once)."""
        if not board.image:
            return []
        return [discord.File(io.BytesIO(board.image), filename=layout.IMAGE, description=layout.alt(board.board))]

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
        """The public board's parts, as the thread's layout message shows them (dice faces and
        pieces as the application's emoji, where it has them)."""
        return projection.board(ms, self.service.view_of(ms, SPECTATOR), locale, clock, self.emoji.marks)

    async def _board(self, ms: MatchState, rec: dict[str, Any], locale: str, repair: bool = False) -> None:
        """The board as layout messages (bot/discord/layout.py): edited in place while
        it keeps its number of messages, else posted afresh below the log."""
        board = self.board_of(ms, locale, await self.clock_lines(ms))
        # In the drawing process (tens of ms that would hold the bot's interpreter), cached by the view's digest.
        image = await drawing.board_image(ms.game_id, self.service.view_of(ms, SPECTATOR), [p.name for p in ms.seats],
                                          locale)
        shown = projection.BoardSurface(board, image)
        guild = ms.place.get("guild")
        await self._converge(ms, rec, lambda: reconciler.board_ops(shown, rec, guild, repair), shown)

    async def _ping(self, ms: MatchState, rec: dict[str, Any], locale: str) -> None:
        await self._converge(ms, rec, lambda: reconciler.ping_ops(projection.ping(ms, locale), rec))

    def private_text(self, ms: MatchState, seat: int, locale: str) -> str:
        view = self.service.view_of(ms, Viewer.of(seat))  # the service's copy: computed once per seq
        return projection.private_text(ms, view, seat, locale, self.emoji.marks)

    async def _dms(self, ms: MatchState, rec: dict[str, Any], clicked: Click | None = None,
                   known: dict[str, Any] | None = None) -> None:
        """`known`: the seats' DM records as read with the match's record (by key), else each is read here."""
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
            key = f"{ms.match_id}:{seat}"
            last = known[key] if known is not None and key in known else await self.store.get_kv(DMS, key)
            result = await self._dm_seat(ms, rec, seat, player, uid, pending.get(seat) is not None,
                                         clicked if clicked is not None and clicked.interaction.user.id == uid else None,
                                         dict(last or {}))
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
                       waiting: bool, clicked: Click | None, last: dict[str, Any]) -> Result:
        """Show the seat's private view in its DM: edited in place, or sent anew when a
        decision arrives (a new message notifies). `clicked`: the player's click on
        their DM menu, whose answer can edit that very message without a call of its own.
        `last`: the seat's DM record as stored."""
        locale = player.locale
        key = f"{ms.match_id}:{seat}"
        shown = projection.dm(ms, seat, self.private_text(ms, seat, locale), waiting)
        if last.get("hash") == shown.digest:
            return Result(Outcome.DELIVERED)
        since, found = await self._since(ms, seat, player, last) if waiting else (None, [])
        if await self.dm_blocked(uid):
            # Not retried yet, but each match's thread still says once where the hand is.
            await self._tell_dm_closed(ms, rec, player, uid)
            return Result(Outcome.DELIVERED)
        choices = self.service.choices_of(ms, seat) if waiting else []
        message = projection.dm_message(ms, shown, rec["thread"], found, choices)
        opened = await self.dm_channel(uid)
        if not opened.ok:
            return await self._dm_refused(ms, rec, player, uid, key, last, opened)
        channel = int(opened.id or 0)
        if last.get("sending"):
            # A crash came between sending and noting the ids: adopt what was sent.
            ids = [str(m) for m in last.pop("sent", [])]
            last.pop("sending")
            adopted = (await self.ops.recent(channel, 5)).data
            if adopted and str(adopted[0]["id"]) not in ids and (not ids or int(adopted[0]["id"]) > int(ids[-1])):
                ids.append(str(adopted[0]["id"]))
            if ids:
                last.update(msg=ids[0], more=ids[1:], player=player.id, waiting=waiting, keys=[], v2=True)
        shown_ids = [str(last["msg"]), *last.get("more", [])] if last.get("msg") else []
        # Kept in place when fewer: the last messages of the channel, so more appended stay together.
        grows_below = bool(shown_ids) and self._dm_last.get(channel) == int(shown_ids[-1])
        span = (int(since[0]), int(since[1])) if since else None
        for _ in range(reconciler.ROUNDS):
            ops = reconciler.dm_ops(shown, message, last, grows_below, span)
            if not ops:
                break
            for op in ops:
                result = await self._dm_call(channel, message, op, last, key, clicked)
                gone = result.outcome is Outcome.GONE and isinstance(op, reconciler.EditDm)
                if not result.ok and not gone:
                    return await self._dm_refused(ms, rec, player, uid, key, last, result)
                reconciler.note_dm(last, op, str(result.id) if result.id else None, gone=gone)
                if gone:
                    break  # the player deleted one: the view is sent anew
        await self.store.set_kv(DMS, key, last)
        return Result(Outcome.DELIVERED)

    async def _dm_call(self, channel: int, message: projection.DmMessage, op: reconciler.DmOp,
                       last: dict[str, Any], key: str, clicked: Click | None) -> Result:
        """The call to Discord a DM operation makes: layout messages, sent as such and edited
        with their view alone (they have no content). The message the player clicked is edited
        through the click's own answer, what the move did on top; an old message that will not
        go is left (it is not the view)."""
        match op:
            case reconciler.EditDm(index, msg, _, menu):
                clicked_on = clicked.interaction.message if clicked is not None else None
                if clicked is not None and clicked_on is not None and clicked_on.id == int(msg):
                    edited = await self.ops.edit_response(clicked.interaction,
                                                          view=message.view(index, menu, clicked.note))
                    if edited.ok:
                        clicked.used = True
                        return edited
                return await self.ops.edit_dm(channel, msg, view=message.view(index, menu))
            case reconciler.SendDm(index, menu):
                await self.store.set_kv(DMS, key, reconciler.sending(last, op))
                posted = await self.ops.post_layout(channel, message.view(index, menu))
                if posted.ok:
                    self._dm_last[channel] = int(posted.id or 0)
                return posted
            case reconciler.DeleteDm(msg):
                await self.ops.delete(channel, msg, kind=discord.ChannelType.private)
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
        return span, catchup.groups(ms, shown, player.locale, lambda e: projection.line(ms, e, player.locale))

    async def _dm_refused(self, ms: MatchState, rec: dict[str, Any], player: Player, uid: int, key: str,
                          last: dict[str, Any], result: Result) -> Result:
        """A DM that did not go: a user who cannot be sent one is remembered and told
        once in the thread; anything else is left for the next sync."""
        if result.cannot_dm:
            await self.store.set_kv(DMS, key, {k: v for k, v in last.items() if k not in ("sending", "sent")})
            await self._dm_failed(ms, rec, player, uid)
            return Result(Outcome.DELIVERED)
        return result

    async def _dm_failed(self, ms: MatchState, rec: dict[str, Any], player: Player, uid: int) -> None:
        self._dm_open.discard(uid)
        await self.store.set_kv(DMFAIL, str(uid), {"at": datetime.now(UTC).isoformat()})
        await self._tell_dm_closed(ms, rec, player, uid)

    async def _tell_dm_closed(self, ms: MatchState, rec: dict[str, Any], player: Player, uid: int) -> None:
        await self._reconcile(ms, rec, Surfaces(dm_closed=(projection.dm_closed(ms, player, uid),)))

    async def _finish(self, ms: MatchState, rec: dict[str, Any], locale: str) -> None:
        """The end of a match (projection.End): the result and the summary, DM menus taken off,
        the replay page, the thread archived. Each part is noted as done, so a retry after a
        failure repeats none."""
        if ms.status not in ("finished", "aborted") or rec.get("ended"):
            return
        summary = summary_text(ms, await self.store.events(ms.match_id), locale) if ms.status == "finished" else None
        end = projection.end(ms, locale, summary)
        page = projection.Page(self._pages[ms.match_id]) if ms.match_id in self._pages else None
        await self._reconcile(ms, rec, Surfaces(end=end, page=page), dms=await self._waiting_dms(ms))
        if rec.get("page") is True:
            self._pages.pop(ms.match_id, None)
        elif end is not None and end.page and page is None and ms.match_id not in self._drawing:
            # Drawn by a background task, which syncs the match again when the page is ready; until
            # then the match stays in the outbox, so a restart draws it again.
            self._drawing[ms.match_id] = asyncio.create_task(self._draw_page(ms.match_id, locale),
                                                             name=f"parley-page-{ms.match_id}")

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

    async def _waiting_dms(self, ms: MatchState) -> dict[int, dict[str, Any]]:
        """The DM records, by seat, of the DMs still waiting on a decision that the bot may edit."""
        waiting = {}
        for seat in range(len(ms.seats)):
            last = dict(await self.store.get_kv(DMS, f"{ms.match_id}:{seat}") or {})
            uid = user_id(ms.seats[seat])
            if reconciler.ended_dm_ops(last) and uid is not None and not await self.dm_blocked(uid):
                waiting[seat] = last
        return waiting

    async def _end_dm(self, ms: MatchState, seat: int, msg: str, text: str) -> Result:
        """A DM's menu taken off (reconciler.EndDm); not retried: a menu left there answers "no longer current"."""
        opened = await self.dm_channel(user_id(ms.seats[seat]) or 0)
        ended = projection.ended_dm(seat, text)
        cleared = await self.ops.edit_dm(opened.id or 0, msg, view=ended) if opened.ok else opened
        if not cleared.ok:
            log.warning("match %s: clearing the DM menu of seat %d failed: %s", ms.match_id, seat, cleared.outcome)
        return Result(Outcome.DELIVERED)

    async def remind(self, ms: MatchState, seats: list[int], key: str) -> None:
        """The scheduler's reminder to `seats` (`key`: that finding, posted once) in the match's thread.
        Raises when it could not be posted: the reminder stays due, and the scheduler's next pass sends it."""
        async with self._locks.hold(ms.match_id):
            rec = await self.record(ms.match_id)
            if not rec.get("thread"):
                return
            shown = projection.reminder(ms, seats, projection.thread_locale(ms), key)
            await self._reconcile(ms, rec, Surfaces(reminder=shown))
