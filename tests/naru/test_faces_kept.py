"""A card's face is made once per card definition (engine/core/identity.py) and whether it says
what playing the card needs: the views read exactly as when every face is made afresh."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import SPECTATOR, Viewer
from engine.core.selfplay import play_bots, replay_moves
from engine.naru import views
from engine.naru.game import GAME
from tests.naru.builder import Board

VIEWERS = [Viewer.of(0), Viewer.of(1), SPECTATOR]


def _views() -> list[list[dict[str, Any]]]:
    played = play_bots(GAME, 2, 5)
    return [GAME.views(replay_moves(GAME, 2, 5, played.moves[:n]), VIEWERS)
            for n in range(0, len(played.moves) + 1, 4)]


def test_views_read_as_made_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "_FACES", {})
    kept = _views()
    assert views._FACES  # the views did keep faces
    monkeypatch.setattr(views, "kept_by_identity", lambda table, card, make, key=(): make(card))
    assert _views() == kept


def test_a_face_with_needs_is_kept_apart_from_one_without() -> None:
    b = Board()
    cid = b.hand(0, "gen-strategist")
    defs = GAME.defs_of(b.s)
    for first in (False, True):
        views._FACES.clear()
        views.card_json(b.s, defs, cid, with_needs=first)
        assert "needs" not in views.card_json(b.s, defs, cid)
        assert "needs" in views.card_json(b.s, defs, cid, with_needs=True)
