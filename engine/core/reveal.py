"""Whether an action showed a seat something it could not see before.

Drawing randomness is one sign of a reveal (`play.step` counts it); this is the
other, read from the games' own `hidden_ids`. Musou's War Council pays its cost
with provisions put face down on the deck top, then draws them: no randomness,
a deck as long as before, yet its player now knows those cards, and a takeback
would let them keep that knowledge while the cards go back on top. Comparing
what each seat may see before and after catches this for every card of every
game without the game having to flag it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

from .contract import Game, Viewer

S = TypeVar("S")


def _gains(game: Game[S], before: S, after: S, seats: int, actor: int) -> Iterator[tuple[int, frozenset[str]]]:
    # What the actor could already see and now shows others (a card played face
    # up from its own hand) is the actor's own disclosure: taking it back takes
    # nothing from anyone, so only what was hidden from the actor too counts.
    # An id that leaves every hidden zone drops out of `hidden_ids` whether it
    # was shown or removed; both count as seen, which errs on the safe side.
    unknown_to_actor = game.hidden_ids(before, Viewer.of(actor))
    if not unknown_to_actor:
        return
    for seat in range(seats):
        viewer = Viewer.of(seat)
        was_hidden = unknown_to_actor if seat == actor else game.hidden_ids(before, viewer)
        if not was_hidden:
            continue
        seen = (set(was_hidden) - set(game.hidden_ids(after, viewer))) & unknown_to_actor
        if seen:
            yield seat, frozenset(seen)


def hidden_gains(game: Game[S], before: S, after: S, seats: int, actor: int) -> dict[int, frozenset[str]]:
    """For each seat that gained any, the ids hidden from it (and from `actor`)
    before the action and no longer hidden from it after."""
    return dict(_gains(game, before, after, seats, actor))


def gains_hidden(game: Game[S], before: S, after: S, seats: int, actor: int) -> bool:
    """True when `actor`'s action let any of the `seats` see an id it could not
    before, other than what the actor itself could already see: such an action
    reveals information and may not be taken back. Costs 2 x seats calls of
    `hidden_ids` at most, so it runs per live action, not per replayed one."""
    return next(_gains(game, before, after, seats, actor), None) is not None
