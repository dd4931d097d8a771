"""The hash chain that makes a match's log tamper-evident.

Each event stores SHA-256 over the previous event's hash and its own
canonical content, so editing, inserting or deleting any event (even with
the database's triggers dropped) breaks every hash after it, and `verify`
says where. The match id is left out on purpose: an imported match may get a
new id and its chain must still hold; the match's identity is its
commitment, which is inside the first event's payload.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

GENESIS = "0" * 64


def canonical_payload(payload: dict[str, Any]) -> str:
    """The one text form of a payload: what the store writes and what is hashed."""
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def link(prev: str, seq: int, etype: str, version: int, actor: str, command_id: str | None, at: str,
         payload_text: str) -> str:
    """The hash of one event, from the stored fields (the payload as stored text)."""
    head = json.dumps([prev, seq, etype, version, actor, command_id, at], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(f"{head}\n{payload_text}".encode()).hexdigest()


def first_break(rows: Iterable[Sequence[Any]]) -> int | None:
    """The seq of the first event whose stored hash is not the chain's, or None
    when the chain holds. Rows are (seq, type, version, actor, command_id, at,
    payload_text, hash) in seq order; a gap in seq is a break too."""
    prev, expected = GENESIS, 1
    for seq, etype, version, actor, command_id, at, payload_text, stored in rows:
        if seq != expected or stored != link(prev, seq, etype, version, actor, command_id, at, payload_text):
            return int(seq) if seq == expected else expected
        prev, expected = stored, expected + 1
    return None
