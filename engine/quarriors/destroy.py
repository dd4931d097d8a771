"""Destroying a creature: where the die goes, the powers that fire when a
creature dies (its own and its destroyer's), and its owner's window to react."""

from __future__ import annotations

from engine.core import Rng

from .bag import draw_into_pool, roll
from .common import die_name, enter_ready, gain, note
from .state import OVER, QState, card_of, creatures, face_of, own_card, pop_attached, pop_copy
from .stats import glory


def destroy(s: QState, d: int, by: int, rng: Rng) -> None:
    """Destroy creature `d`; `by` is the destroying seat, or -1."""
    p = next((q for q in range(s.seats) if d in s.ready[q]), -1)
    if p < 0 or s.step == OVER:
        return
    card = card_of(s, d)
    f = face_of(s, d)
    slot = s.slots[card.id]
    fi = s.face[d]
    en, ja = die_name(s, d)
    note(s, f"{en} of seat {p + 1} is destroyed.", f"{p + 1}番席の {ja} が打倒されました。")
    s.ready[p].remove(d)
    s.used[p].extend(pop_attached(s, d))
    if card.power("destroyed_set_aside") is not None:
        s.aside = _with(s.aside, p, (*s.aside[p], d))  # keeps a copied identity until its power has played out
    else:
        pop_copy(s, d)
        if card.power("destroyed_to_pool") is not None or p in s.lifecharm:
            s.face[d] = -1
            s.pool[p].append(d)
        else:
            s.used[p].append(d)
        params = card.power("destroyed_draw")
        if params is not None and f.burst >= int(params["burst"]):
            draw_into_pool(s, p, int(params["count"]), rng, rolled=False)
    if by >= 0:
        on_kill(s, by, rng)
    s.prompts = (*s.prompts, ("lost", p, d, fi, slot))


def on_kill(s: QState, by: int, rng: Rng) -> None:
    """Powers of the destroyer's creatures that fire on each kill."""
    if not (s.aside[by] or "quiddity_per_kill" in s.fx or "score_on_kill" in s.fx):
        return
    for x in creatures(s, by):
        card = card_of(s, x)
        params = card.power("quiddity_per_kill")
        if params is not None and by == s.active:
            s.mana += int(params["amount"])
    for x in creatures(s, by):
        if card_of(s, x).power("score_on_kill") is not None:
            score_now(s, by, x)
    waiting = s.aside[by]
    s.aside = _with(s.aside, by, ())
    for x in waiting:
        pop_copy(s, x)
        roll(s, [x], rng)
        if face_of(s, x).creature:
            enter_ready(s, by, x)
        else:
            s.used[by].append(x)


def _with(t: tuple[tuple[int, ...], ...], i: int, v: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (*t[:i], v, *t[i + 1:])


def score_now(s: QState, p: int, x: int) -> None:
    """Strong Deathdealer: scores mid-turn (no cull, ruling)."""
    g = glory(s, x)
    s.ready[p].remove(x)
    s.used[p].extend(pop_attached(s, x))
    pop_copy(s, x)
    s.used[p].append(x)
    s.scored += 1
    gain(s, p, g)


def lost_choices(s: QState, p: int, d: int, slot: int) -> list[tuple[str, int]]:
    """What `p` may do right after losing `d`: ('revive'|'pool', spell) or ('ghost', quiddity die)."""
    out: list[tuple[str, int]] = []
    gone = d in s.used[p] or d in s.pool[p]
    if not gone:
        return out
    if p != s.active:
        for sp in s.ready[p]:
            if s.face[sp] < 0 or not face_of(s, sp).spell:
                continue
            c = card_of(s, sp)
            if c.timing != "reaction":
                continue
            if c.power("reaction_revive") is not None:
                out.append(("revive", sp))
            elif c.power("reaction_to_pool") is not None and p not in s.lifecharm and d in s.used[p]:
                out.append(("pool", sp))
    if s.cards[slot].power("destroyed_cull_return") is not None:
        out += [("ghost", q) for q in s.used[p] if own_card(s, q).id == "basic_quiddity" and q != d][:1]
    return out
