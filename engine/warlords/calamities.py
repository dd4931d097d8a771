"""Calamities (災害): persistent, transient and instant. The player hit makes every
check; the ranges on the card decide effect / switch / end."""

from __future__ import annotations

from engine.core import Rng, Text, seat_ref

from .cards import rules
from .effects import apply_effects
from .state import Decision, WState, check, find_castle, find_stack, name, rec, to_discard
from .words import piece


def targets_of(s: WState, seat: int, kind: str) -> list[str]:
    p = s.players[seat]
    if p.eliminated:
        return []
    return [st.hero for st in p.stacks] if kind == "stack" else [c.card for c in p.castles]


def switch_targets(s: WState, iid: str, victim: int) -> list[str]:
    kind = rec(s, iid).calamity.target  # type: ignore[union-attr]
    return [t for seat in range(s.seats) if seat != victim for t in targets_of(s, seat, kind)]


def attach(s: WState, iid: str, target: str) -> bool:
    st = find_stack(s, target)
    if st is not None:
        st[1].calamities.append(iid)
        return True
    c = find_castle(s, target)
    if c is not None:
        c[1].calamities.append(iid)
        return True
    return False


def detach(s: WState, iid: str) -> str | None:
    """Take a calamity off whatever it is on; returns that target's id."""
    for p in s.players:
        for st in p.stacks:
            if iid in st.calamities:
                st.calamities.remove(iid)
                return st.hero
        for c in p.castles:
            if iid in c.calamities:
                c.calamities.remove(iid)
                return c.card
    return None


def exists(s: WState, target: str) -> bool:
    return find_stack(s, target) is not None or find_castle(s, target) is not None


def resolve(s: WState, rng: Rng, iid: str, victim: int, target: str, log: list[Text] | None, checks: int = 0) -> None:
    """Check (by the victim) until the card settles: attached, discarded, or waiting
    for the victim to choose where it switches to. The card is not on any target now."""
    spec = rec(s, iid).calamity
    assert spec is not None
    cap = rules().check_cap
    while True:
        if checks >= cap:
            s.cap_hits += 1
            if log is not None:
                log.append(name(s, iid) + Text(f" burns out after {cap} checks.", f"は{cap}回の判定で収まった。"))
            to_discard(s, iid)
            return
        checks += 1
        value, _ = check(s, victim, rng, log, name(s, iid))
        lo, hi = spec.effect_range
        if lo <= value <= hi:
            if log is not None:
                log.append(name(s, iid) + Text(" strikes ", "が") + piece(s, target)
                           + Text(f" (a check of {lo}-{hi}).", f"を襲った（判定{lo}～{hi}）。"))
            apply_effects(s, rng, spec.effects, victim, target, log)
            if not exists(s, target) and spec.kind == "transient" and targets_of(s, victim, spec.target):
                s.decision = Decision("redirect", [victim], victim, target="", calamity=iid, checks=checks)
                return
            if spec.kind == "instant" or not exists(s, target):
                to_discard(s, iid)
                return
            if spec.kind == "persistent":
                attach(s, iid, target)
                return
            # Transient: after each check the victim may move it among its own targets.
            if len(targets_of(s, victim, spec.target)) > 1:
                s.decision = Decision("redirect", [victim], victim, target=target, calamity=iid, checks=checks)
                return
            continue
        if (spec.switch_range is not None and spec.switch_range[0] <= value <= spec.switch_range[1]
                and switch_targets(s, iid, victim)):
            s.decision = Decision("switch", [victim], victim, calamity=iid, checks=checks)
            if log is not None:
                log.append(name(s, iid) + Text(" switches: ", "は交代：") + seat_ref(victim)
                           + Text(" chooses another player's target for it.", "が他のプレイヤーの移し先を選ぶ。"))
            return
        if log is not None:
            log.append(name(s, iid) + Text(" ends.", "は終わった。"))
        to_discard(s, iid)
        return


def advance_check(s: WState, rng: Rng, iid: str, log: list[Text] | None) -> None:
    """A persistent calamity's check in its victim's stack advance."""
    target = detach(s, iid)
    if target is None:
        return
    found = find_stack(s, target) or find_castle(s, target)
    assert found is not None
    resolve(s, rng, iid, found[0], target, log, checks=0)
