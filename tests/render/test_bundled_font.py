"""Japanese names in board PNGs do not depend on the machine's fonts: the IPAGothic that
ships in bot/render/fonts draws them on a host with no system font at all."""

from __future__ import annotations

import pytest

from bot.render import svg


@pytest.fixture
def bare_machine(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """No system font is found: only what ships with the code."""
    monkeypatch.setattr(svg, "_FONT_GLOBS", ())
    svg.font_files.cache_clear()
    svg.japanese.cache_clear()
    yield
    svg.font_files.cache_clear()
    svg.japanese.cache_clear()


def _drawn(content: str) -> bytes:
    return svg.png(svg.document(120, 40, [svg.text(10, 28, content, font_size=20)]))


def test_a_bare_machine_draws_japanese_with_the_bundled_font(bare_machine: None) -> None:
    assert svg.font_files() == (str(svg.BUNDLED_FONT),)
    assert svg.japanese()
    assert svg.drawable(["千代"]) == ["千代"]  # the name itself, not its seat
    # Glyphs were drawn: the kanji and the kana each change the picture from an empty one.
    empty = _drawn("")
    assert _drawn("千代") != empty
    assert _drawn("ちよ") != empty
    assert _drawn("千代") != _drawn("ちよ")


def test_the_font_ships_with_its_licence() -> None:
    licence = svg.BUNDLED_FONT.with_name("IPA_Font_License_Agreement_v1.0.txt").read_text(encoding="utf-8")
    assert "IPA Font License Agreement v1.0" in licence and "IPAフォントライセンスv1.0" in licence
