"""svg.fit cuts text as the two kits it replaced did (the SVG kit's rule, and the
Quarriors and Warlords pictures' `over_last` one, written out here as they were),
on random mixes of narrow and wide characters, rooms and sizes."""

from __future__ import annotations

import random
import unicodedata

import pytest

from bot.render import svg

ALPHABET = "abcXYZ 12·・→▶千代子魔法のカード"


def measured_into_room(content: str, size: float, room: float) -> str:
    if svg.width(content, size) <= room:
        return content
    while content and svg.width(content + "…", size) > room:
        content = content[:-1]
    return content + "…"


def over_last(content: str, size: float, room: float) -> str:
    used = 0.0
    for i, ch in enumerate(content):
        used += (1.0 if unicodedata.east_asian_width(ch) in ("W", "F") else 0.62) * size
        if used > room:
            return content[:max(i - 1, 0)] + "…"
    return content


@pytest.mark.slow
def test_fit_cuts_where_the_kits_it_replaced_cut() -> None:
    rng = random.Random(5)
    cut = 0
    for _ in range(6_000):
        content = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 60)))
        # Rooms off the whole pixel: the old running sum and width()'s product round apart only
        # at exact ties (a width of exactly the room), which no room and size the pictures use meets.
        size, room = rng.choice([10, 11, 12, 13, 16]), rng.randrange(0, 400) + 0.37
        assert svg.fit(content, size, room) == measured_into_room(content, size, room)
        assert svg.fit(content, size, room, over_last=True) == over_last(content, size, room)
        cut += svg.fit(content, size, room) != content
    assert cut > 1_500  # not vacuous: most were cut
