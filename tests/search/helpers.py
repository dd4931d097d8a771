"""States to search from, what each game conserves, and a change to each
game's state that a given seat cannot see (the opponents' hidden cards and
every deck put in another order)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from engine.core import Game, Rng, clone
from engine.core.selfplay import derive_secret
from engine.musou.state import SQUARES, MusouState, in_game
from engine.naru.state import NaruState
from engine.quarriors.state import QState, zones
from engine.registry import get_game
from engine.warlords.state import WState, all_zones
from tests.contract.matches import bot_turns

GAMES = ("quarriors", "naru", "musou", "warlords")
# Quarriors hides nothing from a seat in two-player games but the order of a
# bag it can count; with three seats which hidden bag holds which die is hidden.
SEATS = {"quarriors": 3, "naru": 2, "musou": 2, "warlords": 2}


@cache
def match_states(game_id: str, seed: int = 1, every: int = 9) -> tuple[Any, ...]:
    """Every `every`-th state of a random-bot match (the last one excluded)."""
    turns = bot_turns(get_game(game_id), SEATS[game_id], f"search-{seed}")
    return tuple(turn.state for n, turn in enumerate(turns) if n % every == 0)


def waiting_seat(game: Game[Any], state: Any) -> int:
    return min(game.pending(state), key=lambda p: (p.order, p.seat)).seat


def cards(game_id: str, s: Any) -> Counter[tuple[str, str, int]]:
    """What must be conserved: every card instance with its card and owner (a
    die with its card), counted once per place it lies."""
    if game_id == "quarriors":
        q: QState = s
        return Counter(("", q.cards[q.dcard[d]].id, d) for d in zones(q))
    if game_id == "warlords":
        w: WState = s
        return Counter((i, w.cards[i], w.owner[i]) for i in all_zones(w))
    if game_id == "naru":
        n: NaruState = s
        found: list[str] = []
        for p in n.players:
            found += p.deck + p.hand + p.jail + p.exile
            if p.keep_sq is None or n.lands[p.keep_sq] is None:
                found.append(p.keep_card)
        found += [land.card for land in n.lands if land is not None]
        for unit in n.units:
            if unit is not None:
                found += unit.cards + ([unit.equipment] if unit.equipment else [])
        return Counter((c, n.cards[c], n.owner[c]) for c in found)
    m: MusouState = s
    out: Counter[tuple[str, str, int]] = Counter()
    for seat in (0, 1):
        field = [slot.card for sq in SQUARES if (slot := m.field[seat][sq]) is not None]
        held = m.decks[seat] + m.hands[seat] + m.provisions[seat] + m.discard[seat] + m.side[seat] + field
        held += m.pool[seat] + m.used[seat]
        chosen = m.commander[seat]
        if chosen is not None and chosen not in m.pool[seat]:
            held.append(chosen)
        out.update((c, m.names.get(c, c), seat) for c in held)
    return out


def keys_by_owner(game_id: str, s: Any) -> Counter[tuple[str, int]]:
    """The same without instance ids: which cards each seat has (a
    determinization may hand a hidden card another id)."""
    out: Counter[tuple[str, int]] = Counter()
    for (_, key, owner), n in cards(game_id, s).items():
        out[key, owner] += n
    return out


def unseen_change(game_id: str, state: Any, seat: int, rng: Rng) -> Any:
    """`state` with what `seat` may not see put in another order: the other
    seats' hands and decks shuffled together (each keeping its sizes), the
    seat's own deck shuffled; in Quarriors the other bags' dice swapped round."""
    s = clone(state)
    if game_id == "quarriors":
        others = [p for p in range(s.seats) if p != seat]
        dice = rng.shuffled([d for p in others for d in s.bag[p]])
        bags = list(s.bag)
        for p in others:
            n = len(bags[p])
            bags[p], dice = tuple(dice[:n]), dice[n:]
        s.bag = tuple(bags)
        return s
    if game_id == "naru":
        _reshuffle(rng, [s.players[1 - seat].hand, s.players[1 - seat].deck])
        s.players[seat].deck = rng.shuffled(s.players[seat].deck)
        return s
    if game_id == "warlords":
        for p, player in enumerate(s.players):
            if p != seat:
                _reshuffle(rng, [player.hand, player.deck])
        s.players[seat].deck = rng.shuffled(s.players[seat].deck)
        return s
    other = 1 - seat
    if in_game(s) or s.stage == "mulligan":
        _reshuffle(rng, [s.hands[other], s.decks[other], s.provisions[other]])
        _reshuffle(rng, [s.decks[seat], s.provisions[seat]])
    else:
        _reshuffle(rng, [s.decks[other], s.side[other]])
    return s


def _reshuffle(rng: Rng, piles: list[list[str]]) -> None:
    """Deal the cards of `piles` again at random, each pile keeping its size (in place)."""
    cards = rng.shuffled([c for pile in piles for c in pile])
    for pile in piles:
        n = len(pile)
        pile[:], cards = cards[:n], cards[n:]


def rng(label: str, counter: int = 0) -> Rng:
    """A reproducible Rng for the bot or a test's own draws."""
    return Rng(derive_secret(label, "search-tests"), counter)
