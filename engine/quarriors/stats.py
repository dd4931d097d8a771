"""Attack, defense, level and glory of a creature die, with every modifier
from faces, cards, attached spells and turn effects."""

from __future__ import annotations

from .state import QState, card_of, creatures, face_of


def level(s: QState, d: int) -> int:
    return face_of(s, d).level


def printed(s: QState, d: int, p: int) -> tuple[int, int]:
    f = face_of(s, d)
    if f.attack is not None and f.defense is not None:
        return f.attack, f.defense
    card = card_of(s, d)
    if card.power("stats_basic_quiddity") is not None:
        # a loop over the slot numbers: the ooze's check runs after every step of a replay it is in
        basic, dcard, n = s.slots.get("basic_quiddity"), s.dcard, 0
        for zone in (s.pool[p], s.used[p]):
            for x in zone:
                if dcard[x] == basic:
                    n += 1
        return n, n
    if card.power("stats_all_creatures") is not None:
        n = sum(len(creatures(s, q)) for q in range(s.seats))
        return n, n
    cp = card.power("copy_creature")
    if cp is not None:  # an ooze with nothing to copy
        return int(cp["attack"]), int(cp["defense"])
    return 0, 0


def _ally_bonus(s: QState, d: int, p: int, key: str) -> int:
    if "ally_bonus" not in s.fx:
        return 0
    total = 0
    for x in s.ready[p]:
        if x != d and s.face[x] >= 0 and face_of(s, x).creature:
            c = card_of(s, x)
            if "ally_bonus" in c.first:
                for params in c.powers_named("ally_bonus"):
                    total += int(params[key])
    return total


def _attached(s: QState, d: int, key: str) -> int:
    if not s.attached:
        return 0
    total = 0
    for sp in s.attached.get(d, ()):
        params = s.cards[s.dcard[sp]].power("attach_stats")
        if params is not None:
            total += int(params[key][s.cards[s.dcard[sp]].faces[s.face[sp]].burst])
    return total


def attack(s: QState, d: int, p: int) -> int:
    """Attack of `p`'s creature `d` with its own side's bonuses."""
    f = face_of(s, d) if s.copies else s.dfaces[d][s.face[d]]  # `face_of`, inline when no die copies
    a = f.attack
    if a is None or f.defense is None:  # `printed`, whose first answer is the face's
        a = printed(s, d, p)[0]
    if "ally_bonus" in s.fx:  # the bonuses' own checks, first: most matches have neither
        a += _ally_bonus(s, d, p, "attack")
    if s.attached:
        a += _attached(s, d, "attack_by_burst")
    if p == s.active:
        a += s.atk_bonus
    return a if a > 0 else 0


def guards(s: QState, defender: int) -> tuple[int, int, int]:
    """What the defender's creatures do to attackers: (creature count,
    highest level kept out by a shield or 0, attack cap or a large number)."""
    cs = creatures(s, defender)
    shield, cap = 0, 1 << 30
    if "shield_low_level" not in s.fx and "attack_cap" not in s.fx:
        return len(cs), shield, cap
    for x in cs:  # `power` spelt out: every defender of every attack comes here
        first = card_of(s, x).first
        params = first.get("shield_low_level")
        if params is not None:
            shield = max(shield, int(params["max_level"]))
        params = first.get("attack_cap")
        if params is not None:
            cap = min(cap, int(params["cap"]))
    return len(cs), shield, cap


def attack_vs(s: QState, d: int, a: int, lvl: int, defender: int,
              guard: tuple[int, int, int] | None = None) -> int:
    """The snapshot attack `a` of die `d` (level `lvl`) against one defender."""
    if d in s.zeroed:
        return 0
    count, shield, cap = guard or guards(s, defender)
    if lvl <= shield:
        return 0
    if count == 1 and "attack_vs_lone" in s.fx:
        bonus = card_of(s, d).power("attack_vs_lone")
        if bonus is not None:
            a += int(bonus["amount"])
    return min(a, cap)


def defense(s: QState, d: int, p: int, *, ignore_attached: bool = False) -> int:
    f = face_of(s, d) if s.copies else s.dfaces[d][s.face[d]]  # `face_of`, inline when no die copies
    v = f.defense
    if v is None or f.attack is None:  # `printed`, whose first answer is the face's
        v = printed(s, d, p)[1]
    fx = s.fx
    if "ally_bonus" in fx:
        v += _ally_bonus(s, d, p, "defense")
    if "defense_bonus" in fx or "defense_per_ally" in fx:  # the card's own powers: most matches have neither
        card = card_of(s, d)
        first = card.first
        if "defense_bonus" in first:
            for params in card.powers_named("defense_bonus"):
                if f.burst >= int(params["burst"]):
                    v += int(params["amount"])
        per = first.get("defense_per_ally")
        if per is not None and f.burst >= int(per["burst"]):
            v += len(creatures(s, p)) - (1 if d in s.ready[p] else 0)
    if not ignore_attached and s.attached:
        v += _attached(s, d, "defense_by_burst")
    if s.lifespell:
        v += s.lifespell[p]
    return v


def glory(s: QState, d: int) -> int:
    """Glory when `d` scores, before bonuses that depend on the other scorers."""
    card = card_of(s, d)
    f = face_of(s, d)
    g = card.glory
    if "score_glory" in card.first:
        for params in card.powers_named("score_glory"):
            if f.burst >= int(params["burst"]):
                g += int(params["amount"])
    for sp in s.attached.get(d, ()):
        extra = s.cards[s.dcard[sp]].power("attach_score_glory")
        if extra is not None:
            g += int(extra["amount"])
    return g


def summon_cost(s: QState, d: int, p: int) -> int:
    """Level plus the surcharge of opponents' Mighty Defenders of the Pale."""
    cost = face_of(s, d).level
    if "summon_surcharge" not in s.fx:
        return cost
    for q in range(s.seats):
        if q == p:
            continue
        for x in creatures(s, q):
            params = card_of(s, x).first.get("summon_surcharge")  # `power` spelt out: asked per summon
            if params is not None:
                cost += int(params["by_burst"][face_of(s, x).burst])
    return cost
