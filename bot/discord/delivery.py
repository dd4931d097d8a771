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

Each place a sync shows (the thread read back, the lobby message, the
looking-for-players post, the board, the log lines, the ping, each seat's DM,
the post's tag, the end) is isolated: one failing (a thread post refused,
Discord down) does not stop the others, and the match is noted in the outbox
(`discord:outbox`) so the scheduler retries it on its next pass, even once the
match is over. A match that ended has its thread archived, last of all.

The seats' DMs are their own module's (dms.py, `SeatDms`): a sync's pass gathers
each seat's DM there and hands it the DM operations the reconciler answers. The end
of a match (its result, summary, replay page and archive) is ending.py's (`Ending`),
which a sync calls once all else is shown.

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
left. `reconciler.reconcile` is the one entry point and `_converge` the one
apply loop: a match opened, everything a sync shows for a move (one pass: its
places gathered once, then reconciled round after round), a reminder, and the
end of a match are each a pass of theirs; no other code changes Discord.

Every call to Discord goes through `ops` (which says whom each message may
ping: a player's name or a moderator's reason that reads "@everyone" never
notifies anyone). A step that must be retried raises `ops.Undelivered`.

Calls per move: a move edits the board (only when the public view changed),
posts one log line carrying the ping of whoever is awaited, and sends or edits
the DMs whose content changed (dms.py says how they save calls of their own).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import AsyncIterator, Awaitable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.clocktext import clock_lines, discord_time, window_lines
from engine.core import SPECTATOR, Text
from events.clockfeed import ClockFeed
from events.model import Event
from events.replay import MatchState, awaiting

from . import drawing, hall, layout, projection, reconciler
from .dms import DMS, Click, Seat, SeatDms, catchup_from, dm_key
from .emoji import AppEmoji
from .ending import Ending
from .ops import Ops, Outcome, Result, Undelivered
from .projection import Surfaces, name, user_id
from .summary import post_page, post_summary
from .views import hand_view

if TYPE_CHECKING:
    from events.service import MatchService

    from .config import Config

log = logging.getLogger("parley.discord")

BOARD = "discord:board"
THREADS = "discord:thread"
OUTBOX = "discord:outbox"  # key "pending": matches whose last sync left something undone
LOBBIES = 256  # the lobby messages' surfaces kept between syncs: the matches played last

_T = TypeVar("_T")


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
class _Pass:
    """One pass of a match's places through the reconciler (`Delivery._converge`): their surfaces,
    the records beside the match's own that operations note in (`dms`: DM records by seat,
    `server`: the server's looking-for-players post's), the seats whose DMs it shows, and, when
    its places are isolated (a sync's), the places that failed, left out of the rest of it;
    `unwritten`: records noted and not written yet, by (scope, key), and `owed` while one of them
    notes a post, which must be written before the next call to Discord (`Delivery._apply`)."""

    surfaces: Surfaces
    repair: bool = False
    dms: dict[int, dict[str, Any]] = field(default_factory=dict)
    server: dict[str, Any] | None = None
    seats: dict[int, Seat] = field(default_factory=dict)
    failed: list[str] | None = None
    unwritten: dict[tuple[str, str], Any] = field(default_factory=dict)
    owed: bool = False


class _Events:
    """A match's events as a sync's pass reads them: once, from the earliest any of its places
    asks for (`after`: the log lines not yet shown, the awaited seats' catch-up), not once per place."""

    def __init__(self, service: MatchService, match_id: str, after: int) -> None:
        self.service, self.match_id, self.first = service, match_id, after
        self.read: list[Event] | None = None

    async def after(self, seq: int, through: int = 0) -> list[Event]:
        """The events after `seq`, read again if the read does not reach `through` (the state shown,
        when a move landed after the read). The service answers from the events it keeps of the
        match when they go back far enough, as they do for a move it just made."""
        reached = self.read[-1].seq if self.read else self.first
        if self.read is None or seq < self.first or reached < through:
            self.first = min(seq, self.first)
            self.read = await self.service.events_after(self.match_id, self.first, through)
        return [e for e in self.read if e.seq > seq]


def _first_wanted(ms: MatchState, rec: dict[str, Any], dm_records: dict[str, Any]) -> int:
    """The first event a sync's pass asks for: after the log's last line, or where the catch-up of
    a seat it awaits starts (`dm_records`: each seat's DM record, by key)."""
    wanted = [int(rec.get("shown", 0))]
    if ms.state is not None and ms.status == "running":
        awaited = {p.seat for p in awaiting(ms)}
        wanted += [catchup_from(ms.seats[seat], dict(dm_records.get(dm_key(ms.match_id, seat)) or {}))
                   for seat in projection.dm_seats(ms) if seat in awaited]
    return min(wanted)


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
        self.dms = SeatDms(service, config, self.ops, self.emoji, self._write)
        self.ending = Ending(self, self._reconcile)
        self._outbox: set[str] | None = None  # what OUTBOX holds for this process, once read
        self._lobbies: dict[str, tuple[tuple[Any, ...], projection.Lobby]] = {}  # by match: (what it shows of it, it)
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
        await self._note(match_id, bool(failed) or self.ending.to_come(match_id))
        return not failed

    async def _sync(self, match_id: str, repair: bool, clicked: Click | None, answering: bool) -> list[str]:
        ms = await self.service.get(match_id)
        if not is_discord_match(ms):
            return []
        # The match's record and its seats' DM records in one read: nothing a sync does
        # before it gathers the DMs writes those.
        dm_keys = [dm_key(match_id, seat) for seat in range(len(ms.seats))]
        found = await self.store.get_kvs([(BOARD, match_id), *((DMS, key) for key in dm_keys)])
        rec = dict(found.get((BOARD, match_id)) or {})
        dm_records = {key: found.get((DMS, key)) for key in dm_keys}
        locale = projection.thread_locale(ms)
        if not rec.get("thread"):
            if ms.status in ("finished", "aborted"):
                # Never got a thread: just close the lobby.
                await self._reconcile(ms, rec, Surfaces(lobby=projection.lobby(ms, locale)))
                return []
            await self._open(ms, rec, locale, repair)
        failed: list[str] = []
        ms = await self._show(ms, rec, locale, repair, clicked, failed, dm_records)
        if not failed and answering and ms.status in ("finished", "aborted") and not rec.get("ended"):
            self.ending.follow(match_id)
        elif not failed:
            # Last, and only when all else is shown: archiving comes after the final posts.
            try:
                await self.ending.finish(ms, rec, locale)
            except Exception:
                log.warning("match %s: finish failed; retried on the next sync", match_id, exc_info=True)
                failed.append("finish")
        return failed

    async def _open(self, ms: MatchState, rec: dict[str, Any], locale: str, repair: bool = False) -> None:
        """The lobby message in the channel and the match's thread hanging from it (or its match-hall post)."""
        await self._reconcile(ms, rec, Surfaces(opening=projection.opening(ms, locale)), repair)

    async def _show(self, ms: MatchState, rec: dict[str, Any], locale: str, repair: bool, clicked: Click | None,
                    failed: list[str], dm_records: dict[str, Any]) -> MatchState:
        """One pass over the places a sync shows: their surfaces gathered (after a start, the thread to
        read back; the lobby, the looking-for-players post, the board, the log lines not yet shown,
        the takeback request, the ping, each seat's DM, the post's tag), then what `reconcile` answers
        for them applied. Each place is isolated: one whose gathering or operation fails (`failed`
        names it) is left out of the rest of the pass. Answers the match state it showed: the one
        read after the log's events, so that no event is shown before the state that has it.
        `dm_records`: each seat's DM record as stored, by key, read with the match's record."""

        async def gathered(name: str, work: Awaitable[_T]) -> _T | None:
            try:
                return await work
            except Exception:
                log.warning("match %s: %s failed; retried on the next sync", ms.match_id, name, exc_info=True)
                failed.append(name)
                return None

        shows = _Pass(Surfaces(), repair, failed=failed)
        listing = await gathered("hall", self._listing_of(ms, rec, shows))
        rec.setdefault("guild", ms.place.get("guild"))
        log_of = _Events(self.service, ms.match_id, _first_wanted(ms, rec, dm_records))
        events = await gathered("log", self._unshown(ms, rec, log_of))
        ms = await self.service.get(ms.match_id)
        started = ms.state is not None
        board = await gathered("board", self._board_surface(ms, locale)) if started else None
        thread = projection.Thread(board, tuple(projection.log_chunks(ms, events, locale)) if events else (),
                                   projection.takeback(ms, locale), projection.ping(ms, locale) if started else None)
        seat_dms: list[projection.SeatDm] = []
        closed: list[projection.DmClosed] = []
        if started and ms.status == "running":
            pending = {p.seat for p in awaiting(ms)}
            for seat in projection.dm_seats(ms):
                player = ms.seats[seat]
                uid = user_id(player)
                assert uid is not None  # dm_seats: Discord users only
                mine = clicked if clicked is not None and clicked.interaction.user.id == uid else None
                shown = await gathered("dms", self.dms.seat_dm(ms, rec, seat, player, uid, seat in pending, mine, shows,
                                                                 log_of, dict(dm_records.get(dm_key(ms.match_id, seat)) or {})))
                if isinstance(shown, projection.SeatDm):
                    seat_dms.append(shown)
                elif isinstance(shown, projection.DmClosed):
                    closed.append(shown)
        shows.surfaces = Surfaces(
            lobby=self._lobby(ms, locale), thread=thread, locale=locale, guild=ms.place.get("guild"),
            listing=listing[0] if listing else None, listed=listing[1] if listing else None,
            recovery=projection.recovery(ms, self._start) if repair else None, status=projection.status_of(ms),
            dm_closed=tuple(closed), seat_dms=tuple(seat_dms))
        await self._converge(ms, rec, shows)
        return ms

    def _lobby(self, ms: MatchState, locale: str) -> projection.Lobby:
        """The lobby message's surface (projection.lobby), kept while what it is made of stays the
        same: every sync shows it, and once the match started it no longer changes, so a move would
        make it (and take its digest) again for nothing."""
        made_of = (ms.status, ms.seats, ms.lobby, tuple(ms.options.items()), tuple(ms.place.items()), locale)
        kept = self._lobbies.pop(ms.match_id, None)
        if kept is None or kept[0] != made_of:
            kept = (made_of, projection.lobby(ms, locale))
        self._lobbies[ms.match_id] = kept  # the newest last: the oldest goes first
        if len(self._lobbies) > LOBBIES:
            del self._lobbies[next(iter(self._lobbies))]
        return kept[1]

    async def _listing_of(self, ms: MatchState, rec: dict[str, Any],
                          shows: _Pass) -> tuple[projection.Listing | None, bool | None]:
        """The server's looking-for-players post, while this match is a lobby and once as it leaves it
        (its record goes in `shows`), and whether the match is among the lobbies it lists."""
        if ms.status != "lobby" and not rec.get("listed"):
            return None, None
        guild = ms.place.get("guild")
        posted = dict(await self.store.get_kv(hall.HALL, str(guild)) or {}) if guild is not None else {}
        shows.server = posted
        listing = None
        if guild is not None and (posted or rec.get("forum")):  # else a server without a match hall
            locale = str(posted.get("locale") or ms.place.get("locale", "en"))
            text = await hall.listing_text(self.store, self.record, str(guild), locale)
            listing = projection.Listing(str(guild), text, locale, int(posted.get("forum") or rec["forum"]))
        return listing, ms.status == "lobby"

    async def _unshown(self, ms: MatchState, rec: dict[str, Any], log_of: _Events) -> list[Event]:
        """The events after the last one the log shows."""
        events = await log_of.after(int(rec.get("shown", 0)))
        if events and "sealed" not in rec:
            # Only a sealed chain's head may be posted while a match runs: an older
            # chain's hashes cover hidden actions whole and can be tested against guesses.
            created = await self.store.events(ms.match_id, upto=1)
            rec["sealed"] = bool(created and created[0].payload.get("seals"))
        return events

    # -- applying what the reconciler says --------------------------------------------------

    async def _reconcile(self, ms: MatchState, rec: dict[str, Any], surfaces: Surfaces, repair: bool = False,
                         dms: dict[int, dict[str, Any]] | None = None) -> None:
        """Make the places `surfaces` holds show it (`dms`: the DM records of the seats whose menus
        the end of the match may take off); an operation that fails raises."""
        await self._converge(ms, rec, _Pass(surfaces, repair, dms or {}))

    async def _converge(self, ms: MatchState, rec: dict[str, Any], shows: _Pass) -> None:
        """Apply the operations `reconcile` answers for the pass, noting each as it lands, and ask
        again until nothing is left: some come only once others are noted (old board messages
        link to the new board once it is posted). An operation done in this call is not repeated
        (a pin the bot may not make). One that fails raises, or, in a pass whose places are
        isolated, leaves its place out of the rest of the pass; the next sync tries it again."""
        try:
            await self._rounds(ms, rec, shows)
        finally:
            await self._write(shows)  # before the pass lets go of the match

    async def _write(self, shows: _Pass, *more: tuple[str, str, Any]) -> None:
        """The pass's unwritten records, and `more` (scope, key, value), in one write."""
        items = {**shows.unwritten, **{(scope, key): value for scope, key, value in more}}
        shows.unwritten, shows.owed = {}, False
        await self.store.set_kvs([(scope, key, value) for (scope, key), value in items.items()])

    async def _rounds(self, ms: MatchState, rec: dict[str, Any], shows: _Pass) -> None:
        done: set[reconciler.Op] = set()
        rounds = 0
        while rounds < reconciler.ROUNDS:
            ops = [op for op in reconciler.reconcile(shows.surfaces, rec, shows.repair, shows.dms, shows.server)
                   if op not in done]
            if not ops:
                return
            surfaces = shows.surfaces
            for op in ops:
                done.add(op)
                try:
                    if not await self._apply(ms, rec, op, shows):
                        break  # the record changed under the rest (a board message gone): asked again
                except Exception:
                    if shows.failed is None:
                        raise
                    log.warning("match %s: %s failed; retried on the next sync", ms.match_id, reconciler.place(op),
                                exc_info=True)
                    shows.failed.append(reconciler.place(op))
                    shows.surfaces = reconciler.without(shows.surfaces, op)
                    break
                if shows.surfaces is not surfaces:
                    break  # a place left out (a DM that did not go): the rest is asked again
            # A round that left a place out does not count: each leaves one place fewer, so this ends.
            rounds += shows.surfaces is surfaces

    async def _apply(self, ms: MatchState, rec: dict[str, Any], op: reconciler.Op, shows: _Pass) -> bool:
        """Do one operation through `ops` and note it in the record; False when the message it
        edited is gone, which makes the rest of its round moot (the board is posted afresh), or
        when a lobby message is found that the round would have posted."""
        if shows.owed and not isinstance(op, reconciler.NoteDm | reconciler.NoteBoard | reconciler.SendDm):
            # A post's note before the next call to Discord, as if written with it: a crash in
            # between would post it again. Notes of edits wait for the pass's end (an edit made
            # twice does no harm), so a move's records go in one or two writes, not one each.
            # A DM sent writes them with its own "sending" note (`dms.SeatDms._call`).
            await self._write(shows)
        if isinstance(op, reconciler.EditDm | reconciler.SendDm | reconciler.DeleteDm | reconciler.NoteDm):
            return await self.dms.apply(ms, op, shows)
        board = shows.surfaces.thread.board if shows.surfaces.thread is not None else None
        result = await self._call(ms, rec, op, board)
        if isinstance(op, reconciler.EndDm):  # a DM's own record; an edit, so its note may wait
            reconciler.note_dm(shows.dms[op.seat], op)
            shows.unwritten[DMS, dm_key(ms.match_id, op.seat)] = shows.dms[op.seat]
            return True
        if isinstance(op, reconciler.EditListing | reconciler.PostListing) and shows.server is not None:
            gone = result.outcome is Outcome.GONE  # its own record
            reconciler.note_listing(shows.server, op, str(result.id) if result.id else None, gone=gone)
            if result.ok:
                await self.store.set_kv(hall.HALL, op.listing.guild, shows.server)
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
        shows.unwritten[BOARD, ms.match_id] = rec
        if isinstance(op, reconciler.EditBoard | reconciler.NoteBoard):
            return not gone  # an edit made twice does no harm: its note may wait
        shows.owed = True
        if isinstance(op, reconciler.OpenThread | reconciler.OpenPost):
            await self._write(shows, (THREADS, rec["thread"], ms.match_id))
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
                return await self.dms.end_dm(ms, seat, msg, text)
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

    # -- the board and its clocks ---------------------------------------------------------

    async def clock_lines(self, ms: MatchState, locale: str) -> list[Text]:
        """The match's clocks as of its last event (events/clock.py) and its
        response window (events/window.py), for the board in `locale`."""
        got = await self.clock_feed.clocks(ms)
        window = window_lines(ms.place)
        if got is None:
            return window
        config, seats = got
        return clock_lines(config, seats, [name(p, locale) for p in ms.seats], discord_time, live=False) + window

    def board_text(self, ms: MatchState, locale: str, clock: Sequence[Text] = ()) -> str:
        """The public board, whole: split into messages by whoever sends it."""
        board = self.board_of(ms, locale, clock)
        return "\n".join(x for x in (board.header, board.body, board.tail) if x)

    def board_of(self, ms: MatchState, locale: str, clock: Sequence[Text] = ()) -> layout.Board:
        """The public board's parts, as the thread's layout message shows them (dice faces and
        pieces as the application's emoji, where it has them)."""
        return projection.board(ms, self.service.view_of(ms, SPECTATOR), locale, clock, self.emoji.marks)

    async def _board_surface(self, ms: MatchState, locale: str) -> projection.BoardSurface:
        """The board as layout messages (bot/discord/layout.py), with its picture."""
        board = self.board_of(ms, locale, await self.clock_lines(ms, locale))
        # In the drawing process (tens of ms that would hold the bot's interpreter), cached by the view's digest.
        image = await drawing.board_image(ms.game_id, self.service.view_of(ms, SPECTATOR), [p.name for p in ms.seats],
                                          locale)
        return projection.BoardSurface(board, image)

    async def remind(self, ms: MatchState, seats: list[int], key: str) -> None:
        """The scheduler's reminder to `seats` (`key`: that finding, posted once) in the match's thread.
        Raises when it could not be posted: the reminder stays due, and the scheduler's next pass sends it.
        A pass of its own, outside the outbox: a retry from the outbox calls `sync`, which cannot rebuild
        a reminder from the match state (which seats were found late, and when, is the scheduler's)."""
        async with self._locks.hold(ms.match_id):
            rec = await self.record(ms.match_id)
            if not rec.get("thread"):
                return
            shown = projection.reminder(ms, seats, projection.thread_locale(ms), key)
            await self._reconcile(ms, rec, Surfaces(reminder=shown))
