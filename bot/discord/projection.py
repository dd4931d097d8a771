"""What each place a match shows itself in should show, for a match state.

Pure: no Discord client, no database, no await. The delivery (delivery.py)
gathers what the state alone does not say (the views the service computed, the
clocks, the events not yet shown, the board picture) into `Inputs`, asks
`project` for the `Surfaces` and leaves it to the reconciler (reconciler.py) to
compare them with what was posted. So what players see is tested here with no
Discord at all (tests/discord/test_projection.py).

A surface carries its digest: the record keeps the digest of what was posted,
and a place is touched only when its digest changed. A seat's DM holds only
that seat's view: another seat's hidden information never reaches it, since
the text comes from the seat's own view and the catch-up from public lines.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import discord

from bot import render
from bot.render.marks import shown as marks_shown
from engine.core import Choice, Text
from engine.core.search import levels
from events.model import Event, Player
from events.replay import MatchState, awaiting

from . import catchup, handlayout, layout
from .i18n import M, status_text
from .names import named, seat_names, shown
from .views import lobby_view, takeback_view

MESSAGE_LIMIT = 2000
LOG_LINE = 1800  # one event's lines, clipped to leave room for the footer
LOG_CHUNK = 1850  # a log message's lines, before its footer
PING_LIMIT = 1000
HEAD_DIGITS = 16  # 64 bits: enough that no rewrite can be made to match a posted head


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def digest(*parts: Any) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else repr(p).encode())
    return h.hexdigest()[:24]


def user_id(player: Player) -> int | None:
    """The Discord user behind a player id, or None for bots and other front ends."""
    if player.id.startswith("discord:") and player.id[8:].isdigit():
        return int(player.id[8:])
    return None


def who(player: Player, locale: str) -> str:
    """A player as a message addresses them: a mention for a Discord user, else their name (a bot's in `locale`)."""
    uid = user_id(player)
    return f"<@{uid}>" if uid else shown(player, locale)


def moderator(actor: str) -> str:
    """Who a "mod:<id>" event names: a mention for a Discord user (the id bare, as
    older logs have it, or "discord:<id>"), else the id as written (the operator)."""
    mod = actor.removeprefix("mod:").removeprefix("discord:")
    return f"<@{mod}>" if mod.isdigit() else f"`{mod}`"


def name(player: Player, locale: str) -> str:
    """A player named in message text, a bot in the reader's language (`locale`)."""
    return shown(player, locale)


def thread_locale(ms: MatchState) -> str:
    """The language of the match's thread (each player's DM is in their own)."""
    return str(ms.place.get("locale", "en"))


def message_link(guild: Any, channel: int | str, message: int | str) -> str:
    return f"https://discord.com/channels/{guild}/{channel}/{message}"


# -- the lobby message ------------------------------------------------------------------


@dataclass(frozen=True)
class Lobby:
    content: str
    view: discord.ui.View | None  # the lobby's buttons, while it is open

    @cached_property  # a surface is frozen: its digest is taken once, however often it is compared
    def digest(self) -> str:
        return digest(self.content, self.view is None)


def lobby(ms: MatchState, locale: str) -> Lobby:
    game = ms.game
    lines = [f"## {M.lobby_title.format(game=game.title, match=ms.match_id)(locale)}"]
    players = ms.seats or ms.lobby
    seats = "\n".join(f"{i + 1}. {who(p, locale)}" for i, p in enumerate(players)) or f"— {M.none(locale)}"
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
    return Lobby(clip("\n".join(lines)), view)


# -- the board ------------------------------------------------------------------------------


def board(ms: MatchState, view: Any, locale: str, clock: Sequence[Text] = (),
          marks: Mapping[str, str] | None = None) -> layout.Board:
    """The public board's parts, as the thread's layout message shows them; `view` is
    the spectator's view of the state, `marks` the application's emoji for dice and pieces."""
    header = M.board_header.format(game=ms.game.title, match=ms.match_id, status=status_text(ms.status))(locale)
    with marks_shown(marks or {}):
        body = named(render.board(ms.game_id, view, locale), ms, locale)
    waiting = list(awaiting(ms)) if ms.status == "running" else []
    tail = []
    if waiting:
        tail.append(M.waiting_for.format(who=", ".join(name(ms.seats[p.seat], locale) for p in waiting))(locale))
    tail += [line(locale) for line in clock]
    # Alt text is read as plain text: what the picture shows in words, else the board's text without marks.
    alt = render.describe(ms.game_id, view, [p.name for p in ms.seats], locale) or \
        (M.board_alt.format(game=ms.game.title, match=ms.match_id)(locale) + "\n" + body).replace("**", "")
    return layout.Board(ms.match_id, header, body, "\n".join(tail), alt, waiting[0].seat if waiting else None,
                        ms.status == "running", locale)


@dataclass(frozen=True)
class BoardSurface:
    """The board as the thread shows it: its messages' texts, the picture on the first."""

    board: layout.Board
    image: bytes | None
    parts: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "parts", tuple(layout.parts(self.board)))

    # Frozen, so each is made once: the reconciler asks for the digest and the keys every round
    # (each hashing the picture), and each message's call for the views.
    @cached_property
    def digest(self) -> str:
        # `digest(list(self.parts), ...)`, the list's repr made of its parts' (`_reprs`), which the keys hash too.
        return digest(b"[" + b", ".join(self._reprs) + b"]", self.image or b"", self.board.seat,
                      self.board.hand_button)

    @cached_property
    def keys(self) -> list[str]:
        """What each message shows: its text, the image on the first, the button on the last, the colour."""
        last = len(self.parts) - 1
        return [digest(text, self.image or b"" if i == 0 else b"", self.board.hand_button and i == last,
                       self.board.seat) for i, text in enumerate(self._reprs)]

    @cached_property
    def _reprs(self) -> tuple[bytes, ...]:
        """Each part as `digest` hashes a str, `repr(part).encode()`: a board's text is a few thousand
        characters, and its repr (every line end escaped) is made once for the digest and the keys."""
        return tuple(repr(part).encode() for part in self.parts)

    def views(self) -> list[discord.ui.LayoutView]:
        return self._views

    @cached_property
    def _views(self) -> list[discord.ui.LayoutView]:
        return [layout.view(self.board, part, i, len(self.parts), self.image is not None)
                for i, part in enumerate(self.parts)]


# -- log lines ----------------------------------------------------------------------------


def line(ms: MatchState, e: Event, locale: str) -> str | None:
    """The thread's line for an event (None: it has none); also the catch-up's for events other than actions."""
    p = e.payload
    seats = ms.seats
    if e.type == "player_joined":
        return M.ev_joined.format(who=name(Player(**p["player"]), locale))(locale)
    if e.type == "player_left":
        return M.ev_left.format(who=f"<@{p['player_id'][8:]}>" if p["player_id"].startswith("discord:")
                                else p["player_id"])(locale)
    if e.type == "match_started":
        return M.ev_started.format(seats=", ".join(f"{i + 1}. {name(x, locale)}" for i, x in enumerate(seats)))(locale)
    if e.type == "action":
        return _action_line(ms, p, locale)
    if e.type == "revert":
        if p.get("kind") == "takeback":
            return M.ev_takeback(locale)
        if p.get("kind") == "redo":
            return M.ev_redo.format(who=moderator(e.actor), reason=p.get("reason") or "—")(locale)
        return M.ev_undo.format(who=moderator(e.actor), to=p["to_seq"], reason=p.get("reason") or "—")(locale)
    if e.type == "takeback_requested":
        if ms.takeback is not None and ms.takeback[1] == p["of_seq"]:
            return None  # still open: posted on its own, with the answer buttons
        return M.ev_tb_request.format(who=name(seats[p["seat"]], locale))(locale)
    if e.type == "takeback_answered":
        answer = M.accepts if p["accept"] else M.declines
        return M.ev_tb_answer.format(who=name(seats[p["seat"]], locale), answer=answer)(locale)
    return _seat_line(ms, e, locale)


def _action_line(ms: MatchState, p: Mapping[str, Any], locale: str) -> str:
    raw = [Text.from_json(x)(locale) for x in p.get("log", [])]
    lines = [named(x, ms, locale) for x in raw]
    seat = p["seat"]
    auto = catchup.AUTO_MARK.get(p.get("auto", ""), "")
    if any(f"⟦{seat}⟧" in x for x in raw) and lines:
        # The game names who did it: no tag in front to say it twice.
        return "\n".join([f"{auto} {lines[0]}" if auto else lines[0], *lines[1:]])
    tag = f"{name(ms.seats[seat], locale)}" if seat < len(ms.seats) else f"#{seat + 1}"
    mark = f" {auto}" if auto else ""
    return "\n".join(f"{tag}{mark} › {x}" for x in lines)


def _seat_line(ms: MatchState, e: Event, locale: str) -> str | None:
    """Seats changing hands, the match aborted, a note."""
    p = e.payload
    if e.type == "player_replaced":
        newcomer = name(Player(**p["player"]), locale)
        if not e.actor.startswith("mod:"):  # the seat's own player handed it over
            return M.ev_handed.format(seat=p["seat"] + 1, who=newcomer)(locale)
        return M.ev_replaced.format(mod=moderator(e.actor), seat=p["seat"] + 1,
                                    who=newcomer, reason=p.get("reason") or "—")(locale)
    if e.type == "player_removed":
        reason = M.reasons.get(p.get("reason", ""), Text(p.get("reason", ""), p.get("reason", "")))
        removed = M.ev_removed.format(seat=p["seat"] + 1, who=name(ms.seats[p["seat"]], locale), reason=reason)(locale)
        level = M.level_names.get(p.get("takeover", ""))
        return f"{removed} {M.ev_taken_over.format(level=level)(locale)}" if level else removed
    if e.type == "match_aborted":
        if not e.actor.startswith("mod:"):
            return M.ev_aborted_system.format(reason=p.get("reason") or "—")(locale)
        return M.ev_aborted.format(who=moderator(e.actor), reason=p.get("reason") or "—")(locale)
    if e.type == "note":
        return M.ev_note.format(text=p.get("text", ""))(locale)
    return None


@dataclass(frozen=True)
class LogChunk:
    """One log message's lines and the range of events it covers (`head`: the chain's hash at `last`)."""

    lines: tuple[str, ...]
    first: int
    last: int
    head: str | None


def log_chunks(ms: MatchState, events: Sequence[Event], locale: str) -> list[LogChunk]:
    """The events not yet shown as log messages, as many lines in each as fit beside its footer.
    The last chunk covers the last event even when it has no lines (the record moves past it)."""
    if not events:
        return []
    heads = {e.seq: e.hash for e in events}
    out: list[LogChunk] = []
    chunk: list[str] = []
    first, size = events[0].seq, 0
    for e in events:
        text = line(ms, e, locale)
        if not text:
            continue
        text = clip(text, LOG_LINE)
        if size + len(text) + 1 > LOG_CHUNK and chunk:
            out.append(LogChunk(tuple(chunk), first, e.seq - 1, heads.get(e.seq - 1)))
            chunk, size, first = [], 0, e.seq
        chunk.append(text)
        size += len(text) + 1
    out.append(LogChunk(tuple(chunk), first, events[-1].seq, events[-1].hash))
    return out


def footer(chunk: LogChunk, locale: str, board_link: str | None, sealed: bool) -> str:
    """A log message's last line: its event range, the link to the board, the chain head."""
    mark = f"-# #{chunk.first}" if chunk.first == chunk.last else f"-# #{chunk.first}–{chunk.last}"
    if board_link:
        mark += f" · [{M.board_link(locale)}](<{board_link}>)"
    if chunk.head and sealed:
        # The chain head as of `last`, where every player sees it: a history rewritten
        # later in the database no longer reaches it (`parley verify --head`).
        mark += f" · ⛓ `{chunk.last}:{chunk.head[:HEAD_DIGITS]}`"
    return mark


@dataclass(frozen=True)
class Takeback:
    """An open takeback request: a message of its own with Accept and Decline."""

    of: int  # the seq of the action it would take back
    text: str
    view: discord.ui.View


def takeback(ms: MatchState, locale: str) -> Takeback | None:
    if ms.takeback is None:
        return None
    seat, of = ms.takeback
    return Takeback(of, M.ev_tb_request.format(who=name(ms.seats[seat], locale))(locale), takeback_view(ms.match_id, of, locale))


# -- the ping -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ping:
    """Whom the thread mentions as awaited: `key` says what is awaited (pinged once per key)."""

    key: str
    text: str
    users: tuple[int, ...]


def waiting_key(ms: MatchState) -> str:
    if ms.status != "running":
        return ""
    turn = ms.game.turn(ms.state)
    parts = sorted(f"{p.seat}:{p.kind}" for p in awaiting(ms))
    return f"{turn}|{','.join(parts)}"


def ping(ms: MatchState, locale: str) -> Ping | None:
    """The mention of whoever is awaited (bots and forfeited seats are not), or None outside play."""
    key = waiting_key(ms)
    if not key:
        return None
    lines, users = [], []
    for p in awaiting(ms):
        player = ms.seats[p.seat]
        if player.is_bot or p.seat in ms.forfeited:
            continue
        lines.append(M.your_turn.format(who=who(player, locale), prompt=named(p.prompt(locale), ms, locale))(locale))
        uid = user_id(player)
        if uid:
            users.append(uid)
    return Ping(key, clip("\n".join(lines), PING_LIMIT), tuple(users))


# -- each seat's DM -------------------------------------------------------------------------


def private_text(ms: MatchState, view: Any, seat: int, locale: str, marks: Mapping[str, str] | None = None) -> str:
    """The seat's private view (`view`: the seat's own view of the state)."""
    with marks_shown(marks or {}):
        return named(render.private(ms.game_id, view, seat, locale), ms, locale)


@dataclass(frozen=True)
class Dm:
    """A seat's DM as far as deciding whether it needs showing again: the digest takes the
    seq everyone can see while it waits (another seat's standing orders must not make a DM
    new), which also fixes the catch-up, so that needs no digest of its own."""

    seat: int
    player: Player
    uid: int
    waiting: bool
    text: str  # the seat's private view
    public_seq: int

    @cached_property
    def digest(self) -> str:
        return digest(self.player.id, self.text, self.public_seq if self.waiting else None)


@dataclass(frozen=True)
class DmMessage:
    """What a seat's DM shows, as layout messages (bot/discord/handlayout.py): its messages'
    texts, the decision's cards and menu under the last, and what each message shows
    (`keys`), so only those that changed are edited."""

    hand: handlayout.Hand
    parts: tuple[str, ...]
    keys: tuple[str, ...]

    def view(self, index: int, menu: bool, note: str = "") -> discord.ui.LayoutView:
        """Message `index` of the DM, the decision under it when `menu`; `note` (what a move did) on top."""
        return handlayout.view(self.hand, self.parts[index], menu, note)


@dataclass(frozen=True)
class SeatDm:
    """A seat's DM as a pass of the delivery shows it: `grows_below` when its messages are the
    last of the channel (more appended stay together), `since` what its catch-up covers."""

    dm: Dm
    message: DmMessage
    grows_below: bool = False
    since: tuple[int, int] | None = None


def dm(ms: MatchState, seat: int, text: str, waiting: bool) -> Dm:
    player = ms.seats[seat]
    return Dm(seat, player, user_id(player) or 0, waiting, text, ms.public_seq)


def dm_message(ms: MatchState, shown: Dm, thread: str, found: list[tuple[str | None, list[str]]],
               choices: Sequence[Choice]) -> DmMessage:
    """The DM's messages, in the player's language: the header, the catch-up (`found`) in the
    room the rest leaves, the private text, and while awaited the prompt and the decision
    offering `choices`, the seat's legal ones (the service's, shared with the click made on
    them: built only for a DM whose digest changed, so only then asked of the rules)."""
    locale = shown.player.locale
    header = M.dm_header.format(game=ms.game.title, match=ms.match_id, where=f"<#{thread}>")(locale)
    decision, prompt = awaited(ms, shown.seat, choices, locale) if shown.waiting else (None, "")
    body = f"{shown.text}{prompt}"
    news = catchup.fitted(found, locale, header, body, layout.TEXT_LIMIT)
    hand = handlayout.Hand(shown.seat, "\n".join(x for x in (header, news, body) if x), decision)
    parts = handlayout.parts(hand)
    last = len(parts) - 1
    # What each message shows: its text, and the decision (its cards, its menu) under the last.
    keys = tuple(digest(part, ms.public_seq if shown.waiting and i == last else None) for i, part in enumerate(parts))
    return DmMessage(hand, tuple(parts), keys)


def awaited(ms: MatchState, seat: int, choices: Sequence[Choice], locale: str) -> tuple[handlayout.Decision, str]:
    """The decision awaited of `seat`, offering `choices`, and the prompt shown above it (with
    the pointer to `/parley act` when no menu can list them all): the DM and `/parley hand` alike."""
    decision = handlayout.Decision(ms.match_id, ms.public_seq, seat, tuple(choices), locale,
                                   tuple(seat_names(ms, "plain", locale)))
    pend = next(p for p in awaiting(ms) if p.seat == seat)
    prompt = "\n**" + named(pend.prompt(locale), ms, locale, "inside-bold") + "**"
    if choices and not handlayout.listed(decision):
        prompt += "\n" + M.too_many(locale)
    return decision, prompt


def ended_dm(seat: int, text: str) -> discord.ui.LayoutView | None:
    """A DM's last message once its match ended: its text (`text`, as the record noted it) with
    no decision, since a layout message cannot be emptied; None for a DM sent before layouts
    (no text noted), which just loses its menu."""
    return handlayout.view(handlayout.Hand(seat, text, None), text, True) if text else None


@dataclass(frozen=True)
class End:
    """What the thread of a match that ended shows, below its last log line: the result (a finished
    match with an outcome), its summary and then its replay page (a finished match); the thread is
    archived last of all."""

    result: str | None
    summary: str | None
    page: bool


def end(ms: MatchState, locale: str, summary: str | None) -> End | None:
    """The end of the match, None while it goes on; `summary`: the finished match's (summary.py)."""
    if ms.status not in ("finished", "aborted"):
        return None
    finished = ms.status == "finished"
    result = None
    if finished and ms.outcome is not None:
        winners = ", ".join(who(ms.seats[s], locale) for s in ms.outcome.winners) or M.none(locale)
        result = M.finished.format(who=winners, reason=named(ms.outcome.reason(locale), ms, locale))(locale)
    return End(result, summary if finished else None, finished)


def dm_seats(ms: MatchState) -> list[int]:
    """The seats that get a DM: Discord users still in the match, while it runs."""
    if ms.status != "running":
        return []
    return [seat for seat, player in enumerate(ms.seats) if user_id(player) is not None and seat not in ms.forfeited]


def status_of(ms: MatchState) -> str:
    """The status tag a match-hall post wears (bot/discord/hall.py)."""
    return "lobby" if ms.status == "lobby" else "running" if ms.status == "running" else "over"


# -- the match's other places: where it opens, read back, reminders, tells, the replay page ----------


@dataclass(frozen=True)
class Opening:
    """Where a match shows itself first: the lobby message in its channel and the thread hanging
    from it, or, in a match hall (`forum`), one forum post that is both."""

    match_id: str
    lobby: Lobby
    channel: int
    name: str  # the thread's
    forum: int | None


def opening(ms: MatchState, locale: str) -> Opening | None:
    """None for a match that ended before it had a thread (its lobby message is only closed),
    and for one played elsewhere than in a Discord channel."""
    if ms.status in ("finished", "aborted") or not ms.place.get("channel"):
        return None
    forum = ms.place.get("forum")
    return Opening(ms.match_id, lobby(ms, locale), int(ms.place["channel"]), clip(f"{ms.game.title(locale)} · {ms.match_id}", 100),
                   int(forum) if forum else None)


@dataclass(frozen=True)
class Listing:
    """A server's looking-for-players post (bot/discord/hall.py): its open lobbies in `text`, in the
    language of the server's hall, posted in `forum` (the first match hall's) when it has none yet."""

    guild: str
    text: str
    locale: str
    forum: int

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Recovery:
    """After a start, the thread's last messages read back, once per start (`start`): a post may
    have landed just before a crash lost the note that it had."""

    match_id: str
    takeback_of: int | None  # the open takeback request's action, whose message may be there
    start: str


def recovery(ms: MatchState, start: str) -> Recovery:
    return Recovery(ms.match_id, ms.takeback[1] if ms.takeback is not None else None, start)


@dataclass(frozen=True)
class Reminder:
    """The scheduler's reminder of the seats it found waiting too long (`key`: that finding,
    posted once), mentioning them with the hand button."""

    key: str
    text: str
    users: tuple[int, ...]


def reminder(ms: MatchState, seats: Sequence[int], locale: str, key: str) -> Reminder | None:
    pending = {p.seat: p for p in awaiting(ms)}
    lines, users = [], []
    for s in seats:
        player = ms.seats[s]
        lines.append(M.reminder.format(who=who(player, locale), prompt=named(pending[s].prompt(locale), ms, locale))(locale))
        uid = user_id(player)
        if uid:
            users.append(uid)
    return Reminder(key, clip("\n".join(lines)), tuple(users)) if lines else None


@dataclass(frozen=True)
class DmClosed:
    """A player the bot cannot send a DM, told once in the thread (mentioned, with the hand
    button, nothing private) to use `/parley hand`."""

    player: str  # their Player.id
    text: str
    user: int


def dm_closed(ms: MatchState, player: Player, uid: int) -> DmClosed:
    locale = thread_locale(ms)
    return DmClosed(player.id, M.dm_closed.format(who=who(player, locale))(locale), uid)


@dataclass(frozen=True)
class Page:
    """A finished match's replay page, once drawn (`html` None: it could not be made, so the
    summary stays without it)."""

    html: bytes | None


# -- everything at once ------------------------------------------------------------------------


@dataclass(frozen=True)
class Inputs:
    """What the projection reads besides the match state, gathered by the delivery:
    the views the service computed (the spectator's, each seat's), the board's clock
    lines and picture, the events not yet in the log, the application's emoji."""

    public: Any = None
    private: Mapping[int, Any] = field(default_factory=dict)
    clock: Sequence[Text] = ()
    image: bytes | None = None
    events: Sequence[Event] = ()
    marks: Mapping[str, str] = field(default_factory=dict)
    summary: str | None = None  # a finished match's (summary.py)


@dataclass(frozen=True)
class Thread:
    """What the thread's own messages show (board and ping only once the match has a state)."""

    board: BoardSurface | None
    log: tuple[LogChunk, ...]
    takeback: Takeback | None
    ping: Ping | None


@dataclass(frozen=True)
class Surfaces:
    """What the places of a match should show. A pass of the delivery gathers some of them: a
    place left None (or empty) is not looked at by the reconciler in that pass, so a pass that
    only retags a post, reminds or ends the match touches nothing else."""

    lobby: Lobby | None = None
    thread: Thread | None = None
    dms: tuple[Dm, ...] = ()
    locale: str = "en"  # the thread's
    guild: Any = None  # the server, for links to messages
    opening: Opening | None = None  # while the match has no thread
    listing: Listing | None = None  # the server's looking-for-players post, in a server with a match hall
    listed: bool | None = None  # whether the match is among the open lobbies that post lists
    recovery: Recovery | None = None  # after a start
    reminder: Reminder | None = None
    status: str | None = None  # the status tag of a match-hall post (hall.status_of)
    dm_closed: tuple[DmClosed, ...] = ()
    end: End | None = None  # once the match ended
    page: Page | None = None  # once its replay page is drawn
    seat_dms: tuple[SeatDm, ...] = ()  # the DMs a pass shows, with their messages


def project(ms: MatchState, inputs: Inputs, locale: str) -> Surfaces:
    started = ms.state is not None
    shown_board = BoardSurface(board(ms, inputs.public, locale, inputs.clock, inputs.marks), inputs.image) \
        if started else None
    pending = {p.seat for p in awaiting(ms)} if started and ms.status == "running" else set()
    dms = tuple(dm(ms, seat, private_text(ms, inputs.private[seat], seat, ms.seats[seat].locale, inputs.marks),
                   seat in pending) for seat in dm_seats(ms) if seat in inputs.private)
    thread = Thread(shown_board, tuple(log_chunks(ms, inputs.events, locale)), takeback(ms, locale),
                    ping(ms, locale) if started else None)
    return Surfaces(lobby(ms, locale), thread, dms, locale, ms.place.get("guild"), opening(ms, locale),
                    status=status_of(ms), end=end(ms, locale, inputs.summary))
