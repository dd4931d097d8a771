"""The search bot's view of a Naru state. Hidden from a seat: every deck's
order, the opponent's hand and face-down commoners, and the opponent's keep
until both keeps are placed. The seat's own deck keeps its cards and is
shuffled; the opponent's hidden cards (their deck list less what is in
sight) are dealt again at random over the opponent's hidden places and ids,
a face-down unit taking only a commoner and an unplaced keep only a keep."""

from __future__ import annotations

from engine.core import Rng
from engine.core.search import shuffled

from .cards import CardDef
from .game import GAME
from .state import NaruState
from .views import keeps_public


def determinize(state: NaruState, seat: int, rng: Rng) -> NaruState:
    s = state.copy()  # copies every list edited below; the id maps are replaced, not edited
    me, other = s.players[seat], 1 - seat
    opp = s.players[other]
    me.deck = shuffled(rng, sorted(me.deck))
    keep = [opp.keep_card] if not keeps_public(s) else []
    # Each hidden place: the list holding it, its index, and the kind of card it must hold.
    places: list[tuple[list[str], int, str | None]] = []
    places += [(opp.hand, i, None) for i in range(len(opp.hand))]
    places += [(opp.deck, i, None) for i in range(len(opp.deck))]
    for unit in s.units:
        if unit is not None and unit.facedown and unit.owner == other:
            top = len(unit.cards) - 1
            places += [(unit.cards, i, "commoner" if i == top else None) for i in range(len(unit.cards))]
    places += [(keep, 0, "keep") for _ in keep]
    ids = [held[i] for held, i, _ in places]
    keys = _deal(shuffled(rng, sorted(s.cards[c] for c in ids)), [need for _, _, need in places], GAME.defs_of(s))
    ids = shuffled(rng, sorted(ids))
    cards, owner = dict(s.cards), dict(s.owner)
    for (held, i, _), cid, key in zip(places, ids, keys, strict=True):
        held[i] = cid
        cards[cid], owner[cid] = key, other
    if keep:
        opp.keep_card = keep[0]
    s.cards, s.owner = cards, owner
    return s


def _deal(keys: list[str], needs: list[str | None], defs: dict[str, CardDef]) -> list[str]:
    """Shuffled keys to places: a place that needs a kind of card takes the
    first key of that kind left, then the others take the rest in order."""
    left = list(keys)
    out = [""] * len(needs)
    for i, need in enumerate(needs):
        if need is not None:
            at = next((k for k, key in enumerate(left) if defs[key].kind == need), 0)
            out[i] = left.pop(at)
    for i, need in enumerate(needs):
        if need is None:
            out[i] = left.pop(0)
    return out
