"""What must be done in Discord so that a match's places show their surfaces.

Pure: `reconcile` compares the surfaces (projection.py) with the delivery's
record of what was posted (message ids, the digests of what they show) and
answers the operations that close the gap; the delivery applies them through
ops.py and notes each in the record as it lands. Reconciling again after
applying them yields nothing, so a sync that is repeated, or retried from the
outbox after an operation failed, does only what is still missing.

`reconcile` is the delivery's one entry point: each of its passes (a match
opened, a sync's pass over everything a move shows, a reminder, the end of a
match) gathers the surfaces of the places it looks at and asks `reconcile`
alone, round after round; the per-place functions below are its parts.

Some operations only make sense once others are noted: they come in the next
round, when the record says so. After a start, the thread read back comes
alone, so that the rest is asked of what it found; a board posted afresh comes
with what precedes it only, so that the log lines of the next round link to it
(and there its old messages are retired and it is pinned); the end of a match
comes in its own pass, once all else is shown. The delivery reconciles again
until no operation is left.

Before anything else a match gets its lobby message and thread, or its
match-hall post (`opening_ops`); after a start the thread's last messages are
read back once (`recover_ops`). A server with a match hall keeps one post
listing its open lobbies, brought up to date by each lobby (`listing_ops`,
against the server's record of it). The board is edited or posted afresh
(`board_ops`), the log lines not yet shown posted, the last carrying the ping
(`log_ops`, `takeback_ops`, `ping_ops`), and each seat's DM (`seat_dms`, with
its own record, one per seat in `discord:dm`, and a catch-up fixed when its
decision arrives) edited or sent anew (`dm_ops`). A reminder the scheduler
found due is posted once (`reminder_ops`). A match that ended posts its result
and summary (`end_ops`), takes the menus off the DMs still waiting on a
decision (`ended_dm_ops`), posts its replay page once drawn (`page_ops`), and
its thread is archived once they are noted (`archive_ops`); a match-hall
post's status tag is swapped as the match moves on (`retag_ops`); a player the
bot cannot DM is told once in the thread where their hand is (`dm_closed_ops`).

Each operation is for one place (`place`): a pass that sees one fail goes on
`without` that place, so one failing does not hold up the others.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from . import layout, projection
from .i18n import M
from .projection import (
    MESSAGE_LIMIT,
    BoardSurface,
    Dm,
    DmClosed,
    DmMessage,
    End,
    Listing,
    Lobby,
    LogChunk,
    Opening,
    Page,
    Ping,
    Recovery,
    Reminder,
    Surfaces,
    Takeback,
    clip,
    message_link,
)

# Rounds of a pass: the board posted, then its old messages retired and the board pinned with
# the log, the ping and the DMs, then nothing; one more for the thread read back after a start,
# one for a board message found deleted on the way, one for a DM message found deleted.
ROUNDS = 6

# A log message's footer: its event range, then (once there is a board) a link to it.
_MARK = re.compile(r"-# #(\d+)(?:–(\d+))?(?: · [^\n]*)?\s*$")


@dataclass(frozen=True)
class FindLobby:
    """The channel's last messages read, after a start, for a lobby message posted just before
    a crash lost its note (its buttons, or its title, name the match)."""

    channel: int
    match_id: str


@dataclass(frozen=True)
class PostLobby:
    lobby: Lobby
    channel: int


@dataclass(frozen=True)
class OpenThread:
    """The match's thread, hanging from its lobby message."""

    name: str


@dataclass(frozen=True)
class OpenPost:
    """The match's forum post in a match hall, tagged: its lobby and its thread at once (bot/discord/hall.py;
    `repair`: one made just before a crash is found, not made again)."""

    lobby: Lobby
    repair: bool


@dataclass(frozen=True)
class EditListing:
    """The server's looking-for-players post (`thread`, whose first message has its id) shows `listing`."""

    listing: Listing
    thread: str


@dataclass(frozen=True)
class PostListing:
    """The server's looking-for-players post made, in the listing's forum, and pinned there."""

    listing: Listing


@dataclass(frozen=True)
class NoteListed:
    """The match is (or no longer is) among the lobbies the post lists (no call to Discord)."""

    listed: bool


@dataclass(frozen=True)
class Recover:
    """The thread's last bot messages read back after a start: the log range in a log message's
    footer, the board message by its header, an open takeback request by its buttons."""

    recovery: Recovery


@dataclass(frozen=True)
class EditLobby:
    lobby: Lobby


@dataclass(frozen=True)
class EditBoard:
    """Board message `index` shows something new."""

    index: int
    msg: str
    key: str  # what it shows now (projection.BoardSurface.keys)


@dataclass(frozen=True)
class PostBoard:
    """Board message `index` posted afresh below the log (index 0 retires the messages it had)."""

    index: int
    key: str


@dataclass(frozen=True)
class DeleteBoard:
    msg: str  # a board message the board no longer needs (it got shorter)


@dataclass(frozen=True)
class NoteBoard:
    """The board's messages show `digest` now (no call to Discord)."""

    digest: str
    keys: tuple[str, ...]


@dataclass(frozen=True)
class RetireBoard:
    """An old board message: edited to `text` (a link to the board), or deleted when None."""

    msg: str
    text: str | None
    layout: bool  # a layout message stays one: the link goes in a text display


@dataclass(frozen=True)
class Pin:
    msg: str
    unpin: str | None  # the board pinned before, once this one is


@dataclass(frozen=True)
class PostLog:
    """A log message (`content` empty: its events have no line, only the record moves to `last`);
    `ping`: the key of the wait it mentions, with the hand button and `users` pinged."""

    content: str
    last: int
    ping: str | None = None
    users: tuple[int, ...] = ()


@dataclass(frozen=True)
class PostTakeback:
    takeback: Takeback


@dataclass(frozen=True)
class SettleTakeback:
    msg: str  # the request's message, its buttons taken off once it is settled


@dataclass(frozen=True)
class PostPing:
    """The mention of whoever is awaited, in a message of its own (`text` empty: noted only)."""

    ping: Ping


@dataclass(frozen=True)
class Announce:
    text: str  # the result of the match, in the thread


@dataclass(frozen=True)
class PostSummary:
    """The summary of a finished match; `look`: noted "sending" by a post that may have landed
    before a crash or a failure, so the thread's last messages are looked at before posting again."""

    text: str
    look: bool


@dataclass(frozen=True)
class Archive:
    """The thread archived: still readable, out of the active list (not locked: a moderator can reopen it)."""


@dataclass(frozen=True)
class Retag:
    """The match's forum post wears its game's tag and the tag of `status` (hall.status_of)."""

    status: str


@dataclass(frozen=True)
class TellDmClosed:
    """A player the bot cannot send a DM, told in the thread (mentioned, with the hand button,
    nothing private) to use `/parley hand`."""

    player: str  # their Player.id: told once per match
    text: str
    user: int


@dataclass(frozen=True)
class PostReminder:
    reminder: Reminder


@dataclass(frozen=True)
class PostPage:
    """The replay page below the summary; `look`: noted "sending", so looked for first (as `PostSummary`)."""

    page: Page
    look: bool


@dataclass(frozen=True)
class EndDm:
    """The decision menu taken off a DM whose match ended: its last message keeps `text` alone."""

    msg: str
    text: str
    seat: int = 0


@dataclass(frozen=True)
class EditDm:
    """DM message `index` shows something new (`menu`: the decision's cards and menu under it)."""

    index: int
    msg: str
    key: str
    menu: bool
    seat: int = 0


@dataclass(frozen=True)
class SendDm:
    """DM message `index` sent anew, below `kept` (the messages the DM keeps above it)."""

    index: int
    menu: bool
    kept: tuple[str, ...]
    seat: int = 0


@dataclass(frozen=True)
class DeleteDm:
    msg: str  # a DM message the view no longer needs
    seat: int = 0


@dataclass(frozen=True)
class NoteDm:
    """The DM shows `dm` now, in `kept` and the messages sent below it (no call to Discord)."""

    dm: Dm
    keys: tuple[str, ...]
    kept: tuple[str, ...]
    since: tuple[int, int] | None  # what its catch-up covers
    text: str  # the last message's, which it keeps once the match ends and the decision comes off
    seat: int = 0


Op = (FindLobby | PostLobby | OpenThread | OpenPost | Recover | EditListing | PostListing | NoteListed | EditLobby | EditBoard | DeleteBoard | PostBoard
      | NoteBoard | RetireBoard | Pin | PostLog | PostTakeback | SettleTakeback | PostPing | PostReminder | Announce
      | PostSummary | PostPage | Archive | Retag | TellDmClosed | EndDm | EditDm | SendDm | DeleteDm | NoteDm)
DmOp = EditDm | SendDm | DeleteDm | NoteDm | EndDm


def opening_ops(opening: Opening, rec: Mapping[str, Any], repair: bool = False) -> list[Op]:
    """The lobby message and the thread, or the match-hall post, of a match that has none yet."""
    if rec.get("thread"):
        return []
    ops: list[Op] = []
    if repair and not rec.get("lobby_msg"):
        ops.append(FindLobby(opening.channel, opening.match_id))
    if opening.forum is not None:
        return [*ops, OpenPost(opening.lobby, repair)]
    if not rec.get("lobby_msg"):
        ops.append(PostLobby(opening.lobby, opening.channel))
    return [*ops, OpenThread(opening.name)]


def listing_ops(listing: Listing | None, listed: bool | None, rec: Mapping[str, Any],
                hall: Mapping[str, Any]) -> list[Op]:
    """The server's looking-for-players post brought up to date (`hall`: its record), edited in
    place or made when it has none (or its message is gone); the match noted as listed or not,
    so that it leaving the lobbies updates the post once."""
    ops: list[Op] = []
    if listing is not None and hall.get("hash") != listing.digest:
        ops.append(EditListing(listing, str(hall["thread"])) if hall.get("thread") else PostListing(listing))
    if listed is not None and rec.get("listed") != listed:
        ops.append(NoteListed(listed))
    return ops


def note_listing(hall: dict[str, Any], op: EditListing | PostListing, made: str | None = None, *,
                 gone: bool = False) -> None:
    """Note in the server's listing record what a listing operation did (`gone`: its message was deleted)."""
    match op:
        case EditListing() if gone:
            hall.pop("thread", None)  # made anew in the next round
        case EditListing(listing):
            hall["hash"] = listing.digest
        case PostListing(listing):
            hall.clear()
            hall.update(forum=str(listing.forum), thread=str(made), locale=listing.locale, hash=listing.digest)


def recover_ops(recovery: Recovery | None, rec: Mapping[str, Any]) -> list[Op]:
    if recovery is None or not rec.get("thread") or rec.get("recovered") == recovery.start:
        return []
    return [Recover(recovery)]


def lobby_ops(lobby: Lobby, rec: Mapping[str, Any]) -> list[Op]:
    if rec.get("lobby_hash") == lobby.digest or not rec.get("lobby_msg"):
        return []
    return [EditLobby(lobby)]


def board_ids(rec: Mapping[str, Any]) -> list[str]:
    """The board's messages that can be edited in place: a board posted as classic messages
    (before layouts), or one whose message someone deleted, is posted afresh instead."""
    if not rec.get("board_msg") or not rec.get("board_v2") or rec.get("board_gone"):
        return []
    return [rec["board_msg"], *rec.get("board_more", [])]


def board_ops(board: BoardSurface, rec: Mapping[str, Any], guild: Any, repair: bool = False) -> list[Op]:
    """The board edited in place while it keeps its number of messages (only the messages
    whose keys changed; a board kept from before the record had keys, whole), else posted
    afresh below the log. Once shown: the old messages retired, the board pinned."""
    if rec.get("board_hash") == board.digest and not rec.get("board_gone"):
        return _retire_ops(board, rec, guild) + _pin_ops(rec, repair)
    ids, keys = board_ids(rec), board.keys
    ops: list[Op]
    if ids and len(keys) <= len(ids):
        before = rec.get("board_parts") or []
        ops = [EditBoard(i, ids[i], keys[i]) for i in range(len(keys)) if i >= len(before) or before[i] != keys[i]]
        ops += [DeleteBoard(extra) for extra in ids[len(keys):]]
    else:
        ops = [PostBoard(i, key) for i, key in enumerate(keys)]
    return [*ops, NoteBoard(board.digest, tuple(keys))]


def _retire_ops(board: BoardSurface, rec: Mapping[str, Any], guild: Any) -> list[Op]:
    """Old board messages: the first becomes a link to the board (log lines point at it), the rest go."""
    current = (rec.get("board_msg"), *rec.get("board_more", []))
    old = [m for m in rec.get("board_old", []) if m not in current]
    if not old or not rec.get("board_msg"):
        return []
    link = message_link(guild, rec["thread"], rec["board_msg"])
    first = min(old, key=int)
    text = M.board_moved.format(link=link)(board.board.locale)
    return [RetireBoard(m, text if m == first else None, bool(rec.get("board_old_v2"))) for m in old]


def _pin_ops(rec: Mapping[str, Any], repair: bool) -> list[Op]:
    """The board's first message pinned; one the bot may not pin is tried again only on a repair."""
    board = rec.get("board_msg")
    pin = rec.get("pin") or {}
    if not board or (pin.get("msg") == board and (pin.get("ok") or not repair)):
        return []
    return [Pin(board, pin["msg"] if pin.get("ok") and pin.get("msg") not in (None, board) else None)]


def log_ops(chunks: tuple[LogChunk, ...] | list[LogChunk], ping: Ping | None, rec: Mapping[str, Any],
            locale: str) -> list[Op]:
    """The log messages not yet posted; the last carries the mention of whoever is now awaited
    (one message per move) when it fits, else the ping follows on its own (`ping_ops`)."""
    shown = int(rec.get("shown", 0))
    pending = [c for c in chunks if c.last > shown]
    if ping is not None and rec.get("pinged") == ping.key:
        ping = None
    link = message_link(rec["guild"], rec["thread"], rec["board_msg"]) \
        if rec.get("board_msg") and rec.get("guild") else None
    ops: list[Op] = []
    for chunk in pending:
        if not chunk.lines:
            ops.append(PostLog("", chunk.last))
            continue
        mark = projection.footer(chunk, locale, link, bool(rec.get("sealed")))
        body = "\n".join(chunk.lines)
        mention = ping if chunk is pending[-1] and ping is not None and ping.text else None
        together = f"{body}\n{mention.text}\n{mark}" if mention is not None else ""
        if mention is not None and len(together) <= MESSAGE_LIMIT:
            ops.append(PostLog(together, chunk.last, mention.key, mention.users))
        else:
            ops.append(PostLog(clip(body, MESSAGE_LIMIT - len(mark) - 1) + "\n" + mark, chunk.last))
    return ops


def takeback_ops(takeback: Takeback | None, rec: Mapping[str, Any]) -> list[Op]:
    """An open takeback request gets one message with Accept/Decline; once it is settled
    the buttons come off that message (the log says how it ended)."""
    posted = rec.get("takeback")
    ops: list[Op] = []
    if posted and (takeback is None or posted["of"] != takeback.of):
        ops.append(SettleTakeback(posted["msg"]))
        posted = None
    if takeback is not None and not posted:
        ops.append(PostTakeback(takeback))
    return ops


def ping_ops(ping: Ping | None, rec: Mapping[str, Any]) -> list[Op]:
    if ping is None or rec.get("pinged") == ping.key:
        return []
    return [PostPing(ping)]


def post_tags(rec: Mapping[str, Any], status: str) -> list[str]:
    """The ids of the tags a match's forum post wears at `status`, as far as the record knows them."""
    tags = rec.get("tags") or {}
    return [tags[r] for r in ("game", status) if r in tags]


def retag_ops(status: str, rec: Mapping[str, Any]) -> list[Op]:
    """A match-hall post's tags swapped when the match has moved on (a lobby, running, over)."""
    if not rec.get("forum") or not rec.get("thread") or post_tags(rec, status) == rec.get("applied"):
        return []
    return [Retag(status)]


def dm_closed_ops(tell: DmClosed, rec: Mapping[str, Any]) -> list[Op]:
    return [] if tell.player in rec.get("dm_told", []) else [TellDmClosed(tell.player, tell.text, tell.user)]


def reminder_ops(reminder: Reminder | None, rec: Mapping[str, Any]) -> list[Op]:
    return [] if reminder is None or rec.get("reminded") == reminder.key else [PostReminder(reminder)]


def end_ops(end: End | None, rec: Mapping[str, Any]) -> list[Op]:
    """The posts of a match that ended, each once: its result, then its summary."""
    if end is None or rec.get("ended"):
        return []
    ops: list[Op] = []
    if end.result is not None and not rec.get("announced"):
        ops.append(Announce(end.result))
    if end.summary is not None and rec.get("summary") is not True:
        ops.append(PostSummary(end.summary, rec.get("summary") == "sending"))
    return ops


def page_ops(end: End | None, page: Page | None, rec: Mapping[str, Any]) -> list[Op]:
    """The replay page, once drawn and once the end's posts are noted: it goes below the summary."""
    if end is None or not end.page or page is None or rec.get("ended") or rec.get("page") is True \
            or end_ops(end, rec):
        return []
    return [PostPage(page, rec.get("page") == "sending")]


def archive_ops(end: End | None, rec: Mapping[str, Any]) -> list[Op]:
    """The thread archived last of all: once the end's posts, and its replay page, are noted."""
    if end is None or rec.get("ended") or end_ops(end, rec) or (end.page and rec.get("page") is not True):
        return []
    return [Archive()]


def reconcile(surfaces: Surfaces, rec: Mapping[str, Any], repair: bool = False,
              dms: Mapping[int, Mapping[str, Any]] | None = None, hall: Mapping[str, Any] | None = None) -> list[Op]:
    """Everything the places `surfaces` holds need, in the order the delivery applies it: the
    lobby message and thread first (nothing else before there is a thread), the thread read
    back after a start (alone: the rest waits for what it finds), the lobby, the server's
    looking-for-players post (`hall`: its record), the board (a board posted afresh alone with
    what came before it, so that the log lines of the next round link to it), the log, the
    takeback request, the ping, each seat's DM (`dms`: each seat's DM record, by seat), players
    told where their hand is, a reminder, the post's tags; once the match ended its result and
    summary, the menus off the DMs still waiting, the replay page, and the thread archived last
    of all."""
    if not rec.get("thread"):
        if surfaces.opening is not None:
            return opening_ops(surfaces.opening, rec, repair)
        return lobby_ops(surfaces.lobby, rec) if surfaces.lobby is not None else []
    ops = recover_ops(surfaces.recovery, rec)
    if ops:
        return ops
    if surfaces.lobby is not None:
        ops += lobby_ops(surfaces.lobby, rec)
    ops += listing_ops(surfaces.listing, surfaces.listed, rec, hall or {})
    thread = surfaces.thread
    if thread is not None:
        if thread.board is not None:
            board = board_ops(thread.board, rec, surfaces.guild, repair)
            ops += board
            if any(isinstance(op, PostBoard) for op in board):
                return ops
        ops += log_ops(thread.log, thread.ping, rec, surfaces.locale)
        ops += takeback_ops(thread.takeback, rec)
        # The ping of a wait the log's last message does not mention.
        if not any(isinstance(op, PostLog) and op.ping for op in ops):
            ops += ping_ops(thread.ping, rec)
    for seat_dm in surfaces.seat_dms:
        ops += dm_ops(seat_dm.dm, seat_dm.message, (dms or {}).get(seat_dm.dm.seat) or {}, seat_dm.grows_below,
                      seat_dm.since)
    for tell in surfaces.dm_closed:
        ops += dm_closed_ops(tell, rec)
    ops += reminder_ops(surfaces.reminder, rec)
    if surfaces.status is not None:
        ops += retag_ops(surfaces.status, rec)
    ops += end_ops(surfaces.end, rec)
    if surfaces.end is not None and not rec.get("ended"):
        ops += [op for seat, last in sorted((dms or {}).items()) for op in ended_dm_ops(last, seat)]
    return ops + page_ops(surfaces.end, surfaces.page, rec) + archive_ops(surfaces.end, rec)


# The place of a match an operation is for: one failing, the rest of a pass goes on without that place.
_PLACES: dict[type, str] = {
    Recover: "recover", EditLobby: "lobby", EditListing: "hall", PostListing: "hall", NoteListed: "hall",
    EditBoard: "board", PostBoard: "board", DeleteBoard: "board", NoteBoard: "board", RetireBoard: "board",
    Pin: "board", PostLog: "log", PostTakeback: "log", SettleTakeback: "log", PostPing: "ping", EditDm: "dms",
    SendDm: "dms", DeleteDm: "dms", NoteDm: "dms", TellDmClosed: "dms", PostReminder: "reminder", Retag: "tags",
}


def place(op: Op) -> str:
    return _PLACES.get(type(op), "finish")


def without(surfaces: Surfaces, op: Op) -> Surfaces:
    """`surfaces` less the place `op` is for (a seat's DM: that seat's alone), so that a pass
    that saw it fail reconciles the other places without asking for it again."""
    thread = surfaces.thread
    match place(op):
        case "recover":
            return replace(surfaces, recovery=None)
        case "lobby":
            return replace(surfaces, lobby=None)
        case "hall":
            return replace(surfaces, listing=None, listed=None)
        case "board" if thread is not None:
            return replace(surfaces, thread=replace(thread, board=None))
        case "log" if thread is not None:
            return replace(surfaces, thread=replace(thread, log=(), takeback=None))
        case "ping" if thread is not None:
            return replace(surfaces, thread=replace(thread, ping=None))
        case "dms" if isinstance(op, TellDmClosed):
            return replace(surfaces, dm_closed=tuple(t for t in surfaces.dm_closed if t.player != op.player))
        case "dms":
            seat = getattr(op, "seat", None)
            return replace(surfaces, seat_dms=tuple(d for d in surfaces.seat_dms if d.dm.seat != seat))
        case "reminder":
            return replace(surfaces, reminder=None)
        case "tags":
            return replace(surfaces, status=None)
    return replace(surfaces, end=None, page=None)


# -- a seat's DM -----------------------------------------------------------------------------


def ended_dm_ops(last: Mapping[str, Any], seat: int = 0) -> list[EndDm]:
    """A DM left waiting on a decision when its match ended loses its menu, which would only
    answer "no longer current" (the menu is under the DM's last message)."""
    if not last.get("waiting"):
        return []
    return [EndDm((last.get("more") or [last["msg"]])[-1], str(last.get("text") or ""), seat)]


def dm_ops(dm: Dm, message: DmMessage, last: Mapping[str, Any], grows_below: bool = False,
           since: tuple[int, int] | None = None) -> list[DmOp]:
    """A new message when a decision arrives (it notifies); otherwise the DM's messages are edited
    in place (only those whose keys changed) while they are as many or more (the extra ones go),
    or fewer but the last of the channel (`grows_below`: more appended stay together). Else the
    view is sent anew in as many messages as it takes and the old ones go. A DM sent as classic
    messages (before layouts, no `v2` noted) is sent anew as layout messages, not converted."""
    if last.get("hash") == dm.digest:
        return []
    ids = [str(last["msg"]), *last.get("more", [])] if last.get("msg") else []
    fresh = not ids or last.get("player") != dm.player.id or (dm.waiting and not last.get("waiting")) \
        or not last.get("v2")
    count = len(message.parts)
    kept: list[str] = []
    ops: list[DmOp] = []
    if not fresh and not last.get("gone") and (count <= len(ids) or grows_below):
        kept = ids[:count]
        before = last.get("keys") or []
        ops += [EditDm(i, msg, message.keys[i], len(kept) == count and i == count - 1, dm.seat)
                for i, msg in enumerate(kept) if i >= len(before) or before[i] != message.keys[i]]
        ops += [DeleteDm(extra, dm.seat) for extra in ids[count:]]
    ops += [SendDm(i, i == count - 1, tuple(kept), dm.seat) for i in range(len(kept), count)]
    if not fresh and not kept:  # the same view sent anew in more messages: the old ones go
        ops += [DeleteDm(old, dm.seat) for old in ids]
    return [*ops, NoteDm(dm, message.keys, tuple(kept), since, message.parts[-1], dm.seat)]


def note(rec: dict[str, Any], op: Op, made: str | None = None, *, gone: bool = False, ok: bool = True,
         read: Sequence[Mapping[str, Any]] = ()) -> None:
    """Note in the record what an operation did once Discord answered: `made` the id of
    the message (or thread) it made, `gone` when the message it edited was deleted by someone,
    `ok` False when a pin was refused, `read` the messages a read answered (newest first). The
    next `reconcile` sees it done."""
    match op:
        case FindLobby(channel, match_id):
            found = next((m for m in read if _is_lobby(m, match_id)), None)
            if found is not None:
                rec.update(channel=str(channel), lobby_msg=str(found["id"]))
        case PostLobby(lobby, channel):
            rec.update(channel=str(channel), lobby_msg=str(made), lobby_hash=lobby.digest)
        case OpenThread():
            rec["thread"] = str(made)
            rec.setdefault("shown", 0)
        case OpenPost(lobby):  # hall.open_post noted where the post is
            rec["lobby_hash"] = lobby.digest
            rec.setdefault("shown", 0)
        case Recover(recovery):
            _recovered(rec, recovery, read)
            rec["recovered"] = recovery.start
        case EditLobby(lobby):
            if gone:  # the thread carries on without it
                rec["lobby_msg"] = None
            rec["lobby_hash"] = lobby.digest
        case EditBoard(index, _, key):
            if gone:
                rec["board_gone"] = True  # posted afresh on the next round
                return
            shown = list(rec.get("board_parts") or [])
            shown += [""] * (index + 1 - len(shown))
            shown[index] = key
            rec["board_parts"] = shown
        case DeleteBoard(msg):
            rec["board_more"] = [m for m in rec.get("board_more", []) if m != msg]
        case PostBoard(index, key):
            if index == 0:
                _replace_board(rec, str(made))
            else:
                rec["board_more"] = [*rec.get("board_more", []), str(made)]
            rec["board_parts"] = [*rec.get("board_parts", []), key]
        case NoteBoard(digest, keys):
            rec["board_hash"], rec["board_parts"] = digest, list(keys)
        case RetireBoard(msg):
            current = (rec.get("board_msg"), *rec.get("board_more", []))
            rec["board_old"] = [m for m in rec.get("board_old", []) if m != msg and m not in current]
            if not rec["board_old"]:
                rec.pop("board_old_v2", None)
        case Pin(msg):
            rec["pin"] = {"msg": msg, "ok": ok}
        case PostLog(_, last, ping):
            if ping is not None:
                rec["pinged"] = ping
            rec["shown"] = last
        case PostTakeback(takeback):
            rec["takeback"] = {"of": takeback.of, "msg": str(made)}
        case SettleTakeback():
            rec.pop("takeback", None)
        case PostPing(ping):
            rec["pinged"] = ping.key
        case Announce():
            rec["announced"] = True
        case PostSummary():
            rec["summary"] = True
        case Archive():
            rec["ended"] = True
        case TellDmClosed(player):
            rec["dm_told"] = sorted({*rec.get("dm_told", []), player})
        case PostReminder(reminder):
            rec["reminded"] = reminder.key
        case NoteListed(listed):
            rec["listed"] = listed
        case PostPage():
            rec["page"] = True
        case Retag(status):  # refused too: tags never hold a match up, the next change tries again
            rec["applied"] = post_tags(rec, status)


def _custom_ids(message: Mapping[str, Any]) -> list[str]:
    return [str(c.get("custom_id", "")) for row in message.get("components") or [] for c in row.get("components") or []]


def _is_lobby(message: Mapping[str, Any], match_id: str) -> bool:
    title = str(message.get("content", "")).split("\n", 1)[0]
    return (title.startswith("## ") and title.endswith(f" {match_id}")) \
        or any(c.startswith(f"p:l:{match_id}:") for c in _custom_ids(message))


def _recovered(rec: dict[str, Any], recovery: Recovery, mine: Sequence[Mapping[str, Any]]) -> None:
    """What the thread's last bot messages say was posted, noted where the record lacks it."""
    for m in mine:
        found = _MARK.search(m.get("content", ""))
        if found:
            rec["shown"] = max(int(rec.get("shown", 0)), int(found.group(2) or found.group(1)))
    if not rec.get("board_msg"):
        tag = f"`{recovery.match_id}`"
        boards = [m for m in mine if layout.text_of(dict(m)).startswith("**")
                  and tag in layout.text_of(dict(m)).split("\n", 1)[0]]
        if boards:
            rec["board_msg"] = str(min(int(m["id"]) for m in boards))
            rec["board_v2"] = any(layout.text_of(dict(m)) and not m.get("content") for m in boards)
    if recovery.takeback_of is not None and not rec.get("takeback"):
        tag = f"p:t:{recovery.match_id}:{recovery.takeback_of}:"
        asked = next((m for m in mine if any(c.startswith(tag) for c in _custom_ids(m))), None)
        if asked is not None:
            rec["takeback"] = {"of": recovery.takeback_of, "msg": str(asked["id"])}


def _replace_board(rec: dict[str, Any], first: str) -> None:
    """A board posted afresh below the log, so its parts stay together: the messages it had
    are retired once the new ones are noted."""
    if rec.get("board_msg"):
        old = [rec["board_msg"], *rec.get("board_more", [])]
        rec["board_old"] = sorted(set(rec.get("board_old", [])) | set(old))
        rec["board_old_v2"] = bool(rec.get("board_v2"))
    rec.update(board_msg=first, board_more=[], board_v2=True, board_parts=[])
    rec.pop("board_gone", None)

def sending(last: Mapping[str, Any], op: SendDm) -> dict[str, Any]:
    """The DM's record just before a message is sent: if the process dies before noting it,
    the next sync finds the note "sending" and adopts what was sent instead of sending it twice."""
    return {**last, "sending": True, "sent": list(last["sent"] if last.get("sending") else op.kept)}


def note_dm(last: dict[str, Any], op: DmOp, made: str | None = None, *, gone: bool = False) -> None:
    """Note in a seat's DM record what an operation did (`made`: the id of the message sent;
    `gone`: the message edited was deleted by the player, so the view is sent anew)."""
    match op:
        case EditDm() if gone:
            last["gone"] = True
        case SendDm():
            last.update(sending(last, op))
            last["sent"].append(str(made))
        case NoteDm(dm, keys, kept, since, text):
            sent = list(last["sent"] if last.get("sending") else kept)
            covered = list(since) if since else last.get("since")
            last.clear()
            last.update(hash=dm.digest, msg=sent[0], more=sent[1:], player=dm.player.id, waiting=dm.waiting,
                        keys=list(keys), since=covered, v2=True, text=text)
        case EndDm():
            last["waiting"] = False
