"""Cards leaving play: destroyed stacks, lost units, captured castles, and
elimination (a player with no castle and no stack is out)."""

from __future__ import annotations

from engine.core import Text

from .stacks import faction as stack_faction
from .stacks import unit_value, units
from .state import Castle, Stack, WState, cdef, find_castle, find_stack, name, seat_text, to_discard


def discard_march(s: WState, st: Stack) -> None:
    for m in st.march:
        to_discard(s, m)
    st.march = []
    st.target = None
    lift_siege(s, st)


def lift_siege(s: WState, st: Stack) -> None:
    if st.besieging is not None:
        found = find_castle(s, st.besieging)
        if found is not None and found[1].besieged_by == st.hero:
            found[1].besieged_by = None
        st.besieging = None


def destroy_stack(s: WState, seat: int, st: Stack, log: list[Text]) -> None:
    lift_siege(s, st)
    for iid in [st.hero, *st.members, *st.march, *st.calamities]:
        to_discard(s, iid)
    for extra in (st.fleet, st.terrain, st.weather):
        if extra is not None:
            to_discard(s, extra)
    s.players[seat].stacks.remove(st)
    log.append(Text("The stack of ", "") + name(s, st.hero) + Text(" is destroyed.", "のスタックは全滅した。"))


def remove_weakest_unit(s: WState, st: Stack, log: list[Text]) -> bool:
    us = units(s, st)
    if not us:
        return False
    fac = stack_faction(s, st)
    victim = min(us, key=lambda u: (unit_value(s, u, fac), u))
    st.members.remove(victim)
    to_discard(s, victim)
    log.append(name(s, victim) + Text(" is lost.", "が失われた。"))
    return True


def remove_weakest_garrison(s: WState, c: Castle, log: list[Text]) -> bool:
    if not c.garrison:
        return False
    victim = min(c.garrison, key=lambda u: (unit_value(s, u, None), u))
    c.garrison.remove(victim)
    to_discard(s, victim)
    log.append(name(s, victim) + Text(" is lost from ", "が") + name(s, c.card) + Text(".", "から失われた。"))
    return True


def assign_stack_losses(s: WState, seat: int, st: Stack, loss: int, log: list[Text]) -> bool:
    """Armies and allies absorb losses first (weakest first, each absorbing its combat
    value, ruling); the hero falls only when the rest covers its combat value.
    Returns True when the stack survives."""
    fac = stack_faction(s, st)
    while loss > 0 and units(s, st):
        victim = min(units(s, st), key=lambda u: (unit_value(s, u, fac), u))
        loss -= unit_value(s, victim, fac)
        st.members.remove(victim)
        to_discard(s, victim)
        log.append(name(s, victim) + Text(" is lost.", "が失われた。"))
    if loss > 0 and loss >= cdef(s, st.hero).combat:
        destroy_stack(s, seat, st, log)
        return False
    return True


def assign_garrison_losses(s: WState, c: Castle, loss: int, log: list[Text]) -> None:
    while loss > 0 and c.garrison:
        victim = min(c.garrison, key=lambda u: (unit_value(s, u, None), u))
        loss -= unit_value(s, victim, None)
        c.garrison.remove(victim)
        to_discard(s, victim)
        log.append(name(s, victim) + Text(" is lost.", "が失われた。"))


def capture(s: WState, castle_id: str, by_seat: int, log: list[Text]) -> None:
    """A castle whose garrison is gone passes to the victor with its improvements."""
    found = find_castle(s, castle_id)
    if found is None:
        return
    old, c = found
    if c.besieged_by is not None:
        b = find_stack(s, c.besieged_by)
        if b is not None:
            b[1].besieging = None
    c.besieged_by = None
    s.players[old].castles.remove(c)
    s.players[by_seat].castles.append(c)
    log.append(seat_text(by_seat) + Text(" captures ", "は") + name(s, c.card) + Text(".", "を攻略した。"))


def check_eliminations(s: WState, log: list[Text]) -> None:
    for seat, p in enumerate(s.players):
        if p.eliminated or p.castles or p.stacks:
            continue
        p.eliminated = True
        p.revenue = 0
        log.append(seat_text(seat) + Text(" has no castle and no stack, and is out.",
                                          "は城砦もスタックも失い、脱落した。"))
        # Stacks marching against a player who is gone come home (ruling).
        for q in s.players:
            for st in q.stacks:
                if st.target == seat:
                    discard_march(s, st)
