"""Actions are small JSON objects: {"kind": "...", <scalar or list args>}.

The same vocabulary serves the terminal, Discord autocomplete/buttons and the
bots, so it has one canonical text form: `kind key=value key=a,b`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, TypeVar

from .errors import UnknownAction
from .text import Text

Action = dict[str, Any]


def _scalar(token: str) -> Any:
    if token.lstrip("-").isdigit():
        return int(token)
    if token in ("true", "false"):
        return token == "true"
    return token


def _render(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(_render(v) for v in value) if value else "-"
    return str(value)


def format_action(action: Mapping[str, Any]) -> str:
    """Canonical text: kind first, then arguments in sorted order."""
    parts = [str(action["kind"])]
    for key in sorted(k for k in action if k != "kind"):
        parts.append(f"{key}={_render(action[key])}")
    return " ".join(parts)


def parse_action(text: str, list_keys: frozenset[str] = frozenset()) -> Action:
    """Inverse of `format_action`. Keys in `list_keys` always parse to lists."""
    tokens = text.split()
    if not tokens:
        raise UnknownAction(Text("Empty command.", "コマンドが空です。"),
                            Text("Type `help` to list your actions.", "`help` で行動の一覧を表示します。"))
    action: Action = {"kind": tokens[0]}
    for token in tokens[1:]:
        key, sep, raw = token.partition("=")
        if not sep or not key:
            raise UnknownAction(
                Text(f"Cannot read '{token}'.", f"「{token}」を解釈できません。"),
                Text("Arguments are written key=value.", "引数は key=value の形で書きます。"),
            )
        if raw == "-":
            action[key] = []
        elif "," in raw or key in list_keys:
            action[key] = [_scalar(v) for v in raw.split(",") if v]
        else:
            action[key] = _scalar(raw)
    return action


def normalise(action: Mapping[str, Any]) -> Action:
    """A fresh dict with tuples as lists, so an action compares equal to its
    JSON round trip. (Written as a copy-then-patch: it runs once per replayed event.)"""
    out = dict(action)
    for key, value in out.items():
        if value.__class__ is tuple:
            out[key] = list(value)
    return out


T = TypeVar("T")


def first_of_each(items: Iterable[T], key: Callable[[T], Hashable]) -> list[T]:
    """The first item of each key, in order: two copies of one card in a hand
    make one choice, not two identical ones."""
    seen: set[Hashable] = set()
    out = []
    for item in items:
        k = key(item)
        if k not in seen:
            seen.add(k)
            out.append(item)
    return out
