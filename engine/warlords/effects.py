"""The one-shot effect vocabulary shared by diplomacy, actions, calamities and spells.

A target is a stack id, a castle id, a player written "p<seat>", or "" for the actor."""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Rng, Text

from .cards import Effect
from .removal import discard_march, remove_weakest_garrison, remove_weakest_unit
from .state import WState, draw_to_hand, find_castle, find_stack, name, seat_text, to_discard


def target_seat(s: WState, target: str) -> int | None:
    if target.startswith("p") and target[1:].isdigit():
        return int(target[1:])
    st = find_stack(s, target)
    if st is not None:
        return st[0]
    c = find_castle(s, target)
    return c[0] if c is not None else None


def apply_effects(s: WState, rng: Rng, effects: Iterable[Effect], actor: int, target: str,
                  log: list[Text]) -> None:
    for e in effects:
        for _ in range(max(e.n, 1) if e.op in ("kill_unit", "destroy_improvement") else 1):
            _one(s, rng, e, actor, target, log)


def _one(s: WState, rng: Rng, e: Effect, actor: int, target: str, log: list[Text]) -> None:
    if e.op == "draw":
        draw_to_hand(s, actor, e.n, rng, log)
        log.append(seat_text(actor) + Text(f" draws {e.n}.", f"は{e.n}枚引いた。"))
    elif e.op == "gain_revenue":
        s.players[actor].revenue += e.n
        log.append(seat_text(actor) + Text(f" gains {e.n} revenue this turn.", f"は今手番の収益を{e.n}得た。"))
    elif e.op == "discard_random":
        seat = target_seat(s, target)
        if seat is None:
            return
        hand = s.players[seat].hand
        for _ in range(min(e.n, len(hand))):
            iid = hand.pop(rng.below(len(hand)))
            to_discard(s, iid)
            log.append(seat_text(seat) + Text(" discards ", "は") + name(s, iid) + Text(".", "を捨てた。"))
    elif e.op == "kill_unit":
        st = find_stack(s, target)
        if st is not None:
            remove_weakest_unit(s, st[1], log)
            return
        c = find_castle(s, target)
        if c is not None:
            remove_weakest_garrison(s, c[1], log)
    elif e.op == "destroy_improvement":
        c = find_castle(s, target)
        if c is not None and c[1].improvements:
            iid = c[1].improvements.pop()
            to_discard(s, iid)
            log.append(name(s, iid) + Text(" is destroyed.", "は破壊された。"))
    elif e.op == "strip_march":
        st = find_stack(s, target)
        if st is not None and st[1].march:
            discard_march(s, st[1])
            log.append(Text("The stack of ", "") + name(s, st[1].hero) + Text(" loses its March cards.",
                                                                              "のスタックは行軍カードを失った。"))
