"""Set-up for Glory Road: decks, the first-player check, the direction of play and
each player's pick of a castle and a hero, then the opening hand."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from operator import itemgetter
from typing import Any, TypeVar

from engine.core import Rng, Text, first_of_each, seat_ref

from .cards import rules
from .decks import starter, starter_ids
from .stacks import castle_revenue
from .state import Castle, Player, Stack, WState, copies, draw_to_hand, in_play, in_play_card_ids, rec
from .state import kind as card_kind

T = TypeVar("T")


def deal(seats: int, options: Mapping[str, Any], rng: Rng, card_set: str = "") -> WState:
    """The decks dealt; `card_set` is the text of the match's own set (the one object every state keeps)."""
    custom = options.get("decks_cards")
    names = list(options.get("decks", [f"custom{i}" for i in range(seats)]))
    card_col, seat_col = _columns(custom, seats) if custom else _starter_columns(tuple(options["decks"]), seats)
    # Instance ids are handed out in random order, so an id says nothing about the card.
    # That shuffle, the piles' and each pick's reshuffle (`do_pick`) draw a word a card at most:
    # made together, from counter 0.
    rng.prefetch(3 * len(card_col))
    order = rng.shuffled(range(len(card_col)))
    ids = _ids(len(order))  # the k-th card dealt is "c<k+1>"
    dealt_seats = _picked(seat_col, order)
    cards = dict(zip(ids, _picked(card_col, order), strict=True))
    owner = dict(zip(ids, dealt_seats, strict=True))
    piles: list[list[str]] = [[] for _ in range(seats)]
    for iid, seat in zip(ids, dealt_seats, strict=True):
        piles[seat].append(iid)
    # Each pile is already in id order (ids were handed out in that order): no sort needed.
    players = [Player(deck=rng.shuffled(p), deck_name=names[i] if i < len(names) else "") for i, p in enumerate(piles)]
    s = WState(seats=seats, cards=cards, owner=owner, players=players, card_set=card_set)
    choose_first(s)
    return s


def _columns(decks: Sequence[Mapping[str, int]], seats: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The cards of the first `seats` decks, seat by seat and by card id, as two columns (card
    id, seat): each card id's copies go in at once. The ids sorted alone, not the (id, count)
    pairs: a tuple's comparison costs twice a string's."""
    card_col: list[str] = []
    seat_col: list[int] = []
    for seat in range(seats):
        deck, dealt = decks[seat], len(card_col)
        for cid in sorted(deck):
            card_col += [cid] * deck[cid]
        seat_col += [seat] * (len(card_col) - dealt)
    return tuple(card_col), tuple(seat_col)


@lru_cache(maxsize=256)
def _starter_columns(names: tuple[str, ...], seats: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """`_columns` of the named starter decks, worked out once per table of them: a replay
    deals every match again, and building the columns was a quarter of a deal's own time."""
    return _columns([starter(d) for d in names], seats)


def _picked(items: Sequence[T], positions: Sequence[int]) -> Sequence[T]:
    """`[items[k] for k in positions]`, in one C call for the several hundred cards of a deal."""
    if len(positions) < 2:  # itemgetter of one position gives the item, not a tuple of it
        return [items[k] for k in positions]
    found: tuple[T, ...] = itemgetter(*positions)(items)
    return found


@cache
def _ids(n: int) -> tuple[str, ...]:
    """The instance ids of a deal of `n` cards (strings, so every match shares them)."""
    return tuple(f"c{k}" for k in range(1, n + 1))


def choose_first(s: WState) -> None:
    """Each player shows the next card of their deck; the lowest check value starts;
    ties among the lowest show again (Time Passes is passed over). Cards stay in the deck."""
    contenders = list(range(s.seats))
    depth = [0] * s.seats
    while True:
        shown: dict[int, int] = {}
        rnd: list[str] = []
        for seat in contenders:
            deck = s.players[seat].deck
            while True:
                depth[seat] += 1
                if depth[seat] > len(deck):
                    shown[seat] = 11
                    break
                iid = deck[-depth[seat]]
                if rec(s, iid).type != "time_passes":
                    shown[seat] = rec(s, iid).range
                    rnd.append(f"{seat}:{rec(s, iid).id}")
                    break
        s.first_check.append(rnd)
        low = min(shown.values())
        contenders = [seat for seat in contenders if shown[seat] == low]
        if len(contenders) == 1 or all(depth[c] > len(s.players[c].deck) for c in contenders):
            s.first = contenders[0]
            s.active = s.first
            return


def options_decks(seats: int) -> list[str]:
    ids = starter_ids()
    return [ids[i % len(ids)] for i in range(seats)]


def pickable(s: WState, seat: int, kind: str) -> list[str]:
    used = in_play_card_ids(s)
    fresh = [iid for iid in s.players[seat].deck if rec(s, iid).type == kind and s.cards[iid] not in used]
    return first_of_each(sorted(fresh, key=lambda x: int(x[1:])), lambda iid: s.cards[iid])


def pick_ok(s: WState, seat: int, kind: str, value: object) -> bool:
    """`value in pickable(s, seat, kind)`, or "none" when that is empty, checked
    directly: every pick of a replay is checked, and listing them sorts the deck."""
    deck = s.players[seat].deck
    if value == "none":
        return not any(rec(s, i).type == kind and not in_play(s, s.cards[i]) for i in deck)
    if not isinstance(value, str) or value not in deck or card_kind(s, value) != kind or in_play(s, s.cards[value]):
        return False
    # pickable offers the copy with the lowest id of each card: asked of the card's few
    # copies (the player's own first), not of every card in the deck.
    n = int(value[1:])
    return not any(s.owner[i] == seat and int(i[1:]) < n and i in deck for i in copies(s)[s.cards[value]])


def hand_size(revenue: int) -> int:
    h = rules().hand
    extra = math.ceil((revenue - h.revenue_threshold) / h.per) if revenue > h.revenue_threshold else 0
    return h.base + extra


def do_pick(s: WState, seat: int, castle: str, hero: str, rng: Rng, log: list[Text] | None) -> None:
    p = s.players[seat]
    revenue = 0
    if castle != "none":
        p.deck.remove(castle)
        c = Castle(castle)
        p.castles.append(c)
        revenue = castle_revenue(s, c)
    if hero != "none":
        p.deck.remove(hero)
        p.stacks.append(Stack(hero))
    p.deck = rng.shuffled(p.deck)
    n = hand_size(revenue)
    if log is not None:
        where = (Text("the castle ", "城砦「") + rec(s, castle).text + Text(f" (revenue {revenue})", f"」（収益{revenue}）")
                 if castle != "none" else Text("no castle", "城砦なし"))
        who = Text("the hero ", "英雄「") + rec(s, hero).text + Text("", "」") if hero != "none" else Text("no hero", "英雄なし")
        log.append(seat_ref(seat) + Text(" sets up ", "は") + where + Text(" and ", "と") + who
                   + Text(f", and draws {n} cards.", f"を配置し、カードを{n}枚引いた。"))
    draw_to_hand(s, seat, n, rng, log)
