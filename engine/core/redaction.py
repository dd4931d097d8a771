"""Helpers for per-viewer views: hide what a viewer may not see, and check it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .contract import Viewer


def hidden_list(items: Sequence[Any], visible: bool) -> list[Any] | dict[str, int]:
    """A private pile: the items for those allowed, else only its size."""
    return list(items) if visible else {"hidden": len(items)}


def private(owner: int, viewer: Viewer, items: Sequence[Any]) -> list[Any] | dict[str, int]:
    return hidden_list(items, viewer.sees_seat(owner))


def strings_in(view: Any) -> set[str]:
    """Every string anywhere in a JSON value: keys and values."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, str):
            found.add(node)
        elif isinstance(node, dict):
            for k, v in node.items():
                found.add(str(k))
                walk(v)
        elif isinstance(node, (list, tuple)):
            for v in node:
                walk(v)

    walk(view)
    return found


def leaked(view: Any, secrets: Iterable[str]) -> set[str]:
    """Which of `secrets` (ids that must stay hidden) appear in `view`.
    Property tests call this with each viewer's forbidden ids."""
    present = strings_in(view)
    return {s for s in secrets if s in present}
