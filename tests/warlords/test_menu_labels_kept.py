"""A menu names each card of the hand by a text made once per card definition (engine/core/identity.py):
the menus read exactly as when every label is made afresh, however many cards share a definition."""

from __future__ import annotations

import pytest

from engine.warlords import labels
from engine.warlords.game import GAME
from engine.warlords.words import card_with
from tests.warlords.helpers import bot_states


def _menus() -> list[list[tuple[str, str, str | None]]]:
    out = []
    for s in bot_states(2, 3, 160):
        for seat in range(2):
            out.append([(c.label.en, c.label.ja, c.group.ja if c.group else None) for c in GAME.legal_actions(s, seat)])
    return out


def test_menus_read_as_made_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    kept = _menus()
    assert labels._CARDS and labels._GROUPS  # the menus did keep texts
    monkeypatch.setattr(labels, "kept_by_identity", lambda table, d, make, kept=0: make(d))  # every one made afresh
    assert _menus() == kept


def test_a_cards_text_is_kept_by_its_definition() -> None:
    s = bot_states(2, 1, 40)[-1]
    for iid in s.players[s.active].hand:
        made = labels._card(s, iid)
        assert made == card_with(s, iid, labels._numbers(s, iid)) and labels._card(s, iid) is made
