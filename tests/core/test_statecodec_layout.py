"""A state read back from a snapshot is laid out in memory as one its constructor
built: CPython 3.11 keeps an instance's fields inline until its `__dict__` is
fetched, and an instance whose `__dict__` was filled in whole reads its attributes
several times slower ever after (bench/bench_replay_loop.py)."""

from __future__ import annotations

import gc
from dataclasses import dataclass

from engine.core.statecodec import StateCodec


@dataclass
class Piece:
    name: str
    at: int


@dataclass(frozen=True)
class Frozen:
    name: str
    count: int


@dataclass
class Board:
    pieces: list[Piece]
    turn: int
    fixed: Frozen


def holds_a_dict(obj: object) -> bool:
    """Whether the instance keeps a real `__dict__` (asked without fetching it, which would make one).
    The classes here hold no dict-valued field, so a dict among its referents is its `__dict__`."""
    return any(type(r) is dict for r in gc.get_referents(obj))


def test_a_decoded_state_is_laid_out_as_a_constructed_one():
    codec = StateCodec((Piece, Frozen, Board))
    made = Board([Piece("a", 1), Piece("b", 2)], 3, Frozen("x", 4))
    read = codec.loads(codec.dumps(made))
    assert read == made
    for built, decoded in [(made, read), (made.pieces[0], read.pieces[0]), (made.fixed, read.fixed)]:
        assert holds_a_dict(decoded) == holds_a_dict(built), type(built).__name__
    # The check tells the two layouts apart: fetching `__dict__` makes one.
    vars(made)
    assert holds_a_dict(made)
