"""A pick is checked directly (a replay checks every one), and is accepted exactly
when it is one of `pickable`'s, or "none" when that is empty."""

from __future__ import annotations

import pytest

from engine.warlords.opening import pick_ok, pickable
from engine.warlords.state import cdef, on_table

from .helpers import bot_states


@pytest.mark.parametrize("seats,seed", [(2, 1), (4, 2), (8, 3)])
def test_a_pick_is_accepted_exactly_when_it_is_listed(seats: int, seed: int) -> None:
    picks = [s for s in bot_states(seats, seed, seats + 1) if s.phase == "pick"]
    assert len(picks) == seats  # every picker's turn, with the earlier picks on the table
    tried = accepted = 0
    for s in picks:
        seat = s.pick_queue[0]
        for kind in ("castle", "hero"):
            listed = pickable(s, seat, kind)
            for value in [*s.players[seat].deck, *on_table(s), "none", "c0", "", 7, None, ["c1"]]:
                expected = value in listed or (value == "none" and not listed)
                assert pick_ok(s, seat, kind, value) == expected, (seat, kind, value)
                tried += 1
                accepted += expected
    assert accepted and tried > accepted  # both answers were met


def test_a_pick_with_nothing_left_of_its_kind_is_none() -> None:
    s = bot_states(2, 5, 1)[-1]
    seat = s.pick_queue[0]
    p = s.players[seat]
    p.deck = [i for i in p.deck if cdef(s, i).type != "castle"]
    assert not pickable(s, seat, "castle") and pickable(s, seat, "hero")
    assert pick_ok(s, seat, "castle", "none")
    assert not pick_ok(s, seat, "hero", "none")


def test_of_two_copies_of_a_card_only_the_one_listed_is_accepted() -> None:
    s = bot_states(2, 5, 1)[-1]
    seat = s.pick_queue[0]
    castle = pickable(s, seat, "castle")[0]
    twin = f"c{len(s.cards) + 1}"  # a second copy, with a higher id
    s.cards, s.owner = {**s.cards, twin: s.cards[castle]}, {**s.owner, twin: seat}
    s.players[seat].deck.append(twin)
    assert castle in pickable(s, seat, "castle") and twin not in pickable(s, seat, "castle")
    assert pick_ok(s, seat, "castle", castle)
    assert not pick_ok(s, seat, "castle", twin)
