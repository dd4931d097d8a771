"""Paying quiddity: banked quiddity from effects plus quiddity dice spent
from the active pool. The payer may name the dice (`pay=a,b`); otherwise the
engine picks the dice that waste the least quiddity, then the fewest (spent
and unspent dice both end in the used pile, so by default only the amount
matters)."""

from __future__ import annotations

from typing import Any

from .common import refuse
from .state import QState


def quiddity_dice(s: QState, p: int) -> list[tuple[int, int]]:
    """(quiddity, die) for each rolled quiddity face in the pool (only creatures copy, so faces are direct)."""
    return purse(s, p)[1]


def available(s: QState, p: int) -> int:
    """Banked quiddity plus what the pool's rolled faces pay (creature and spell faces pay 0)."""
    df, fc = s.dfaces, s.face
    total = s.mana
    for d in s.pool[p]:
        f = fc[d]
        if f >= 0:
            total += df[d][f].quiddity
    return total


def purse(s: QState, p: int) -> tuple[int, list[tuple[int, int]]]:
    """`available` and `quiddity_dice` in one pass: a summon's or capture's check
    works both out and hands the dice on to its payment."""
    df, fc = s.dfaces, s.face
    total = s.mana
    dice: list[tuple[int, int]] = []
    for d in s.pool[p]:
        f = fc[d]
        if f >= 0:
            q = df[d][f].quiddity
            if q > 0:
                total += q
                dice.append((q, d))
    return total, dice


def pick(s: QState, p: int, cost: int, dice: list[tuple[int, int]] | None = None,
         worth: int = -1) -> list[int] | None:
    """The dice the engine spends for `cost` (the caller has checked it is
    affordable): the dice that waste the least, then the fewest; None when
    banked quiddity alone pays. `dice` are `quiddity_dice` and `worth` what
    they pay, when the caller has them (`purse`)."""
    need = cost - s.mana
    if need <= 0:
        return None
    if dice is None:
        worth, dice = purse(s, p)
        worth -= s.mana
    elif worth < 0:
        worth = 0
        for q, _ in dice:
            worth += q
    if worth <= cost:  # everything is needed (or at least nothing is wasted): spend it all
        return [d for _, d in dice]
    if need <= 3:  # the first die worth exactly what is needed is the search's own answer: no waste, one die
        for q, d in dice:
            if q == need:
                return [d]
    n1 = n2 = n3 = 0
    for q, _ in dice:
        if q == 1:
            n1 += 1
        elif q == 2:
            n2 += 1
        elif q == 3:
            n3 += 1
    best: tuple[int, int, int, int, int] | None = None  # (waste, dice, c3, c2, c1)
    for c3 in range(n3 + 1):
        for c2 in range(n2 + 1):
            c1 = need - 3 * c3 - 2 * c2
            if c1 < 0:
                c1 = 0
            elif c1 > n1:
                continue
            waste = 3 * c3 + 2 * c2 + c1 - cost
            key = (waste if waste > 0 else 0, c3 + c2 + c1, c3, c2, c1)
            if best is None or key[:2] < best[:2]:
                best = key
            if 3 * c3 + 2 * c2 >= need:
                break
    chosen: list[int] = []
    if best is None:  # only dice worth more than 3 (other card sets) can pay: spend from the dearest
        got = 0
        for q, d in sorted(dice, reverse=True):
            if got >= need:
                break
            chosen.append(d)
            got += q
    else:
        left = {1: best[4], 2: best[3], 3: best[2]}
        for q, d in dice:
            if left.get(q, 0) > 0:
                left[q] -= 1
                chosen.append(d)
    return chosen


def pay(s: QState, p: int, cost: int, chosen: list[int] | None = None,
        dice: list[tuple[int, int]] | None = None, have: int = -1) -> None:
    """Spend `cost`: the named dice (checked by `check_choice`) or the engine's
    pick (from `dice` and `have`, the pool's `purse`, if the caller has them), and
    banked quiddity for what the dice do not cover."""
    if chosen is None:
        chosen = pick(s, p, cost, dice, have - s.mana if have >= 0 else -1)
        if chosen is None:
            if cost > 0:
                s.mana -= cost
            return
    spent = 0
    pool, used, df, fc = s.pool[p], s.used[p], s.dfaces, s.face
    for d in chosen:
        spent += df[d][fc[d]].quiddity
        pool.remove(d)
        used.append(d)
    if cost > spent:
        s.mana -= cost - spent


def alternatives(s: QState, p: int, cost: int, limit: int = 3) -> list[list[int]]:
    """Other payments a player may name, one per mix of quiddity values that
    differs from the engine's pick (for menus; any non-wasteful choice is legal)."""
    dice = sorted(quiddity_dice(s, p))
    if len(dice) < 2:
        return []
    default = pick(s, p, cost) or []
    df, fc = s.dfaces, s.face
    seen = {tuple(sorted(df[d][fc[d]].quiddity for d in default))}
    by_value: dict[int, list[int]] = {}
    for q, d in dice:
        by_value.setdefault(q, []).append(d)
    values = sorted(by_value)
    out: list[list[int]] = []

    def walk(i: int, counts: list[int]) -> None:
        if len(out) >= limit:
            return
        if i == len(values):
            chosen = [q for q, c in zip(values, counts, strict=True) for _ in range(c)]
            total = sum(chosen)
            key = tuple(chosen)
            if (chosen and total + s.mana >= cost and total - chosen[0] < cost and key not in seen):
                seen.add(key)
                out.append([d for q, c in zip(values, counts, strict=True) for d in by_value[q][:c]])
            return
        for c in range(len(by_value[values[i]]) + 1):
            walk(i + 1, [*counts, c])

    walk(0, [])
    return out


def check_choice(s: QState, p: int, cost: int, chosen: Any, dice: list[tuple[int, int]] | None = None) -> None:
    """Refuse a payment the payer named that is not one: dice of your active pool
    showing quiddity, each needed (dropping the smallest would no longer cover the
    cost), banked quiddity covering what they do not. `dice` as for `pick`."""
    if chosen is None:
        return
    if not isinstance(chosen, list) or not all(isinstance(d, int) and not isinstance(d, bool) for d in chosen):
        refuse("`pay` must list dice of your active pool.", "`pay` には活動プールのダイスを並べてください。",
               "Example: pay=3,7 (or leave it out and the engine picks).",
               "例：pay=3,7（省略するとエンジンが選びます）。")
    worth = {d: q for q, d in (quiddity_dice(s, p) if dice is None else dice)}
    # one pass for what the checks below need (every named payment of a replay comes here)
    total, least, known = 0, 0, len(set(chosen)) == len(chosen)
    for d in chosen:
        q = worth.get(d)
        if q is None:
            known = False
            break
        total += q
        if not least or q < least:
            least = q
    if not known:
        refuse("Pay only with dice of your active pool that show quiddity, each once.",
               "支払いには活動プールで魔力の目が出ているダイスを1回ずつ指定してください。",
               "Quiddity dice now: " + (", ".join(f"d{d}" for d in sorted(worth)) or "none") + ".",
               "魔力のダイス：" + ("、".join(f"d{d}" for d in sorted(worth)) or "なし") + "。")
    if total + s.mana < cost:
        refuse(f"Those dice give {total} quiddity (+{s.mana} banked); {cost} is needed.",
               f"そのダイスでは魔力{total}（蓄え{s.mana}）です。魔力{cost}が必要です。",
               "Name more quiddity dice.", "魔力のダイスを追加してください。")
    if chosen and total - least >= cost:
        refuse(f"Not every die named is needed to pay {cost}.", f"魔力{cost}の支払いに不要なダイスが含まれています。",
               "Name only the dice the payment needs.", "支払いに必要なダイスだけを指定してください。")
