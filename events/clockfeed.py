"""A running match's clocks, read from the store: the log's events become the
ticks events/clock.py folds, and the seats' prefs their hours.

Who waits after each event is not written in the log (it follows from the
rules), so the match is replayed once, keeping the envelope after every event;
the ticks are kept per match and only events appended since are replayed on
the next read, from the envelope kept. A revert reaching before that envelope
(an undo far back) replays the whole log again. Who waits is public (every
board shows it), so the ticks hold nothing a seat could not see.

An "I'm thinking" extension is a system `note` with `clock: "extension"` and
the seat, so the log itself records it and its time. Its text is in both
languages at once: a note's text is shown as written, in every thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from engine.core import Text

from .clock import ZERO, ClockConfig, Hours, SeatClock, Tick, clocks, fold
from .clockconfig import from_place
from .errors import Refused, ReplayError
from .model import Event, NewEvent
from .prefs import PlayerPrefs
from .recorder import Recorder
from .replay import MatchState, rebuild
from .window import from_place as window_of

EXTENSION = "extension"


def waiting(ms: MatchState) -> frozenset[int]:
    """Seats a person must decide for: a bot's or a forfeited seat's clock never runs."""
    if ms.status != "running" or ms.state is None:
        return frozenset()
    return frozenset(p.seat for p in ms.game.pending(ms.state)
                     if not ms.seats[p.seat].is_bot and p.seat not in ms.forfeited)


def tick(event: Event, after: MatchState) -> Tick:
    p: dict[str, Any] = event.payload
    moved = p.get("seat") if event.type == "action" else None
    extension = p.get("seat") if event.type == "note" and p.get("clock") == EXTENSION else None
    return Tick(datetime.fromisoformat(event.at), waiting(after), moved, extension)


def extension_note(ms: MatchState, player_id: str, events: Sequence[Event]) -> NewEvent:
    """The note granting the player's waiting seat its one extension, or a refusal."""
    config = from_place(ms.place)
    if config is None or config.extension <= ZERO:
        raise Refused(Text("This match's clock gives no extension.", "この対戦の持ち時間には延長がありません。"),
                      Text("Its creator sets one with `extension=12h` next to `clock=`.",
                           "作成時に `clock=` と一緒に `extension=12h` のように指定します。"))
    seat = next((s for s in ms.seat_of(player_id) if s in waiting(ms)), None)
    if seat is None:
        raise Refused(Text("Only a player whose decision is awaited can ask for more time.",
                           "延長を求められるのは、手番を待たれているプレイヤーだけです。"))
    if any(e.type == "note" and e.payload.get("clock") == EXTENSION and e.payload.get("seat") == seat
           for e in events):
        raise Refused(Text("You have used your one extension in this match.", "この対戦の延長はもう使いました。"))
    return NewEvent(type="note", actor="system",
                    payload={"text": f"seat {seat + 1} asked for more time / {seat + 1}番席が延長を求めました",
                             "clock": EXTENSION, "seat": seat})


@dataclass
class _Kept:
    ms: MatchState
    ticks: list[Tick]


class ClockFeed:
    def __init__(self, store: Recorder) -> None:
        self.store = store
        self._kept: dict[str, _Kept] = {}

    async def ticks(self, match_id: str) -> list[Tick]:
        kept = self._kept.get(match_id)
        events = await self.store.events(match_id, after=kept.ms.seq if kept else 0)
        if kept is not None and not events:
            return kept.ticks
        secret = await self.store.secret(match_id)
        try:
            kept = self._replay(events, secret, kept)
        except ReplayError:
            kept = self._replay(await self.store.events(match_id), secret, None)
        self._kept[match_id] = kept
        return kept.ticks

    @staticmethod
    def _replay(events: Sequence[Event], secret: bytes, kept: _Kept | None) -> _Kept:
        ms, states = rebuild(events, secret, start=kept.ms if kept else None, keep=[e.seq for e in events])
        new = [tick(e, states[e.seq]) for e in events if e.seq in states]
        return _Kept(ms, [*(kept.ticks if kept else []), *new])

    async def hours(self, ms: MatchState) -> list[Hours]:
        prefs = await self.store.player_prefs([p.id for p in ms.seats])
        return [(prefs.get(p.id) or PlayerPrefs(p.id)).hours() for p in ms.seats]

    async def clocks(self, ms: MatchState, now: datetime | None = None) -> tuple[ClockConfig, list[SeatClock]] | None:
        """The match's clock and every seat's at `now` (None: as of its last
        event, which stays true until the next); None for a match without one."""
        config = from_place(ms.place)
        if ms.status != "running" or (config is None and window_of(ms.place) is None):
            self.forget(ms.match_id)  # over (or never timed): nothing more to keep
            return None
        if config is None:
            return None
        ticks = await self.ticks(ms.match_id)
        return config, clocks(config, await self.hours(ms), ticks, now or ticks[-1].at)

    async def since(self, ms: MatchState) -> list[datetime | None]:
        """When each seat's current decision began (None: not waiting), by the
        wall clock: no one's quiet hours or vacation (events/window.py)."""
        ticks = await self.ticks(ms.match_id)
        state = fold(ClockConfig("move"), [Hours()] * len(ms.seats), ticks)
        return [s.since for s in state.seats]

    def forget(self, match_id: str) -> None:
        self._kept.pop(match_id, None)


__all__ = ["EXTENSION", "ClockFeed", "extension_note", "tick", "waiting"]
