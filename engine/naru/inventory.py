"""Every card instance of a Naru match, counted once in whatever zone it is:
the multiset no action may change (cards move, they never appear or vanish)."""

from __future__ import annotations

from collections import Counter

from .state import NaruState


def inventory(s: NaruState) -> Counter[str]:
    found: Counter[str] = Counter()
    for p in s.players:
        for pile in (p.deck, p.hand, p.jail, p.exile):
            found.update(pile)
        # A keep whose land is on the board is counted with the lands.
        if p.keep_sq is None or s.lands[p.keep_sq] is None:
            found[p.keep_card] += 1
    for land in s.lands:
        if land is not None:
            found[land.card] += 1
    for unit in s.units:
        if unit is not None:
            found.update(unit.cards)
            if unit.equipment is not None:
                found[unit.equipment] += 1
    return found
