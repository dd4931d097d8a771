"""One action through both of a game's paths: the pure `apply`, and the replay's
`apply_owned` on a copy of the state of its own (as a replay owns its state)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Game, Rng, RuleError, clone


def both_paths(game: Game[Any], state: Any, seat: int, action: Mapping[str, Any], secret: bytes,
               counter: int, copy: Callable[[Any], Any] = clone) -> Any | None:
    """The state `apply` makes of `action`, None when it refuses it; fails unless
    `apply_owned` makes the same state, or refuses it alike (the same kind of
    error, message and what is allowed). `copy`: how the owned path gets its
    state, where the game has a copy much faster than pickling one."""
    try:
        pure = game.apply(state, seat, action, Rng(secret, counter)).state
    except RuleError as exc:
        try:
            game.apply_owned(copy(state), seat, action, Rng(secret, counter))
        except RuleError as owned_exc:
            assert (type(owned_exc), owned_exc.what, owned_exc.allowed) == (type(exc), exc.what, exc.allowed), action
            return None
        raise AssertionError(f"apply refuses {action} but apply_owned accepts it") from exc
    assert game.apply_owned(copy(state), seat, action, Rng(secret, counter)) == pure, action
    return pure
