"""Boards and private views come back whole; only Discord clips, with `clip`."""

from bot import render


def test_a_long_board_and_private_view_are_not_clipped():
    view = {"wall": "#" * 5000}
    assert "#" * 5000 in render.board("parlour", view, "en")
    assert "#" * 5000 in render.private("parlour", view, 0, "en")


def test_clip_is_still_there_for_size_limited_messages():
    assert render.clip("x" * 10, 5) == "xxxx…"
    assert render.clip("short", 5) == "short"
    assert len(render.clip("y" * 5000)) == render.DISCORD_LIMIT - 100
