"""A card's face is made once per card definition (engine/core/identity.py) and whether it says
what playing the card needs: the views read exactly as when every face is made afresh."""

from __future__ import annotations

import pytest

from engine.naru import views
from engine.naru.game import GAME
from tests.contract.matches import views_along
from tests.naru.builder import Board


def test_views_read_as_made_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "_FACES", {})
    kept = views_along(GAME, 5, 4)
    assert views._FACES  # the views did keep faces
    monkeypatch.setattr(views, "kept_by_identity", lambda table, card, make, key=(): make(card))
    assert views_along(GAME, 5, 4) == kept


def test_a_face_with_needs_is_kept_apart_from_one_without(monkeypatch: pytest.MonkeyPatch) -> None:
    b = Board()
    cid = b.hand(0, "gen-strategist")
    defs = GAME.defs_of(b.s)
    for first in (False, True):
        monkeypatch.setattr(views, "_FACES", {})
        views.card_json(b.s, defs, cid, with_needs=first)
        assert "needs" not in views.card_json(b.s, defs, cid)
        assert "needs" in views.card_json(b.s, defs, cid, with_needs=True)
