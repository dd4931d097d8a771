"""Every board picture along a few seeded bot matches per game, in English and
Japanese, kept as a digest of its SVG text in golden/pictures.json: a change to
how any of them is drawn (a label cut one character earlier, a colour, a line
moved) fails here, and the PNG is checked to be that SVG rasterised. To accept
a change on purpose, regenerate, and look at the pictures that changed:

    PARLEY_REGOLD=1 .venv/bin/python -m pytest -q tests/render/test_pictures_unchanged.py
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from bot import render
from bot.render import svg as svgkit
from engine.core import SPECTATOR, Rng
from engine.core.play import step
from engine.core.selfplay import derive_secret
from engine.registry import get_game

GOLDEN = Path(__file__).with_name("golden") / "pictures.json"
SEATS = {"quarriors": 3, "warlords": 4, "naru": 2, "musou": 2}
SEEDS = (1, 2, 3)
EVERY, LIMIT = 7, 200  # every seventh state of the first 200 actions: each stage of a match, not every move
# Latin beyond ASCII, Japanese, markup to escape, and a name long enough to be cut.
NAMES = ["Ann <b>&amp;", "Bjørn", "千代子さんの長いお名前です", "Dee"]
LOCALES = ("en", "ja")


@functools.cache
def views(game_id: str, seed: int) -> tuple[dict[str, Any], ...]:
    """A spectator's view at every EVERY-th state of a seeded bot match."""
    game, seats = get_game(game_id), SEATS[game_id]
    secret = derive_secret(seed)
    rng = Rng(secret, 0)
    state = game.setup(seats, game.options({}, seats), rng)
    counter, out = rng.counter, []
    for n in range(LIMIT):
        pending = game.pending(state)
        if n % EVERY == 0 or not pending:
            out.append(game.view(state, SPECTATOR))
        if not pending:
            break
        p = min(pending, key=lambda p: (p.order, p.seat))
        result = step(game, state, p.seat, game.bot_action(state, p.seat, rng), secret, counter)
        state, counter = result.transition.state, result.counter
    return tuple(out)


def digests(game_id: str, locale: str) -> list[str]:
    names = NAMES[:SEATS[game_id]]
    return [hashlib.sha256((render.board_svg(game_id, view, names, locale) or "").encode()).hexdigest()[:24]
            for seed in SEEDS for view in views(game_id, seed)]


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_every_picture_is_drawn_as_before(game_id: str) -> None:
    drawn = {locale: digests(game_id, locale) for locale in LOCALES}
    if os.environ.get("PARLEY_REGOLD"):
        kept = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
        kept[game_id] = drawn
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n")
    golden = json.loads(GOLDEN.read_text())[game_id]
    assert len(set(golden["en"])) > 5  # not vacuous: the matches went on and the pictures moved
    for locale in LOCALES:
        changed = [i for i, (now, was) in enumerate(zip(drawn[locale], golden[locale], strict=True)) if now != was]
        assert not changed, f"{game_id} in {locale}: pictures {changed} of {len(drawn[locale])} are drawn differently"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_the_png_is_the_svg_rasterised(game_id: str) -> None:
    """What Discord gets is the drawing checked above (with the bundled Japanese font the PNG
    leaves no name and no Japanese out), so it too is drawn as before while resvg is."""
    assert svgkit.japanese()
    names = NAMES[:SEATS[game_id]]
    for view in views(game_id, SEEDS[0])[::3]:
        for locale in LOCALES:
            assert render.image(game_id, view, names, locale) == svgkit.png(render.board_svg(game_id, view, names,
                                                                                             locale) or "")
