"""The replay page says when a bot took a left seat over (and says nothing of
one for an older forfeit, which passed by default)."""

from __future__ import annotations

from bot.replaypage.collect import _line
from events.model import Event


def _removed(**extra: object) -> Event:
    return Event(match_id="m", seq=9, type="player_removed", actor="local:ann", at="",
                 payload={"seat": 0, "reason": "forfeit", **extra})


def test_a_take_over_is_a_line_of_its_own() -> None:
    lines = _line(_removed(takeover="normal"))
    assert [t.en for t in lines] == ["⟦0⟧ left the match (forfeit).", "A bot (normal) plays the seat from now on."]
    assert lines[1].ja == "以後はボット（normal）がこの席を代打ちします。"
    assert [t.en for t in _line(_removed())] == ["⟦0⟧ left the match (forfeit)."]
