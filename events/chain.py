"""The hash chain that makes a match's log tamper-evident.

Each event stores SHA-256 over the previous event's hash and its own
canonical content, so editing, inserting or deleting any event (even with
the database's triggers dropped) breaks every hash after it, and `verify`
says where. A payload with a `sealed` field (events/seal.py) is hashed without its
hidden parts: the seal stands for them, so a published hash or a redacted
export reveals nothing a guess could be tested against. Payloads without one
(logs from before seals) are hashed whole, as they always were.

The match id is left out on purpose: an imported match may get a
new id and its chain must still hold; the match's identity is its
commitment, which is inside the first event's payload.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

from .seal import SEALED, public_part

GENESIS = "0" * 64


def canonical_payload(payload: dict[str, Any]) -> str:
    """The one text form of a payload: what the store writes and what is hashed."""
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def chain_text(etype: str, payload_text: str) -> str:
    """The text the chain hashes for a payload stored as `payload_text`."""
    if f'"{SEALED}":' not in payload_text:  # the common, older case without a parse
        return payload_text
    payload = json.loads(payload_text)
    if SEALED not in payload or canonical_payload(payload) != payload_text:
        return payload_text  # other bytes for the same data are an edit too: hash them as they are
    return canonical_payload(public_part(etype, payload))


def link(prev: str, seq: int, etype: str, version: int, actor: str, command_id: str | None, at: str,
         payload_text: str) -> str:
    """The hash of one event, from the stored fields (the payload as stored text:
    sealed or not, this hashes what `chain_text` says)."""
    payload_text = chain_text(etype, payload_text)
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
