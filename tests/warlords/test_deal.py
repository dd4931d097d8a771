"""The deal works out a starter table's card columns once (`opening._starter_columns`) and
picks the shuffled cards in C (`opening._picked`): each seat is dealt exactly its deck, and a
starter table deals what the same decks given card by card (`decks_cards`) deal."""

from __future__ import annotations

from collections import Counter

from engine.core import Rng
from engine.core.selfplay import derive_secret
from engine.warlords.decks import starter, starter_ids
from engine.warlords.opening import _picked, deal


def _table(seats: int) -> list[str]:
    ids = starter_ids()
    return [ids[(3 * i + seats) % len(ids)] for i in range(seats)]


def test_each_seat_is_dealt_its_starter_deck_and_a_second_deal_the_same() -> None:
    for seats in range(2, 9):
        names = _table(seats)
        for seed in range(3):
            s = deal(seats, {"decks": names}, Rng(derive_secret(seed, "deal")))
            assert sorted(s.cards) == sorted(s.owner) and len(s.cards) == sum(sum(starter(n).values()) for n in names)
            for seat, name in enumerate(names):
                mine = [iid for iid, owner in s.owner.items() if owner == seat]
                assert Counter(s.cards[iid] for iid in mine) == Counter(starter(name)), (seats, seat)
                assert sorted(s.players[seat].deck) == sorted(mine)
                assert s.players[seat].deck_name == name
            again = deal(seats, {"decks": names}, Rng(derive_secret(seed, "deal")))
            assert again == s


def test_a_starter_table_deals_what_its_decks_given_card_by_card_deal() -> None:
    for seats in (2, 4, 7):
        names = _table(seats)
        secret = derive_secret(seats, "deal")
        by_name = deal(seats, {"decks": names}, Rng(secret))
        by_cards = deal(seats, {"decks": names, "decks_cards": [starter(n) for n in names]}, Rng(secret))
        assert by_name == by_cards


def test_picking_positions_gives_a_list_of_the_items_in_that_order() -> None:
    items = ("a", "b", "c", "d")
    for positions in ([], [2], [3, 0], [1, 3, 0, 2]):
        assert list(_picked(items, positions)) == [items[k] for k in positions]
