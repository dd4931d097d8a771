"""Battles: totals, the Combat Results Oracle (data), checks drawn by the attacker,
sudden death, loss assignment, castles without a garrison, sieges and starvation."""

from __future__ import annotations

from engine.core import Rng, Text

from .cards import rules
from .removal import (
    apply_garrison_losses,
    apply_stack_losses,
    assign_stack_losses,
    assignments,
    capture,
    covering,
    destroy_stack,
    garrison_values,
    remove_weakest_garrison,
    stack_values,
)
from .stacks import castle_combat, stack_combat
from .state import Decision, WState, check, find_castle, find_stack, name, seat_text


def draw_losses(s: WState, seat: int, n: int, rng: Rng, log: list[Text]) -> tuple[int, bool]:
    """The attacker draws `n` cards for one side's losses; a sudden-death icon stops at once."""
    total = 0
    for _ in range(n):
        value, sudden = check(s, seat, rng, log)
        total += value
        if sudden:
            return total, True
    return total, False


def battle(s: WState, rng: Rng, attacker: int, stack_id: str, target: str, bonus: int, log: list[Text],
           queue: tuple[str, ...] | list[str] = ()) -> None:
    """Resolve one battle of stack `stack_id` against a castle or stack `target`; then,
    while the attacker stands, against each interceptor left in `queue`. When a side's
    owner has a real choice of which units take the loss, the battle waits for it."""
    a = find_stack(s, stack_id)
    if a is None:
        return
    _, ast = a
    castle = find_castle(s, target)
    dstack = find_stack(s, target)
    a_total = stack_combat(s, ast) + bonus
    if castle is not None:
        dseat, c = castle
        if not c.garrison:
            log.append(name(s, c.card) + Text(" has no garrison and falls.", "は守備隊がおらず陥落した。"))
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
    log.append(Text(f"Battle: {a_total} against {d_total} (difference {diff}); the oracle draws "
                    f"{row.attacker} for the attacker and {row.defender} for the defender.",
                    f"戦闘：{a_total}対{d_total}（差{diff}）。戦闘結果表により攻撃側{row.attacker}枚、防御側{row.defender}枚。"))
    a_loss, a_sudden = draw_losses(s, attacker, row.attacker, rng, log)
    if a_sudden:
        log.append(Text("Sudden death strikes the attacker.", "攻撃側にサドンデス。"))
        destroy_stack(s, attacker, ast, log)
        return
    d_loss, d_sudden = draw_losses(s, attacker, row.defender, rng, log)
    log.append(Text(f"Losses: attacker {a_loss}, defender {d_loss}.", f"損失：攻撃側{a_loss}、防御側{d_loss}。"))
    if d_sudden:
        if castle is not None:
            log.append(Text("Sudden death strikes the garrison.", "守備隊にサドンデス。"))
            apply_garrison_losses(s, castle[1], list(castle[1].garrison), log)
        else:
            log.append(Text("Sudden death strikes the defender.", "防御側にサドンデス。"))
            destroy_stack(s, dseat, dst, log)
        d_loss = 0
    waiting: list[int] = []
    if len(assignments(s, stack_values(s, ast), a_loss)) > 1:
        waiting.append(attacker)
    else:
        assign_stack_losses(s, attacker, ast, a_loss, log)
        a_loss = 0
    if d_loss > 0 and len(assignments(s, d_values, d_loss)) > 1:
        waiting.append(dseat)
    elif d_loss > 0:
        _apply_defender(s, dseat, target, d_loss, None, log)
        d_loss = 0
    if waiting:
        s.decision = Decision("losses", waiting, attacker, stack=stack_id, target=target, bonus=bonus,
                              a_loss=a_loss, d_loss=d_loss, queue=list(queue))
        log.append(join_seats(waiting) + Text(" must assign losses.", "が損失を割り振る。"))
        return
    finish(s, rng, attacker, stack_id, target, bonus, list(queue), log)


def join_seats(seats: list[int]) -> Text:
    out = seat_text(seats[0])
    for seat in seats[1:]:
        out = out + Text(" and ", "と") + seat_text(seat)
    return out


def _apply_defender(s: WState, seat: int, target: str, loss: int, chosen: list[str] | None, log: list[Text]) -> None:
    castle = find_castle(s, target)
    if castle is not None:
        c = castle[1]
        apply_garrison_losses(s, c, covering(garrison_values(s, c), loss) if chosen is None else chosen, log)
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


def assign(s: WState, rng: Rng, seat: int, chosen: list[str], log: list[Text]) -> None:
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
           log: list[Text]) -> None:
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
            log.append(Text("The stack of ", "") + name(s, ast.hero) + Text(" besieges ", "のスタックは")
                       + name(s, c.card) + Text(".", "を包囲した。"))
        return
    _next(s, rng, attacker, stack_id, bonus, queue, log)


def _next(s: WState, rng: Rng, attacker: int, stack_id: str, bonus: int, queue: list[str], log: list[Text]) -> None:
    while queue:
        nxt = queue.pop(0)
        if find_stack(s, nxt) is not None:
            log.append(Text("The stack of ", "") + name(s, nxt) + Text(" engages next.", "のスタックが続けて迎え撃つ。"))
            battle(s, rng, attacker, stack_id, nxt, bonus, log, queue)
            return


def starve(s: WState, seat: int, log: list[Text]) -> None:
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
            if remove_weakest_garrison(s, c, log):
                log.append(name(s, c.card) + Text(" starves under siege.", "は兵糧攻めで飢えている。"))
        if not c.garrison:
            log.append(seat_text(b[0]) + Text(" starves out ", "は") + name(s, c.card) + Text(".", "を兵糧攻めで落とした。"))
            capture(s, c.card, b[0], log)
