"""The framework's pure step around a game: check whose decision it is, apply
with an Rng cursor at the carried counter, and report the counter to carry forward."""

from __future__ import annotations

from collections.abc import Callable, Mapping
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


def owned_steps(game: Game[S], secret: bytes, counter: int) -> tuple[Callable[[S, int, Mapping[str, Any]], S], Rng]:
    """`step` through `Game.apply_owned`, for a caller that owns each state and
    never reads it again (a replay): a state may be edited in place, and is spoilt
    when the step raises. For a run of actions from `counter`, each on the state the
    one before made: (the step, the Rng cursor they share). One cursor serves the
    whole run, since each action's draws begin where the last one's ended (as a
    fresh cursor at the carried counter would); its counter after the last action
    is the run's. A replay steps thousands of actions: the game's methods are
    looked up once, and an action with no tuple in it (one read from JSON) is
    handed over as it is, since no game method edits its arguments (the contract)."""
    apply_owned, rng = game.apply_owned, Rng(secret, counter)

    def owned(state: S, seat: int, action: Mapping[str, Any]) -> S:
        _checked(game, state, seat, action)
        if isinstance(action, dict):
            for value in action.values():
                if value.__class__ is tuple:
                    break
            else:
                return apply_owned(state, seat, action, rng)
        return apply_owned(state, seat, normalise(action), rng)

    return owned, rng
