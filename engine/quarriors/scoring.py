"""Scoring at the start of a turn: glory for each creature in the ready
area, the scoring powers, then one cull per creature scored."""

from __future__ import annotations

from engine.core import Rng

from .bag import draw_into_pool
from .common import gain, note
from .state import OVER, QState, card_of, creatures, face_of, pop_attached, pop_copy
from .stats import glory


def score(s: QState, rng: Rng) -> None:
    p = s.active
    cs = creatures(s, p)
    if not cs:
        return
    n = len(cs)
    s.scored = n
    total = 0
    later: list[tuple[object, ...]] = []
    for d in cs:
        card, f = card_of(s, d), face_of(s, d)
        total += glory(s, d)
        params = card.power("score_glory_per_scorer")
        if params is not None and f.burst >= int(params["burst"]):
            total += n - 1
    for d in cs:
        card, f = card_of(s, d), face_of(s, d)
        spells = pop_attached(s, d)
        s.ready[p].remove(d)
        pop_copy(s, d)
        s.used[p].append(d)
        s.used[p].extend(spells)
        for effect, params in card.powers:
            if effect == "score_draw":
                draw_into_pool(s, p, int(params["by_burst"][f.burst]), rng, rolled=False)
            elif effect == "score_discount":
                s.discount += int(params["discount"])
                s.captures += int(params["captures"])
            elif effect == "score_swap_used":
                later.append(("swap", p, d))
            elif effect == "score_take_spell" and f.burst >= int(params["burst"]):
                later.append(("take", p, int(params["max_cost"])))
            elif effect == "score_recall_creature":
                later.append(("recall", p, d))
            elif effect == "score_cull_spells":
                later.append(("spellcull", p))
        for sp in spells:
            params2 = s.cards[s.dcard[sp]].power("attach_score_trade")
            if params2 is not None:
                later.append(("trade", p, sp, int(params2["margin"])))
    note(s, f"Seat {p + 1} scores {n} creature(s) for {total} glory.",
         f"{p + 1}番席がモンスター{n}体を得点化し、勝利点{total}。")
    gain(s, p, total)
    if s.step == OVER:
        return
    s.prompts = (*s.prompts, *later, ("cull", p, n))
