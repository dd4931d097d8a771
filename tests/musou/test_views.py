"""Secrecy of views and the renderers."""

from __future__ import annotations

import json

import pytest

from bot.render import musou as render
from bot.render import svg as svgkit
from engine.core import ALL_SEEING, SPECTATOR, Viewer, clone
from engine.core.redaction import leaked, strings_in
from engine.musou.game import GAME, hidden_ids
from engine.musou.state import Names

from .helpers import Position, rng


def position() -> Position:
    p = Position()
    p.hand(0, "guan_yu", "fire_arrows")
    p.hand(1, "xu_zhu")
    p.put(0, 1, "zhang_fei")
    p.put(0, 3, "falling_rocks", face_down=True)
    p.put(1, 1, "lu_xun", face_down=True)
    return p


def test_view_hides_hands_face_down_cards_provisions_and_deck_order() -> None:
    p = position()
    s = p.s
    for viewer in (SPECTATOR, Viewer.of(0), Viewer.of(1)):
        v = GAME.view(s, viewer)
        assert leaked(v, hidden_ids(s, viewer)) == set()
    v = GAME.view(s, Viewer.of(1))
    mine = v["players"][0]
    assert mine["hand"] == {"hidden": 2} and mine["provisions"] == {"hidden": 5} and mine["deck"] == {"hidden": 20}
    assert mine["field"][2] == {"face_down": True}
    assert "falling_rocks" not in strings_in(v) and "guan_yu" not in strings_in(v)
    own = GAME.view(s, Viewer.of(0))["players"][0]
    assert own["field"][2]["card"]["key"] == "falling_rocks" and len(own["hand"]) == 2
    assert own["provisions"] == {"hidden": 5}  # face down to everyone; the count is public
    assert GAME.view(s, ALL_SEEING)["players"][0]["provision_cards"] == s.provisions[0]


def test_describe_does_not_name_a_card_set_face_down() -> None:
    p = Position()
    (card,) = p.hand(0, "lu_bu")
    text = GAME.describe(p.s, 0, {"kind": "facedown", "card": card, "square": 2})
    assert "Lu Bu" not in text.en and "呂布" not in text.ja


def test_render_board_private_and_image() -> None:
    s = position().s
    for locale in ("en", "ja"):
        text = render.board(GAME.view(s, SPECTATOR), locale)
        assert "Zhang Fei" in text or "張飛" in text
        assert "Falling" not in text and "落石" not in text
        mine = render.private(GAME.view(s, Viewer.of(0)), 0, locale)
        assert "Guan Yu" in mine or "関羽" in mine
    png = render.image(GAME.view(s, SPECTATOR))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_log_of_a_face_down_card_names_no_card() -> None:
    p = Position()
    (card,) = p.hand(0, "lu_bu")
    t = GAME.apply(p.s, 0, {"kind": "facedown", "card": card, "square": 3}, rng())
    text = " ".join(line.en + line.ja for line in t.log)
    assert "Lu Bu" not in text and "呂布" not in text and card not in text


def test_views_are_json_safe() -> None:
    s = position().s
    for viewer in (SPECTATOR, Viewer.of(0), Viewer.of(1), ALL_SEEING):
        assert json.loads(json.dumps(GAME.view(s, viewer))) == GAME.view(s, viewer)


def test_image_uses_a_japanese_font_when_installed_and_english_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    view = GAME.view(position().s, SPECTATOR)
    face_up = next(e["card"] for e in view["players"][0]["field"] if e and "card" in e)
    japanese = render._name(face_up, "ja")
    assert japanese in render.svg(view, locale="ja") and japanese not in render.svg(view, locale="en")
    monkeypatch.setattr(svgkit, "japanese", lambda: False)
    png = render.image(view)  # the English fallback still draws, and is the English picture
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png == render.image(view, locale="en")


def test_clone_keeps_card_names_and_sees_later_changes() -> None:
    s = position().s
    copy = clone(s)
    assert copy == s and copy.names == s.names and isinstance(copy.names, Names)
    s.names["extra"] = "guan_yu"  # a change after a clone must reach the next clone
    assert clone(s).names["extra"] == "guan_yu"
    del s.names["extra"]
    assert "extra" not in clone(s).names
    s.names.update(more="guan_ping")  # every mutating method drops the cached string
    assert clone(s).names["more"] == "guan_ping"
    s.names.pop("more")
    assert "more" not in clone(s).names


def test_board_names_the_attacker_and_its_target() -> None:
    p = Position(stage="battle")
    p.put(0, 1, "zhang_fei")
    target = p.put(1, 1, "xu_zhu")
    s = GAME.apply(p.s, 0, {"kind": "attack", "from": 1, "target": target}, rng()).state
    assert "⟦0⟧'s Zhang Fei (square 1, power 4) -> ⟦1⟧'s Xu Zhu (power 5)" in render.board(GAME.view(s, SPECTATOR), "en")
    assert "⟦0⟧の張飛（1番マス・武力4）→ ⟦1⟧の許褚（武力5）" in render.board(GAME.view(s, SPECTATOR), "ja")
