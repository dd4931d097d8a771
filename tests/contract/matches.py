"""The bot matches tests check, shared by them: which games, how many seats, a
match's set-up and its fold through `step`, and a bot match played action by
action for tests that look at each state on the way."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import SPECTATOR, Game, Pending, Rng, Viewer
from engine.core.actions import Action
from engine.core.play import Step, owned_steps, step
from engine.core.selfplay import derive_secret, play_bots, replay_moves
from engine.registry import get_game, installed

# The shipped games and the toy template; never what other test modules happened to
# register before this one was imported (which would make the suite depend on order).
GAMES = [*installed(), "toy"]
SEATS = {"quarriors": 3, "warlords": 3}  # more than two where the game allows: more hidden hands
MAX_ACTIONS = 100_000  # actions after which a bot match is taken never to end, as play_bots takes it


def seats_of(game_id: str) -> int:
    game = get_game(game_id)
    return max(game.min_seats, min(SEATS.get(game_id, 2), game.max_seats))


def start(game: Game[Any], n: int, seed: int | str) -> tuple[bytes, Any, int]:
    """A match's secret, its state once set up with the default options, and the Rng counter then."""
    secret = derive_secret(seed)
    rng = Rng(secret, 0)
    return secret, game.setup(n, game.options({}, n), rng), rng.counter


def fold(game: Game[Any], state: Any, counter: int, secret: bytes,
         moves: Sequence[tuple[int, Mapping[str, Any]]]) -> Iterator[tuple[Any, int, Mapping[str, Any], Step[Any]]]:
    """Apply `moves` one by one: (state before, seat, action, step) for each."""
    for seat, action in moves:
        result = step(game, state, seat, action, secret, counter)
        yield state, seat, action, result
        state, counter = result.transition.state, result.counter


@dataclass(frozen=True, slots=True)
class Turn:
    """One action of a bot match: the state it was taken in and the seats that
    state waits on, who took it, the match's secret and the Rng counter before
    it, and what `step` made of it."""
    state: Any
    pending: tuple[Pending, ...]
    seat: int
    action: Action
    secret: bytes
    counter: int
    step: Step[Any]

    @property
    def after(self) -> Any:
        return self.step.transition.state


def bot_turns(game: Game[Any], seats: int, seed: int | str, limit: int | None = None) -> Iterator[Turn]:
    """The match `play_bots(game, seats, seed)` plays, action by action, as far as
    `limit` actions: a test looking at each state on the way plays it once, not
    once to learn the moves and again to see the states."""
    secret, state, counter = start(game, seats, seed)
    bots = Rng(derive_secret(seed, "bots"))
    for _ in range(MAX_ACTIONS if limit is None else limit):
        pending = game.pending(state)
        if not pending:
            return
        seat = min(pending, key=lambda p: (p.order, p.seat)).seat
        action = game.bot_action(state, seat, bots)
        result = step(game, state, seat, action, secret, counter)
        yield Turn(state, pending, seat, action, secret, counter, result)
        state, counter = result.transition.state, result.counter
    if limit is None:  # a match that never ends fails its test rather than hang the suite
        raise RuntimeError(f"{game.id}: no result after {MAX_ACTIONS} actions")


def walk(game_id: str, seed: int, limit: int = 250) -> Iterator[tuple[Any, int, Mapping[str, Any], Step[Any]]]:
    """Replay a bot match step by step: (state before, seat, action, step)."""
    game = get_game(game_id)
    for turn in bot_turns(game, seats_of(game_id), seed, limit):
        yield turn.state, turn.seat, turn.action, turn.step


def step_owned(game: Game[Any], state: Any, seat: int, action: Mapping[str, Any],
               secret: bytes, counter: int) -> tuple[Any, int]:
    """One action through replay's owned path (`owned_steps`, a run of one): the new state
    and counter. `state` may be edited in place, and is spoilt when this raises."""
    owned, rng = owned_steps(game, secret, counter)
    return owned(state, seat, action), rng.counter


def views_along(game: Game[Any], seed: int, every: int) -> list[list[dict[str, Any]]]:
    """Both seats' and a spectator's views of a two-seat bot match, every `every` moves: what a
    table of values kept for views is checked against (made afresh, they must read alike)."""
    played = play_bots(game, 2, seed)
    viewers = [Viewer.of(0), Viewer.of(1), SPECTATOR]
    return [game.views(replay_moves(game, 2, seed, played.moves[:n]), viewers)
            for n in range(0, len(played.moves) + 1, every)]
