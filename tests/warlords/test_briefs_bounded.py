"""A hand's card lines are written once per card definition and kept by it, but never more than
a bound: custom card sets read again and again must not keep every old definition alive."""

from __future__ import annotations

from engine.warlords import view
from engine.warlords.catalog import brief
from engine.warlords.state import set_defs
from tests.warlords.helpers import bot_states


def test_a_card_line_is_kept_per_definition_and_the_keeping_is_bounded(monkeypatch) -> None:
    state = bot_states(2, 1, 1)[0]
    defs = list(set_defs(state).values())
    monkeypatch.setattr(view, "_BRIEFS", {})
    monkeypatch.setattr(view, "_BRIEFS_KEPT", 5)
    first = view._brief(defs[0])
    assert first == brief(defs[0]) and view._brief(defs[0]) is first  # kept: the same object again
    for d in defs[1:40]:
        assert view._brief(d) == brief(d)
        assert len(view._BRIEFS) <= 5
