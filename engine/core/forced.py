"""Forced decisions: a seat's only legal action, when what fixes it is public.

A decision with one legal action still costs a play-by-message match a wait
of hours if it is handed to a person. The framework plays it at once, but
only when the game says the seat's choice could not hang on anything the
other seats cannot see (`Game.decides_in_secret`): a lone pass forced by an
unplayable hand is left to the seat, since playing it at once would tell the
table what the hand holds. Whether a decision is forced depends on public
facts alone, so the timing of the automatic move reveals nothing either.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .contract import Game


def forced_action(game: Game[Any], state: Any, seat: int) -> Action | None:
    """The action `seat` has no choice but to take, known to every seat; else None."""
    if game.decides_in_secret(state, seat):
        return None
    legal = game.legal_actions(state, seat)
    return dict(legal[0].action) if len(legal) == 1 else None
