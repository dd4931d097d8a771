"""Destroying a creature: where the die goes, the powers that fire when a
creature dies (its own and its destroyer's), and its owner's window to react."""

from __future__ import annotations

from engine.core import Rng, Text

from .bag import draw_into_pool, roll
from .common import enter_ready, gain, note, telling
from .names import NOTHING, TOK, die_text
from .state import OVER, QState, card_of, creatures, face_of, own_card, pop_attached, pop_copy
from .stats import glory


def destroy(s: QState, d: int, by: int, rng: Rng, head: Text | None = None, tail: Text | None = None) -> None:
    """Destroy creature `d`; `by` is the destroying seat, or -1. The log line
    says so (where the die goes when not to the used pile), in the caller's
    words when it tells more (`head` ... `tail`: an attack's numbers)."""
    p = -1
    for q, area in enumerate(s.ready):  # a loop: a generator costs twice as much
        if d in area:
            p = q
            break
    if p < 0 or s.step == OVER:
        return
    card = card_of(s, d)
    first = card.first  # `card.power(...) is not None`, spelt out: every death of a replay asks three of them
    burst = face_of(s, d).burst if "destroyed_draw" in first else 0  # read before the copy ends
    slot = s.slots[card.id]
    fi = s.face[d]
    told = s.notes is not None  # `telling`
    if head is None and told:
        dt = die_text(s, d)
        head = Text(f"{TOK[p]}'s {dt.en} is destroyed", f"{TOK[p]}の{dt.ja}が打倒された")
    where_en = where_ja = ""
    s.ready[p].remove(d)
    if s.attached:  # the calls below only when some die has spells attached or copies: most matches have none
        s.used[p].extend(pop_attached(s, d))
    drawn: list[int] = []
    if "destroyed_set_aside" in first:
        s.aside = _with(s.aside, p, (*s.aside[p], d))  # keeps a copied identity until its power has played out
        where_en, where_ja = " (set aside)", "（脇に置かれる）"
    else:
        if s.copies:
            pop_copy(s, d)
        if "destroyed_to_pool" in first or p in s.lifecharm:
            s.face[d] = -1
            s.pool[p].append(d)
            where_en, where_ja = " (to the active pool)", "（活動プールへ）"
        else:
            s.used[p].append(d)
        params = first.get("destroyed_draw")
        if params is not None and burst >= int(params["burst"]):
            drawn = draw_into_pool(s, p, int(params["count"]), rng, rolled=False)
    if head is not None:  # None only when no line is wanted
        tail = tail or NOTHING
        note(s, f"{head.en}{where_en}{tail.en}.", f"{head.ja}{where_ja}{tail.ja}。")
    if drawn and told:
        note(s, f"{card.name.en} puts {len(drawn)} dice from the bag into {TOK[p]}'s active pool.",
             f"{card.name.ja}の能力で、バッグからダイス{len(drawn)}個を{TOK[p]}の活動プールに置いた。")
    if by >= 0 and ("quiddity_per_kill" in s.fx or "score_on_kill" in s.fx or s.aside[by]):  # `on_kill`'s checks
        on_kill(s, by, rng)
    s.prompts = (*s.prompts, ("lost", p, d, fi, slot))


def on_kill(s: QState, by: int, rng: Rng) -> None:
    """Powers of the destroyer's creatures that fire on each kill."""
    fx = s.fx
    if "quiddity_per_kill" in fx and by == s.active:
        for x in creatures(s, by):
            params = card_of(s, x).first.get("quiddity_per_kill")  # `power` spelt out: every kill comes here
            if params is not None:
                s.mana += int(params["amount"])
                if not telling(s):
                    continue
                hag = die_text(s, x, face=False)
                note(s, f"{hag.en}: +{params['amount']} quiddity for {TOK[by]}.",
                     f"{hag.ja}の能力：{TOK[by]}が魔力+{params['amount']}。")
    if "score_on_kill" in fx:
        for x in creatures(s, by):
            if card_of(s, x).first.get("score_on_kill") is not None:
                score_now(s, by, x)
    waiting = s.aside[by]
    if not waiting:
        return
    s.aside = _with(s.aside, by, ())
    for x in waiting:
        pop_copy(s, x)
        roll(s, [x], rng)
        back = die_text(s, x) if telling(s) else NOTHING
        if face_of(s, x).creature:
            enter_ready(s, by, x)
            note(s, f"{TOK[by]}'s {back.en} comes back from aside into the ready area.",
                 f"{TOK[by]}の{back.ja}が脇から待機エリアに戻った。")
        else:
            s.used[by].append(x)
            note(s, f"{TOK[by]}'s {back.en} comes back from aside to the used pile.",
                 f"{TOK[by]}の{back.ja}が脇から休眠パイルに移った。")


def _with(t: tuple[tuple[int, ...], ...], i: int, v: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (*t[:i], v, *t[i + 1:])


def score_now(s: QState, p: int, x: int) -> None:
    """Strong Deathdealer: scores mid-turn (no cull, ruling)."""
    g = glory(s, x)
    why = None
    if telling(s):
        dt = die_text(s, x)
        why = Text(f"{TOK[p]}'s {dt.en} scores at once:", f"{TOK[p]}の{dt.ja}が即座に得点化し、")
    s.ready[p].remove(x)
    s.used[p].extend(pop_attached(s, x))
    pop_copy(s, x)
    s.used[p].append(x)
    s.scored += 1
    if g > 0:
        gain(s, p, g, why)
    elif why is not None:
        note(s, f"{why.en} no glory.", f"{why.ja}勝利点はない。")


LOST_POWERS = frozenset({"reaction_revive", "reaction_to_pool", "destroyed_cull_return"})


def lost_choices(s: QState, p: int, d: int, slot: int) -> list[tuple[str, int]]:
    """What `p` may do right after losing `d`: ('revive'|'pool', spell) or ('ghost', quiddity die)."""
    out: list[tuple[str, int]] = []
    if s.fx.isdisjoint(LOST_POWERS):  # asked after every death: most matches have none of these cards
        return out
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
