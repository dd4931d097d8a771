"""The framework's pure step around a game: check whose decision it is, apply
with a fresh Rng cursor, and report the counter to carry forward."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .actions import normalise
from .contract import Game, Pending, Transition
from .errors import NotYourDecision, RuleError
from .rng import Rng
from .text import Text, join

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    transition: Transition[S]
    counter: int  # the Rng counter after the action

    @property
    def reveals(self) -> bool:
        return self.transition.reveals


def waiting_text(pending: tuple[Pending, ...]) -> Text:
    seats = join([Text(f"seat {p.seat + 1}", f"{p.seat + 1}番席") for p in pending])
    return Text("Waiting for: ", "待っている相手: ") + seats


def check_pending(game: Game[S], state: S, seat: int) -> None:
    pending = game.pending(state)
    if not pending:
        raise NotYourDecision(Text("The game is over.", "ゲームは終了しています。"))
    for p in pending:
        if p.seat == seat:
            return
    raise NotYourDecision(Text("It is not your decision now.", "今はあなたの手番・判断ではありません。"),
                          waiting_text(pending))


def _checked(game: Game[S], state: S, seat: int, action: Mapping[str, Any]) -> None:
    if seat not in game.waiting(state):
        check_pending(game, state, seat)  # says why, from the prompts
    if not isinstance(action.get("kind"), str):
        raise RuleError(Text("An action needs a kind.", "行動の種類がありません。"))


def step(game: Game[S], state: S, seat: int, action: Mapping[str, Any],
         secret: bytes, counter: int) -> Step[S]:
    """Apply `action` for `seat`. Raises RuleError and leaves everything as it was."""
    _checked(game, state, seat, action)
    rng = Rng(secret, counter)
    transition = game.apply(state, seat, normalise(action), rng)
    if rng.counter != counter and not transition.reveals:
        transition = Transition(transition.state, transition.log, True)
    return Step(transition, rng.counter)



def step_owned(game: Game[S], state: S, seat: int, action: Mapping[str, Any],
               secret: bytes, counter: int) -> tuple[S, int]:
    """`step`'s new state and counter through `Game.apply_owned`, for a caller
    that owns `state` and never reads it again (a replay): it may be edited in
    place, and is spoilt when this raises."""
    _checked(game, state, seat, action)
    rng = Rng(secret, counter)
    return game.apply_owned(state, seat, normalise(action), rng), rng.counter
