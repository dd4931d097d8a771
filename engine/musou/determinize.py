"""The search bot's view of a Musou state. Hidden from a seat: the order of
both decks and what every provision is (its own too), the opponent's hand,
side deck, face-down cards and unused commanders, and the opponent's
commander until both are revealed. The seat's own deck and provisions keep
their cards and are dealt again among themselves; the opponent's hidden cards
(their lists less what is in sight) are dealt again at random over the
opponent's hidden places and ids. Between games the opponent's deck and side
deck are lists of card keys, dealt again between the two."""

from __future__ import annotations

from engine.core import Rng
from engine.core.search import shuffled

from .state import SQUARES, MusouState, Names, copied, in_game
from .view import revealed


def determinize(state: MusouState, seat: int, rng: Rng) -> MusouState:
    s = copied(state)
    other = 1 - seat
    if in_game(s) or s.stage == "mulligan":
        _own(s, seat, rng)
        _opponent(s, other, rng)
    else:
        keys = shuffled(rng, sorted(s.decks[other] + s.side[other]))
        n = len(s.decks[other])
        s.decks[other], s.side[other] = sorted(keys[:n]), sorted(keys[n:])
    chosen = s.commander[other]
    pool = sorted(s.pool[other])
    if chosen is not None and not revealed(s):
        # A chosen commander leaves the pool only once both have chosen.
        if chosen in pool:
            s.commander[other] = pool[rng.below(len(pool))]
        else:
            pool = shuffled(rng, [*pool, chosen])
            s.commander[other] = pool.pop()
            pool.sort()
    s.pool[other] = pool
    return s


def _own(s: MusouState, seat: int, rng: Rng) -> None:
    cards = shuffled(rng, sorted(s.decks[seat] + s.provisions[seat]))
    n = len(s.decks[seat])
    s.decks[seat], s.provisions[seat] = cards[:n], cards[n:]


def _opponent(s: MusouState, other: int, rng: Rng) -> None:
    places: list[tuple[list[str], int]] = []
    for held in (s.hands[other], s.decks[other], s.provisions[other], s.side[other]):
        places += [(held, i) for i in range(len(held))]
    facedown = [slot for sq in SQUARES if (slot := s.field[other][sq]) is not None and slot.face_down]
    ids = [held[i] for held, i in places] + [slot.card for slot in facedown]
    keys = shuffled(rng, sorted(s.names[c] for c in ids))
    ids = shuffled(rng, sorted(ids))
    names = dict(s.names)
    for cid, key in zip(ids, keys, strict=True):
        names[cid] = key
    for (held, i), cid in zip(places, ids, strict=False):
        held[i] = cid
    for slot, cid in zip(facedown, ids[len(places):], strict=True):
        slot.card = cid
    s.side[other] = sorted(s.side[other])
    s.names = Names(names)
