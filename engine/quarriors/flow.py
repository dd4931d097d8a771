"""The turn's automatic parts: start (score, draw 6 and roll), the end
(active pool to the used pile, next player), and `advance`, which runs
everything automatic until someone must decide."""

from __future__ import annotations

from math import perm

from engine.core import Rng, Text

from . import attack
from .bag import draw, roll
from .common import check_empty_cards, note, telling
from .destroy import destroy
from .names import TOK, dice_text, die_text
from .prompts import has_choice
from .scoring import score
from .state import ATTACK, MAIN, OVER, QState, card_of, is_creature, reset_turn
from .stats import printed

SCORE = "score"


def start_turn(s: QState, rng: Rng) -> None:
    reset_turn(s)
    s.step = SCORE
    if s.notes is not None:  # `telling`
        note(s, f"Turn {s.turn}: {TOK[s.active]}'s turn.", f"ターン{s.turn}：{TOK[s.active]}の手番。")
    score(s, rng)


def roll_phase(s: QState, rng: Rng) -> None:
    """Draw 6 (a short bag is taken whole, then the used pile becomes the bag
    and the rest is drawn from it) and roll the whole pool. One random number
    picks the dice and their faces together whenever it fits in one draw, so
    replays compute few HMACs."""
    p, face = s.active, s.face
    pool = s.pool[p]
    bag = list(s.bag[p])
    want = 6
    if len(bag) < want and s.used[p]:
        pool.extend(bag)
        want -= len(bag)
        bag = s.used[p]
        s.used[p] = []
        for d in bag:
            face[d] = -1
    n = len(bag)
    k = want if want < n else n
    span = perm(n, k)  # the ordered draws of k dice
    total = span * 6 ** (len(pool) + k)
    if total >= 1 << 62:  # too much for one 64-bit draw: the general path
        s.bag = (*s.bag[:p], tuple(bag), *s.bag[p + 1:])
        pool.extend(draw(s, p, k, rng))
        roll(s, pool, rng)
    else:
        x = rng.below(total)
        x, rest = divmod(x, span)
        for _ in range(k):
            rest, i = divmod(rest, n)
            pool.append(bag[i])
            bag[i] = bag[-1]
            bag.pop()
            n -= 1
        s.bag = (*s.bag[:p], tuple(bag), *s.bag[p + 1:])
        for d in pool:  # two operators: no `divmod` call and no pair to unpack per die
            face[d] = x % 6
            x //= 6
    s.step, s.imm = MAIN, True
    if s.notes is not None:  # `telling`
        rolled = dice_text(s, pool)
        note(s, f"{TOK[p]} draws and rolls: {rolled.en}.", f"{TOK[p]}がダイスを取り出して振った：{rolled.ja}。")


def end_turn(s: QState, rng: Rng) -> None:
    p = s.active
    s.used[p].extend(s.pool[p])
    s.pool[p] = []
    check_empty_cards(s)
    if s.step == OVER:
        return
    s.active = (p + 1) % s.seats
    s.turn += 1
    start_turn(s, rng)


def _ooze_dying(s: QState) -> bool:
    """Whether `_sweep` may have an ooze to destroy: a die of an ooze card shows a
    creature in a ready area and counts no Basic Quiddity (or some die copies: a
    copied ooze counts too, and `_sweep` looks itself). Else it has nothing to do:
    it is asked after every step of the rules, and an ooze seldom dies. The ready
    areas hold a handful of dice, so they are walked rather than the ooze cards' dice."""
    if s.copies:
        return True
    face, dfaces, dcard, oozes = s.face, s.dfaces, s.dcard, s.ooze_slots
    for p, area in enumerate(s.ready):
        for d in area:
            if dcard[d] in oozes:
                f = face[d]
                if f >= 0 and dfaces[d][f].creature and printed(s, d, p)[1] <= 0:
                    return True
    return False


def _sweep(s: QState, rng: Rng) -> None:
    """Primordial Ooze dies when its count of Basic Quiddity dice is 0
    (asked only when `_ooze_dying` says one may)."""
    dcard, copies = s.dcard, s.copies
    for p in range(s.seats):
        for d in [d for d in s.ready[p] if dcard[d] in s.ooze_slots or d in copies]:
            if (is_creature(s, d) and card_of(s, d).power("stats_basic_quiddity") is not None
                    and printed(s, d, p)[1] <= 0):
                if not telling(s):
                    destroy(s, d, -1, rng)
                    continue
                dt = die_text(s, d)
                destroy(s, d, -1, rng, Text(f"{TOK[p]}'s {dt.en} counts no Basic Quiddity dice: destroyed",
                                            f"{TOK[p]}の{dt.ja}は魔力源ダイスが0個のため打倒された"))


def advance(s: QState, rng: Rng) -> None:
    while True:
        if s.step == OVER:
            s.prompts = ()
            return
        if s.has_ooze and _ooze_dying(s):
            _sweep(s, rng)
        if s.prompts:
            if not has_choice(s, s.prompts[0]):
                s.prompts = s.prompts[1:]
                continue
            return
        if s.step == SCORE:
            roll_phase(s, rng)
            return
        if s.step == ATTACK:
            attack.progress(s, rng)
            if s.prompts or s.step != ATTACK:
                continue
        return
