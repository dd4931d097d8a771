"""Per-viewer views. Bags are counts to everyone but their owner; every
rolled face is public; nothing about future draws exists in the state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Pending, Viewer

from .faces import face_text, face_words
from .payment import available
from .state import QState, face_of
from .stats import attack, attack_vs, defense, summon_cost


def _face(s: QState, d: int) -> dict[str, Any] | None:
    if s.face[d] < 0:
        return None
    f = face_of(s, d)
    out: dict[str, Any] = {"text": face_text(f), "burst": f.burst, "does": face_words(f).to_json()}
    if f.creature:
        out.update(level=f.level)
    return out


Named = list[dict[str, Any]]  # slot -> what a die of that card shows of it (`_named`)


def _named(s: QState) -> Named:
    """What each card's dice show of it, worked out once per `views`: a view names
    its card on every die of every zone, bags and used piles included."""
    return [{"die": c.die, "name": c.die_name.to_json(), "card": c.id, "card_name": c.name.to_json()}
            for c in s.cards]


def _unrolled(s: QState, named: Named, dice: Sequence[int]) -> list[dict[str, Any]]:
    """Dice not rolled (a bag, a used pile, set aside): only their cards, in one
    comprehension (the used piles hold most of a view's dice)."""
    dcard = s.dcard
    return [{"id": f"d{d}", **named[dcard[d]]} for d in dice]


def _die(s: QState, named: Named, d: int, *, owner: int = -1, pool: int = -1) -> dict[str, Any]:
    """A die in a pool or a ready area: its card (the variant tells its power) and
    its face; a creature in a ready area with its attack and defense now, one in the
    active pool of the player whose turn it is with what summoning it costs."""
    out: dict[str, Any] = {"id": f"d{d}", **named[s.dcard[d]]}
    out["face"] = _face(s, d)
    if out["face"] is not None and face_of(s, d).creature:
        if owner >= 0:
            out["attack"] = attack(s, d, owner)
            out["defense"] = defense(s, d, owner)
        if pool >= 0 and pool == s.active:
            out["summon_cost"] = summon_cost(s, d, pool)
    if d in s.copies:
        out["copies"] = s.cards[s.copies[d][0]].id
        out["copies_name"] = s.cards[s.copies[d][0]].name.to_json()
    if d in s.attached:
        out["attached"] = [_die(s, named, x) for x in s.attached[d]]
    return out


def _secret(s: QState, viewer: Viewer) -> set[int]:
    """Dice in bags `viewer` may not look into. A die remembered by the turn's
    bookkeeping (absorbed, zeroed, the die a question is about) can have gone
    back into a bag since (a used pile refilling a short bag): then it is not
    named, or the bag's contents would leak."""
    out: set[int] = set()
    for p, bag in enumerate(s.bag):
        if bag and not viewer.sees_seat(p):
            out.update(bag)
    return out


def _refs(dice: tuple[int, ...], secret: set[int]) -> list[str]:
    return [f"d{d}" for d in dice if d not in secret]


def _question(s: QState, secret: set[int]) -> dict[str, Any] | None:
    """The open sub-decision, with the die or seat it is about (public unless back in a hidden bag)."""
    if not s.prompts:
        return None
    pr = s.prompts[0]
    out: dict[str, Any] = {"kind": pr[0], "seat": pr[1]}
    if pr[0] in ("lost", "copy", "swap", "recall", "shape") and len(pr) > 2:
        out["die"] = f"d{pr[2]}" if pr[2] not in secret else None
    elif pr[0] == "kill":
        out["victim"] = pr[2]
    elif pr[0] == "cull":
        out["left"] = pr[2]
    elif pr[0] == "trade":
        out["spell"] = f"d{pr[2]}" if pr[2] not in secret else None
    return out


def _attack(s: QState, named: Named, secret: set[int]) -> dict[str, Any] | None:
    """The attack under way: who attacks whom, with which creatures (each one's
    attack against this defender) and how much is left to absorb."""
    if not s.defenders:
        return None
    d = s.defenders[0]
    return {"attacker": s.active, "defender": d, "remaining": s.remaining, "total_fixed": s.stage == 2,
            "creatures": [{"id": f"d{x}", "card_name": named[s.dcard[x]]["card_name"],
                           "attack": attack_vs(s, x, a, lvl, d)} for x, a, lvl in s.snap if x not in secret],
            "absorbed": _refs(s.hit, secret)}


def view(s: QState, viewer: Viewer, pending: tuple[Pending, ...]) -> dict[str, Any]:
    return views(s, [viewer], pending)[0]


def views(s: QState, viewers: Sequence[Viewer], pending: tuple[Pending, ...]) -> list[dict[str, Any]]:
    """`view` for each of `viewers`: only the bags a viewer may look into, and the dice its
    hidden bags keep it from naming, differ between them, so the rest (every rolled die,
    the wilds) is built once and shared (views are read, never changed)."""
    named = _named(s)
    zones = [{"pool": [_die(s, named, d, pool=p) for d in s.pool[p]],
              "ready": [_die(s, named, d, owner=p) for d in s.ready[p]],
              "used": _unrolled(s, named, s.used[p]),
              "aside": _unrolled(s, named, s.aside[p])} for p in range(s.seats)]
    wilds = [{"card": c.id, "kind": c.kind, "name": named[slot]["card_name"], "cost": c.cost, "glory": c.glory,
              "timing": c.timing, "text": c.text.to_json(), "dice": [f"d{d}" for d in s.wild[slot]]}
             for slot, c in enumerate(s.cards)]
    available_now = available(s, s.active) if s.step != "over" else 0
    waiting = [{"seat": w.seat, "kind": w.kind, "prompt": w.prompt.to_json()} for w in pending]
    bags: dict[int, list[dict[str, Any]]] = {}
    out = []
    for viewer in viewers:
        secret = _secret(s, viewer)
        players = []
        for p in range(s.seats):
            bag: Any = {"hidden": len(s.bag[p])}
            if viewer.sees_seat(p):
                if p not in bags:
                    bags[p] = _unrolled(s, named, sorted(s.bag[p]))
                bag = bags[p]
            players.append({"seat": p, "glory": s.glory[p], "bag": bag, "bag_count": len(s.bag[p]), **zones[p]})
        out.append({
            "game": "quarriors",
            "turn": s.turn,
            "active": s.active,
            "step": s.step,
            "goal": s.goal,
            "wilds": wilds,
            "players": players,
            "this_turn": {"quiddity": s.mana, "available": available_now,
                          "captures_left": s.captures, "discount": s.discount,
                          "attack_bonus": s.atk_bonus, "scored": s.scored, "immediate_open": s.imm,
                          "life_charm": s.lifecharm, "zeroed": _refs(s.zeroed, secret)},
            "attack": _attack(s, named, secret),
            "waiting": waiting,
            "question": _question(s, secret),
            "winners": s.winners,
        })
    return out
