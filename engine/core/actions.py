"""Actions are small JSON objects: {"kind": "...", <scalar or list args>}.

The same vocabulary serves the terminal, Discord autocomplete/buttons and the
bots, so it has one canonical text form: `kind key=value key=a,b`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, TypeVar

from .errors import UnknownAction
from .text import Text, echo

Action = dict[str, Any]

# A number is typed in ASCII digits, or full-width ones (a Japanese IME's
# default). `str.isdigit` also accepts ², ① or ४, which `int` refuses or reads
# as a choice nobody meant; eighteen digits is far past any choice or count
# and far below `int`'s limit on digits.
_FULL_WIDTH = str.maketrans("０１２３４５６７８９－", "0123456789-")
_NUMBER = re.compile(r"-?[0-9]{1,18}")


def typed_number(text: str, *, signed: bool = True) -> int | None:
    """`text` as a whole number when it is one as people type numbers, else None."""
    text = text.translate(_FULL_WIDTH)
    if _NUMBER.fullmatch(text) and (signed or not text.startswith("-")):
        return int(text)
    return None


def _scalar(token: str) -> Any:
    number = typed_number(token)
    if number is not None:
        return number
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
                Text(f"Cannot read '{echo(token)}'.", f"「{echo(token)}」を解釈できません。"),
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
