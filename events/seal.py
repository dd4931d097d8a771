"""Sealing: how an event commits to its hidden parts without revealing them.

A chain hash over a payload that names a hidden card reveals the card to
anyone who can list the candidates (a seat knows what its opponent could have
played; hashing each candidate until one matches the chain took seconds). So
the hidden parts of a payload (an action's `action`) are not hashed into the
chain as they are: the payload carries `sealed`, an HMAC of them keyed by a
key derived from the match secret, and the chain hashes the payload without
them. While the match runs nobody without the secret can test a guess
against a seal; once it ends the secret is revealed and anyone can check every
seal, and so every hidden action, from the export alone.

The seq is inside the seal, so two identical actions seal differently and a
seal cannot be moved to another place in the log.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

# What each event type hides from the chain (and from other seats' exports).
# A seat's standing orders are hidden whole: setting and cancelling look alike.
# A start hides the decks players picked in the lobby (events/decks.py); one
# without picks hides nothing and is neither sealed nor redacted, as before.
HIDDEN: dict[str, tuple[str, ...]] = {"action": ("action",), "standing_orders": ("orders",),
                                      "match_started": ("decks",)}
SEALED = "sealed"
_KEY_LABEL = b"parley chain seal v1"


def seal_key(secret: bytes) -> bytes:
    """The sealing key: derived, so revealing it is revealing the secret (at the end), never before."""
    return hmac.new(secret, _KEY_LABEL, hashlib.sha256).digest()


def hidden_part(etype: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {k: payload[k] for k in HIDDEN.get(etype, ()) if k in payload}


def hides(etype: str, payload: dict[str, Any]) -> bool:
    """Whether the payload has a hidden part (and so must carry a seal)."""
    return bool(hidden_part(etype, payload))


def unsealed(etype: str, payload: dict[str, Any]) -> bool:
    """A payload with a hidden part and no seal: in a sealed log, an edit."""
    return hides(etype, payload) and SEALED not in payload


def seal_of(key: bytes, seq: int, etype: str, payload: dict[str, Any]) -> str:
    text = json.dumps([seq, etype, hidden_part(etype, payload)], ensure_ascii=False, separators=(",", ":"),
                      sort_keys=True)
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()


def sealed(secret: bytes, seq: int, etype: str, payload: dict[str, Any]) -> dict[str, Any]:
    """`payload` with its seal added (unchanged when it hides nothing)."""
    if not hides(etype, payload):
        return payload
    return {**payload, SEALED: seal_of(seal_key(secret), seq, etype, payload)}


def public_part(etype: str, payload: dict[str, Any]) -> dict[str, Any]:
    """What the chain hashes of a sealed payload: everything but the hidden parts."""
    hidden = HIDDEN.get(etype, ())
    return {k: v for k, v in payload.items() if k not in hidden}


def bad_seals(secret: bytes, events: list[tuple[int, str, dict[str, Any]]]) -> list[int]:
    """The seqs of sealed events whose hidden parts do not match their seal under
    `secret` (events given as (seq, type, full payload))."""
    key = seal_key(secret)
    return [seq for seq, etype, payload in events
            if SEALED in payload and not hmac.compare_digest(str(payload[SEALED]), seal_of(key, seq, etype, payload))]
