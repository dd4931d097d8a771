"""An event as a stored row and back: what both stores (SQLite and PostgreSQL)
write and read, so the two agree on columns, chaining and upcasting."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from pydantic_core import from_json

from . import errors
from .chain import canonical_payload, link
from .gcpause import gc_paused
from .model import EVENT_VERSION, Event, NewEvent, stored_event
from .upcast import upcast

Row = tuple[Any, ...]  # (match_id, seq, type, version, actor, command_id, at, payload text, hash)


def chained_rows(match_id: str, prev: str, after: int, new: Iterable[NewEvent], at: str
                 ) -> tuple[list[Event], list[Row]]:
    """Events after `after`, each hash chained on `prev`, and their rows."""
    events: list[Event] = []
    rows: list[Row] = []
    for seq, e in enumerate(new, start=after + 1):
        text = canonical_payload(e.payload)
        prev = link(prev, seq, e.type, EVENT_VERSION, e.actor, e.command_id, at, text)
        # NewEvent validated these fields already; no second validation on the hot path.
        events.append(stored_event(match_id, seq, e.type, EVENT_VERSION, e.actor, e.command_id, at, e.payload, prev))
        rows.append((match_id, seq, e.type, EVENT_VERSION, e.actor, e.command_id, at, text, prev))
    return events, rows


def event_from_row(match_id: str, row: Sequence[Any]) -> Event:
    """A stored row (seq, type, version, actor, command_id, at, payload, hash) as an Event; the
    payload as its text or, cheaper to read, its UTF-8 bytes."""
    seq, etype, version, actor, command_id, at, payload, chain = row
    if version == EVENT_VERSION:
        data = loads(payload)
    else:
        version, data = _older(match_id, seq, etype, version, payload)
    # Rows were validated on the way in and the schema constrains them; skipping
    # validation here makes reading a long log several times faster.
    return stored_event(match_id, seq, etype, version, actor, command_id, at, data, chain)


def _older(match_id: str, seq: int, etype: str, version: int, payload: str | bytes) -> tuple[int, Any]:
    """A payload stored at a version other than this one's, upcast to it (or refused, from a newer one)."""
    if version > EVENT_VERSION:
        raise errors.future_event(match_id, seq, version, EVENT_VERSION)
    return upcast(etype, version, loads(payload))


def match_events(match_id: str, rows: Sequence[Any]) -> list[Event]:
    """One match's stored rows (what `event_from_row` reads, the payload as bytes) as its events."""
    with gc_paused():
        return [event_from_row(match_id, r) for r in rows]


def replay_events(match_id: str, rows: Sequence[Any]) -> list[Event]:
    """One match's stored rows (seq, type, version, actor, at, payload as bytes) as its events
    for a replay: equal to `match_events`' but for the hash and command id, left None. No
    rebuild reads them, and they are a hundred bytes of text a row for the store to hand over
    and make strings of. Decoded in this loop, not a call per row: a long log has thousands."""
    out: list[Event] = []
    append = out.append
    with gc_paused():
        for seq, etype, version, actor, at, payload in rows:
            if version == EVENT_VERSION:
                data = loads(payload)
            else:
                version, data = _older(match_id, seq, etype, version, payload)
            append(stored_event(match_id, seq, etype, version, actor, None, at, data, None))
    return out


def events_by_match(rows: Sequence[Any]) -> dict[str, list[Event]]:
    """Stored rows (match_id, then what `event_from_row` reads, the payload as bytes; sqlite3
    tuples or asyncpg Records) as each match's events, in the rows' order."""
    out: dict[str, list[Event]] = {}
    with gc_paused():
        for row in rows:
            out.setdefault(row[0], []).append(event_from_row(row[0], row[1:]))
    return out


class Peek(NamedTuple):
    """What a projection of seats reads of an event (events/ratings.py, events/profile.py): a ladder's
    rebuild reads thousands of logs, and an Event with its hash, actor and command id costs several times
    this to build."""

    type: str
    at: str
    payload: dict[str, Any]


def peek_from_row(row: Sequence[Any]) -> Peek:
    """A stored row (match_id, seq, type, version, at, payload or None) as a Peek, upcast like an Event.
    A store leaves out the payload of a row it read only for its time (a match's last move): empty here."""
    match_id, seq, etype, version, at, payload = row
    if version > EVENT_VERSION:
        raise errors.future_event(match_id, seq, version, EVENT_VERSION)
    if payload is None:
        return Peek(etype, at, {})
    return Peek(etype, at, upcast(etype, version, loads(payload))[1])


def peeks_by_match(match_ids: Sequence[str], rows: Sequence[Any]) -> dict[str, list[Peek]]:
    """Stored rows of `match_ids` (what `peek_from_row` reads; sqlite3 tuples or asyncpg Records)
    as each match's Peeks, in the rows' order: the matches that have any, in the order asked."""
    out: dict[str, list[Peek]] = {mid: [] for mid in match_ids}
    with gc_paused():
        for row in rows:
            out[row[0]].append(peek_from_row(row))
    return {mid: peeks for mid, peeks in out.items() if peeks}


def loads(text: str | bytes) -> Any:
    """A payload's JSON (text or UTF-8 bytes) as json reads it, read by pydantic's jiter (a rebuild's
    reading is mostly this, at under half json's cost): it reads integers of any size, NaN and
    repeated keys as json does; what it refuses (a lone surrogate's escape) json reads as it always did."""
    try:
        return from_json(text)
    except ValueError:
        return json.loads(text)
