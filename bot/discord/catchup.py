"""Catch-up: what happened since a player's last move, on top of the DM that
tells them it is their turn.

Only what the thread shows goes in: the public log lines of actions (a hidden
action's line says that it happened, never what it was) and the other events
the thread posts; a seat's standing orders have no line at all. Lines come in
the order they happened, each run of one player's actions under that player's
name once, so a reply a day later reads as "who did what" without the thread.
The catch-up never costs a message of its own: it takes the room the DM has
left, its oldest lines giving way first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core import Text
from events.model import Event, Player
from events.replay import MatchState

from .names import named, shown
from .split import split_message

# How the thread marks a move nobody at the seat chose just then.
AUTO_MARK = {"bot": "🤖", "forfeited": "∅", "deadline": "⏰", "order": "📋", "premove": "📋", "window": "⌛"}

SINCE = Text("**Since your last move:**", "**あなたの前回の手番以降:**")
EARLIER = Text("… {n} earlier lines: see the thread.", "… それ以前の{n}行はスレッドにあります。")


def _mine(e: Event, seat: int, player: Player) -> bool:
    """An action the seat's player made by hand (an automatic one is news to them)."""
    return e.type == "action" and e.payload.get("seat") == seat and e.actor == player.id


def last_move(events: Sequence[Event], seat: int, player: Player) -> int:
    """The seq after which the catch-up starts: the seat's last action its player
    made, else the match's start (0 when neither is among `events`)."""
    return max((e.seq for e in events if _mine(e, seat, player) or e.type == "match_started"), default=0)


def made_by(events: Sequence[Event], seat: int, player: Player) -> bool:
    return any(_mine(e, seat, player) for e in events)


def groups(ms: MatchState, events: Sequence[Event], locale: str,
           other: Callable[[Event], str | None]) -> list[tuple[str | None, list[str]]]:
    """(heading, lines) in order: consecutive actions of one seat share its name as
    heading; other events (`other` renders them as the thread does) stand alone."""
    out: list[tuple[str | None, list[str]]] = []
    last_seat: int | None = None
    for e in events:
        if e.type != "action":
            line = other(e)
            if line:
                out.append((None, [line]))
                last_seat = None
            continue
        seat = int(e.payload["seat"])
        lines = [named(Text.from_json(x)(locale), ms, locale) for x in e.payload.get("log", [])]
        if not lines:
            continue
        mark = AUTO_MARK.get(e.payload.get("auto", ""), "")
        if mark:
            lines[0] = f"{mark} {lines[0]}"
        if last_seat != seat or not out:
            heading = shown(ms.seats[seat], locale) if seat < len(ms.seats) else f"#{seat + 1}"
            out.append((heading, []))
            last_seat = seat
        out[-1][1].extend(lines)
    return out


def render(found: list[tuple[str | None, list[str]]], locale: str, keep: int | None = None) -> str:
    """The catch-up text, keeping only the last `keep` lines (all when None)."""
    flat = [(heading, line) for heading, lines in found for line in lines]
    dropped = 0 if keep is None else max(len(flat) - keep, 0)
    out = [SINCE(locale)]
    if dropped:
        out.append(EARLIER.format(n=dropped)(locale))
    previous: tuple[str | None, int] | None = None
    for i, (heading, lines) in enumerate(found):
        for line in lines:
            if dropped:
                dropped -= 1
                continue
            if heading is not None and previous != (heading, i):
                out.append(heading)
            previous = (heading, i)
            out.append(f"› {line}" if heading is not None else line)
    return "\n".join(out)


def fitted(found: list[tuple[str | None, list[str]]], locale: str, head: str, body: str, limit: int) -> str:
    """The catch-up between `head` and `body`, as long as it fits without making the
    DM take more messages than it would without it ("" when nothing happened)."""
    total = sum(len(lines) for _, lines in found)
    if not total:
        return ""
    room = len(split_message(f"{head}\n{body}", limit))

    def fits(keep: int) -> bool:
        return len(split_message(f"{head}\n{render(found, locale, keep)}\n{body}", limit)) <= room
    if fits(total):
        return render(found, locale)
    # The most recent lines that fit: a longer catch-up never takes fewer messages.
    low, high = 0, total
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if fits(mid) else (low, mid - 1)
    return render(found, locale, low) if low else ""
