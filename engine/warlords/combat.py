"""Battles: totals, the Combat Results Oracle (data), checks drawn by the attacker,
sudden death, loss assignment, castles without a garrison, sieges and starvation."""

from __future__ import annotations

from engine.core import Rng, Text

from .cards import rules
from .removal import assign_garrison_losses, assign_stack_losses, capture, destroy_stack, remove_weakest_garrison
from .stacks import castle_combat, stack_combat
from .state import WState, check, find_castle, find_stack, name, seat_text


def draw_losses(s: WState, seat: int, n: int, rng: Rng, log: list[Text]) -> tuple[int, bool]:
    """The attacker draws `n` cards for one side's losses; a sudden-death icon stops at once."""
    total = 0
    for _ in range(n):
        value, sudden = check(s, seat, rng, log)
        total += value
        if sudden:
            return total, True
    return total, False


def battle(s: WState, rng: Rng, attacker: int, stack_id: str, target: str, bonus: int, log: list[Text]) -> None:
    """Resolve one battle of stack `stack_id` against a castle or stack `target`."""
    a = find_stack(s, stack_id)
    if a is None:
        return
    _, ast = a
    ast.battles += 1
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
    elif dstack is not None:
        dseat, dst = dstack
        d_total = stack_combat(s, dst)
    else:
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
    survived = assign_stack_losses(s, attacker, ast, a_loss, log)
    if castle is not None:
        _, c = castle
        if d_sudden:
            log.append(Text("Sudden death strikes the garrison.", "守備隊にサドンデス。"))
            assign_garrison_losses(s, c, 10**6, log)
        else:
            assign_garrison_losses(s, c, d_loss, log)
        if not survived:
            return
        if not c.garrison:
            capture(s, c.card, attacker, log)
        elif c.besieged_by is None:
            c.besieged_by = ast.hero
            ast.besieging = c.card
            log.append(Text("The stack of ", "") + name(s, ast.hero) + Text(" besieges ", "のスタックは")
                       + name(s, c.card) + Text(".", "を包囲した。"))
    elif dstack is not None:
        dseat, dst = dstack
        if d_sudden:
            log.append(Text("Sudden death strikes the defender.", "防御側にサドンデス。"))
            destroy_stack(s, dseat, dst, log)
        else:
            assign_stack_losses(s, dseat, dst, d_loss, log)


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
