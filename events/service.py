"""The match service: the application layer both front ends use.

It turns a command into appended events and a new state. Commands on one
match are serialised by a per-match lock; live state is cached in memory and
rebuilt from the log (from the newest usable snapshot) on a cold start.
Nothing is acknowledged before its events are committed.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import secrets as secrets_module
import uuid
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from typing import Any, NamedTuple

from engine.core import ALL_SEEING, SPECTATOR, Choice, Game, Pending, Rng, RuleError, Text, Viewer, commitment
from engine.core.actions import typed_number
from engine.core.arguments import check_arguments
from engine.core.forced import forced_action
from engine.core.orders import Order, ordering
from engine.core.play import Step, check_pending
from engine.core.premoves import typed as typed_order
from engine.registry import get_game

from . import errors, moderators, snapshot
from .bots import bot_level, bot_move, bot_player, check_bot_level
from .clockfeed import extension_note
from .decks import started_options
from .errors import ReplayError
from .history import Lineage, lineage
from .model import Event, NewEvent, Player
from .recorder import Recorder
from .recording import action_record
from .replay import (
    MatchState,
    apply_action,
    apply_event,
    created,
    game_for,
    outcome_json,
    rebuild,
    restore,
)
from .seal import sealed
from .store import LEAGUE, Conflict, DuplicateCommand, MatchRow, Opened
from .takeover import check_takeover, takeover_level
from .window import WINDOW, responding

AUTO_LIMIT = 1_000_000
ORDERED_LIMIT = 2_000  # events of one command past which standing orders wait for the next
RETRIES = 3  # decisions of one command when other processes keep appending first
RECENT_IDS = 64  # command ids each cached match remembers (a retry comes within seconds)
# The newest events kept of each of the TAILS matches that moved last: a front end showing a move
# reads the log from its last line shown or from where the awaited seat last moved, which in the
# Discord bench's matches of every game was at most 21 events back (p99 19). Bounded across matches,
# not per cached match: a thousand cached matches' events would be as much memory as their states.
TAIL = 24
TAILS = 64
VIEW_CACHE = 4096  # views and choice lists kept: a few per active match is all a command needs
CACHE_LIMIT = 1000  # matches kept in memory; the least recently used leave, to a snapshot
# What a long-running front end passes as `fresh_for`: a Discord command reads
# its match several times within milliseconds, and another process's move shows
# at most this late (commands never decide on a stale cache: they check).
FRESH_FOR = 1.0

log = logging.getLogger(__name__)

Built = tuple[list[NewEvent], list[MatchState]]
# Decides a command's events from the current state, or raises RuleError.
Build = Callable[[MatchState, bytes], Built | Awaitable[Built]]  # auto-played decisions in one command; more means a bot loop


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class CommandResult:
    """What a command did. `duplicate` means a retry of an already recorded
    command: nothing new was appended and `events` are the first attempt's."""

    match: MatchState
    events: list[Event]
    duplicate: bool = False

    @property
    def log(self) -> list[Text]:
        lines: list[Text] = []
        for e in self.events:
            lines.extend(Text.from_json(x) for x in e.payload.get("log", []))
        return lines


@dataclass
class _Live:
    ms: MatchState
    secret: bytes
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    checked: float = float("-inf")  # the event loop's time when `ms` was last known to be the newest
    snapped: int = 0  # the seq of the newest snapshot stored (or loaded) for it
    # The command ids this process committed lately, with their events' first seq: a retry of one
    # is answered without a read (a command decided with no read of its own finds it here).
    recent: dict[str, int] = field(default_factory=dict)
    # The newest events, gapless and ending at `ms.seq` (or none): what this process appended or
    # read for the match, so a front end's read of the last few events costs no round trip.
    tail: list[Event] = field(default_factory=list)

    def moved_on(self, ms: MatchState, events: list[Event]) -> None:
        """`ms` is the newest state, reached by `events` (gapless, ending at its seq)."""
        if not events or events[-1].seq != ms.seq:
            self.tail = []
        elif self.tail and self.tail[-1].seq == events[0].seq - 1:
            self.tail = (self.tail + events)[-TAIL:]
        else:
            self.tail = events[-TAIL:]
        self.ms = ms

    def committed(self, command_id: str | None, seq: int) -> None:
        if command_id is not None:
            self.recent[command_id] = seq
            if len(self.recent) > RECENT_IDS:
                del self.recent[next(iter(self.recent))]


class MatchService:
    def __init__(self, store: Recorder, *, snapshot_every: int = 50, clock: Callable[[], str] = utc_now,
                 new_secret: Callable[[], bytes] = lambda: secrets_module.token_bytes(32),
                 bot_rng: Rng | None = None, operator: str | None = None, fresh_for: float = 0.0,
                 cache_limit: int = CACHE_LIMIT) -> None:
        self.store = store
        # How long a read may trust that no other process moved a match on since
        # this one last knew it was the newest (by a check or its own commit).
        # 0 checks on every read; commands check under the match's lock whatever it is.
        self.fresh_for = fresh_for
        self.cache_limit = max(1, cache_limit)
        # Who holds the database in this process (the command line): it moderates
        # every match. A front end serving other people passes None.
        self.operator = operator
        self.snapshot_every = snapshot_every
        self.clock = clock
        self.new_secret = new_secret
        # Bots' choices are recorded in the log, so their randomness needs no
        # replay; self-play passes a seeded stream to make runs repeatable.
        self.bot_rng = bot_rng or Rng(secrets_module.token_bytes(32))
        self._live: dict[str, _Live] = {}
        self._opening: dict[str, asyncio.Lock] = {}
        self._derived: dict[tuple[Any, ...], tuple[Any, Any]] = {}  # (match, seq, what) -> (state, value)
        self._tails: dict[str, None] = {}  # the matches keeping their newest events, the one that moved last last

    # -- loading -----------------------------------------------------------------

    async def _load(self, match_id: str, fresh: bool = True) -> _Live:
        """The match, from the cache or loaded cold; with `fresh`, caught up with
        other processes unless this one knew it newest within `fresh_for`."""
        live = self._live.get(match_id)
        if live is not None:
            self._live[match_id] = self._live.pop(match_id)  # the most recently used, last
            if fresh and asyncio.get_running_loop().time() - live.checked >= self.fresh_for:
                await self._fresh(live)
            return live
        lock = self._opening.setdefault(match_id, asyncio.Lock())
        try:
            async with lock:
                live = self._live.get(match_id)
                if live is None:
                    began = asyncio.get_running_loop().time()
                    opened = (await self.store.opening([match_id])).get(match_id)
                    if opened is None or opened.row.game == LEAGUE:  # a league is a stream, not a match to play
                        raise errors.not_found(match_id)
                    live = await self._opened(opened)
                    live.checked = began
                    self._live[match_id] = live
                    await self._evict()
        finally:
            # The map holds a lock only while someone opens the match.
            if not lock.locked() and self._opening.get(match_id) is lock:
                del self._opening[match_id]
        return live

    async def _opened(self, opened: Opened) -> _Live:
        """A match rebuilt from its newest usable snapshot and the events after it."""
        row = opened.row
        ruleset = game_for(row.game, row.ruleset).ruleset
        start = _from_snapshot(opened.snapshots.get(ruleset), ruleset, row)
        events = [e for e in opened.events if start is None or e.seq > start.seq]
        if (start is None and opened.after > 0) or _reverts_past(start, events):
            # Without a usable snapshot the events before it are needed too: the whole log.
            return _Live(await self._from_the_start(row.id, opened.secret), opened.secret, snapped=0)
        ms = rebuild(events, opened.secret, start)[0]
        live = _Live(ms, opened.secret, snapped=start.seq if start is not None else 0)
        self._moved_on(live, ms, events)
        return live

    def _moved_on(self, live: _Live, ms: MatchState, events: list[Event]) -> None:
        """`live`'s newest state is `ms`, reached by `events` (`_Live.moved_on`), and it moved last:
        the matches beyond the TAILS that moved last let go of their events."""
        live.moved_on(ms, events)
        match_id = ms.match_id
        self._tails.pop(match_id, None)
        if live.tail:
            self._tails[match_id] = None
        while len(self._tails) > TAILS:
            oldest = next(iter(self._tails))
            del self._tails[oldest]
            if (other := self._live.get(oldest)) is not None:
                other.tail = []

    async def _evict(self) -> None:
        """Keep at most `cache_limit` matches: the least recently used leave,
        first to a snapshot when they moved on since their last one, so they
        come back cold in a few reads. A match a command holds stays."""
        while len(self._live) > self.cache_limit:
            victim = next((m for m, live in self._live.items() if not live.lock.locked()), None)
            if victim is None:
                return
            live = self._live.pop(victim)
            if live.ms.seq > live.snapped and live.ms.state is not None:
                await self._snapshot(live)

    async def checkpoint(self) -> int:
        """Snapshot every cached match that moved on since its last snapshot (at
        shutdown, so the next start loads each from a snapshot). Returns how many."""
        stale = [live for live in list(self._live.values()) if live.ms.seq > live.snapped and live.ms.state is not None]
        for live in stale:
            await self._snapshot(live)
        return len(stale)

    async def _fresh(self, live: _Live, command_id: str | None = None) -> int | None:
        """Catch the cached match up with whatever another process (a second
        bot, the CLI's undo) appended since: one indexed read when nothing did.
        Returns the seq of the event recorded for `command_id`, if it was (the
        same read answers it)."""
        began = asyncio.get_running_loop().time()
        head = await self.store.head(live.ms.match_id, command_id)
        if head is None:
            return None
        last, recorded = head
        if last == live.ms.seq:
            live.checked = max(live.checked, began)
            return recorded
        cached = live.ms
        newer = await self.store.events(cached.match_id, after=cached.seq)
        try:
            if any(e.type == "revert" for e in newer):
                raise ReplayError("a revert needs the states it returns to")
            caught_up = rebuild(newer, live.secret, cached)[0]
        except ReplayError:
            row = await self.store.match(cached.match_id)
            assert row is not None
            caught_up = await self._rebuild(row, live.secret)
        # Readers refresh without the match's lock, so a slower refresh must
        # not put back a state older than one a command has since committed.
        if caught_up.seq > live.ms.seq:
            self._moved_on(live, caught_up, newer)  # the log's own, after `cached`: gapless
        if caught_up.seq >= last:
            live.checked = max(live.checked, began)
        return recorded

    async def _rebuild(self, row: MatchRow, secret: bytes, upto: int | None = None) -> MatchState:
        """From the newest snapshot of this ruleset when one is usable, else from the start."""
        ruleset = game_for(row.game, row.ruleset).ruleset
        start = _from_snapshot(await self.store.latest_snapshot(row.id, ruleset, upto), ruleset, row)

        def rebuilt(events: list[Event]) -> MatchState | None:
            return None if _reverts_past(start, events) else rebuild(events, secret, start)[0]

        # Folded where the store reads the events (Recorder.fold): a rebuild's events never leave that thread.
        ms = await self.store.fold(row.id, rebuilt, after=start.seq if start else 0, upto=upto)
        return ms if ms is not None else await self._from_the_start(row.id, secret, upto)

    async def _from_the_start(self, match_id: str, secret: bytes, upto: int | None = None) -> MatchState:
        """The match rebuilt from its whole log (up to `upto`), folded where the store reads it."""
        ms: MatchState = await self.store.fold(match_id, lambda events: rebuild(events, secret)[0], upto=upto)
        return ms

    async def get(self, match_id: str) -> MatchState:
        return (await self._load(match_id)).ms

    async def warm(self) -> int:
        """Load the most recently created running matches, as many as the cache
        holds, each from its newest snapshot (a cold start). Returns how many."""
        rows = await self.store.matches(status=("lobby", "running"), limit=self.cache_limit)
        ids = [r.id for r in rows if r.id not in self._live][:max(0, self.cache_limit - len(self._live))]
        loaded = 0
        for start in range(0, len(ids), 500):
            began = asyncio.get_running_loop().time()
            for match_id, opened in (await self.store.opening(ids[start:start + 500])).items():
                if match_id not in self._live:
                    live = await self._opened(opened)
                    live.checked = began
                    self._live[match_id] = live
                    loaded += 1
        return loaded

    def cached(self) -> int:
        """How many matches are in memory (at most `cache_limit`)."""
        return len(self._live)

    def forget(self, match_id: str | None = None) -> None:
        """Drop cached state (tests use this to force a rebuild from the log)."""
        if match_id is None:
            self._live.clear()
        else:
            self._live.pop(match_id, None)

    # -- the write path ----------------------------------------------------------

    async def _commit(self, live: _Live, before: MatchState, new: list[NewEvent], states: list[MatchState]
                      ) -> list[Event]:
        """Append after `before`, the state the command was decided on, never after
        whatever the cache holds now: a reader may have caught the cache up with
        another process's events while the command was being decided (a bot's
        search runs off the event loop), and a command decided on the old state
        must not land on the new one. The store checks `before.seq` is still its
        last seq inside the write, so such a command fails with Conflict."""
        after = states[-1]
        events = await self.store.append(
            before.match_id, before.seq, new, self.clock(), status=after.status,
            players=[p.id for p in (after.seats or after.lobby)],
            result=outcome_json(after) if after.status == "finished" and before.status != "finished" else None)
        self._moved_on(live, after, events)
        live.checked = max(live.checked, asyncio.get_running_loop().time())
        if after.seq // self.snapshot_every > before.seq // self.snapshot_every:
            await self._snapshot(live)
        return events

    async def _snapshot(self, live: _Live) -> None:
        """A snapshot only saves time on the next cold load; the move is already
        committed, so failing to write one must not report the move as failed."""
        ms = live.ms
        try:
            await self.store.save_snapshot(ms.match_id, ms.seq, ms.game.ruleset, snapshot.dump(ms))
        except Exception as exc:
            log.warning("snapshot of %s at %d not written: %s", ms.match_id, ms.seq, type(exc).__name__)
        else:
            live.snapped = max(live.snapped, ms.seq)

    async def _run(self, match_id: str, command_id: str | None, build: Build) -> CommandResult:
        """Serialise, deduplicate, decide, append. `build` raises RuleError to refuse.

        A match this process knew newest within `fresh_for` (a read just now,
        or its own commit) is decided on without a read of its own: the append
        lands only if no other process appended since (the store's check on the
        seq), a command id taken meanwhile fails it on the store's constraint,
        and a refusal is decided again after a read, so neither a move nor a
        refusal ever stands on a stale state. Otherwise the read comes first.
        When another process appended while this one decided, the command is
        decided again on the newer state (which may refuse it: the match was
        aborted, the button is stale); it never lands on a state it was not
        decided on."""
        live = await self._load(match_id, fresh=False)  # the check that counts is the one under the lock
        async with live.lock:
            trusted = asyncio.get_running_loop().time() - live.checked < self.fresh_for
            conflicts = 0
            while True:
                if trusted:
                    recorded = live.recent.get(command_id) if command_id is not None else None
                else:
                    recorded = await self._fresh(live, command_id)
                if recorded is not None:
                    return CommandResult(live.ms, await self._events_from(match_id, recorded), duplicate=True)
                before = live.ms
                try:
                    built = build(before, live.secret)
                    new, states = await built if inspect.isawaitable(built) else built
                except RuleError:
                    if not trusted:
                        raise
                    trusted = False  # refused on a state not read just now: read it, and decide again
                    continue
                if command_id is not None and new:
                    new[0] = new[0].model_copy(update={"command_id": command_id})
                try:
                    events = await self._commit(live, before, new, states)
                except DuplicateCommand:
                    # A retry that raced its own first attempt: answer with the first's result.
                    recorded = await self._fresh(live, command_id)
                    if recorded is None:
                        raise errors.busy() from None
                    return CommandResult(live.ms, await self._events_from(match_id, recorded), duplicate=True)
                except Conflict as exc:
                    conflicts += 1
                    if conflicts == RETRIES:
                        raise errors.busy() from exc
                    trusted = False
                    continue
                if events:
                    live.committed(command_id, events[0].seq)
                return CommandResult(live.ms, events)

    async def _events_from(self, match_id: str, seq: int) -> list[Event]:
        """A command's events: the one carrying its id (at `seq`) and the automatic ones after it."""
        first, *following = await self.store.events(match_id, after=seq - 1)
        out = [first]
        for e in following:
            if e.command_id is not None or e.actor != "system":
                break
            out.append(e)
        return out

    # -- lobby -------------------------------------------------------------------

    async def create(self, game_id: str, creator: Player, options: Mapping[str, Any] | None = None, *,
                     place: Mapping[str, Any] | None = None, match_id: str | None = None,
                     join: bool = True) -> MatchState:
        try:
            game = get_game(game_id)
        except (KeyError, ImportError) as exc:
            raise errors.Refused(Text(f"Unknown game '{game_id}'.", f"ゲーム「{game_id}」はありません。"),
                                 Text("Use `list-games` to see the games.", "`list-games` でゲーム一覧を表示します。")
                                 ) from exc
        game.options(options or {}, game.min_seats)  # fail early on malformed options
        if place and "takeover" in place:
            check_takeover(game, place["takeover"])
        secret = self.new_secret()
        match_id = match_id or uuid.uuid4().hex[:10]
        now = self.clock()
        place = dict(place or {})
        first = NewEvent(type="match_created", actor=creator.id, payload={
            "game": game_id, "ruleset": game.ruleset, "options": dict(options or {}),
            "commitment": commitment(secret), "place": place, "seals": True,
            **({"data": game.data_digest()} if game.data_digest() else {})})
        row = MatchRow(match_id, game_id, game.ruleset, now, now, "lobby", commitment(secret),
                       _str(place.get("guild")), _str(place.get("channel")), [], None, 0)
        event = await self.store.create_match(row, secret, first)
        if match_id not in self._live:
            opened = created(event)
            self._live[match_id] = _Live(opened, secret, checked=asyncio.get_running_loop().time())
            self._moved_on(self._live[match_id], opened, [event])
        await self._evict()
        if join:
            await self.join(match_id, creator)
        return await self.get(match_id)

    async def join(self, match_id: str, player: Player, command_id: str | None = None) -> CommandResult:
        def build(ms: MatchState, secret: bytes) -> tuple[list[NewEvent], list[MatchState]]:
            _need(ms, "lobby")
            if any(p.id == player.id for p in ms.lobby):
                raise errors.Refused(Text("You have already joined.", "すでに参加しています。"))
            if len(ms.lobby) >= ms.game.max_seats:
                raise errors.Refused(Text("The match is full.", "満席です。"),
                                     Text(f"{ms.game.title.en} takes at most {ms.game.max_seats} players.",
                                          f"{ms.game.title.ja}は最大{ms.game.max_seats}人です。"))
            return self._single(ms, secret, NewEvent(type="player_joined", actor=player.id,
                                                     payload={"player": player.model_dump()}))
        return await self._run(match_id, command_id, build)

    async def add_bot(self, match_id: str, actor: str, command_id: str | None = None,
                      level: str = "easy") -> CommandResult:
        ms = await self.get(match_id)
        check_bot_level(ms.game, level)
        n = 1 + sum(1 for p in ms.lobby if p.is_bot)
        return await self.join(match_id, bot_player(n, level), command_id)

    async def leave(self, match_id: str, player_id: str, command_id: str | None = None) -> CommandResult:
        def build(ms: MatchState, secret: bytes) -> tuple[list[NewEvent], list[MatchState]]:
            _need(ms, "lobby")
            if all(p.id != player_id for p in ms.lobby):
                raise errors.Refused(Text("You are not in this lobby.", "この募集に参加していません。"))
            return self._single(ms, secret, NewEvent(type="player_left", actor=player_id,
                                                     payload={"player_id": player_id}))
        return await self._run(match_id, command_id, build)

    async def start(self, match_id: str, actor: str, *, command_id: str | None = None) -> CommandResult:
        """By the creator, or by a moderator of the match (see events/moderators.py)."""
        if actor != (await self.get(match_id)).creator and not await self._moderates(match_id, actor):
            raise errors.Refused(Text("Only the match's creator or a moderator can start it.",
                                      "開始できるのは作成者かモデレーターだけです。"))

        def build(ms: MatchState, secret: bytes) -> Awaitable[Built]:
            _need(ms, "lobby")
            game = ms.game
            if not game.min_seats <= len(ms.lobby) <= game.max_seats:
                raise errors.Refused(
                    Text(f"{game.title.en} needs {game.min_seats}-{game.max_seats} players; {len(ms.lobby)} joined.",
                         f"{game.title.ja}は{game.min_seats}〜{game.max_seats}人用です（現在{len(ms.lobby)}人）。"))
            options, hidden = started_options(ms, picks)
            # A moderator starting someone else's match is recorded as one, so
            # replay can tell that start from a forged one.
            who = actor if actor == ms.creator else f"mod:{actor}"
            payload: dict[str, Any] = {"seats": [p.id for p in ms.lobby], "options": options}
            if hidden:  # the decks picked in the lobby: sealed, no seat reads them in the log
                payload = sealed(secret, ms.seq + 1, "match_started", {**payload, "decks": hidden})
            start = NewEvent(type="match_started", actor=who, payload=payload)
            return self._with_auto(ms, secret, [start])
        # Read before the lock (picks are refused once the match has started).
        picks = {p: text for p, (_, text) in (await self.store.lobby_decks(match_id)).items()}
        return await self._run(match_id, command_id, build)

    # -- play --------------------------------------------------------------------

    def resolve_seat(self, ms: MatchState, player_id: str, seat: int | None = None) -> int:
        """The seat a player acts for: the given one if theirs, else their pending one."""
        mine = ms.seat_of(player_id)
        if not mine:
            raise errors.not_seated()
        if seat is not None:
            if seat not in mine:
                raise errors.not_seated()
            return seat
        pending = {p.seat for p in ms.game.pending(ms.state)} if ms.state is not None else set()
        return next((s for s in mine if s in pending), mine[0])

    def parse(self, ms: MatchState, seat: int, text: str) -> dict[str, Any]:
        """Text to an action: a listed choice's number or code, or the generic form."""
        text = text.strip()
        choices = self.choices_of(ms, seat)
        number = typed_number(text, signed=False)
        if number is not None:
            if 1 <= number <= len(choices):
                return dict(choices[number - 1].action)
            raise errors.Refused(Text(f"There is no choice {number}.", f"選択肢{number}はありません。"),
                                 Text(f"Choose a number from 1 to {len(choices)}, or type an action.",
                                      f"1〜{len(choices)}の番号を選ぶか、行動を入力してください。"))
        for c in choices:
            if c.code == text:
                return dict(c.action)
        action = ms.game.parse_action(text)
        if choices:  # when it is not this seat's decision, the rules say so
            check_arguments(choices, action, ms.game.optional_args)
        return action

    async def act(self, match_id: str, player_id: str, action: Mapping[str, Any] | str, *,
                  seat: int | None = None, command_id: str | None = None,
                  expected_seq: int | None = None) -> CommandResult:
        """Play an action. With `expected_seq` (a button offered at that event),
        the action is refused if anything happened since: the check and the
        append happen under the match's lock, so it is safe across processes too."""
        def build(ms: MatchState, secret: bytes) -> Awaitable[Built]:
            _need(ms, "running")
            _current(ms, expected_seq)
            s = self.resolve_seat(ms, player_id, seat)
            act = self.parse(ms, s, action) if isinstance(action, str) else dict(action)
            return self._with_auto(ms, secret, [], first=(player_id, s, act))
        return await self._run(match_id, command_id, build)

    async def skip(self, match_id: str, seat: int, reason: str = "deadline",
                   command_id: str | None = None, expected_seq: int | None = None) -> CommandResult:
        """A missed deadline, or a response window closing (reason "window"): the
        seat's default (passive) action, played by the system."""
        def build(ms: MatchState, secret: bytes) -> Awaitable[Built]:
            _need(ms, "running")
            _current(ms, expected_seq)
            check_pending(ms.game, ms.state, seat)
            if reason == WINDOW and seat not in responding(ms):
                raise errors.Refused(Text("That decision is not a response: no window closes it.",
                                          "その判断は応答ではないため、受付時間で締め切られません。"))
            act = ms.game.default_action(ms.state, seat)
            return self._with_auto(ms, secret, [], first=("system", seat, act), note=reason)
        return await self._run(match_id, command_id, build)

    async def set_order(self, match_id: str, player_id: str, words: str, *, seat: int | None = None,
                        command_id: str | None = None) -> CommandResult:
        """Add a standing order to the player's seat (replacing one of the same
        name). It answers at once if the decision it covers is already waiting."""
        def build(ms: MatchState, secret: bytes) -> Awaitable[Built]:
            s = self._ordering_seat(ms, player_id, seat)
            order = typed_order(ms.game, ms.state, words)
            mine = [o for o in ms.orders.get(s, ()) if o.name != order.name]
            return self._with_auto(ms, secret, [self._orders_event(ms, secret, player_id, s, [*mine, order])])
        return await self._run(match_id, command_id, build)

    async def cancel_orders(self, match_id: str, player_id: str, *, seat: int | None = None,
                            command_id: str | None = None) -> CommandResult:
        def build(ms: MatchState, secret: bytes) -> tuple[list[NewEvent], list[MatchState]]:
            s = self._ordering_seat(ms, player_id, seat)
            if not ms.orders.get(s):
                raise errors.Refused(Text("You have no standing orders to cancel.", "取り消す事前指示はありません。"))
            return self._single(ms, secret, self._orders_event(ms, secret, player_id, s, []))
        return await self._run(match_id, command_id, build)

    def _ordering_seat(self, ms: MatchState, player_id: str, seat: int | None) -> int:
        _need(ms, "running")
        s = self.resolve_seat(ms, player_id, seat)
        if s in ms.forfeited:
            raise errors.Refused(Text("Your seat has left the game: it plays by default now, not by orders.",
                                      "あなたの席はすでにゲームから外れ、既定の行動で進みます。事前指示は使えません。"))
        return s

    def orders_of(self, ms: MatchState, player_id: str, seat: int | None = None) -> list[Order]:
        """The player's own standing orders (for their eyes only)."""
        return list(ms.orders.get(self.resolve_seat(ms, player_id, seat), ()))

    @staticmethod
    def _orders_event(ms: MatchState, secret: bytes, player_id: str, seat: int, orders: list[Order]) -> NewEvent:
        # The seat's whole set, sealed: others see only that the seat touched its orders.
        payload = sealed(secret, ms.seq + 1, "standing_orders", {"seat": seat, "orders": [o.to_json() for o in orders]})
        return NewEvent(type="standing_orders", actor=player_id, payload=payload)

    def _action_event(self, played: _Played, secret: bytes, shown: bool) -> NewEvent:
        """The event of an action played. `shown`: its state is the one the command
        rests on, whose board and DMs follow, so its views are built together (`view_of`);
        a state the command only passes through needs its spectator view's digest alone."""
        ms, after = played.before, played.after
        spectator = self.view_of(after, SPECTATOR) if shown else after.game.view(after.state, SPECTATOR)
        payload = action_record(ms, after, played.step, played.seat, played.action, spectator, played.auto)
        if played.auto:
            payload["auto"] = played.auto
        # Sealed with the seq the event will have: _run appends it after `ms` or not at all.
        return NewEvent(type="action", actor=played.actor, payload=sealed(secret, ms.seq + 1, "action", payload))

    async def _with_auto(self, ms: MatchState, secret: bytes, head: list[NewEvent],
                         first: tuple[str, int, dict[str, Any]] | None = None,
                         note: str | None = None) -> Built:
        """Apply `head` events and the first action, then play every decision
        that falls to a bot or a forfeited seat, so the game rests on a human.
        A coroutine because a search bot's move runs off the event loop."""
        new: list[NewEvent] = []
        states: list[MatchState] = []
        for e in head:
            ms = apply_event(ms, _stamp(ms, e), secret)
            new.append(e)
            states.append(ms)
        # Actions are recorded once the command's last state is known (`_action_event`).
        played: list[_Played] = []
        if first is not None:
            actor, seat, act = first
            played.append(_play(ms, secret, actor, seat, act, note))
            ms = played[-1].after
            states.append(ms)
        for _ in range(AUTO_LIMIT):
            if ms.status != "running":
                break
            pending = ms.game.pending(ms.state)
            # Only decisions due now: when several must come in turn, a bot ranked
            # later waits for the humans ranked before it.
            due = sorted((p for p in pending if p.order == min(q.order for q in pending)), key=lambda p: p.seat)
            auto = next((p for p in due if p.seat in ms.forfeited or ms.seats[p.seat].is_bot), None)
            if auto is not None and auto.seat in ms.taken:
                act, why = await bot_move(ms.game, ms.state, auto.seat, ms.taken[auto.seat], self.bot_rng), "takeover"
            elif auto is not None and auto.seat in ms.forfeited:
                act, why = ms.game.default_action(ms.state, auto.seat), "forfeited"
            elif auto is not None:
                level = bot_level(ms.seats[auto.seat].id)
                act, why = await bot_move(ms.game, ms.state, auto.seat, level, self.bot_rng), "bot"
            else:
                # A person's decision that every seat can see has one answer never waits for them.
                forced = next(((p, a) for p in due if (a := forced_action(
                    ms.game, ms.state, p.seat, partial(self.choices_of, ms, p.seat))) is not None), None)
                # Then what the seat's own standing orders answer for it (a bounded number
                # per command: orders on every seat could otherwise play a match out in one).
                ordered = None if forced else next(
                    ((p, o) for p in due if p.seat in ms.orders and len(states) < ORDERED_LIMIT
                     and (o := ordering(ms.game, ms.state, p, ms.orders[p.seat])) is not None), None)
                if forced is not None:
                    auto, act, why = forced[0], forced[1], "forced"
                elif ordered is not None:
                    auto, act, why = ordered[0], ordered[1][1], ordered[1][0].auto
                else:
                    break
            played.append(_play(ms, secret, "system", auto.seat, act, why))
            ms = played[-1].after
            states.append(ms)
        new.extend(self._action_event(p, secret, p.after is ms) for p in played)
        return new, states

    def _single(self, ms: MatchState, secret: bytes, e: NewEvent) -> tuple[list[NewEvent], list[MatchState]]:
        return [e], [apply_event(ms, _stamp(ms, e), secret)]

    # -- undo and takeback ------------------------------------------------------

    async def _lineage(self, match_id: str) -> Lineage:
        return lineage(await self.store.events(match_id))

    async def _state_at(self, ms: MatchState, secret: bytes, seq: int) -> MatchState:
        row = await self.store.match(ms.match_id)
        assert row is not None
        return await self._rebuild(row, secret, upto=seq)

    async def _revert(self, match_id: str, actor: str, pick: Callable[[Lineage], int | None], reason: str,
                      kind: str, command_id: str | None,
                      still: Callable[[MatchState], bool] = lambda ms: True) -> CommandResult:
        """Append a revert to the point `pick` chooses from the current line of
        play; chosen under the match's lock, so a move arriving meanwhile cannot
        shift what "the last N actions" means. `still` is asked under the lock
        too: False raises _Gone and appends nothing."""
        async def build(ms: MatchState, secret: bytes) -> tuple[list[NewEvent], list[MatchState]]:
            if not still(ms):
                raise _Gone
            if ms.status == "finished":
                raise errors.Refused(
                    Text("A finished match is final: its secret is revealed, so resuming it would make every later "
                         "roll predictable.", "終了した対戦は確定です。秘密値が公開済みのため、再開すると以後のダイスが予測できてしまいます。"))
            if ms.status == "aborted":
                raise errors.Refused(Text("The match was aborted: it is over and its secret is revealed, so it cannot "
                                          "be resumed.", "この対戦は中止済みです。終了して秘密値も公開済みのため、再開できません。"))
            _need(ms, "running")
            lin = await self._lineage(match_id)
            target = pick(lin)
            if target is None and kind == "redo":
                raise errors.Refused(Text("There is nothing to redo: no undo is left to take back since the last move.",
                                          "やり直せるものがありません。直前の手以降、取り消せる取り消しが残っていません。"))
            if target is None:
                raise errors.Refused(Text("There is nothing to undo that far back.", "そこまで戻せる行動がありません。"))
            if lin.started is None or not lin.started <= target <= ms.seq:
                raise errors.Refused(Text(f"Event {target} is not a point of this match's play.",
                                          f"イベント{target}はこの対戦の進行上の地点ではありません。"),
                                     Text(f"Choose an event from {lin.started} to {ms.seq}.",
                                          f"{lin.started}〜{ms.seq}のイベントを選んでください。"))
            target_ms = await self._state_at(ms, secret, target)
            e = NewEvent(type="revert", actor=actor, payload={"to_seq": target, "reason": reason, "kind": kind})
            return [e], [restore(ms, target_ms, ms.seq + 1)]
        return await self._run(match_id, command_id, build)

    async def undo(self, match_id: str, moderator: str, *, count: int = 1, to_seq: int | None = None,
                   reason: str = "", command_id: str | None = None) -> CommandResult:
        """Moderator undo: the last `count` actions, or back to the state after event `to_seq`."""
        if to_seq is None and count < 1:
            raise errors.Refused(Text(f"Cannot undo {count} actions: the count must be at least 1.",
                                      f"{count}手の取り消しはできません。手数は1以上です。"))
        await self._require_moderator(match_id, moderator)

        def pick(lin: Lineage) -> int | None:
            return to_seq if to_seq is not None else lin.undo_target(count)
        return await self._revert(match_id, f"mod:{moderator}", pick, reason, "undo", command_id)

    async def redo(self, match_id: str, moderator: str, reason: str = "", command_id: str | None = None
                   ) -> CommandResult:
        """Undo the latest undo not yet redone, if no move was made since (the
        moves it took back come back identical)."""
        await self._require_moderator(match_id, moderator)
        return await self._revert(match_id, f"mod:{moderator}", Lineage.redo_target, reason, "redo", command_id)

    async def request_takeback(self, match_id: str, player_id: str, command_id: str | None = None) -> CommandResult:
        async def build(ms: MatchState, secret: bytes) -> tuple[list[NewEvent], list[MatchState]]:
            _need(ms, "running")
            lin = await self._lineage(match_id)
            mine = ms.seat_of(player_id)
            if not mine:
                raise errors.not_seated()
            if ms.takeback is not None:
                raise errors.Refused(Text("A takeback is already waiting for an answer.",
                                          "取り消し要求はすでに回答待ちです。"))
            line = lin.effective()
            last = line[0] if line else None
            if last is None or last.payload["seat"] not in mine or last.actor == "system":
                raise errors.Refused(Text("Only your own last action can be taken back.",
                                          "取り消せるのは自分の直前の行動だけです。"))
            if last.payload.get("reveals"):
                raise errors.Refused(Text("That action revealed hidden information (a draw, roll or reveal), so it "
                                          "cannot be taken back.", "その行動は非公開情報（ドロー・ダイス・公開）を"
                                          "明らかにしたため取り消せません。"),
                                     Text("A moderator can still undo it.", "モデレーターなら取り消せます。"))
            if last.payload.get("turn") != ms.game.turn(ms.state):
                raise errors.Refused(Text("Takebacks are only for actions in the current turn.",
                                          "取り消しは現在の手番中の行動に限られます。"))
            e = NewEvent(type="takeback_requested", actor=player_id,
                         payload={"seat": last.payload["seat"], "of_seq": last.seq})
            return self._single(ms, secret, e)
        return await self._finish_takeback(match_id, await self._run(match_id, command_id, build))

    async def answer_takeback(self, match_id: str, player_id: str, accept: bool,
                              command_id: str | None = None) -> CommandResult:
        def build(ms: MatchState, secret: bytes) -> tuple[list[NewEvent], list[MatchState]]:
            _need(ms, "running")
            if ms.takeback is None:
                raise errors.Refused(Text("No takeback is waiting for an answer.", "回答待ちの取り消し要求はありません。"))
            seats = [s for s in ms.seat_of(player_id) if s != ms.takeback[0]]
            if not seats:
                raise errors.Refused(Text("Only the other players answer a takeback request.",
                                          "取り消し要求に答えるのは他のプレイヤーです。"))
            return self._single(ms, secret, NewEvent(type="takeback_answered", actor=player_id,
                                                     payload={"seat": seats[0], "accept": accept}))
        return await self._finish_takeback(match_id, await self._run(match_id, command_id, build))

    async def _finish_takeback(self, match_id: str, result: CommandResult) -> CommandResult:
        ms = result.match
        if result.duplicate or ms.takeback is None or not _accepted(ms):
            return result
        asked = ms.takeback
        # While a takeback is pending no action has followed it (any action
        # clears the request), so `of_seq` is still the last action.
        def before_it(lin: Lineage) -> int | None:
            return lin.parent.get(asked[1]) or lin.started

        # Two answers at once may both see the request accepted; the first to
        # take the lock carries it out, and the second finds nothing to do (a
        # second revert would have no request behind it, and the log would not replay).
        def still_asked(now: MatchState) -> bool:
            return now.takeback == asked and _accepted(now)
        try:
            revert = await self._revert(match_id, "system", before_it, "takeback accepted", "takeback", None,
                                        still_asked)
        except _Gone:
            return CommandResult(await self.get(match_id), result.events)
        return CommandResult(revert.match, result.events + revert.events)

    async def extend(self, match_id: str, player_id: str, command_id: str | None = None) -> CommandResult:
        """The player's one "I'm thinking" extension of their clock in this match (events/clockfeed.py)."""
        async def build(ms: MatchState, secret: bytes) -> tuple[list[NewEvent], list[MatchState]]:
            _need(ms, "running")
            return self._single(ms, secret, extension_note(ms, player_id, await self.store.events(match_id)))
        return await self._run(match_id, command_id, build)

    # -- moderation --------------------------------------------------------------

    async def _moderates(self, match_id: str, actor: str) -> bool:
        place = (await self.get(match_id)).place
        return moderators.is_moderator(actor, place, await moderators.grant_of(self.store, place, actor),
                                       self.operator)

    async def _require_moderator(self, match_id: str, actor: str) -> None:
        if not await self._moderates(match_id, actor):
            raise moderators.not_moderator()

    async def replace_player(self, match_id: str, moderator: str, seat: int, player: Player, reason: str = "",
                             command_id: str | None = None) -> CommandResult:
        await self._require_moderator(match_id, moderator)

        def build(ms: MatchState, secret: bytes) -> Awaitable[Built]:
            _need(ms, "running")
            if not 0 <= seat < len(ms.seats):
                raise errors.Refused(Text(f"There is no seat {seat + 1}.", f"{seat + 1}番席はありません。"))
            payload: dict[str, Any] = {"seat": seat, "player": player.model_dump(), "reason": reason}
            if seat in ms.forfeited:
                payload["back"] = True  # a substitute plays the seat again, in place of its bot or default
            return self._with_auto(ms, secret, [NewEvent(type="player_replaced", actor=f"mod:{moderator}",
                                                         payload=payload)])
        return await self._run(match_id, command_id, build)

    async def hand_over(self, match_id: str, owner: str, player: Player, reason: str = "handed over",
                        command_id: str | None = None) -> CommandResult:
        """A player gives their own seat, still in play, to a person not seated
        in the match (on Discord, one from the substitute pool, who agreed to it)."""
        def build(ms: MatchState, secret: bytes) -> Awaitable[Built]:
            _need(ms, "running")
            mine = [s for s in ms.seat_of(owner) if s not in ms.forfeited]
            if not mine:
                raise errors.not_seated()
            if player.is_bot or ms.seat_of(player.id):
                raise errors.Refused(Text(f"{player.name} cannot take your seat: they already play in this match.",
                                          f"{player.name}さんはすでにこの対戦に参加しているため、席を譲れません。"),
                                     Text("Choose someone from the substitute pool who is not seated here.",
                                          "この対戦に参加していない代打ち候補から選んでください。"))
            e = NewEvent(type="player_replaced", actor=owner,
                         payload={"seat": mine[0], "player": player.model_dump(), "reason": reason})
            return self._with_auto(ms, secret, [e])
        return await self._run(match_id, command_id, build)

    async def remove_player(self, match_id: str, actor: str, seat: int, reason: str = "removed",
                            command_id: str | None = None, expected_seq: int | None = None) -> CommandResult:
        """Forfeit (by the player) or removal (by a moderator, or a deadline, which
        passes the `expected_seq` it was decided at): the seat cannot win and its
        decisions are played from now on by the match's take-over bot (events/takeover.py)
        or, without one, by default. `actor` is the seat's own
        player, "mod:<id>" for a moderator of the match, or "system"."""
        if actor.startswith("mod:"):
            await self._require_moderator(match_id, actor.removeprefix("mod:"))
        elif actor != "system":
            seats = (await self.get(match_id)).seats
            if reason != "forfeit" or not 0 <= seat < len(seats) or seats[seat].id != actor:
                raise moderators.not_moderator()

        def build(ms: MatchState, secret: bytes) -> Awaitable[Built]:
            _need(ms, "running")
            _current(ms, expected_seq)
            if not 0 <= seat < len(ms.seats) or seat in ms.forfeited:
                raise errors.Refused(Text("That seat is not in play.", "その席はすでにゲームにいません。"))
            payload: dict[str, Any] = {"seat": seat, "reason": reason}
            level = takeover_level(ms, seat)
            if level is not None:
                payload["takeover"] = level
            e = NewEvent(type="player_removed", actor=actor, payload=payload)
            return self._with_auto(ms, secret, [e])
        return await self._run(match_id, command_id, build)

    async def abort(self, match_id: str, moderator: str | None, reason: str = "", command_id: str | None = None
                    ) -> CommandResult:
        """End a match without a result; `moderator=None` when the system does it
        (e.g. its thread could not be created)."""
        if moderator is not None:
            await self._require_moderator(match_id, moderator)

        def build(ms: MatchState, secret: bytes) -> tuple[list[NewEvent], list[MatchState]]:
            if ms.status in ("finished", "aborted"):
                raise errors.wrong_status(ms.status, "running")
            actor = "system" if moderator is None else f"mod:{moderator}"
            return self._single(ms, secret, NewEvent(type="match_aborted", actor=actor, payload={"reason": reason}))
        return await self._run(match_id, command_id, build)

    # -- reading -----------------------------------------------------------------

    def viewer_for(self, ms: MatchState, player_id: str | None, *, moderator: bool = False) -> Viewer:
        """Moderators and everyone after the end see all; a seated player sees their seat."""
        if moderator or ms.status in ("finished", "aborted"):
            return ALL_SEEING
        seats = ms.seat_of(player_id) if player_id else []
        if len(seats) == 1:
            return Viewer.of(seats[0])
        return SPECTATOR

    async def view(self, match_id: str, viewer: Viewer) -> dict[str, Any]:
        return self.view_of(await self.get(match_id), viewer)

    def view_of(self, ms: MatchState, viewer: Viewer) -> dict[str, Any]:
        """`viewer`'s view of the match at `ms`, computed once per (match, seq,
        viewer): a command's digest, the board it posts and the hands it sends
        share it. The view is shared: callers must not change it."""
        if ms.state is None:
            return {}
        kept: dict[str, Any] | None = self._kept(ms, viewer)
        if kept is not None:  # asked several times a move: its view, found, needs no list of viewers made
            return kept
        together = [SPECTATOR, *(Viewer.of(seat) for seat in range(len(ms.seats)))]
        if type(ms.game).views is not Game.views and viewer in together:
            # A game whose views share their work (Warlords' table) builds the board's and every
            # seat's at once: a move shows all of them (its digest and board, then each seat's DM).
            self._derive_all(ms, together)
        view: dict[str, Any] = self._derive(ms, viewer, partial(ms.game.view, ms.state, viewer))
        return view

    def choices_of(self, ms: MatchState, seat: int) -> list[Choice]:
        """The seat's legal choices at `ms`, computed once per (match, seq, seat): the menu
        a DM shows and the click made on it share them. Shared: callers must not change it."""
        choices: list[Choice] = self._derive(ms, seat, partial(ms.game.legal_actions, ms.state, seat))
        return choices

    def _derive_all(self, ms: MatchState, viewers: list[Viewer]) -> None:
        """`_derive` of several viewers' views at once: built together unless every one is already kept."""
        if all(self._kept(ms, v) is not None for v in viewers):
            return
        for v, value in zip(viewers, ms.game.views(ms.state, viewers), strict=True):
            self._derive(ms, v, partial(_given, value))

    def _kept(self, ms: MatchState, what: Viewer | int) -> Any | None:
        """What `_derive` keeps for `what` at `ms`, else None (nothing it keeps is None)."""
        hit = self._derived.get((ms.match_id, ms.seq, what))
        # The same state object, not just the same seq: a state decided but never
        # committed (another process wrote that seq first) must not be served.
        return hit[1] if hit is not None and hit[0] is ms.state else None

    def _derive(self, ms: MatchState, what: Viewer | int, compute: Callable[[], Any]) -> Any:
        kept = self._kept(ms, what)
        if kept is not None:
            return kept
        value = compute()
        self._derived[(ms.match_id, ms.seq, what)] = (ms.state, value)
        if len(self._derived) > VIEW_CACHE:
            del self._derived[next(iter(self._derived))]  # the oldest: dicts keep insertion order
        return value

    async def waiting(self, match_id: str) -> list[tuple[Pending, Player]]:
        ms = await self.get(match_id)
        if ms.status != "running":
            return []
        return [(p, ms.seats[p.seat]) for p in ms.game.pending(ms.state)]

    async def choices(self, match_id: str, player_id: str, seat: int | None = None) -> list[Choice]:
        ms = await self.get(match_id)
        if ms.status != "running":
            return []
        try:
            s = self.resolve_seat(ms, player_id, seat)
        except RuleError:
            return []
        return self.choices_of(ms, s)

    async def events(self, match_id: str) -> list[Event]:
        await self._load(match_id)
        return await self.store.events(match_id)

    async def events_after(self, match_id: str, after: int, through: int = 0) -> list[Event]:
        """The match's events after `after`, reaching at least `through`: from the newest events
        this process keeps for it when they go back that far (no round trip), else from the log.
        What the cache holds may be up to `fresh_for` behind another process's moves, as `get` is."""
        live = self._live.get(match_id)
        tail = live.tail if live is not None else []
        if tail and tail[0].seq <= after + 1 and tail[-1].seq >= through:
            return tail[after + 1 - tail[0].seq:]
        return await self.store.events(match_id, after=after)

    async def state_at(self, match_id: str, seq: int) -> MatchState:
        """The envelope after event `seq` (for replays)."""
        live = await self._load(match_id)
        if not 1 <= seq <= live.ms.seq:
            raise errors.Refused(Text(f"Event {seq} does not exist.", f"イベント{seq}はありません。"),
                                 Text(f"This match has events 1-{live.ms.seq}.", f"この対戦のイベントは1〜{live.ms.seq}です。"))
        return await self._state_at(live.ms, live.secret, seq)

    async def turn_start(self, match_id: str, turn: int) -> int:
        """The event just before the first effective action of `turn` (for turn-by-turn replay)."""
        lin = await self._lineage(match_id)
        line = list(reversed(lin.effective()))
        for e in line:
            if e.payload.get("turn", 0) >= turn:
                return e.seq - 1
        turns = sorted({e.payload.get("turn", 0) for e in line})
        raise errors.Refused(Text(f"Turn {turn} has not been played.", f"ターン{turn}はまだ行われていません。"),
                             Text(f"Played turns: {turns[0]}-{turns[-1]}." if turns else "No turn yet.",
                                  f"行われたターン: {turns[0]}〜{turns[-1]}。" if turns else "まだターンがありません。"))

    async def revealed_secret(self, match_id: str) -> bytes | None:
        """The secret, but only once the match is over."""
        ms = await self.get(match_id)
        if ms.status not in ("finished", "aborted"):
            return None
        return (await self._load(match_id)).secret


class _Gone(Exception):
    """What a revert was to carry out was already done by another command."""


def _accepted(ms: MatchState) -> bool:
    """The pending takeback has every other human still playing's yes."""
    assert ms.takeback is not None
    asker = ms.seats[ms.takeback[0]].id
    others = {i for i, p in enumerate(ms.seats) if not p.is_bot and i not in ms.forfeited and p.id != asker}
    return others <= ms.takeback_yes


def _reverts_past(start: MatchState | None, events: Sequence[Event]) -> bool:
    """Whether a revert among the events after the snapshot `start` returns to a state before it:
    a revert needs the states it returns to, so replaying it needs the whole log."""
    return start is not None and any(e.type == "revert" and e.payload["to_seq"] < start.seq for e in events)


def _from_snapshot(snap: tuple[int, bytes] | None, ruleset: str, row: MatchRow) -> MatchState | None:
    """A stored snapshot as a state, or None when there is none, it does not
    decode (data only, never a pickle: the log is the truth) or it is another
    match's (its id and commitment must be this row's)."""
    ms = snapshot.load(snap[1], snap[0], ruleset) if snap else None
    if ms is None or ms.match_id != row.id or ms.commitment != row.commitment:
        return None
    return ms


def _current(ms: MatchState, expected_seq: int | None) -> None:
    # A seat's standing orders, set since, change nothing the command was decided on.
    if expected_seq is not None and expected_seq not in (ms.seq, ms.public_seq):
        raise errors.stale()


def _need(ms: MatchState, status: str) -> None:
    if ms.status != status:
        raise errors.wrong_status(ms.status, status)


class _Played(NamedTuple):
    """An action applied, waiting to be recorded (`MatchService._action_event`)."""

    before: MatchState
    after: MatchState
    step: Step[Any]
    actor: str
    seat: int
    action: dict[str, Any]
    auto: str | None


def _play(ms: MatchState, secret: bytes, actor: str, seat: int, act: dict[str, Any], auto: str | None) -> _Played:
    after, step = apply_action(ms, seat, act, secret, ms.seq + 1, actor)
    return _Played(ms, after, step, actor, seat, act, auto)


def _stamp(ms: MatchState, e: NewEvent) -> Event:
    return Event(match_id=ms.match_id, seq=ms.seq + 1, type=e.type, actor=e.actor, at="", payload=e.payload)


def _str(value: Any) -> str | None:
    return None if value is None else str(value)


__all__ = ["CommandResult", "MatchService", "ReplayError", "utc_now"]


def _given(value: Any) -> Any:
    """A computation whose result is already known (views computed together, kept one by one)."""
    return value
