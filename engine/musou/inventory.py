"""Every card of a Musou match by seat and name: main deck and side deck
together (side-deck swaps between games move cards, never make them) plus the
three commanders. The multiset no action may change."""

from __future__ import annotations

from collections import Counter

from .state import SQUARES, MusouState


def inventory(s: MusouState) -> Counter[str]:
    found: Counter[str] = Counter()
    for seat in (0, 1):
        field = [slot.card for sq in SQUARES if (slot := s.field[seat][sq]) is not None]
        cards = s.decks[seat] + s.hands[seat] + s.provisions[seat] + s.discard[seat] + field + list(s.side[seat])
        # Between games decks hold card keys; dealt, each card has its own id named in `names`.
        found.update(f"{seat}:{s.names.get(c, c)}" for c in cards)
        commanders = s.pool[seat] + s.used[seat] + [c for c in [s.commander[seat]] if c and c not in s.pool[seat]]
        found.update(f"{seat}:commander:{c}" for c in commanders)
    return found
