"""The checks a replay's path (`apply_owned`, which builds no log line) makes
directly instead of listing every allowed square: over bot matches, every
land, summon and equip of a hand card on each square, and every move from each
square to each square, is refused by `apply_owned` exactly as `apply` refuses it
(the same message) or accepted by both to the same state; and it is accepted
exactly where the rules say (an oracle written from the rulebook, not the code)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.naru.board import COLS, SQUARES, square_name
from engine.naru.game import GAME
from engine.naru.state import NaruState
from tests.contract.matches import Turn, bot_turns
from tests.contract.owned import both_paths

seeds = st.integers(min_value=0, max_value=10**9)
PLACED = {"land": ("land",), "summon": ("commoner", "general"), "equip": ("equipment",)}


def positions(seed: int) -> Iterator[Turn]:
    """Each turn of a bot match taken in a summon or action phase."""
    for turn in bot_turns(GAME, 2, seed):
        state = turn.state
        if state.phase in ("summon", "action") and state.battle is None and state.promotion is None:
            yield turn


def adjacent(a: int, b: int) -> bool:
    return abs(a // COLS - b // COLS) + abs(a % COLS - b % COLS) == 1


def may_place(s: NaruState, kind: str, sq: int) -> bool:
    """The rulebook: a land goes on an empty square next to one of your lands or
    replaces one of yours (never a keep); a unit goes on a land of your territory
    with no unit; equipment on your unit without any."""
    seat, land, unit = s.active, s.lands[sq], s.units[sq]
    if kind == "land":
        if land is None:
            return any((n := s.lands[o]) is not None and n.owner == seat for o in range(SQUARES) if adjacent(sq, o))
        return land.owner == seat and not land.keep
    if kind == "summon":
        rows = (0, 1) if s.first == seat else (2, 3)
        return land is not None and unit is None and sq // COLS in rows
    return unit is not None and unit.owner == seat and unit.equipment is None


def may_move(s: NaruState, origin: int, target: int) -> bool:
    """The rulebook: your unit not placed this turn and not moved steps one square
    orthogonally onto a land without your unit, never onto the square one of your
    units in the enemy keep goes back to."""
    seat, unit, there = s.active, s.units[origin], s.units[target]
    kept = {u.came_from for u in s.units if u is not None and u.owner == seat}
    return (unit is not None and unit.owner == seat and not unit.moved and unit.summoned_turn != s.turn
            and adjacent(origin, target) and s.lands[target] is not None
            and (there is None or there.owner != seat) and target not in kept)


@given(seeds)
def test_placements_are_refused_alike_by_both_paths_and_where_the_rules_refuse_them(seed: int) -> None:
    checked = 0
    for turn in positions(seed):
        state = turn.state
        if state.phase != "summon":
            continue
        player = state.players[state.active]
        hand = {GAME.defs[state.cards[c]].kind: c for c in player.hand}
        for kind, kinds in PLACED.items():
            card = next((hand[k] for k in kinds if k in hand), None)
            if card is None or GAME.defs[state.cards[card]].cost > player.resources \
                    or (kind == "land" and player.land_played):
                continue
            for sq in range(SQUARES):
                action = {"kind": kind, "card": card, "at": square_name(sq)}
                done = both_paths(GAME, state, state.active, action, turn.secret, turn.counter, NaruState.copy)
                assert (done is not None) == may_place(state, kind, sq), (kind, square_name(sq))
                checked += 1
    assert checked


@pytest.mark.slow
@given(seeds)
def test_moves_are_refused_alike_by_both_paths_and_where_the_rules_refuse_them(seed: int) -> None:
    checked = 0
    for turn in positions(seed):
        state = turn.state
        if state.phase != "action":
            continue
        for origin in range(SQUARES):
            for target in range(SQUARES):
                action = {"kind": "move", "from": square_name(origin), "to": square_name(target)}
                done = both_paths(GAME, state, state.active, action, turn.secret, turn.counter, NaruState.copy)
                assert (done is not None) == may_move(state, origin, target), action
                checked += 1
    assert checked
