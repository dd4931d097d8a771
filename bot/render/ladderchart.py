"""A ladder as a picture: one row per player, best first, a bar from the
lowest ordinal shown to theirs (green once settled, grey while provisional),
the ordinal written after it. Labels in the reader's language where a font
with Japanese glyphs exists, else in English (as boards do)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Text

from .chart import GREEN, GREY, INK, ROW, TOP, WIDTH, Canvas

LABEL = 190
SHOWN = 15  # rows drawn; the table beside it lists everyone


def ladder_chart(title: Text, rows: Sequence[tuple[Text, float, bool]], legend: tuple[Text, Text], locale: str) -> bytes:
    """PNG of (name, ordinal, provisional) rows under `title`; `legend` names settled and provisional."""
    rows = rows[:SHOWN]
    c = Canvas(title, len(rows), locale)
    low = min([0.0, *(o for _, o, _ in rows)])
    top = max((o for _, o, _ in rows), default=1.0)
    span, scale = WIDTH - LABEL - 70, (top - low) or 1.0
    for i, (name, ordinal, provisional) in enumerate(rows):
        y = TOP + i * ROW
        c.draw.text((12, y + 6), c.text(name), fill=INK, font=c.small)
        end = LABEL + max(2, int(span * (ordinal - low) / scale))
        c.draw.rectangle((LABEL, y + 4, end, y + ROW - 8), fill=GREY if provisional else GREEN)
        c.draw.text((LABEL + span + 8, y + 6), f"{ordinal:.1f}", fill=INK, font=c.small)
    return c.png(legend, second_at=200)
