"""The bot matches the contract tests check, shared by them: which games, how
many seats, and a match's set-up and its fold through `step`, action by action."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.core import Game, Rng
from engine.core.play import Step, owned_steps, step
from engine.core.selfplay import derive_secret, play_bots
from engine.registry import get_game, installed

# The shipped games and the toy template; never what other test modules happened to
# register before this one was imported (which would make the suite depend on order).
GAMES = [*installed(), "toy"]
SEATS = {"quarriors": 3, "warlords": 3}  # more than two where the game allows: more hidden hands


def seats_of(game_id: str) -> int:
    game = get_game(game_id)
    return max(game.min_seats, min(SEATS.get(game_id, 2), game.max_seats))


def start(game: Game[Any], n: int, seed: int) -> tuple[bytes, Any, int]:
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


def walk(game_id: str, seed: int, limit: int = 250) -> Iterator[tuple[Any, int, Mapping[str, Any], Step[Any]]]:
    """Replay a bot match step by step: (state before, seat, action, step)."""
    game = get_game(game_id)
    n = seats_of(game_id)
    played = play_bots(game, n, seed)
    secret, state, counter = start(game, n, seed)
    yield from fold(game, state, counter, secret, played.moves[:limit])


def step_owned(game: Game[Any], state: Any, seat: int, action: Mapping[str, Any],
               secret: bytes, counter: int) -> tuple[Any, int]:
    """One action through replay's owned path (`owned_steps`, a run of one): the new state
    and counter. `state` may be edited in place, and is spoilt when this raises."""
    owned, rng = owned_steps(game, secret, counter)
    return owned(state, seat, action), rng.counter
