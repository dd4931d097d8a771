"""A small bar chart for records: per game, matches finished (grey) and won
(green), one row each, labelled in the reader's language. Without a font
with Japanese glyphs the labels are the English ones (as boards do)."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.core import Text

from .musou import _ascii, _font

WIDTH = 520
ROW = 34
TOP = 44
LABEL = 150
GREY = (190, 190, 195)
GREEN = (88, 160, 100)
INK = (40, 40, 45)


def wins_chart(title: Text, rows: Sequence[tuple[Text, int, int]], legend: tuple[Text, Text], locale: str) -> bytes:
    """PNG of (label, finished, won) rows under `title`; `legend` names the two bars."""
    height = TOP + ROW * max(len(rows), 1) + 30
    img = Image.new("RGB", (WIDTH, height), (250, 250, 248))
    draw = ImageDraw.Draw(img)
    font, japanese = _font(16)
    small, _ = _font(13)

    def text(t: Text) -> str:
        return t(locale) if japanese else _ascii(t("en"))

    draw.text((12, 10), text(title), fill=INK, font=font)
    most = max((finished for _, finished, _ in rows), default=0) or 1
    span = WIDTH - LABEL - 60
    for i, (label, finished, won) in enumerate(rows):
        y = TOP + i * ROW
        draw.text((12, y + 6), text(label), fill=INK, font=small)
        draw.rectangle((LABEL, y + 4, LABEL + max(2, span * finished // most), y + ROW - 8), fill=GREY)
        if won:
            draw.rectangle((LABEL, y + 4, LABEL + max(2, span * won // most), y + ROW - 8), fill=GREEN)
        draw.text((LABEL + span + 8, y + 6), f"{won}/{finished}", fill=INK, font=small)
    y = height - 24
    draw.rectangle((12, y + 3, 24, y + 15), fill=GREEN)
    draw.text((30, y), text(legend[0]), fill=INK, font=small)
    draw.rectangle((160, y + 3, 172, y + 15), fill=GREY)
    draw.text((178, y), text(legend[1]), fill=INK, font=small)
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()
