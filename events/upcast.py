"""Upcasting: old event versions are rewritten to the current shape on read,
so that matches recorded today still replay after the models change.

Add a function for each (type, from_version) when an event's payload changes;
the stored rows are never rewritten (the log is immutable)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .model import EVENT_VERSION

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]

# (event type, version) -> function producing the payload of version + 1.
UPCASTERS: dict[tuple[str, int], Upcaster] = {
    # Version 0 was the prototype's action event, which called the seat "player".
    ("action", 0): lambda p: {**{k: v for k, v in p.items() if k != "player"}, "seat": p.get("seat", p.get("player"))},
}


def upcast(event_type: str, version: int, payload: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    while version < EVENT_VERSION:
        step = UPCASTERS.get((event_type, version))
        if step is not None:
            payload = step(payload)
        version += 1
    return version, payload
