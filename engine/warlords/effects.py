"""The one-shot effect vocabulary shared by diplomacy, actions, calamities and spells.

A target is a stack id, a castle id, a player written "p<seat>", or "" for the actor."""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Rng, Text, seat_ref

from .cards import Effect
from .removal import discard_march, remove_weakest_garrison, remove_weakest_unit
from .state import WState, draw_to_hand, find_castle, find_stack, name, to_discard
from .words import castle_of, stack_of


def target_seat(s: WState, target: str) -> int | None:
    if target.startswith("p") and target[1:].isdigit():
        return int(target[1:])
    st = find_stack(s, target)
    if st is not None:
        return st[0]
    c = find_castle(s, target)
    return c[0] if c is not None else None


def apply_effects(s: WState, rng: Rng, effects: Iterable[Effect], actor: int, target: str,
                  log: list[Text] | None) -> None:
    for e in effects:
        for _ in range(max(e.n, 1) if e.op in ("kill_unit", "destroy_improvement") else 1):
            _one(s, rng, e, actor, target, log)


def _one(s: WState, rng: Rng, e: Effect, actor: int, target: str, log: list[Text] | None) -> None:
    if e.op == "draw":
        got = draw_to_hand(s, actor, e.n, rng, log)
        if log is not None:
            log.append(seat_ref(actor) + Text(f" draws {got} card{'' if got == 1 else 's'}.", f"はカードを{got}枚引いた。"))
    elif e.op == "gain_revenue":
        s.players[actor].revenue += e.n
        if log is not None:
            log.append(seat_ref(actor) + Text(f" gains {e.n} revenue this turn.", f"はこの手番の収益を{e.n}得た。"))
    elif e.op == "discard_random":
        seat = target_seat(s, target)
        if seat is None:
            return
        hand = s.players[seat].hand
        if not hand and log is not None:
            log.append(seat_ref(seat) + Text(" has no card in hand to discard.", "には捨てる手札がない。"))
        for _ in range(min(e.n, len(hand))):
            iid = hand.pop(rng.below(len(hand)))
            to_discard(s, iid)
            if log is not None:
                log.append(seat_ref(seat) + Text(" discards ", "は") + name(s, iid) + Text(" at random.", "を無作為に捨てた。"))
    elif e.op == "kill_unit":
        st = find_stack(s, target)
        if st is not None:
            if not remove_weakest_unit(s, st[1], log) and log is not None:
                log.append(stack_of(s, target) + Text(" has no army or ally to lose.", "には失う軍隊・味方がいない。"))
            return
        c = find_castle(s, target)
        if c is not None and not remove_weakest_garrison(s, c[1], log) and log is not None:
            log.append(castle_of(s, target) + Text(" has no garrison army to lose.", "には失う守備隊の軍隊がいない。"))
    elif e.op == "destroy_improvement":
        c = find_castle(s, target)
        if c is not None and c[1].improvements:
            iid = c[1].improvements.pop()
            if log is not None:
                log.append(castle_of(s, target) + Text(" loses its ", "の") + name(s, iid)
                           + Text(" (destroyed).", "が破壊された。"))
            to_discard(s, iid)
        elif c is not None and log is not None:
            log.append(castle_of(s, target) + Text(" has no improvement to destroy.", "には破壊する城砦改良がない。"))
    elif e.op == "strip_march":
        st = find_stack(s, target)
        if st is not None and st[1].march:
            discard_march(s, st[1])
            if log is not None:
                log.append(stack_of(s, target) + Text(" loses its March cards and goes home.",
                                                      "は行軍カードを失い、帰還した。"))
        elif st is not None and log is not None:
            log.append(stack_of(s, target) + Text(" has no March card to lose.", "には失う行軍カードがない。"))
