"""The search bot's view of a Warlords state. Hidden from a seat: the order of
every deck and the other players' hands. The seat's own deck keeps its cards
(its pick menu names them) and is shuffled; the other players' hidden cards
(their deck lists less what is in sight) are dealt again at random: which id
each holds, in which place, and which card each id is."""

from __future__ import annotations

from engine.core import Rng
from engine.core.search import shuffled

from .state import WState, copy_state


def determinize(state: WState, seat: int, rng: Rng) -> WState:
    s = copy_state(state)  # copies every list edited below; the id maps are replaced, not edited
    me = s.players[seat]
    me.deck = shuffled(rng, sorted(me.deck))
    places: list[tuple[list[str], int]] = []
    cards: list[tuple[str, int]] = []  # (card, owner) per place, shuffled within each holder
    for q, p in enumerate(s.players):
        if q == seat:
            continue
        theirs = [(p.hand, i) for i in range(len(p.hand))] + [(p.deck, i) for i in range(len(p.deck))]
        places += theirs
        cards += shuffled(rng, sorted((s.cards[h[i]], s.owner[h[i]]) for h, i in theirs))
    ids = shuffled(rng, sorted((h[i] for h, i in places)))
    card_of, owner = dict(s.cards), dict(s.owner)
    for (held, i), iid, (card, whose) in zip(places, ids, cards, strict=True):
        held[i] = iid
        card_of[iid], owner[iid] = card, whose
    s.cards, s.owner = card_of, owner
    return s
