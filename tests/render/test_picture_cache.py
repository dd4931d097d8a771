"""A board picture is drawn once per thing it draws: the drawing process's cache
(render.image) and the bot's (bot.discord.drawing) both keep pictures by
render.picture_key, so views with equal picture views (Musou's moves that change
only the stage or priority) are one picture, and views that draw differently are two."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from bot import render
from bot.discord import drawing
from tests.render.test_board_pictures import views

NAMES = ["Ann", "花子"]


def musou_pair() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Two views of one match that differ but draw the same (equal picture views), and a third that does not."""
    by_key: dict[str, list[dict[str, Any]]] = {}
    for public, _ in views("musou", 5, 1):
        group = by_key.setdefault(repr(render.picture_view("musou", public)), [])
        if public not in group:
            group.append(public)
    first, second = next(group for group in by_key.values() if len(group) > 1)[:2]
    other = next(group[0] for group in by_key.values() if first not in group)
    return first, second, other


def counting(monkeypatch: pytest.MonkeyPatch, game_id: str) -> list[int]:
    """The game module's own drawing, counted (it still draws), and render.image's cache emptied."""
    module = render._module(game_id)
    assert module is not None
    real: Callable[..., bytes] = module.image
    drawn: list[int] = []

    def image(view: dict[str, Any], **kwargs: Any) -> bytes:
        drawn.append(1)
        return real(view, **kwargs)

    monkeypatch.setattr(module, "image", image)
    monkeypatch.setattr(render, "_IMAGES", {})
    return drawn


@pytest.mark.slow
def test_views_with_equal_picture_views_are_drawn_once_and_different_ones_twice(monkeypatch) -> None:
    first, second, other = musou_pair()
    drawn = counting(monkeypatch, "musou")
    assert first != second and render.picture_key("musou", first, NAMES, "ja") == render.picture_key(
        "musou", second, NAMES, "ja")
    picture = render.image("musou", first, NAMES, "ja")
    assert render.image("musou", second, NAMES, "ja") is picture and len(drawn) == 1
    assert render.image("musou", other, NAMES, "ja") != picture and len(drawn) == 2
    assert render.image("musou", first, NAMES, "en") != picture and len(drawn) == 3  # the language is drawn too


def test_a_game_without_picture_views_is_kept_by_its_whole_view(monkeypatch) -> None:
    (first, _), (later, _) = views("naru", 3, 20)[:2]
    drawn = counting(monkeypatch, "naru")
    picture = render.image("naru", first, NAMES, "en")
    assert render.image("naru", copy.deepcopy(first), NAMES, "en") is picture and len(drawn) == 1
    assert render.image("naru", later, NAMES, "en") != picture and len(drawn) == 2


@pytest.mark.slow
def test_the_bot_asks_the_drawing_process_once_per_picture(monkeypatch) -> None:
    """Bytes from the drawing process are a new object each time it is asked: the same object
    back means the bot kept it, by the key the drawing process keeps its own by."""
    import asyncio

    first, second, other = musou_pair()
    monkeypatch.setattr(drawing, "_pictures", {})

    async def draw(view: dict[str, Any]) -> bytes | None:
        return await drawing.board_image("musou", view, NAMES, "ja")

    async def three() -> tuple[bytes | None, ...]:
        return await draw(first), await draw(second), await draw(other)

    try:
        picture, again, different = asyncio.run(three())
    finally:
        drawing.close()
    assert picture is not None and picture == render.image("musou", first, NAMES, "ja")
    assert again is picture
    assert different is not None and different != picture and len(drawing._pictures) == 2


@pytest.mark.slow
def test_the_bot_keeps_no_picture_of_a_game_without_picture_views(monkeypatch) -> None:
    """Naru's board changes with nearly every move: keying it in the bot would cost each move
    (its whole view hashed) and save nothing, so only the drawing process's cache keeps it."""
    import asyncio

    (first, _), (later, _) = views("naru", 3, 20)[:2]
    monkeypatch.setattr(drawing, "_pictures", {})

    async def two() -> tuple[bytes | None, bytes | None]:
        return (await drawing.board_image("naru", first, NAMES, "en"),
                await drawing.board_image("naru", later, NAMES, "en"))

    try:
        picture, other = asyncio.run(two())
    finally:
        drawing.close()
    assert picture == render.image("naru", first, NAMES, "en") and other != picture
    assert drawing._pictures == {}
