"""Seat references in engine text.

Games write who did something as a seat token; the front ends, which know
who sits where, write the player's name in its place. So the engine stays
free of player names (they are not game state) while every line a person
reads names a person, not a number."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .text import Text

_TOKEN = re.compile(r"⟦(\d+)⟧")


def seat_ref(seat: int) -> Text:
    """The seat (0-based) as it appears in a log line or prompt."""
    if 0 <= seat < len(_REFS):
        return _REFS[seat]
    return Text(f"⟦{seat}⟧", f"⟦{seat}⟧")


# Made once: log lines name a seat several times per action, and a Text never changes.
_REFS = tuple(Text(f"⟦{seat}⟧", f"⟦{seat}⟧") for seat in range(16))


def seat_label(seat: int) -> Text:
    """How a seat is called when no name is known: 1-based, as people count."""
    return Text(f"Seat {seat + 1}", f"{seat + 1}番席")


def with_names(text: str, names: Sequence[str], locale: str | None = "en") -> str:
    """`text` with each seat token replaced by the player's name (or the seat's
    1-based label when the seat has no name here)."""
    if "⟦" not in text:  # most lines name no seat: no match object, no call
        return text
    return _TOKEN.sub(lambda m: named_seat(int(m.group(1)), names, locale), text)


def named_seat(seat: int, names: Sequence[str], locale: str | None = "en") -> str:
    """What `with_names` writes for the seat's token, for a caller that has the seat itself: the
    board's words name a seat per square, and a search of its one token costs more than the name."""
    return names[seat] if 0 <= seat < len(names) and names[seat] else seat_label(seat)(locale)
