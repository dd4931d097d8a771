"""Battles: totals, the Combat Results Oracle (data), checks drawn by the attacker,
sudden death, loss assignment, castles without a garrison, sieges and starvation."""

from __future__ import annotations

from engine.core import Rng, Text, seat_ref

from .cards import rules
from .removal import (
    apply_garrison_losses,
    apply_stack_losses,
    assignments,
    capture,
    covering,
    destroy_stack,
    garrison_values,
    remove_weakest_garrison,
    sole_assignment,
    stack_values,
)
from .stacks import castle_combat, stack_combat
from .state import Decision, WState, check, find_castle, find_stack
from .words import castle_of, piece, seats_and, stack_of

SIDE = {"attacker": Text("the attacker's losses", "攻撃側の損失"), "defender": Text("the defender's losses", "防御側の損失")}


def draw_losses(s: WState, seat: int, n: int, rng: Rng, log: list[Text] | None, side: str = "attacker") -> tuple[int, bool]:
    """The attacker draws `n` cards for one side's losses; a sudden-death icon stops at once."""
    total = 0
    for _ in range(n):
        value, sudden = check(s, seat, rng, log, SIDE[side])
        total += value
        if sudden:
            return total, True
    return total, False


def battle(s: WState, rng: Rng, attacker: int, stack_id: str, target: str, bonus: int, log: list[Text] | None,
           queue: tuple[str, ...] | list[str] = ()) -> None:
    """Resolve one battle of stack `stack_id` against a castle or stack `target`; then,
    while the attacker stands, against each interceptor left in `queue`. When a side's
    owner has a real choice of which units take the loss, the battle waits for it."""
    a = find_stack(s, stack_id)
    if a is None:
        return
    _, ast = a
    castle = find_castle(s, target)
    dstack = find_stack(s, target) if castle is None else None  # read only when the target is no castle
    a_total = stack_combat(s, ast) + bonus
    if castle is not None:
        dseat, c = castle
        if not c.garrison:
            if log is not None:
                log.append(castle_of(s, c.card) + Text(" has no garrison army and falls without a battle.",
                                                       "には守備隊の軍隊がおらず、戦わずに陥落した。"))
            capture(s, c.card, attacker, log)
            return
        d_total = castle_combat(s, c)
        d_values = garrison_values(s, c)
    elif dstack is not None:
        dseat, dst = dstack
        d_total = stack_combat(s, dst)
        d_values = stack_values(s, dst)
    else:
        _next(s, rng, attacker, stack_id, bonus, list(queue), log)
        return
    diff = a_total - d_total
    row = rules().oracle_row(diff)
    signed = f"{diff:+d}" if diff else "0"
    if log is not None:
        log.append(Text("Battle: ", "戦闘：") + stack_of(s, stack_id, attacker) + Text(f" ({a_total}) against ", f"（{a_total}）対")
                   + piece(s, target) + Text(f" ({d_total}), difference {signed}: the oracle draws {_cards(row.attacker)} "
                                             f"for the attacker's losses and {_cards(row.defender)} for the defender's.",
                                             f"（{d_total}）、差{signed}。戦闘結果表により、攻撃側の損失に{row.attacker}枚、"
                                             f"防御側の損失に{row.defender}枚を引く。"))
    a_loss, a_sudden = draw_losses(s, attacker, row.attacker, rng, log, "attacker")
    if a_sudden:
        if log is not None:
            log.append(Text("Sudden death strikes the attacker: the battle ends.", "攻撃側にサドンデス：戦闘は終わる。"))
        destroy_stack(s, attacker, ast, log)
        return
    d_loss, d_sudden = draw_losses(s, attacker, row.defender, rng, log, "defender")
    if d_sudden:
        if log is not None:
            log.append(Text(f"Sudden death strikes the defender: the battle ends (the attacker's loss is {a_loss}).",
                            f"防御側にサドンデス：戦闘は終わる（攻撃側の損失は{a_loss}）。"))
        if castle is not None:
            apply_garrison_losses(s, castle[1], list(castle[1].garrison), log)
        else:
            destroy_stack(s, dseat, dst, log)
        d_loss = 0
    else:
        if log is not None:
            log.append(Text(f"Losses: attacker {a_loss}, defender {d_loss}.", f"損失：攻撃側{a_loss}、防御側{d_loss}。"))
    # A side with one legal assignment takes it at once: the automatic choice, listed first.
    waiting: list[int] = []
    a_sole = sole_assignment(s, stack_values(s, ast), a_loss)
    if a_sole is None:
        waiting.append(attacker)
    else:
        apply_stack_losses(s, attacker, ast, a_loss, a_sole, log)
        a_loss = 0
    d_sole = sole_assignment(s, d_values, d_loss) if d_loss > 0 else None
    if d_loss > 0 and d_sole is None:
        waiting.append(dseat)
    elif d_loss > 0 or not d_sudden:
        _apply_defender(s, dseat, target, d_loss, d_sole, log)
        d_loss = 0
    if waiting:
        s.decision = Decision("losses", waiting, attacker, stack=stack_id, target=target, bonus=bonus,
                              a_loss=a_loss, d_loss=d_loss, queue=list(queue))
        if log is not None:
            log.append(seats_and(waiting) + Text(" must choose which of their units take the loss.",
                                                 "が損失を受けるユニットを選ぶ。"))
        return
    finish(s, rng, attacker, stack_id, target, bonus, list(queue), log)


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _apply_defender(s: WState, seat: int, target: str, loss: int, chosen: list[str] | None, log: list[Text] | None) -> None:
    castle = find_castle(s, target)
    if castle is not None:
        c = castle[1]
        apply_garrison_losses(s, c, covering(garrison_values(s, c), loss) if chosen is None else chosen, log, loss)
        return
    found = find_stack(s, target)
    if found is not None:
        st = found[1]
        apply_stack_losses(s, seat, st, loss, covering(stack_values(s, st), loss) if chosen is None else chosen, log)


def loss_options(s: WState, seat: int) -> list[list[str]]:
    """The legal assignments for `seat` in a pending "losses" decision."""
    d = s.decision
    if d is None or d.kind != "losses" or seat not in d.seats:
        return []
    values, loss = side_values(s, seat)
    return assignments(s, values, loss)


def side_values(s: WState, seat: int) -> tuple[dict[str, int], int]:
    d = s.decision
    assert d is not None
    if seat == d.actor:
        found = find_stack(s, d.stack)
        return (stack_values(s, found[1]) if found is not None else {}), d.a_loss
    castle = find_castle(s, d.target)
    if castle is not None:
        return garrison_values(s, castle[1]), d.d_loss
    st = find_stack(s, d.target)
    return (stack_values(s, st[1]) if st is not None else {}), d.d_loss


def assign(s: WState, rng: Rng, seat: int, chosen: list[str], log: list[Text] | None) -> None:
    """`seat` assigns its side's losses (already checked legal); when both sides have,
    the battle finishes."""
    d = s.decision
    assert d is not None
    if seat == d.actor:
        found = find_stack(s, d.stack)
        if found is not None:
            apply_stack_losses(s, seat, found[1], d.a_loss, chosen, log)
    else:
        _apply_defender(s, seat, d.target, d.d_loss, chosen, log)
    d.seats.remove(seat)
    if d.seats:
        return
    s.decision = None
    finish(s, rng, d.actor, d.stack, d.target, d.bonus, list(d.queue), log)


def finish(s: WState, rng: Rng, attacker: int, stack_id: str, target: str, bonus: int, queue: list[str],
           log: list[Text] | None) -> None:
    """After the losses: a castle stripped of its garrison is captured, otherwise besieged;
    a surviving attacker goes on to the next interceptor."""
    a = find_stack(s, stack_id)
    if a is None:
        return
    ast = a[1]
    castle = find_castle(s, target)
    if castle is not None:
        c = castle[1]
        if not c.garrison:
            capture(s, c.card, attacker, log)
        elif c.besieged_by is None:
            c.besieged_by = ast.hero
            ast.besieging = c.card
            if log is not None:
                log.append(stack_of(s, ast.hero, attacker) + Text(" besieges ", "は") + castle_of(s, c.card)
                           + Text(": it will starve one garrison army on each of its owner's turns.",
                                  "を包囲した：城砦の持ち主の手番ごとに守備隊の軍隊が1体ずつ飢える。"))
        return
    _next(s, rng, attacker, stack_id, bonus, queue, log)


def _next(s: WState, rng: Rng, attacker: int, stack_id: str, bonus: int, queue: list[str], log: list[Text] | None) -> None:
    while queue:
        nxt = queue.pop(0)
        if find_stack(s, nxt) is not None:
            if log is not None:
                log.append(stack_of(s, nxt) + Text(" engages the attacker next.", "が続けて攻撃側を迎え撃つ。"))
            battle(s, rng, attacker, stack_id, nxt, bonus, log, queue)
            return


def starve(s: WState, seat: int, log: list[Text] | None) -> None:
    """Each of `seat`'s castles besieged by another player loses armies to starvation
    (兵糧攻め); a castle starved empty falls to its besieger (ruling)."""
    for c in list(s.players[seat].castles):
        if c.besieged_by is None:
            continue
        b = find_stack(s, c.besieged_by)
        if b is None or b[0] == seat:
            c.besieged_by = None
            continue
        for _ in range(rules().starvation_per_turn):
            if c.garrison:
                if log is not None:
                    log.append(castle_of(s, c.card, seat) + Text(" starves under siege by ", "は") + stack_of(s, b[1].hero, b[0])
                               + Text(".", "の包囲により飢えている。"))
                remove_weakest_garrison(s, c, log)
        if not c.garrison:
            if log is not None:
                log.append(castle_of(s, c.card, seat) + Text(" has no garrison left and falls to ", "は守備隊を失い、")
                           + seat_ref(b[0]) + Text(".", "の兵糧攻めで陥落した。"))
            capture(s, c.card, b[0], log)
