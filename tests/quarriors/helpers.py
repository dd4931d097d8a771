"""Building positions directly for rule tests."""

from __future__ import annotations

from typing import Any

from engine.core import ALL_SEEING, Rng, RuleError
from engine.quarriors.bag import from_wild
from engine.quarriors.cards import base_set
from engine.quarriors.game import GAME
from engine.quarriors.setup import build
from engine.quarriors.state import MAIN, QState, copy_state

RNG_SECRET = b"x" * 32

CREATURES = ["deathdealer", "defender_of_the_pale", "devotee_of_the_holy_query", "ghostly_spirit",
             "primordial_ooze", "quake_dragon", "warrior_of_the_quay"]
SPELLS = ["death_cantrip", "growth_cantrip", "life_spell"]


def rng() -> Rng:
    return Rng(RNG_SECRET)


def make(cards: list[str] | None = None, seats: int = 2) -> QState:
    """A position before anything happens: bags full, all zones empty, seat 0 in its main step."""
    cs = base_set()
    chosen = list(cards or [])
    classes = {cs.cards[c].die for c in chosen}
    for pool in (CREATURES, SPELLS):
        kind = cs.cards[pool[0]].kind
        for c in pool:
            if sum(1 for x in chosen if cs.cards[x].kind == kind) >= (7 if kind == "creature" else 3):
                break
            if cs.cards[c].die not in classes:
                chosen.append(c)
                classes.add(cs.cards[c].die)
    s = build(cs, seats, {"cards": chosen}, rng())
    s.step, s.imm = MAIN, True
    return s


def slot(s: QState, card_id: str) -> int:
    return next(i for i, c in enumerate(s.cards) if c.id == card_id)


def die(s: QState, card_id: str) -> int:
    """Take one die of `card_id` from the wilds or, for basic dice, from any bag."""
    sl = slot(s, card_id)
    if s.wild[sl]:
        return from_wild(s, sl)
    for p, bag in enumerate(s.bag):
        for d in bag:
            if s.dcard[d] == sl:
                s.bag = (*s.bag[:p], tuple(x for x in bag if x != d), *s.bag[p + 1:])
                return d
    raise LookupError(card_id)


def face_index(s: QState, d: int, **want: Any) -> int:
    """The first face of `d`'s die matching the given Face attributes."""
    faces = s.cards[s.dcard[d]].faces
    for i, f in enumerate(faces):
        if all(getattr(f, k) == v for k, v in want.items()):
            return i
    raise LookupError(want)


def place(s: QState, zone: str, p: int, card_id: str, **face: Any) -> int:
    d = die(s, card_id)
    if face:
        s.face[d] = face_index(s, d, **face)
    getattr(s, zone)[p].append(d)
    return d


def act(s: QState, seat: int, **action: Any) -> QState:
    return GAME.apply(s, seat, dict(action), rng()).state


def refused(s: QState, seat: int, **action: Any) -> RuleError:
    before = copy_state(s)
    try:
        GAME.apply(s, seat, dict(action), rng())
    except RuleError as e:
        assert s == before
        return e
    raise AssertionError(f"{action} was allowed")


def show(s: QState) -> dict[str, Any]:
    return GAME.view(s, ALL_SEEING)
