"""Build Warlords positions directly for rule tests."""

from __future__ import annotations

from typing import Any

from engine.core import Rng, Transition
from engine.warlords.game import GAME
from engine.warlords.state import Castle, Player, Stack, WState
from tests.contract.matches import bot_turns, start

RNG_SEED = b"x" * 32


def rng() -> Rng:
    return Rng(RNG_SEED)


class Table:
    """A table in the action step of turn 1, seat 0 active, with empty decks."""

    def __init__(self, seats: int = 2) -> None:
        self.s = WState(seats=seats, cards={}, owner={}, players=[Player(deck=[]) for _ in range(seats)],
                        phase="play", turn=1, active=0)
        self.n = 0

    def card(self, seat: int, cid: str) -> str:
        self.n += 1
        iid = f"c{self.n}"
        self.s.cards[iid] = cid
        self.s.owner[iid] = seat
        return iid

    def deck(self, seat: int, *cids: str) -> list[str]:
        """Cards put on the deck; the LAST one given is drawn first."""
        ids = [self.card(seat, c) for c in cids]
        self.s.players[seat].deck = ids + self.s.players[seat].deck
        return ids

    def hand(self, seat: int, *cids: str) -> list[str]:
        ids = [self.card(seat, c) for c in cids]
        self.s.players[seat].hand += ids
        return ids

    def castle(self, seat: int, cid: str, garrison: tuple[str, ...] = (), improvements: tuple[str, ...] = ()) -> Castle:
        c = Castle(self.card(seat, cid), [self.card(seat, g) for g in garrison],
                   [self.card(seat, i) for i in improvements])
        self.s.players[seat].castles.append(c)
        return c

    def stack(self, seat: int, hero: str, members: tuple[str, ...] = (), march: int = 0,
              target: int | None = None, fleet: str | None = None) -> Stack:
        st = Stack(self.card(seat, hero), [self.card(seat, m) for m in members],
                   [self.card(seat, "march_5") for _ in range(march)], self.card(seat, fleet) if fleet else None,
                   target)
        self.s.players[seat].stacks.append(st)
        return st


def act(s: WState, seat: int, **action: Any) -> Transition[WState]:
    return GAME.apply(s, seat, dict(action), rng())


def texts(t: Transition[WState]) -> str:
    return " ".join(x.en for x in t.log)


def bot_states(seats: int, seed: int, steps: int | None = None) -> list[WState]:
    """The states a bot match passes through (in its first `steps` actions, or to its end)."""
    return [start(GAME, seats, seed)[1], *(turn.after for turn in bot_turns(GAME, seats, seed, steps))]
