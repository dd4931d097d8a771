"""Boards and private views come back whole; only Discord clips, with `clip`."""

from bot import render
from engine.core import Rng, Viewer
from engine.quarriors.game import GAME


def test_a_long_board_and_private_view_are_not_clipped():
    view = {"wall": "#" * 5000}
    assert "#" * 5000 in render.board("parlour", view, "en")
    assert "#" * 5000 in render.private("parlour", view, 0, "en")


def test_clip_is_still_there_for_size_limited_messages():
    assert render.clip("x" * 10, 5) == "xxxx…"
    assert render.clip("short", 5) == "short"
    assert len(render.clip("y" * 5000)) == render.DISCORD_LIMIT - 100


def test_a_hand_with_nothing_to_explain_has_no_empty_key_line():
    # Quarriors' second seat at the start: no die in the ready area, so no face shorthand to explain.
    state = GAME.setup(2, GAME.options({}, 2), Rng(b"k" * 32))
    for locale, key in (("en", "Key:"), ("ja", "記号：")):
        text = render.private("quarriors", GAME.view(state, Viewer.of(1)), 1, locale)
        assert key not in text and text.splitlines()[-1].startswith(("Used pile", "休眠パイル"))
        mine = render.private("quarriors", GAME.view(state, Viewer.of(0)), 0, locale)
        assert mine.splitlines()[-1].startswith(key) and not mine.endswith((": .", "：。"))
