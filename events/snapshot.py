"""Snapshots: a match envelope as versioned JSON, never a pickle.

A snapshot only saves replay time, so anything doubtful about one (bytes
that do not decode, another format, ruleset or class layout, another seq) is
ignored and the match is rebuilt from the log. Decoding builds only plain
data and the classes the game lists (engine.core.statecodec): a crafted
snapshot can at worst be refused, never run code.
"""

from __future__ import annotations

from dataclasses import fields
from functools import cache
from typing import Any

from engine.core import Game, Outcome
from engine.core.orders import Order
from engine.core.statecodec import Custom, StateCodec
from engine.registry import available, get_game

from .model import Player
from .replay import MatchState

FORMAT = 1

_FIELDS = tuple(f.name for f in fields(MatchState))


def _player(data: Any) -> Player:
    if type(data) is not dict:
        raise ValueError("a player is stored as a dict")
    return Player.model_validate(data)


# A tag of its own: games have Player classes too.
_PLAYER = Custom(Player, Player.model_dump, _player, tag="match.Player")


@cache
def _codec(game_codec: StateCodec) -> StateCodec:
    return game_codec.extended(Outcome, Order, _PLAYER)


def dump(ms: MatchState) -> bytes:
    """The envelope as JSON bytes. Raises TypeError if the state holds a
    class its game does not list (a bug in the game's `state_types`)."""
    game = ms.game
    codec = _codec(game.state_codec())
    return codec.dumps({"format": FORMAT, "ruleset": game.ruleset, "layout": codec.layout, "seq": ms.seq,
                        "match": {name: getattr(ms, name) for name in _FIELDS}})


def load(blob: bytes, seq: int, ruleset: str) -> MatchState | None:
    """The envelope `dump` wrote for this ruleset at `seq`, or None for
    anything else. Never raises: a snapshot that cannot be used is skipped."""
    # A pickle starts with b"\x80"; nothing but JSON ever reaches a parser.
    if not isinstance(blob, bytes) or not blob.startswith(b"{"):
        return None
    game = _game(ruleset)
    if game is None:
        return None
    try:
        codec = _codec(game.state_codec())
        doc = codec.loads(blob)
        if not (type(doc) is dict and doc.keys() == {"format", "ruleset", "layout", "seq", "match"}
                and _same(doc["format"], FORMAT) and doc["ruleset"] == ruleset and doc["layout"] == codec.layout
                and _same(doc["seq"], seq)):
            return None
        envelope = doc["match"]
        if not (type(envelope) is dict and envelope.keys() == set(_FIELDS) and _same(envelope["seq"], seq)
                and envelope["game_id"] == game.id):
            return None
        return MatchState(**envelope)
    except Exception:  # the log is the truth: any doubt means replaying it
        return None


def _same(value: Any, expected: int) -> bool:
    return type(value) is int and value == expected


def _game(ruleset: str) -> Game[Any] | None:
    """The game that writes snapshots under this ruleset (a kept older one too)."""
    for game_id in available():
        game = get_game(game_id).for_ruleset(ruleset)
        if game is not None and game.ruleset == ruleset:
            return game
    return None
