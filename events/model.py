"""The event model: one immutable record per thing that happened to a match."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

EVENT_VERSION = 1

EventType = Literal[
    "match_created",  # game, ruleset, options, commitment, creator, place
    "player_joined",  # player {id, name, locale}
    "player_left",  # player_id
    "match_started",  # seats [player ids], options (normalised)
    "action",  # seat, action, auto, reveals, turn, log [Text json], digest
    "revert",  # to_seq, reason, kind (undo | redo | takeback)
    "takeback_requested",  # seat, of_seq
    "takeback_answered",  # seat, accept
    "player_replaced",  # seat, player {id, name, locale}, reason, back (a left seat plays again)
    "player_removed",  # seat, reason (forfeit | removed | timeout), takeover (the bot level playing on)
    "match_aborted",  # reason
    "note",  # text: moderator or system remark, audit only
    "standing_orders",  # seat, orders [engine.core.orders.Order json]: the seat's whole set, hidden from the others
    # A league's own stream (events/league/fold.py); never in a match's log.
    "league_created",  # game, format, options, tables (clock, window), rated, pod, rounds, deadline, place, organiser
    "player_added",  # player {id, name, locale}, seed (rating ordinal when added)
    "player_dropped",  # player_id, reason
    "round_started",  # round, tables [{players, match}], byes, deadline, slots (single elimination)
    "pairing_overridden",  # round, replaced [match ids], tables [{players, match}], byes
    "match_adjudicated",  # match, places [[player, place or null]], reason (award | abort | deadline)
    "round_ended",  # round
    "league_ended",  # standings [player ids, best first]
]


class Player(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str  # "discord:1234", "local:ann", "bot:2"
    name: str
    locale: str = "en"

    @property
    def is_bot(self) -> bool:
        return self.id.startswith("bot:")


class NewEvent(BaseModel):
    """An event before it has a place in the log."""

    model_config = ConfigDict(frozen=True)

    type: EventType
    actor: str  # a player id, "system", or "mod:<id>"
    payload: dict[str, Any] = Field(default_factory=dict)
    command_id: str | None = None


class Event(BaseModel):
    """An event as stored: immutable once appended."""

    model_config = ConfigDict(frozen=True)

    match_id: str
    seq: int  # gapless from 1 within a match
    type: EventType
    version: int = EVENT_VERSION
    actor: str
    command_id: str | None = None
    at: str  # ISO 8601 UTC, stamped by the store (the engine never reads a clock)
    payload: dict[str, Any] = Field(default_factory=dict)
    hash: str | None = None  # the chain: SHA-256 over the previous hash and this event (events/chain.py)


# Every stored event has all its fields set: they share one set, which nothing
# edits (the model is frozen, and model_copy updates a copy of it). One object
# fewer per event to allocate, free and have the collector scan. A set, not a
# frozenset: model_copy copies it and adds the names it updates to the copy.
_ALL_SET = set(Event.model_fields)
# BaseModel's own slots, set through their descriptors: object.__setattr__ looks
# each name up first, and a long log's rebuild makes one Event per row.
_new = object.__new__
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def stored_event(match_id: str, seq: int, etype: str, version: int, actor: str, command_id: str | None, at: str,
                 payload: dict[str, Any], chain: str | None) -> Event:
    """An Event from a row the store already validated on the way in: what
    `Event.model_construct` builds (equal, dumps the same), at a fraction of its
    cost; a long log's rebuild reads one per event."""
    event: Event = _new(Event)
    _set_dict(event, {"match_id": match_id, "seq": seq, "type": etype, "version": version, "actor": actor,
                      "command_id": command_id, "at": at, "payload": payload, "hash": chain})
    _set_fields(event, _ALL_SET)
    _set_extra(event, None)
    _set_private(event, None)
    return event
