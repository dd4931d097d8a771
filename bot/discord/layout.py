"""The board as a layout message (Discord's components v2, discord.py `ui.LayoutView`).

A layout message holds up to 4,000 characters of text (a classic one 2,000), so
most boards fit one message. Its parts: a `Container` in the colour of the seat
the game waits on, the header as a `TextDisplay`, the board picture as a
`MediaGallery` with alt text saying what it shows, a `Separator`, the board's
text, and under the last message the "Show my hand" button. A layout message
has no `content`: whatever reads a posted board back (a restart's recovery)
reads its text displays (`text_of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from discord import ui

from . import laid
from .split import split_message
from .views import HandButton

TEXT_LIMIT = 4000  # the text of one layout message, all its text displays together
ALT_LIMIT = 1024  # an image's description
IMAGE = "board.png"
# One accent per seat, in seat order (Naru's picture draws its two sides in the first two).
SEAT_ACCENTS = (0x466EC8, 0xC84646, 0x3C9A5F, 0xD4A017, 0x8E5BC8, 0x2BA3A3, 0xD2691E, 0x7F8C8D)
NEUTRAL = 0x99AAB5


def accent(seat: int | None) -> int:
    return NEUTRAL if seat is None else SEAT_ACCENTS[seat % len(SEAT_ACCENTS)]


@dataclass(frozen=True)
class Board:
    """What the board messages show, before it is cut into messages."""

    match_id: str
    header: str
    body: str
    tail: str  # who is awaited, the clocks
    alt: str  # what the picture shows, when there is one
    seat: int | None  # the seat awaited first (the accent), None when no one is
    hand_button: bool
    locale: str


def parts(board: Board) -> list[str]:
    """The board's text per message: the header and the body and tail, cut at line ends
    so each message holds at most TEXT_LIMIT characters."""
    text = "\n".join(x for x in (board.header, board.body, board.tail) if x)
    return split_message(text, TEXT_LIMIT)


def view(board: Board, part: str, index: int, count: int, image: bool) -> ui.LayoutView:
    """Message `index` of `count`: its part of the text in the seat's colour, the picture
    on the first (when there is one), the hand button under the last."""
    inside: list[dict[str, Any]] = []
    first, *rest = part.split("\n", 1) if index == 0 else ("", part)
    if first:
        inside.append(laid.text(first))  # the header, above the picture
    if index == 0 and image:
        inside += [laid.gallery(f"attachment://{IMAGE}", alt(board)), laid.separator()]
    body = rest[0] if rest else ""
    if body.strip():
        inside.append(laid.text(body))
    shown = [laid.container(accent(board.seat), inside)]
    if board.hand_button and index == count - 1:
        shown.append(laid.row([HandButton.spec(board.match_id, board.locale).json()]))
    return laid.Laid(shown)


def alt(board: Board) -> str:
    """The picture's alt text, within Discord's 1,024 characters."""
    return _clip(board.alt, ALT_LIMIT)


def moved(text: str) -> ui.LayoutView:
    """An old board message, now only a link to where the board went."""
    layout = ui.LayoutView(timeout=None)
    layout.add_item(ui.TextDisplay(text))
    return layout


def text_of(message: dict[str, Any]) -> str:
    """A posted message's text as Discord's JSON has it: its content, or its text displays."""
    found = [message.get("content") or ""]
    stack: list[dict[str, Any]] = list(reversed(message.get("components") or []))
    while stack:
        c = stack.pop()
        if c.get("type") == 10:
            found.append(str(c.get("content") or ""))
        inner: Sequence[dict[str, Any]] = [*(c.get("components") or []),
                                           *([c["accessory"]] if c.get("accessory") else [])]
        stack.extend(reversed(inner))
    return "\n".join(t for t in found if t)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
