"""A general's current 武力 and 戦攻, with the continuous effects of items."""

from __future__ import annotations

from .cards import Static
from .state import SQUARES, MusouState, Slot, cards_of, cdef


def statics(s: MusouState, seat: int, op: str) -> list[Static]:
    """Static effects of `seat`'s face-up items."""
    out: list[Static] = []
    cards, names, row = cards_of(s).cards, s.names, s.field[seat]
    for sq in SQUARES:
        slot = row[sq]
        if slot is None or slot.face_down:
            continue
        card = cards[names[slot.card]]
        if card.type == "item":
            out.extend(st for st in card.static if st.op == op)
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
