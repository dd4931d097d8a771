"""The attack: the attacker's total against each other player in seat order
from the attacker's left; each defender chooses which creature absorbs next
(a 'defend' decision of that defender), after a window for their reactions."""

from __future__ import annotations

from engine.core import Rng, Text

from .common import note, note_texts, telling
from .destroy import destroy
from .names import TOK, dice_text, die_text
from .state import ATTACK, CAPTURE, QState, card_of, creatures, face_of
from .stats import attack, attack_vs, defense, guards, level

# Lines said on most turns, written once per seat.
_NO_ATTACK = tuple(Text(f"{w} has no creatures: no attack.", f"{w}にはモンスターがいないため、攻撃はない。")
                   for w in TOK)
_NOT_ATTACKED = tuple(Text(f"{w} has no creatures to attack.", f"{w}には攻撃を受けるモンスターがいない。")
                      for w in TOK)

# seats -> attacker -> the other seats from the attacker's left, in the order they defend
_DEFENDERS = {n: tuple(tuple((p + i) % n for i in range(1, n)) for p in range(n)) for n in range(2, len(TOK) + 1)}


def begin(s: QState) -> None:
    p = s.active
    s.imm = False
    cs = creatures(s, p)
    if not cs:
        s.step, s.attack_done = CAPTURE, True
        note_texts(s, _NO_ATTACK[p])
        return
    s.step = ATTACK
    # Totals are fixed when the attack begins (creatures that score or die later still count).
    snap = []
    for d in cs:  # a loop: a comprehension costs a call more
        f = face_of(s, d) if s.copies else s.dfaces[d][s.face[d]]  # `face_of`, inline when no die copies
        snap.append((d, attack(s, d, p), f.level))  # `level`, inline
    s.snap = tuple(snap)
    s.defenders = _DEFENDERS[s.seats][p]
    s.stage, s.hit, s.mdd_used = 0, (), False


def attackers(s: QState, defender: int) -> Text:
    """The attacking creatures, each with what it brings against `defender`
    (public: a die that went back into a bag since is left out)."""
    guard, bag = guards(s, defender), s.bag[s.active]  # the attacker's dice: only its own bag can hold one
    named = [(die_text(s, d, face=False), attack_vs(s, d, a, lvl, defender, guard))
             for d, a, lvl in s.snap if d not in bag]
    return Text(", ".join([f"{t.en} ({n})" for t, n in named]), "、".join([f"{t.ja}（{n}）" for t, n in named]))


def total(s: QState, defender: int) -> int:
    fx = s.fx
    if not s.zeroed and "shield_low_level" not in fx and "attack_cap" not in fx and "attack_vs_lone" not in fx:
        # no card in play changes what an attacker brings: the plain sum (`guards` would say no shield, no cap),
        # in a loop: a generator costs twice as much, for every defender of every attack
        n = 0
        for _, a, lvl in s.snap:
            if lvl > 0:
                n += a
        return n
    guard = guards(s, defender)
    count, shield, cap = guard
    if not s.zeroed and not (count == 1 and "attack_vs_lone" in fx):
        # `attack_vs` without its per-die checks that cannot apply here
        n = 0
        for _, a, lvl in s.snap:
            if lvl > shield:
                n += a if a < cap else cap
        return n
    return sum(attack_vs(s, d, a, lvl, defender, guard) for d, a, lvl in s.snap)


def warded(s: QState) -> bool:
    """Mighty Devotee attacking: defenders' attached spells do nothing."""
    if "warded" not in s.fx:
        return False
    return any(card_of(s, d).first.get("warded") is not None for d, _, _ in s.snap if d in s.ready[s.active])


_GUARDS = frozenset({"reaction_defense", "reaction_to_pool", "reaction_zero_attack"})


def guard_spells(s: QState, d: int, *, mid: bool = False) -> list[int]:
    """Reaction spells `d` may cast before defending, or (`mid`) while choosing
    absorbers or before Death Spell picks, when an attack total is already fixed or
    there is none: then Life Incantation's zero would change nothing and is not offered."""
    out: list[int] = []
    if s.fx.isdisjoint(_GUARDS):
        return out
    for sp in s.ready[d]:
        if s.face[sp] < 0 or not face_of(s, sp).spell:
            continue
        c = card_of(s, sp)
        if c.timing != "reaction":
            continue
        usable = (c.power("reaction_defense") is not None
                  or (c.power("reaction_to_pool") is not None and d not in s.lifecharm)
                  or (not mid and c.power("reaction_zero_attack") is not None and bool(zero_targets(s))))
        if usable:
            out.append(sp)
    return out


def zero_targets(s: QState) -> list[int]:
    return [d for d in creatures(s, s.active)
            if d not in s.zeroed and card_of(s, d).power("warded") is None]


def _quake(s: QState, d: int, rng: Rng) -> int:
    if "quake" not in s.fx:
        return 0
    quakes = [x for x, a, lvl in s.snap if card_of(s, x).power("quake") is not None
              and not any(card_of(s, y).power("shield_low_level") is not None
                          and lvl <= int(card_of(s, y).power("shield_low_level")["max_level"])  # type: ignore[index]
                          for y in creatures(s, d))]
    if not quakes:
        return 0
    victims = [x for x in creatures(s, d) if level(s, x) == 1]
    if victims and telling(s):
        dragon = die_text(s, quakes[0], face=False)
        note(s, f"{dragon.en} quakes: every level 1 creature of {TOK[d]} is destroyed first.",
             f"{dragon.ja}の地震：{TOK[d]}のレベル1のモンスターは全て、防御の前に打倒される。")
    for x in victims:
        s.hit = (*s.hit, x)
        destroy(s, x, s.active, rng)
    if victims and d not in s.hurt:
        s.hurt = (*s.hurt, d)
    return len(victims)


def _mdd_bonus(s: QState, d: int) -> int:
    if s.mdd_used or "kill_bonus_attack" not in s.fx:
        return 0
    dealers = [x for x, _, _ in s.snap if card_of(s, x).power("kill_bonus_attack") is not None]
    bonus = sum(attack_vs(s, x, a, lvl, d) for x, a, lvl in s.snap if x in dealers)
    if bonus:
        s.mdd_used = True
    if bonus and telling(s):
        named = dice_text(s, dealers, face=False)
        w = TOK[s.active]
        note(s, f"{w}'s {named.en} adds {bonus} attack at the first kill.", f"{w}の{named.ja}の能力：最初の打倒で攻撃力+{bonus}。")
    return bonus


def candidates(s: QState, d: int) -> list[int]:
    df, fc, hit = s.dfaces, s.face, s.hit  # `creatures`, inline
    out = []
    for x in s.ready[d]:
        if df[x][fc[x]].creature and x not in hit:
            out.append(x)
    return out


def absorb(s: QState, x: int, rng: Rng, *, forced: bool = False) -> None:
    d = s.defenders[0]
    s.hit = (*s.hit, x)
    df = defense(s, x, d, ignore_attached="warded" in s.fx and warded(s))  # `warded`'s first check, inline
    n = s.remaining
    told = s.notes is not None  # `telling`
    if told:
        dt = die_text(s, x)
        w = TOK[d]
        en = f"{'Forced, the only creature left: ' if forced else ''}{w}'s {dt.en} (defense {df})"
        ja = f"{'強制（残る唯一のモンスター）：' if forced else ''}{w}の{dt.ja}（防御力{df}）"
    if n >= df:  # ruling: equal attack destroys
        s.remaining = n - df
        if d not in s.hurt:
            s.hurt = (*s.hurt, d)
        if told:
            destroy(s, x, s.active, rng, Text(f"{en} absorbs {df} of the {n} attack: destroyed",
                                              f"{ja}が攻撃{n}のうち{df}を受けて打倒された"),
                    Text(f"; {n - df} left", f"。残り{n - df}"))
        else:
            destroy(s, x, s.active, rng)
        if "kill_bonus_attack" in s.fx:  # `_mdd_bonus`'s own check, inline: most kills have no bonus
            s.remaining += _mdd_bonus(s, d)
    else:
        if told:
            note(s, f"{en} absorbs the {n} attack left and survives; the attack on {w} ends.",
                 f"{ja}が残りの攻撃{n}を受けて耐えた。{w}への攻撃は終わった。")
        s.remaining = 0  # the leftover attack is lost


def progress(s: QState, rng: Rng) -> None:
    """Run the attack until a decision is needed or it is over."""
    while s.step == ATTACK and not s.prompts:
        if not s.defenders:
            s.step, s.attack_done, s.snap = CAPTURE, True, ()
            return
        d = s.defenders[0]
        stage = s.stage
        cands: list[int] | None = None
        if stage == 0:
            cands = creatures(s, d)
            if not cands:  # nothing to attack here
                if s.notes is not None:  # `telling`
                    note_texts(s, _NOT_ATTACKED[d])
                s.defenders = s.defenders[1:]
                continue
            s.stage, s.hit, s.mdd_used = 1, (), False
            if not s.fx.isdisjoint(_GUARDS) and guard_spells(s, d):  # its own first check, inline
                s.prompts = (*s.prompts, ("guard", d))
                continue
            stage = 1
        if stage == 1:
            s.stage = 2
            kills = _quake(s, d, rng) if "quake" in s.fx else 0
            s.remaining = total(s, d)
            if s.notes is not None:  # `telling`
                by = attackers(s, d)
                note(s, f"{TOK[s.active]} attacks {TOK[d]} with a total of {s.remaining}: {by.en}.",
                     f"{TOK[s.active]}が{TOK[d]}を総攻撃力{s.remaining}で攻撃：{by.ja}。")
            if kills:  # a destroyed creature may have asked its owner something, or ended the game
                s.remaining += _mdd_bonus(s, d)
                continue
        if cands is None:  # else nothing has absorbed or died since `creatures` listed them (`hit` is empty)
            cands = candidates(s, d)
        if s.remaining <= 0 or not cands:
            if s.remaining > 0 and s.notes is not None:  # `telling`
                note(s, f"{TOK[d]} has no creature left to absorb the other {s.remaining}.",
                     f"{TOK[d]}には残りの攻撃{s.remaining}を受けるモンスターがいない。")
            s.defenders = s.defenders[1:]
            s.stage, s.hit = 0, ()
            continue
        if len(cands) == 1 and (s.fx.isdisjoint(_GUARDS) or not guard_spells(s, d, mid=True)
                                or s.remaining < defense(s, cands[0], d, ignore_attached=warded(s))):
            # a forced choice is made for the defender (who has no reaction left to cast, or whose
            # creature survives anyway), and the log says so
            absorb(s, cands[0], rng, forced=True)
            continue
        return
