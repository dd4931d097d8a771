"""Cards leaving play: destroyed stacks, lost units, captured castles, and
elimination (a player with no castle and no stack is out)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import Text, seat_ref

from .stacks import faction as stack_faction
from .stacks import unit_value, units
from .state import Castle, Stack, WState, find_castle, find_stack, name, rec, to_discard
from .words import castle_of, names_and, stack_of


def discard_march(s: WState, st: Stack) -> None:
    for m in st.march:
        to_discard(s, m)
    st.march = []
    st.target = None
    lift_siege(s, st)


def strip_for_terrain(s: WState, st: Stack) -> None:
    """Terrain takes a stack's fleet and March cards (地形: 艦隊・行軍カードがすべて取り除かれる)."""
    discard_march(s, st)
    if st.fleet is not None:
        to_discard(s, st.fleet)
        st.fleet = None


def lift_siege(s: WState, st: Stack) -> None:
    if st.besieging is not None:
        found = find_castle(s, st.besieging)
        if found is not None and found[1].besieged_by == st.hero:
            found[1].besieged_by = None
        st.besieging = None


def destroy_stack(s: WState, seat: int, st: Stack, log: list[Text] | None) -> None:
    lift_siege(s, st)
    for iid in [st.hero, *st.members, *st.march, *st.calamities]:
        to_discard(s, iid)
    for extra in (st.fleet, st.terrain, st.weather):
        if extra is not None:
            to_discard(s, extra)
    if log is not None:
        log.append(stack_of(s, st.hero, seat) + Text(" is destroyed.", "は全滅した。"))
    s.players[seat].stacks.remove(st)


def remove_weakest_unit(s: WState, st: Stack, log: list[Text] | None) -> bool:
    us = units(s, st)
    if not us:
        return False
    fac = stack_faction(s, st)
    victim = min(us, key=lambda u: (unit_value(s, u, fac), u))
    if log is not None:
        log.append(stack_of(s, st.hero) + Text(" loses ", "は") + name(s, victim)
                   + Text(" (its weakest unit).", "を失った（最も弱いユニット）。"))
    st.members.remove(victim)
    to_discard(s, victim)
    return True


def remove_weakest_garrison(s: WState, c: Castle, log: list[Text] | None) -> bool:
    if not c.garrison:
        return False
    victim = min(c.garrison, key=lambda u: (unit_value(s, u, None), u))
    if log is not None:
        log.append(castle_of(s, c.card) + Text(" loses ", "は守備隊の") + name(s, victim)
                   + Text(" from its garrison.", "を失った。"))
    c.garrison.remove(victim)
    to_discard(s, victim)
    return True


MAX_ENUMERATED = 12  # more units than this (never in the sample set): only the automatic choice is offered


def covering(values: dict[str, int], loss: int) -> list[str]:
    """The automatic (default) assignment: the set of units with the smallest total that
    covers the loss (ties: fewer units, then ids); all of them when none covers it."""
    ids = sorted(values)
    if loss <= 0 or not ids:
        return []
    if sum(values.values()) <= loss:
        return ids
    if len(ids) > MAX_ENUMERATED:  # a greedy fallback keeps huge stacks fast
        out: list[str] = []
        for i in sorted(ids, key=lambda u: (-values[u], u)):
            if sum(values[o] for o in out) >= loss:
                break
            out.append(i)
        return out
    best: tuple[int, int, list[str]] | None = None
    sums, _ = _subsets([values[i] for i in ids])
    for mask in range(1, 1 << len(ids)):
        total = sums[mask]
        if total < loss or (best is not None and total > best[0]):
            continue  # not covering, or more than the best: its list is never made
        chosen = [ids[k] for k in range(len(ids)) if mask >> k & 1]
        if best is None or (total, len(chosen), chosen) < best:
            best = (total, len(chosen), chosen)
    return best[2] if best else ids


def _subsets(values: list[int]) -> tuple[list[int], list[int]]:
    """The total and the largest of each subset of `values`, by bit mask (bit k: values[k]),
    each from the one without its highest bit: a battle weighs every subset of a side's units,
    each a sum of its own otherwise."""
    sums, tops = [0], [0]
    for v in values:
        sums += [total + v for total in sums]
        tops += [top if top > v else v for top in tops]
    return sums, tops


def legal_assignment(values: dict[str, int], loss: int, chosen: list[str]) -> bool:
    """Armies and allies take the loss before the hero, and a unit given any loss is
    removed having absorbed its combat value. So the owner names units that together
    cover the whole loss, each of them needed (the last one named may take only part of
    it: total minus the largest is below the loss); when the units cannot cover it,
    every unit goes and the rest falls on the hero."""
    if len(set(chosen)) != len(chosen) or any(c not in values for c in chosen):
        return False
    if loss <= 0 or not values:
        return not chosen
    if sum(values.values()) <= loss:
        return sorted(chosen) == sorted(values)
    if len(values) > MAX_ENUMERATED:
        return sorted(chosen) == sorted(covering(values, loss))
    return bool(chosen) and _each_needed(sum(values[c] for c in chosen), max(values[c] for c in chosen), loss)


def _each_needed(total: int, top: int, loss: int) -> bool:
    """Units totalling `total`, the largest of them `top`, cover the loss and each is needed: without
    any one of them (the largest is the most) the rest fall short."""
    return total >= loss and total - top < loss


def assignments(s: WState, values: dict[str, int], loss: int) -> list[list[str]]:
    """Every legal assignment, one per distinct set of cards (interchangeable copies of a
    card are offered once), the automatic choice first."""
    auto = covering(values, loss)
    rest = [(sum(values[c] for c in chosen), len(chosen), chosen) for chosen in _alternatives(s, values, loss, auto)]
    return [auto] + [c for _, _, c in sorted(rest, key=lambda r: (r[0], r[1], r[2]))]


def sole_assignment(s: WState, values: dict[str, int], loss: int) -> list[str] | None:
    """The automatic choice when it is the only legal assignment (`assignments` of length
    one), else None. A battle asks only this of each side: the search stops at the first
    alternative instead of listing and sorting them all."""
    auto = covering(values, loss)
    if not auto:  # nothing to lose (no loss, or no unit): no other way (most of a replay's asks)
        return auto
    return auto if next(_alternatives(s, values, loss, auto), None) is None else None


def _alternatives(s: WState, values: dict[str, int], loss: int, auto: list[str]) -> Iterator[list[str]]:
    """The legal assignments other than `auto`, one per distinct set of cards, by mask."""
    if loss <= 0 or not values or sum(values.values()) <= loss or len(values) > MAX_ENUMERATED:
        return
    ids = sorted(values, key=lambda u: int(u[1:]) if u[1:].isdigit() else 0)
    seen = {tuple(sorted(s.cards[u] for u in auto))}
    sums, tops = _subsets([values[u] for u in ids])
    for mask in range(1, 1 << len(ids)):
        # legal_assignment of the mask's units, whose other conditions hold here by construction
        if not _each_needed(sums[mask], tops[mask], loss):
            continue
        chosen = [ids[k] for k in range(len(ids)) if mask >> k & 1]
        key = tuple(sorted(s.cards[u] for u in chosen))
        if key in seen:
            continue
        seen.add(key)
        yield chosen


def stack_values(s: WState, st: Stack) -> dict[str, int]:
    fac = stack_faction(s, st)
    return {u: unit_value(s, u, fac) for u in units(s, st)}


def garrison_values(s: WState, c: Castle) -> dict[str, int]:
    fac = rec(s, c.card).home_faction
    return {u: unit_value(s, u, fac) for u in c.garrison}


def _lost(s: WState, values: dict[str, int], chosen: list[str]) -> Text:
    return names_and([name(s, v) + Text(f" ({values[v]})", f"（{values[v]}）") for v in chosen])


def apply_stack_losses(s: WState, seat: int, st: Stack, loss: int, chosen: list[str], log: list[Text] | None) -> bool:
    """Remove the chosen units; what they do not absorb falls on the hero, who is removed
    (and the stack destroyed with all its cards) when it covers the hero's combat value.
    Returns True when the stack survives. The log line says what each unit absorbed
    and whether the stack survived."""
    if loss <= 0 and not chosen:
        if log is not None:
            log.append(stack_of(s, st.hero, seat) + Text(" takes no loss.", "に損失はない。"))
        return True
    values = stack_values(s, st)
    hero = rec(s, st.hero).combat
    left = loss - sum(values[v] for v in chosen)
    falls = left > 0 and left >= hero
    if log is not None:
        log.append(_stack_loss_line(s, seat, st, loss, chosen, values, left, falls))
    for victim in chosen:
        st.members.remove(victim)
        to_discard(s, victim)
    if falls:
        destroy_stack(s, seat, st, log)
        return False
    return True


def _stack_loss_line(s: WState, seat: int, st: Stack, loss: int, chosen: list[str], values: dict[str, int],
                     left: int, falls: bool) -> Text:
    """'<stack> takes a loss of N: <units> are lost, and ...' (before the units leave)."""
    hero = rec(s, st.hero).combat
    head = stack_of(s, st.hero, seat) + Text(f" takes a loss of {loss}: ", f"は損失{loss}を受けた：")
    if chosen:
        verb = " is lost" if len(chosen) == 1 else " are lost"
        what = _lost(s, values, chosen) + Text(verb, "を失い")
        if left <= 0:
            rest = Text("; the stack survives.", "、スタックは残った。")
        elif falls:
            rest = Text(f", and the {left} left reaches the hero's combat {hero}.", f"、残り{left}が英雄の戦力{hero}に達した。")
        else:
            rest = Text(f", and the {left} left is below the hero's combat {hero}; the stack survives.",
                        f"、残り{left}は英雄の戦力{hero}に満たないため、スタックは残った。")
    else:
        what = Text("it has no army or ally", "軍隊・味方はおらず")
        rest = (Text(f", and {loss} reaches the hero's combat {hero}.", f"、{loss}が英雄の戦力{hero}に達した。") if falls
                else Text(f", and {loss} is below the hero's combat {hero}; the stack survives.",
                          f"、{loss}は英雄の戦力{hero}に満たないため、スタックは残った。"))
    return head + what + rest


def apply_garrison_losses(s: WState, c: Castle, chosen: list[str], log: list[Text] | None, loss: int | None = None) -> None:
    """Remove the chosen garrison armies: a battle's `loss`, or the whole garrison to
    sudden death (`loss` None). The log line says what was lost and what remains."""
    if log is not None:
        log.append(_garrison_loss_line(s, c, chosen, loss))
    for victim in chosen:
        c.garrison.remove(victim)
        to_discard(s, victim)


def _garrison_loss_line(s: WState, c: Castle, chosen: list[str], loss: int | None) -> Text:
    """What a castle loses from its garrison (before the armies leave)."""
    where = castle_of(s, c.card)
    if loss is None:
        return (where + Text(" loses its whole garrison: ", "は守備隊をすべて失った：")
                + _lost(s, garrison_values(s, c), chosen) + Text(".", "。"))
    if not chosen:
        return where + Text(" takes no loss.", "に損失はない。")
    remain = len(c.garrison) - len(chosen)
    verb = " is lost" if len(chosen) == 1 else " are lost"
    rest = (Text("; its garrison is wiped out.", "、守備隊は全滅した。") if remain == 0 else
            Text(f"; {remain} {'army remains' if remain == 1 else 'armies remain'}.", f"、軍隊{remain}体が残った。"))
    return (where + Text(f" takes a loss of {loss}: ", f"は損失{loss}を受けた：守備隊の") + _lost(s, garrison_values(s, c), chosen)
            + Text(verb + " from its garrison", "を失い") + rest)


def capture(s: WState, castle_id: str, by_seat: int, log: list[Text] | None) -> None:
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
    if log is not None:
        log.append(seat_ref(by_seat) + Text(" captures ", "は") + castle_of(s, c.card, old) + Text(".", "を攻略した。"))
    s.players[old].castles.remove(c)
    s.players[by_seat].castles.append(c)


def check_eliminations(s: WState, log: list[Text] | None) -> None:
    for seat, p in enumerate(s.players):
        if p.eliminated or p.castles or p.stacks:
            continue
        p.eliminated = True
        p.revenue = 0
        if log is not None:
            log.append(seat_ref(seat) + Text(" has no castle and no stack left, and is out of the game.",
                                             "は城砦もスタックも失い、脱落した。"))
        # Stacks marching against a player who is gone come home (ruling).
        for q in s.players:
            for st in q.stacks:
                if st.target == seat:
                    discard_march(s, st)
