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

from collections.abc import Callable, Sequence
from typing import Any

from .actions import Action
from .contract import Choice, Game


def forced_action(game: Game[Any], state: Any, seat: int,
                  legal_actions: Callable[[], Sequence[Choice]] | None = None) -> Action | None:
    """The action `seat` has no choice but to take, known to every seat; else None.
    `legal_actions`: the seat's legal actions where the caller keeps them already (the
    service, whose menu of the same decision would otherwise enumerate them again)."""
    if game.decides_in_secret(state, seat):
        return None
    legal = legal_actions() if legal_actions is not None else game.legal_actions(state, seat)
    return dict(legal[0].action) if len(legal) == 1 else None
