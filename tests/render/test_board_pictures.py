"""Naru's and Musou's board pictures, drawn once as SVG: well-formed, titled
with the alt text Discord shows, naming the players, never showing a card
the viewer may not see, and rasterised for Discord at the drawing's own size."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from PIL import Image

from bot import render
from engine.core import ALL_SEEING, SPECTATOR
from engine.core.redaction import strings_in
from engine.registry import get_game
from tests.contract.matches import bot_turns

NS = "{http://www.w3.org/2000/svg}"
GAMES = ["naru", "musou"]


def views(game_id: str, seed: int, every: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(spectator view, all-seeing view) at every `every`-th move of a bots' match."""
    game = get_game(game_id)
    turns = list(bot_turns(game, 2, seed))
    states = [*(turn.state for turn in turns), turns[-1].after]
    return [(game.view(state, SPECTATOR), game.view(state, ALL_SEEING)) for state in states[::every]]


def names_in(view: Any) -> set[str]:
    """Card names and texts in a view: the values of its bilingual {"en", "ja"} pairs."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            found.update(str(node[k]) for k in ("en", "ja") if isinstance(node.get(k), str))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(view)
    return found


def shown(svg: str) -> str:
    """Every text the picture draws, its title included."""
    return "\n".join("".join(node.itertext()) for node in ET.fromstring(svg).iter()
                     if node.tag in (f"{NS}text", f"{NS}title"))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_picture_is_titled_with_its_alt_text_and_names_the_players(game_id: str) -> None:
    names = ["Ann <b>&amp;", "花子"]
    for public, _ in views(game_id, 3, 25):
        for locale in ("en", "ja"):
            svg = render.board_svg(game_id, public, names, locale)
            alt = render.describe(game_id, public, names, locale)
            assert svg is not None and alt is not None
            root = ET.fromstring(svg)  # well-formed, names escaped
            assert root.find(f"{NS}title").text == alt
            assert 0 < len(alt) <= 1024
            assert all(name in alt for name in names)
            assert all(name in shown(svg) for name in names)


def test_naru_alt_text_says_where_each_face_up_unit_stands() -> None:
    checked = 0
    for public, _ in views("naru", 5, 10):
        for square in public["board"]:
            unit = square["unit"]
            if unit is not None and "cards" in unit:
                for locale in ("en", "ja"):
                    alt = render.describe("naru", public, None, locale)
                    assert f"{square['at']}" in alt and unit["name"]["ja" if locale == "ja" else "en"] in alt
                    checked += 1
    assert checked > 10


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_a_spectators_picture_shows_no_hidden_card(game_id: str) -> None:
    """What only the all-seeing view holds (hands, face-down cards) is never in a
    spectator's picture or alt text, while the all-seeing picture of the same
    moment does draw some of it (so the search finds what it looks for)."""
    revealed = 0
    for public, everything in views(game_id, 7, 30):
        seen = "\n".join(strings_in(public))  # a hidden general's name may be part of a shown army's
        hidden = {s for s in names_in(everything) if s and s not in seen}
        for locale in ("en", "ja"):
            words = shown(render.board_svg(game_id, public, None, locale) or "")
            assert not [s for s in hidden if s in words]
            revealed += len([s for s in hidden if s in shown(render.board_svg(game_id, everything, None, locale) or "")])
    assert revealed > 0


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_the_png_is_the_drawing_at_its_own_size(game_id: str) -> None:
    public, _ = views(game_id, 3, 40)[1]
    svg = render.board_svg(game_id, public, ["Ann", "Bob"], "en") or ""
    root = ET.fromstring(svg)
    png = render.image(game_id, public, ["Ann", "Bob"])
    assert png is not None
    with Image.open(io.BytesIO(png)) as picture:
        assert picture.size == (int(root.get("width") or 0), int(root.get("height") or 0))
        # Not blank: the board's colours are drawn.
        assert len(picture.convert("RGB").getcolors(1 << 16) or []) > 10


@pytest.mark.slow
def test_musou_views_that_share_a_picture_key_draw_the_same_picture() -> None:
    """The bot reuses a picture for a view that draws the same (render.picture_view), so views
    that differ only elsewhere (the stage, priority, passes) must draw byte for byte the same PNG."""
    names = ["Ann", "花子"]
    by_key: dict[str, list[dict[str, Any]]] = {}
    for public, _ in views("musou", 5, 1):
        group = by_key.setdefault(repr(render.picture_view("musou", public)), [])
        if public not in group:
            group.append(public)
    shared = [group for group in by_key.values() if len(group) > 1]
    assert len(shared) >= 3  # not vacuous: moves that leave the picture as it was
    module = render._module("musou")
    assert module is not None
    for group in shared[:12]:  # at most three views of twelve keys: a picture is tens of ms to draw
        pictures = {module.image(view, names=names, locale="ja") for view in group[:3]}
        assert len(pictures) == 1, f"{len(group)} views of one key draw {len(pictures)} pictures"
