"""Stacks and castles on the table: states (野営中, 哨戒中, 作戦中, 入港中, 海上, 包囲中),
flying, faction, capacity and combat values; revenue."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Text

from .cards import Card
from .state import Castle, Player, Stack, WState, rec, set_defs

STATE_TEXT = {
    "camped": Text("camped", "野営中"),
    "patrolling": Text("patrolling", "哨戒中"),
    "campaign": Text("on campaign", "作戦中"),
    "in_port": Text("in port", "入港中"),
    "at_sea": Text("at sea", "海上"),
    "besieging": Text("besieging", "包囲中"),
}


def stack_state(st: Stack) -> str:
    if st.besieging is not None:
        return "besieging"
    if st.fleet is not None:
        return "at_sea" if st.march else "in_port"
    return ("camped", "patrolling", "campaign")[min(len(st.march), 2)]


def at_home(st: Stack) -> bool:
    """In its own territory (camped, patrolling or in port)."""
    return stack_state(st) in ("camped", "patrolling", "in_port")


def units(s: WState, st: Stack) -> list[str]:
    """Armies and allies: they take losses before the hero."""
    recs, cards = set_defs(s).rules, s.cards
    return [m for m in st.members if recs[cards[m]].type in ("army", "ally")]


def faction(s: WState, st: Stack) -> str | None:
    for m in st.members:
        d = rec(s, m)
        if d.type == "banner":
            return d.faction
    return None


def banner(s: WState, st: Stack) -> str | None:
    recs, cards = set_defs(s).rules, s.cards
    for m in st.members:
        if recs[cards[m]].type == "banner":
            return m
    return None


def flying(s: WState, st: Stack) -> bool:
    return rec(s, st.hero).flying and all(rec(s, u).flying for u in units(s, st))


def magic(s: WState, st: Stack) -> bool:
    return any(rec(s, m).magic for m in st.members)


def immobile(s: WState, st: Stack) -> bool:
    """Weather holds a stack still until it is removed (天候)."""
    return st.weather is not None and rec(s, st.weather).static("immobile") > 0


def capacity(s: WState, st: Stack) -> int:
    # The set's records in a loop: every deployment to a stack asks, with its load.
    recs, cards = set_defs(s).rules, s.cards
    cap = recs[cards[st.hero]].capacity
    for m in st.members:
        d = recs[cards[m]]
        cap += d.capacity if d.type == "banner" else d.added_capacity
    return cap


def load(s: WState, st: Stack) -> int:
    """Cards counted against capacity: armies, allies, artefacts (not the banner)."""
    recs, cards = set_defs(s).rules, s.cards
    n = 0
    for m in st.members:
        if recs[cards[m]].type in ("army", "ally", "artefact"):
            n += 1
    return n


def unit_value(s: WState, iid: str, fac: str | None) -> int:
    return _value(rec(s, iid), fac)


def _value(d: Card, fac: str | None) -> int:
    """An army's or ally's combat value with its bonus for the faction `fac`."""
    return d.combat + (d.bonus.get(fac, 0) if fac else 0)  # type: ignore[call-overload]


def stack_combat(s: WState, st: Stack) -> int:
    fac = faction(s, st)
    total = rec(s, st.hero).combat
    for m in st.members:
        d = rec(s, m)
        if d.type in ("army", "ally"):
            total += _value(d, fac)  # the model just read, not unit_value's second look-up
        elif d.type == "artefact":
            total += d.static("combat")
    for extra in (st.terrain, st.weather):
        if extra is not None:
            total += rec(s, extra).static("combat")
    if st.fleet is not None and fac:
        total += rec(s, st.fleet).bonus.get(fac, 0)  # type: ignore[call-overload]
    return max(total, 0)


def stack_parts(s: WState, st: Stack) -> tuple[list[tuple[str, int, bool]], int]:
    """What makes a stack's battle total, for people: (card, value, is a modifier)
    for each card that adds something, and the total (the same as stack_combat)."""
    fac = faction(s, st)
    parts: list[tuple[str, int, bool]] = [(st.hero, rec(s, st.hero).combat, False)]
    for m in st.members:
        d = rec(s, m)
        if d.type in ("army", "ally"):
            parts.append((m, unit_value(s, m, fac), False))
        elif d.type == "artefact" and d.static("combat"):
            parts.append((m, d.static("combat"), True))
    for extra in (st.terrain, st.weather):
        if extra is not None and rec(s, extra).static("combat"):
            parts.append((extra, rec(s, extra).static("combat"), True))
    if st.fleet is not None and fac and rec(s, st.fleet).bonus.get(fac, 0):  # type: ignore[call-overload]
        parts.append((st.fleet, rec(s, st.fleet).bonus[fac], True))  # type: ignore[index]
    return parts, stack_combat(s, st)


def castle_parts(s: WState, c: Castle) -> tuple[list[tuple[str, int, bool]], int]:
    """The castle's defence, its improvements' and each garrison army's part of its total."""
    fac = castle_faction(s, c)
    parts: list[tuple[str, int, bool]] = [(c.card, rec(s, c.card).defence, False)]
    parts += [(i, rec(s, i).static("defence"), True) for i in c.improvements if rec(s, i).static("defence")]
    parts += [(g, unit_value(s, g, fac), False) for g in c.garrison]
    return parts, castle_combat(s, c)


def castle_faction(s: WState, c: Castle) -> str | None:
    return rec(s, c.card).home_faction


def castle_combat(s: WState, c: Castle) -> int:
    fac = castle_faction(s, c)
    total = rec(s, c.card).defence + sum(rec(s, i).static("defence") for i in c.improvements)
    return total + sum(unit_value(s, g, fac) for g in c.garrison)


def castle_capacity(s: WState, c: Castle) -> int:
    recs, cards = set_defs(s).rules, s.cards  # and a loop: every garrison deployment asks
    total = recs[cards[c.card]].capacity
    for i in c.improvements:
        total += recs[cards[i]].added_capacity
    return total


def castle_revenue(s: WState, c: Castle) -> int:
    return _revenue(s, (c,))


def _revenue(s: WState, castles: Sequence[Castle]) -> int:
    """The castles' revenue with their improvements', from the set's records."""
    recs, cards = set_defs(s).rules, s.cards
    total = 0
    for c in castles:  # loops, not sum(): most castles have no improvement, and every turn starts here
        total += recs[cards[c.card]].revenue
        for i in c.improvements:
            total += recs[cards[i]].added_revenue
    return total


def is_port(s: WState, c: Castle) -> bool:
    return rec(s, c.card).port or any(rec(s, i).static("port") > 0 for i in c.improvements)


def improvable(s: WState, c: Castle) -> bool:
    return not any(rec(s, i).no_more_improvements for i in c.improvements)


def glory(s: WState, p: Player) -> int:
    """Revenue from castles and permanent cards; treasure is excluded (Glory Road score)."""
    return _revenue(s, p.castles)


def is_home(s: WState, c: Castle) -> bool:
    return rec(s, c.card).home_faction is not None
