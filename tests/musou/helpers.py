"""Build Musou positions directly for rule tests."""

from __future__ import annotations

from typing import Any

from engine.core import Rng
from engine.musou.game import GAME
from engine.musou.state import MusouState, Names, Slot

RNG_SECRET = b"x" * 32
FILLER = "guan_ping"


def rng() -> Rng:
    return Rng(RNG_SECRET)


class Position:
    """A game in progress: seat 0 vs seat 1, with cards named by key."""

    def __init__(self, commanders: tuple[str, str] = ("liu_bei_army", "cao_cao_army"), *, stage: str = "main1",
                 active: int = 0, turn: int = 5, game_turn: int = 5, deck: int = 20, provisions: tuple[int, int] = (5, 5),
                 troops: tuple[int, int] = (20, 20)) -> None:
        self.n = 0
        names = Names()
        self.s = MusouState("sample", names, [[], []], [[], []], [[], []], [[], []], [[], []],
                            [[None] * 9, [None] * 9], [None, None], [[], []], [[], []])
        s = self.s
        for seat, key in enumerate(commanders):
            cid = f"m{seat}0"
            names[cid] = key
            s.commander[seat] = cid
        for seat in (0, 1):
            s.decks[seat] = [self.new(seat, FILLER) for _ in range(deck)]
            s.provisions[seat] = [self.new(seat, FILLER) for _ in range(provisions[seat])]
        s.troops = list(troops)
        s.stage, s.active, s.priority, s.turn, s.game_turn = stage, active, active, turn, game_turn

    def new(self, seat: int, key: str) -> str:
        cid = f"t{seat}c{self.n}"
        self.n += 1
        self.s.names[cid] = key
        return cid

    def hand(self, seat: int, *keys: str) -> list[str]:
        ids = [self.new(seat, k) for k in keys]
        self.s.hands[seat].extend(ids)
        return ids

    def put(self, seat: int, square: int, key: str, **slot: Any) -> str:
        """Square numbered 1-9 as in actions. Defaults: face up, ready, placed long ago."""
        cid = self.new(seat, key)
        slot.setdefault("placed_turn", 1)
        self.s.field[seat][square - 1] = Slot(cid, **slot)
        return cid


def act(s: MusouState, seat: int, text: str) -> MusouState:
    return GAME.apply(s, seat, GAME.parse_action(text), rng()).state
