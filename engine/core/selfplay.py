"""Engine-only matches between built-in bots: for tests and benchmarks of a
game without the log. The log-backed self-play lives in events/."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .actions import Action
from .contract import Game, Outcome
from .play import step
from .rng import Rng
from .search import check_level, choose

S = TypeVar("S")


def derive_secret(seed: int | str, label: str = "match") -> bytes:
    """A reproducible secret for self-play and tests (never for real matches)."""
    return hashlib.sha256(f"parley-selfplay:{label}:{seed}".encode()).digest()


@dataclass
class Played(Generic[S]):
    state: S
    moves: list[tuple[int, Action]] = field(default_factory=list)
    counter: int = 0
    outcome: Outcome | None = None


def play_bots(game: Game[S], seats: int, seed: int | str, options: Mapping[str, Any] | None = None,
              max_steps: int = 100_000, levels: Sequence[str] | None = None) -> Played[S]:
    """Play one match of bots, each seat at its level in `levels` (by default
    all easy: the game's random bot). The match secret and the bots' own
    randomness are separate streams, both derived from `seed`."""
    levels = [check_level(level) for level in levels or ["easy"] * seats]
    if len(levels) != seats:
        raise ValueError(f"{len(levels)} bot levels for {seats} seats")
    secret = derive_secret(seed)
    opts = game.options(options or {}, seats)
    rng = Rng(secret, 0)
    state = game.setup(seats, opts, rng)
    played = Played(state, counter=rng.counter)
    bot_rng = Rng(derive_secret(seed, "bots"))
    for _ in range(max_steps):
        pending = game.pending(played.state)
        if not pending:
            break
        seat = min(pending, key=lambda p: (p.order, p.seat)).seat
        action = choose(game, played.state, seat, bot_rng, levels[seat])
        result = step(game, played.state, seat, action, secret, played.counter)
        played.state, played.counter = result.transition.state, result.counter
        played.moves.append((seat, action))
    else:
        raise RuntimeError(f"{game.id}: no result after {max_steps} steps")
    played.outcome = game.outcome(played.state)
    return played


def replay_moves(game: Game[S], seats: int, seed: int | str, moves: list[tuple[int, Action]],
                 options: Mapping[str, Any] | None = None) -> S:
    secret = derive_secret(seed)
    rng = Rng(secret, 0)
    state = game.setup(seats, game.options(options or {}, seats), rng)
    counter = rng.counter
    for seat, action in moves:
        result = step(game, state, seat, action, secret, counter)
        state, counter = result.transition.state, result.counter
    return state
