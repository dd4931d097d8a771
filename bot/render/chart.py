"""A small bar chart for records: per game, matches finished (grey) and won
(green), one row each, labelled in the reader's language, in the Japanese font that ships with the
code (bot/render/fonts); without it, the English labels (as boards do)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine.core import Text

from .svg import BUNDLED_FONT

# Fonts with Japanese glyphs, tried in order (Debian/Ubuntu packages
# fonts-ipafont-gothic, fonts-noto-cjk, fonts-takao-gothic, fonts-vlgothic). Without
# one the chart falls back to English labels in a Latin font.
CJK_FONTS = (
    str(BUNDLED_FONT),  # ships with the code: Japanese labels on any machine
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJKjp-Regular.otf",
    "/usr/share/fonts/truetype/takao-gothic/TakaoPGothic.ttf",
    "/usr/share/fonts/truetype/vlgothic/VL-Gothic-Regular.ttf",
)
LATIN_FONTS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "DejaVuSans.ttf")
_FONTS: dict[int, tuple[Any, bool]] = {}


def _font(size: int) -> tuple[Any, bool]:
    """(font, has Japanese glyphs); cached, as probing files is slow."""
    if size not in _FONTS:
        found: tuple[Any, bool] | None = None
        for path, japanese in [*((p, True) for p in CJK_FONTS), *((p, False) for p in LATIN_FONTS)]:
            try:
                found = (ImageFont.truetype(path, size), japanese)
                break
            except OSError:
                continue
        _FONTS[size] = found or (ImageFont.load_default(), False)
    return _FONTS[size]


def _ascii(text: str) -> str:
    # Without a Japanese font the chart uses the English labels only.
    return "".join(ch if ord(ch) < 128 else "?" for ch in text)


WIDTH = 520
ROW = 34
TOP = 44
LABEL = 150
GREY = (190, 190, 195)
GREEN = (88, 160, 100)
INK = (40, 40, 45)


class Canvas:
    """A titled chart of `rows` rows with a two-entry legend below, drawn in the reader's language."""

    def __init__(self, title: Text, rows: int, locale: str) -> None:
        self.height = TOP + ROW * max(rows, 1) + 30
        self.img = Image.new("RGB", (WIDTH, self.height), (250, 250, 248))
        self.draw = ImageDraw.Draw(self.img)
        font, self.japanese = _font(16)
        self.small, _ = _font(13)
        self.locale = locale
        self.draw.text((12, 10), self.text(title), fill=INK, font=font)

    def text(self, t: Text) -> str:
        return t(self.locale) if self.japanese else _ascii(t("en"))

    def png(self, legend: tuple[Text, Text], second_at: int = 160) -> bytes:
        """The legend (green, then grey at `second_at` pixels) and the image as PNG."""
        y = self.height - 24
        self.draw.rectangle((12, y + 3, 24, y + 15), fill=GREEN)
        self.draw.text((30, y), self.text(legend[0]), fill=INK, font=self.small)
        self.draw.rectangle((second_at, y + 3, second_at + 12, y + 15), fill=GREY)
        self.draw.text((second_at + 18, y), self.text(legend[1]), fill=INK, font=self.small)
        out = io.BytesIO()
        self.img.save(out, format="PNG", optimize=True)
        return out.getvalue()


def wins_chart(title: Text, rows: Sequence[tuple[Text, int, int]], legend: tuple[Text, Text], locale: str) -> bytes:
    """PNG of (label, finished, won) rows under `title`; `legend` names the two bars."""
    c = Canvas(title, len(rows), locale)
    draw, small, text = c.draw, c.small, c.text
    most = max((finished for _, finished, _ in rows), default=0) or 1
    span = WIDTH - LABEL - 60
    for i, (label, finished, won) in enumerate(rows):
        y = TOP + i * ROW
        draw.text((12, y + 6), text(label), fill=INK, font=small)
        draw.rectangle((LABEL, y + 4, LABEL + max(2, span * finished // most), y + ROW - 8), fill=GREY)
        if won:
            draw.rectangle((LABEL, y + 4, LABEL + max(2, span * won // most), y + ROW - 8), fill=GREEN)
        draw.text((LABEL + span + 8, y + 6), f"{won}/{finished}", fill=INK, font=small)
    return c.png(legend)
