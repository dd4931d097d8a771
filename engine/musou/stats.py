"""A general's current 武力 and 戦攻, with the continuous effects of items."""

from __future__ import annotations

from .cards import Static
from .state import MusouState, Slot, cards_of, cdef


def statics(s: MusouState, seat: int, op: str) -> list[Static]:
    """Static effects of `seat`'s face-up items."""
    out: list[Static] = []
    items, names = cards_of(s).statics[op], s.names
    for slot in s.field[seat]:  # whole, as `state.generals` walks it
        if slot is not None and not slot.face_down:
            found = items.get(names[slot.card])
            if found:
                out.extend(found)
    return out


def power(s: MusouState, seat: int, slot: Slot) -> int:
    card = cdef(s, slot.card)
    aura = sum(st.amount for st in statics(s, seat, "aura_power") if st.element in (None, card.element))
    return card.power + slot.boost + aura


def strike(s: MusouState, seat: int, slot: Slot) -> int:
    card = cdef(s, slot.card)
    return card.strike + sum(st.amount for st in statics(s, seat, "aura_strike")
                             if st.element in (None, card.element))


def ward(s: MusouState, seat: int) -> int:
    return sum(st.amount for st in statics(s, seat, "ward"))


def extra_provisions(s: MusouState, seat: int) -> int:
    return sum(st.amount for st in statics(s, seat, "extra_provision"))
