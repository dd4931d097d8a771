"""What the board pictures drawn with `svg` share: each seat's colour, an ink
that reads on any fill, players' names the rasteriser's fonts can draw, and
alt text cut to Discord's limit (text cut to a width is `svg.fit`'s)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import seat_label

from . import lang, svg
from .marks import mark

# Eight seats (Warlords seats up to eight), told apart also by people with the
# common colour-vision deficiencies (Okabe-Ito's palette, then two darker hues).
SEAT_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#7a5c2e", "#555555")
INK, MUTED, PAPER, LINE = "#1f1f1f", "#5f5f5f", "#faf8f2", "#b8b2a2"
ALT_LIMIT = 1024  # Discord's limit on an attachment's description


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on `fill` (#rrggbb), by its luminance."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def drawable(text: str) -> bool:
    """Whether the PNG's fonts draw `text` (without a Japanese font, wide characters are blank)."""
    return svg.japanese() or not any(map(svg.wide, text))


def picture_locale(locale: str, *, for_png: bool) -> str:
    """The language a picture is drawn in: Japanese only where its font exists."""
    ja = lang.ja(locale)
    return "ja" if ja and (not for_png or svg.japanese()) else "en"


def player(names: Sequence[str] | None, seat: int, locale: str, *, for_png: bool = False) -> str:
    """A seat's player by name, or the seat's label when there is no name (or, in a PNG, no font for it)."""
    name = names[seat] if names and seat < len(names) else ""
    if name and (not for_png or drawable(name)):
        return name
    return seat_label(seat)(locale)


def alt(parts: Sequence[str], locale: str) -> str:
    """Sentences joined and cut at Discord's limit on a whole sentence where it can."""
    sep = "" if lang.ja(locale) else " "
    out = ""
    for part in parts:
        nxt = out + (sep if out else "") + part
        if len(nxt) > ALT_LIMIT:
            return out if out else part[:ALT_LIMIT - 1] + "…"
        out = nxt
    return out


def seat_mark(seat: int) -> str:
    """The seat's colour before its name in a text board, where the front end can show it (else nothing)."""
    return mark(f"p_seat{seat}", "")


def seat_emoji() -> dict[str, str]:
    """Each seat's colour as a drawing for an emoji, by the emoji's name."""
    return {f"p_seat{seat}": svg.document(128, 128, [svg.el("circle", cx=64, cy=64, r=52, fill=colour,
                                                            stroke="#1f1f1f", stroke_width=6)], background="none")
            for seat, colour in enumerate(SEAT_COLOURS)}
