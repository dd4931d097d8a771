"""When a Naru seat's battle-tool choice could hang on what only it can see.

In a battle the deciding seat is offered "no tool" and each battle tool in its
hand it can pay for. Its hand is hidden, and so is which starter a random deck
is, but its resources and hand size are public, and no battle tool in the
card set (public) costs less than the cheapest one. So with an empty hand, or
fewer resources than that, no hidden card could act: the lone "no tool" is
forced for all to see, and the framework plays it at once (engine.core.forced).
Every other decision keeps the contract's default (it waits)."""

from __future__ import annotations

from .choices import mode, waiting
from .state import NaruState
from .units import Defs


def cheapest_tool(defs: Defs) -> int | None:
    """The lowest cost of a battle tool in the card set; None if it has none."""
    return min((d.cost for d in defs.values() if d.kind == "battle_tool"), default=None)


def decides_in_secret(s: NaruState, seat: int, defs: Defs) -> bool | None:
    """False when `seat` decides a battle tool with nothing hidden that could
    act; None otherwise (the contract's default decides)."""
    if mode(s) != "battle" or all(waiter != seat for waiter, _ in waiting(s)):
        return None
    cost = cheapest_tool(defs)
    player = s.players[seat]
    if not player.hand or cost is None or player.resources < cost:
        return False
    return None
