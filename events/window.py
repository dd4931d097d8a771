"""Response windows that close by themselves.

With `window=MINUTES` in a match's options (or the server's default), a
decision a seat takes in another seat's turn (the generic `response` tag of
engine/core/orders.py, so every game answers it the same way) closes with the
seat's default action, its pass, once MINUTES have passed since the decision
began and the seat has not answered.

The window is the same for every hand and every seat: it opens at a public
event and lasts the table's N minutes, whether the seat holds a response or
only a pass it must wait to make (a pass forced by its own hidden cards,
which engine.core.forced leaves to the seat). So the moment it closes tells
the table nothing about the hand; AsyncTI4's auto-passes leaked exactly that.

Quiet hours and vacations do not hold a window open. They keep a clock from
running out on a sleeping player, who could lose a turn or a seat by it; a
window only passes on an optional answer, which is what the table would
otherwise wait all night for, and it pings nobody. A player who wants to
answer responses must do so within the window, asleep or not.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from engine.core import Text
from engine.core.ordertags import RESPONSE

from .errors import Refused
from .replay import MatchState

KEY = "window"  # in a match's options
WINDOW = "window"  # an automatic move's `auto` when a window closed it
PLACE = "window_minutes"  # in its place, where the log keeps it
LONGEST = 7 * 24 * 60
OFF = ("0", "off", "none")

HINT = Text(f"Write whole minutes from 1 to {LONGEST}, like `window=30`, or `window=off` for none.",
            f"1〜{LONGEST}の分数を `window=30` のように書きます。なしは `window=off` です。")


def minutes(raw: object) -> int:
    """A window's length as written (`30`), checked; 0 for none (`off`)."""
    text = str(raw).strip().lower()
    if text in OFF:
        return 0
    if not text.isdigit() or not 1 <= int(text) <= LONGEST:
        raise Refused(Text(f"'{raw}' is not a response window.", f"「{raw}」は応答の受付時間として読めません。"), HINT)
    return int(text)


def parse_window(options: dict[str, Any]) -> int | None:
    """The window the options ask for, taken out of them (it is the table's, not
    the game's): minutes, 0 for none, None when they do not say."""
    return minutes(options.pop(KEY)) if KEY in options else None


def window_place(chosen: int | None, default: int | None = None) -> dict[str, Any]:
    """What a new match's place keeps: the window chosen, else the default."""
    length = default if chosen is None else chosen
    return {PLACE: length} if length else {}


def from_place(place: dict[str, Any]) -> timedelta | None:
    length = place.get(PLACE)
    return timedelta(minutes=int(length)) if length else None


def describe(length: timedelta) -> Text:
    n = int(length.total_seconds() // 60)
    return Text(f"⌛ Response window: {n} min (an unanswered response passes)",
                f"⌛ 応答の受付時間: {n}分（答えがなければパス）")


def responding(ms: MatchState) -> list[int]:
    """Seats a person answers for whose decision now is a response."""
    if ms.status != "running" or ms.state is None:
        return []
    return [p.seat for p in ms.game.pending(ms.state)
            if not ms.seats[p.seat].is_bot and p.seat not in ms.forfeited
            and RESPONSE in ms.game.order_tags(ms.state, p)]


def due(ms: MatchState, since: Sequence[datetime | None], now: datetime) -> list[int]:
    """The responding seats whose window has closed at `now`; `since[seat]` is
    when the seat's decision began (events/clockfeed.py reads it from the log)."""
    length = from_place(ms.place)
    if length is None:
        return []
    return [s for s in responding(ms) if (start := since[s]) is not None and now >= start + length]


__all__ = ["KEY", "PLACE", "WINDOW", "describe", "due", "from_place", "minutes", "parse_window", "responding", "window_place"]
