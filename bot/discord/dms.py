"""The seats' DMs: each player's private view of a match, sent and kept by direct message.

Private views go by DM as layout messages (bot/discord/handlayout.py; scope
`discord:dm` remembers the last one per seat, in as many messages as it takes,
the decision's cards and menu under the last);
a user who cannot be sent a DM (Discord error 50007, DMs closed, or 50278,
no longer in a server with the bot) is remembered in `discord:dmfail` and
told once per match, in the thread and without any private content, to use
`/parley hand`.

The DM channel of each user is remembered (`discord:dmchan`), so no move asks
Discord for it again; the DM of a player who moved from their DM menu is
refreshed by the answer to that click (`Click`), not by a call of its own.

What a DM should show is the projection's (projection.py) and what must be done
for Discord to show it the reconciler's (reconciler.py); `SeatDms` gathers a
seat's DM for a sync's pass and applies its operations, which the delivery's
pass (delivery.py) hands it, noting them in the pass's records.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Protocol

import discord

from engine.core import Viewer
from events.model import Event, Player
from events.replay import MatchState

from . import catchup, projection, reconciler
from .emoji import AppEmoji
from .ops import Ops, Outcome, Result
from .projection import Surfaces, user_id

if TYPE_CHECKING:
    from events.service import MatchService

    from .config import Config

log = logging.getLogger("parley.discord")

DMS = "discord:dm"
DMFAIL = "discord:dmfail"
DMCHAN = "discord:dmchan"  # user id -> their DM channel's id (stable: Discord answers the same one)


def dm_key(match_id: str, seat: int) -> str:
    """A seat's DM record's key under DMS: one record for each seat of each match."""
    return f"{match_id}:{seat}"


@dataclass
class Click:
    """A click on a DM's own menu that made a move. Its answer refreshes that DM, with
    `note` (what the move did) on top, instead of a REST edit and a reply of their
    own; `used` once it has (else the caller answers as usual)."""

    interaction: discord.Interaction
    note: str = ""
    used: bool = False


@dataclass
class Seat:
    """What a seat's DM operations need besides the record they note in: its player, the key of
    that record, the messages they show, the click that made the move, its DM channel once known."""

    player: Player
    uid: int
    key: str
    message: projection.DmMessage
    clicked: Click | None
    channel: int | None


class Pass(Protocol):
    """What a seat's DM operations need of the pass that applies them (delivery._Pass), named
    here so the delivery, which calls them, is not imported back."""

    surfaces: Surfaces
    dms: dict[int, dict[str, Any]]
    seats: dict[int, Seat]
    failed: list[str] | None
    unwritten: dict[tuple[str, str], Any]
    owed: bool


class Log(Protocol):
    """A match's events as a sync's pass reads them (delivery._Events)."""

    async def after(self, seq: int, through: int = 0) -> list[Event]: ...


def catchup_from(player: Player, last: dict[str, Any]) -> int:
    """Where a seat's catch-up reads the log from: where its record's started, for the same player."""
    before = last.get("since") if last.get("player") == player.id else None
    return int(before[0]) if before else 0


class SeatDms:
    """The seats' DMs of every match this process shows: what each should show, the calls that
    show it, and who cannot be sent one. `write` writes a pass's unwritten records, and more
    (the delivery's), before a DM is sent."""

    def __init__(self, service: MatchService, config: Config, ops: Ops, emoji: AppEmoji,
                 write: Callable[..., Awaitable[None]]) -> None:
        self.service = service
        self.store = service.store
        self.config = config
        self.ops = ops
        self.emoji = emoji
        self._write = write
        self._dm_channels: dict[int, int] = {}  # what DMCHAN holds, without a read per move
        self._dm_last: dict[int, int] = {}  # DM channel -> the last message this process posted there
        self._dm_open: set[int] = set()  # users DMFAIL holds no live failure for: not read again every move

    def private_text(self, ms: MatchState, seat: int, locale: str) -> str:
        view = self.service.view_of(ms, Viewer.of(seat))  # the service's copy: computed once per seq
        return projection.private_text(ms, view, seat, locale, self.emoji.marks)

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

    async def seat_dm(self, ms: MatchState, rec: dict[str, Any], seat: int, player: Player, uid: int,
                      waiting: bool, clicked: Click | None, shows: Pass, log_of: Log,
                      last: dict[str, Any]) -> projection.SeatDm | projection.DmClosed | None:
        """The seat's private view for its DM, when it shows something new (its record and what its
        operations need go in `shows`): edited in place, or sent anew when a decision arrives (a new
        message notifies). `clicked`: the player's click on their DM menu, whose answer can edit
        that very message without a call of its own. A player the bot cannot DM is told in the
        thread instead (the DmClosed answered). `last`: the seat's DM record as stored."""
        locale = player.locale
        key = dm_key(ms.match_id, seat)
        shown = projection.dm(ms, seat, self.private_text(ms, seat, locale), waiting)
        if last.get("hash") == shown.digest:
            return None
        since, found = await self._since(ms, seat, player, last, log_of) if waiting else (None, [])
        if await self.dm_blocked(uid):
            # Not retried yet, but each match's thread still says once where the hand is.
            return projection.dm_closed(ms, player, uid)
        choices = self.service.choices_of(ms, seat) if waiting else []
        message = projection.dm_message(ms, shown, rec["thread"], found, choices)
        channel = self._dm_channels.get(uid)
        if last.get("sending"):
            # A crash came between sending and noting the ids: adopt what was sent.
            opened = await self.dm_channel(uid)
            if not opened.ok:
                told = await self._refused(ms, player, uid, key, last, opened)
                if opened.outcome in (Outcome.TRANSIENT, Outcome.RATE_LIMITED):
                    opened.expect()  # Discord down for now: the scheduler retries it
                return told
            channel = int(opened.id or 0)
            ids = [str(m) for m in last.pop("sent", [])]
            last.pop("sending")
            adopted = (await self.ops.recent(channel, 5)).data
            if adopted and str(adopted[0]["id"]) not in ids and (not ids or int(adopted[0]["id"]) > int(ids[-1])):
                ids.append(str(adopted[0]["id"]))
            if ids:
                last.update(msg=ids[0], more=ids[1:], player=player.id, waiting=waiting, keys=[], v2=True)
        shown_ids = [str(last["msg"]), *last.get("more", [])] if last.get("msg") else []
        # Kept in place when fewer: the last messages of the channel, so more appended stay together.
        grows_below = bool(shown_ids) and channel is not None and self._dm_last.get(channel) == int(shown_ids[-1])
        shows.dms[seat] = last
        shows.seats[seat] = Seat(player, uid, key, message, clicked, channel)
        return projection.SeatDm(shown, message, grows_below, (int(since[0]), int(since[1])) if since else None)

    async def _call(self, channel: int, message: projection.DmMessage, op: reconciler.DmOp,
                    last: dict[str, Any], seat: Seat, shows: Pass) -> Result:
        """The call to Discord a DM operation makes: layout messages, sent as such and edited
        with their view alone (they have no content). The message the player clicked is edited
        through the click's own answer, what the move did on top; an old message that will not
        go is left (it is not the view). A message sent is noted "sending" first, in one write
        with the pass's other unwritten records."""
        clicked = seat.clicked
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
                await self._write(shows, (DMS, seat.key, reconciler.sending(last, op)))
                posted = await self.ops.post_layout(channel, message.view(index, menu))
                if posted.ok:
                    self._dm_last[channel] = int(posted.id or 0)
                return posted
            case reconciler.DeleteDm(msg):
                await self.ops.delete(channel, msg, kind=discord.ChannelType.private)
        return Result(Outcome.DELIVERED)

    async def _since(self, ms: MatchState, seat: int, player: Player, last: dict[str, Any],
                     log_of: Log) -> tuple[list[int], list[tuple[str | None, list[str]]]]:
        """What the seat's catch-up covers, (after, upto), and its lines grouped by player.
        Fixed when the decision arrives, so a DM edited while it waits does not grow
        (nor cost an edit of its own); it starts afresh once the player moves again."""
        events = await log_of.after(catchup_from(player, last), ms.public_seq)
        before = last.get("since") if last.get("player") == player.id else None
        if before and last.get("waiting") and not catchup.made_by(events, seat, player):
            span = [int(before[0]), int(before[1])]
        else:
            start = max(catchup.last_move(events, seat, player), int(before[0]) if before else 0)
            # Up to what every seat can see: standing orders after it are one seat's secret.
            span = [start, ms.public_seq]
        shown = [e for e in events if span[0] < e.seq <= span[1]]
        return span, catchup.groups(ms, shown, player.locale, lambda e: projection.line(ms, e, player.locale))

    async def _refused(self, ms: MatchState, player: Player, uid: int, key: str, last: dict[str, Any],
                       result: Result) -> projection.DmClosed | None:
        """A DM that did not go: a user who cannot be sent one is remembered, and told once in the
        thread (the DmClosed answered); anything else is logged and left for the next sync."""
        if not result.cannot_dm:
            log.warning("match %s: DM to seat %d failed: %s", ms.match_id, ms.seats.index(player), result.outcome)
            return None
        await self.store.set_kv(DMS, key, {k: v for k, v in last.items() if k not in ("sending", "sent")})
        self._dm_open.discard(uid)
        await self.store.set_kv(DMFAIL, str(uid), {"at": datetime.now(UTC).isoformat()})
        return projection.dm_closed(ms, player, uid)

    async def waiting(self, ms: MatchState) -> dict[int, dict[str, Any]]:
        """The DM records, by seat, of the DMs still waiting on a decision that the bot may edit."""
        waiting = {}
        records = await self.store.get_kvs([(DMS, dm_key(ms.match_id, seat)) for seat in range(len(ms.seats))])
        for seat in range(len(ms.seats)):
            last = dict(records.get((DMS, dm_key(ms.match_id, seat))) or {})
            uid = user_id(ms.seats[seat])
            if reconciler.ended_dm_ops(last) and uid is not None and not await self.dm_blocked(uid):
                waiting[seat] = last
        return waiting

    async def end_dm(self, ms: MatchState, seat: int, msg: str, text: str) -> Result:
        """A DM's menu taken off (reconciler.EndDm); not retried: a menu left there answers "no longer current"."""
        opened = await self.dm_channel(user_id(ms.seats[seat]) or 0)
        ended = projection.ended_dm(seat, text)
        cleared = await self.ops.edit_dm(opened.id or 0, msg, view=ended) if opened.ok else opened
        if not cleared.ok:
            log.warning("match %s: clearing the DM menu of seat %d failed: %s", ms.match_id, seat, cleared.outcome)
        return Result(Outcome.DELIVERED)

    async def apply(self, ms: MatchState, op: reconciler.EditDm | reconciler.SendDm | reconciler.DeleteDm
                    | reconciler.NoteDm, shows: Pass) -> bool:
        """A seat's DM operation, noted in its own record, which is written once the DM is noted
        shown. Its channel is asked for at its first call. A DM that does not go leaves its seat
        out of the pass (a player who cannot be sent one is told in the thread, in the next round)."""
        seat, last = shows.seats[op.seat], shows.dms[op.seat]
        result = Result(Outcome.DELIVERED)
        if not isinstance(op, reconciler.NoteDm):
            if seat.channel is None:
                if shows.owed:
                    await self._write(shows)
                opened = await self.dm_channel(seat.uid)
                seat.channel = int(opened.id or 0) if opened.ok else None
                result = opened
            if seat.channel is not None:
                result = await self._call(seat.channel, seat.message, op, last, seat, shows)
        gone = result.outcome is Outcome.GONE and isinstance(op, reconciler.EditDm)
        if not result.ok and not gone:
            shows.unwritten.pop((DMS, seat.key), None)  # the refusal writes what the record keeps
            told = await self._refused(ms, seat.player, seat.uid, seat.key, last, result)
            left = reconciler.without(shows.surfaces, op)
            shows.surfaces = replace(left, dm_closed=(*left.dm_closed, told)) if told is not None else left
            if result.outcome in (Outcome.TRANSIENT, Outcome.RATE_LIMITED) and shows.failed is not None:
                shows.failed.append("dms")  # Discord down for now: the scheduler retries it
            return False
        reconciler.note_dm(last, op, str(result.id) if result.id else None, gone=gone)
        if isinstance(op, reconciler.NoteDm):
            shows.unwritten[DMS, seat.key] = last  # written with the pass's next write, or at its end
        return not gone
