"""The checks a replay's path (`apply_owned`, which builds no log line) makes
directly instead of listing every allowed square: over bot matches, every
land, summon and equip of a hand card on each square, and every move from each
square to each square, is refused by `apply_owned` exactly as `apply` refuses it
(the same message) or accepted by both to the same state; and it is accepted
exactly where the rules say (an oracle written from the rulebook, not the code)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engine.core import Rng, RuleError
from engine.core.play import step
from engine.core.selfplay import play_bots
from engine.naru.board import COLS, SQUARES, square_name
from engine.naru.game import GAME
from engine.naru.state import NaruState
from tests.contract.matches import start

seeds = st.integers(min_value=0, max_value=10**9)
PLACED = {"land": ("land",), "summon": ("commoner", "general"), "equip": ("equipment",)}


def positions(seed: int) -> Iterator[tuple[NaruState, bytes, int]]:
    """Each state of a bot match in a summon or action phase, with the secret and Rng counter."""
    played = play_bots(GAME, 2, seed)
    secret, state, counter = start(GAME, 2, seed)
    for seat, action in played.moves:
        if state.phase in ("summon", "action") and state.battle is None and state.promotion is None:
            yield state, secret, counter
        result = step(GAME, state, seat, action, secret, counter)
        state, counter = result.transition.state, result.counter


def both_paths(state: NaruState, action: dict[str, Any], secret: bytes, counter: int) -> object:
    """What `apply` and `apply_owned` make of `action`; fails when they differ."""
    seat = state.active
    try:
        pure = GAME.apply(state, seat, action, Rng(secret, counter)).state
    except RuleError as exc:
        try:
            GAME.apply_owned(state.copy(), seat, action, Rng(secret, counter))
        except RuleError as owned_exc:
            assert (type(owned_exc), owned_exc.what, owned_exc.allowed) == (type(exc), exc.what, exc.allowed), action
            return None
        raise AssertionError(f"apply refuses {action} but apply_owned accepts it") from exc
    owned = GAME.apply_owned(state.copy(), seat, action, Rng(secret, counter))
    assert owned == pure, action
    return pure


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
    for state, secret, counter in positions(seed):
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
                done = both_paths(state, {"kind": kind, "card": card, "at": square_name(sq)}, secret, counter)
                assert (done is not None) == may_place(state, kind, sq), (kind, square_name(sq))
                checked += 1
    assert checked


@given(seeds)
def test_moves_are_refused_alike_by_both_paths_and_where_the_rules_refuse_them(seed: int) -> None:
    checked = 0
    for state, secret, counter in positions(seed):
        if state.phase != "action":
            continue
        for origin in range(SQUARES):
            for target in range(SQUARES):
                action = {"kind": "move", "from": square_name(origin), "to": square_name(target)}
                done = both_paths(state, action, secret, counter)
                assert (done is not None) == may_move(state, origin, target), action
                checked += 1
    assert checked
