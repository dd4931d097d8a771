"""Sub-decisions the game waits for, kept as a queue of small tuples:
reaction windows of other players ('guard' before defending, 'lost' after a
creature dies), the ooze's copy, Death Spell's picks, and the scoring powers
and culls of the active player."""

from __future__ import annotations

from typing import Any

from engine.core import Rng, UnknownAction
from engine.core.text import Text

from .attack import guard_spells
from .bag import from_wild, to_wild
from .common import check_empty_cards, enter_ready, gain, note, refuse, set_copy, telling
from .destroy import LOST_POWERS, destroy, lost_choices
from .names import TOK, die_text
from .spells import cast, check_cast, kill_targets, targets
from .state import Prompt, QState, creatures, face_of, own_card

Action = dict[str, Any]

RESPOND = frozenset({"guard", "lost"})
OPTIONAL = frozenset({"guard", "lost", "cull", "swap", "take", "recall", "trade", "spellcull"})


def candidates(s: QState, pr: Prompt) -> list[Action]:
    """Candidate actions, the passive one first for optional prompts."""
    kind, p = pr[0], pr[1]
    out: list[Action] = [{"kind": "pass" if kind in RESPOND else "skip"}] if kind in OPTIONAL else []
    if kind == "guard":
        for sp in guard_spells(s, p, mid=len(pr) > 2):
            tg = targets(s, p, sp)
            out += [{"kind": "cast", "die": sp}] if tg is None else [{"kind": "cast", "die": sp, "target": t} for t in tg]
    elif kind == "lost":
        for what, x in lost_choices(s, p, pr[2], pr[4]):
            out.append({"kind": "cull", "die": x} if what == "ghost" else {"kind": "cast", "die": x})
    elif kind == "copy":
        out += [{"kind": "copy", "target": t} for q in range(s.seats) if q != p for t in creatures(s, q)]
    elif kind == "shape":
        if pr[2] in s.ready[p]:
            out += [{"kind": "shape", "die": pr[2], "face": i} for i in pr[3]]
    elif kind == "kill":
        out += [{"kind": "destroy", "target": t} for t in kill_targets(s, p, pr[2], pr[3])]
    elif kind == "cull":
        out += [{"kind": "cull", "die": d} for d in s.used[p]]
    elif kind == "swap":
        if pr[2] in s.used[p]:
            out += [{"kind": "swap", "die": d} for q in range(s.seats) if q != p for d in s.used[q]]
    elif kind == "take":
        out += [{"kind": "take", "card": c.id} for slot, c in enumerate(s.cards)
                if c.kind == "spell" and c.cost <= pr[2] and s.wild[slot]]
    elif kind == "recall":
        out += [{"kind": "recall", "die": d} for d in s.used[p] if d != pr[2] and own_card(s, d).creature_die]
    elif kind == "trade":
        seen: set[tuple[str, str]] = set()
        for d in s.used[p]:
            base = own_card(s, d)
            for slot, c in enumerate(s.cards):
                if s.wild[slot] and c.cost <= base.cost + pr[3] and (base.id, c.id) not in seen:
                    seen.add((base.id, c.id))
                    out.append({"kind": "trade", "die": d, "card": c.id})
    elif kind == "spellcull":
        out += [{"kind": "cull", "die": d} for d in s.ready[p] + s.pool[p]
                if own_card(s, d).kind == "spell" and (s.face[d] < 0 or not face_of(s, d).creature)]
    return out


def has_choice(s: QState, pr: Prompt) -> bool:
    """Whether the prompt offers more than its passive answer (else it is dropped)."""
    kind, p = pr[0], pr[1]
    if kind == "cull":  # the common case, asked after every cull: answer without building the menu
        return bool(s.used[p])
    if kind == "lost":  # after every death: most matches have no card that answers one (`lost_choices`' own check)
        return not s.fx.isdisjoint(LOST_POWERS) and bool(lost_choices(s, p, pr[2], pr[4]))
    if kind == "guard":
        return bool(guard_spells(s, p, mid=len(pr) > 2))
    n = len(candidates(s, pr))
    return n > (1 if kind in OPTIONAL else 0)


def _valid(s: QState, pr: Prompt, a: Action) -> bool:
    if pr[0] == "cull" and a["kind"] == "cull":  # fast path: any die of your used pile
        d = a.get("die")
        return isinstance(d, int) and not isinstance(d, bool) and d in s.used[pr[1]] and len(a) == 2
    return a in candidates(s, pr)


def apply_prompt(s: QState, seat: int, a: Action, rng: Rng) -> None:
    pr = s.prompts[0]
    kind = a["kind"]
    if kind in ("pass", "skip") and len(a) == 1 and pr[0] in OPTIONAL:
        s.prompts = s.prompts[1:]
        return
    if _valid(s, pr, a):
        _resolve(s, pr, a, rng)
        return
    legal = candidates(s, pr)
    if kind not in {c["kind"] for c in legal}:
        kinds = sorted({c["kind"] for c in legal})
        raise UnknownAction(Text(f"'{kind}' is not an answer to this question.", f"「{kind}」はこの問いへの答えではありません。"),
                            Text("Allowed: " + ", ".join(kinds) + ".", "できること：" + "、".join(kinds) + "。"))
    if pr[0] == "guard" and kind == "cast":
        check_cast(s, seat, a.get("die", -1), a.get("target"), [], reaction=True)
    refuse("That choice is not allowed here.", "その選択はここではできません。",
           "Choose one of the listed options.", "一覧の選択肢から選んでください。")


def _resolve(s: QState, pr: Prompt, a: Action, rng: Rng) -> None:
    kind = a["kind"]
    s.prompts = s.prompts[1:]
    p = pr[1]
    if pr[0] == "guard":
        cast(s, p, a["die"], a.get("target"), [], rng)
        s.prompts = (pr, *s.prompts)
    elif pr[0] == "lost":
        d, fi = pr[2], pr[3]
        if kind == "cull":  # Ghostly Spirit: cull a Basic Quiddity die to come back
            s.used[p].remove(a["die"])
            to_wild(s, a["die"])
            _revive(s, p, d, fi)
        elif own_card(s, a["die"]).power("reaction_revive") is not None:
            cast(s, p, a["die"], None, [], rng)
            _revive(s, p, d, fi)
        else:  # Life Charm: this creature and later losses go to the active pool
            cast(s, p, a["die"], None, [], rng)
            s.used[p].remove(d)
            s.face[d] = -1
            s.pool[p].append(d)
            s.prompts = (pr, *s.prompts)
    elif pr[0] == "copy":
        set_copy(s, pr[2], a["target"])
    elif pr[0] == "shape":
        s.face[pr[2]] = a["face"]
    elif pr[0] == "kill":
        destroy(s, a["target"], p, rng)
    elif pr[0] == "cull":
        s.used[p].remove(a["die"])
        to_wild(s, a["die"])
        if pr[2] > 1:
            s.prompts = (("cull", p, pr[2] - 1), *s.prompts)
    elif pr[0] == "swap":
        x = a["die"]
        q = next(q for q in range(s.seats) if x in s.used[q])
        s.used[q].remove(x)
        s.used[p].remove(pr[2])
        s.used[q].append(pr[2])
        s.used[p].append(x)
    elif pr[0] == "take":
        slot = next(i for i, c in enumerate(s.cards) if c.id == a["card"])
        d = from_wild(s, slot)
        s.bag = (*s.bag[:p], (*s.bag[p], d), *s.bag[p + 1:])
    elif pr[0] == "recall":
        s.used[p].remove(a["die"])
        s.face[a["die"]] = -1
        s.pool[p].append(a["die"])
    elif pr[0] == "trade":
        slot = next(i for i, c in enumerate(s.cards) if c.id == a["card"])
        s.used[p].remove(a["die"])
        to_wild(s, a["die"])
        s.used[p].append(from_wild(s, slot))
        check_empty_cards(s)
    elif pr[0] == "spellcull":
        x = a["die"]
        if x in s.ready[p]:
            s.ready[p].remove(x)
        else:
            s.pool[p].remove(x)
        to_wild(s, x)
        s.prompts = (pr, *s.prompts)
        gain(s, p, 1)


def _revive(s: QState, p: int, d: int, fi: int) -> None:
    """Back to the ready area as it was; it takes no more damage in this attack."""
    if d in s.used[p]:
        s.used[p].remove(d)
    else:
        s.pool[p].remove(d)
    s.face[d] = fi
    s.hit = (*s.hit, d)
    enter_ready(s, p, d)
    if telling(s):
        dt = die_text(s, d)
        note(s, f"{TOK[p]}'s {dt.en} comes back to the ready area.", f"{TOK[p]}の{dt.ja}が待機エリアに戻った。")
