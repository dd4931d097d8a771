"""Scoring at the start of a turn: glory for each creature in the ready
area, the scoring powers, then one cull per creature scored."""

from __future__ import annotations

from engine.core import Rng, Text

from .bag import draw_into_pool
from .common import gain, note, note_texts
from .names import NOTHING, TOK, dice_text
from .state import OVER, QState, card_of, creatures, face_of, pop_attached, pop_copy
from .stats import glory


def score(s: QState, rng: Rng) -> None:
    p = s.active
    cs = creatures(s, p)
    if not cs:
        return
    n = len(cs)
    s.scored = n
    told = s.notes is not None  # `telling`
    # named before they leave the ready area (a copy is named as what it copied)
    scorers = dice_text(s, cs) if told else NOTHING
    total = 0
    later: list[tuple[object, ...]] = []
    said: list[Text] = []  # the scoring powers' lines, after the glory line
    per_scorer = "score_glory_per_scorer" in s.fx  # one card's power: most matches lack it
    for d in cs:
        total += glory(s, d)
        if per_scorer:
            params = card_of(s, d).power("score_glory_per_scorer")
            if params is not None and face_of(s, d).burst >= int(params["burst"]):
                total += n - 1
    for d in cs:
        card, f = card_of(s, d), face_of(s, d)  # before the copy ends
        spells = pop_attached(s, d) if s.attached else ()
        s.ready[p].remove(d)
        if s.copies:
            pop_copy(s, d)
        s.used[p].append(d)
        s.used[p].extend(spells)
        for effect, params in card.powers:
            if effect == "score_draw":
                got = draw_into_pool(s, p, int(params["by_burst"][f.burst]), rng, rolled=False)
                if told:
                    said.append(Text(f"{TOK[p]}'s {card.name.en} puts {len(got)} dice from the bag into the active pool.",
                                     f"{TOK[p]}の{card.name.ja}の能力で、バッグからダイス{len(got)}個を活動プールに置いた。"))
            elif effect == "score_discount":
                s.discount += int(params["discount"])
                s.captures += int(params["captures"])
                if told:
                    said.append(Text(f"{TOK[p]}'s {card.name.en}: captures cost {params['discount']} less this turn, "
                                     f"and {params['captures']} more capture.",
                                     f"{TOK[p]}の{card.name.ja}の能力：このターンの捕獲値-{params['discount']}、"
                                     f"捕獲数+{params['captures']}。"))
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
    w = TOK[p]
    if total > 0:
        gain(s, p, total, Text(f"{w} scores {scorers.en}:", f"{w}が{scorers.ja}を得点化し、") if told else None)
    elif told:
        note(s, f"{w} scores {scorers.en} for no glory.", f"{w}が{scorers.ja}を得点化した（勝利点なし）。")
    if said:
        note_texts(s, *said)
    if s.step == OVER:
        return
    s.prompts = (*s.prompts, *later, ("cull", p, n))
