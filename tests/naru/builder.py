"""Build Naru positions directly for rule tests."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rng, RuleError, Transition, clone
from engine.naru.board import parse_square
from engine.naru.game import GAME
from engine.naru.state import Land, NaruState, Player, Unit


def rng() -> Rng:
    return Rng(b"x" * 32)


def sq(name: str) -> int:
    found = parse_square(name)
    assert found is not None
    return found


class Board:
    """A mid-game position: seat 0 moves first (rows 1-2), keeps on B1 and B4,
    both decks hold ten Rice Paddies, it is seat 0's action phase on turn 5."""

    def __init__(self, keeps: tuple[str, str] = ("keep-spring", "keep-summer"), phase: str = "action") -> None:
        self.n = 0
        self.s = NaruState({}, {}, [Player("", []), Player("", [])], first=0, deck_names=["test", "test"])
        for seat, key, at in ((0, keeps[0], "B1"), (1, keeps[1], "B4")):
            cid = self.card(seat, key)
            self.s.players[seat].keep_card = cid
            self.s.players[seat].keep_sq = sq(at)
            self.s.players[seat].hand_kept = True
            self.s.lands[sq(at)] = Land(cid, seat, keep=True)
            for _ in range(10):
                self.s.players[seat].deck.append(self.card(seat, "land-paddy"))
        self.s.phase, self.s.active, self.s.turn = phase, 0, 5
        for p in self.s.players:
            p.turns_taken = 3

    def card(self, seat: int, key: str) -> str:
        cid = f"c{self.n}"
        self.n += 1
        self.s.cards[cid] = key
        self.s.owner[cid] = seat
        return cid

    def land(self, seat: int, key: str, at: str) -> str:
        cid = self.card(seat, key)
        self.s.lands[sq(at)] = Land(cid, seat)
        return cid

    def unit(self, seat: int, key: str, at: str, *, facedown: bool = False, summoned: int = 1,
             moved: bool = False) -> str:
        cid = self.card(seat, key)
        if self.s.lands[sq(at)] is None:
            self.land(seat, "land-paddy", at)
        self.s.units[sq(at)] = Unit(seat, [cid], facedown=facedown, summoned_turn=summoned, moved=moved)
        return cid

    def hand(self, seat: int, key: str) -> str:
        cid = self.card(seat, key)
        self.s.players[seat].hand.append(cid)
        return cid

    def at(self, name: str) -> Unit:
        unit = self.s.units[sq(name)]
        assert unit is not None
        return unit


def act(state: NaruState, seat: int, kind: str, **args: Any) -> Transition[NaruState]:
    return GAME.apply(state, seat, {"kind": kind, **args}, rng())


def refused(state: NaruState, seat: int, kind: str, **args: object) -> None:
    """`act` is refused, and leaves `state` as it was."""
    before = clone(state)
    with pytest.raises(RuleError):
        act(state, seat, kind, **args)
    assert state == before


def run(state: NaruState, *steps: tuple[int, str, dict[str, Any]]) -> NaruState:
    for seat, kind, args in steps:
        state = act(state, seat, kind, **args).state
    return state
