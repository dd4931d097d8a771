"""JSON written by users (match options, card files, import files) is read
within bounds: `json.loads` recurses once per nesting level, so a few
thousand `[` raise RecursionError, and nothing else stops a file of any size
from being read whole. Depth is measured before parsing (brackets outside
strings), size before anything; a value built in Python is measured by
`check_value` without recursion."""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import RuleError
from .text import Text

MAX_DEPTH = 32  # options and card files nest four or five levels deep
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class BadJson(RuleError):
    """JSON from a user that is malformed, too deep or too big. Its text is a
    predicate the caller gives a subject: "--options" + " is not valid JSON"."""


def too_big(size: int, limit: int) -> BadJson:
    return BadJson(Text(f" is {size:,} characters; at most {limit:,} are read",
                        f"は{size:,}文字あります（読み込めるのは{limit:,}文字まで）"))


def _too_deep() -> BadJson:
    return BadJson(Text(f" nests deeper than {MAX_DEPTH} levels", f"の入れ子が{MAX_DEPTH}段を超えています"))


def _not_json(word: str) -> Any:
    # Python reads NaN and Infinity, which JSON (and PostgreSQL's jsonb) has not.
    raise ValueError(word)


def load_json(text: str, limit: int) -> Any:
    """`text` parsed, or BadJson."""
    if len(text) > limit:
        raise too_big(len(text), limit)
    depth = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            raise _too_deep()
    try:
        return json.loads(text, parse_constant=_not_json)
    except ValueError as exc:
        line, column = (exc.lineno, exc.colno) if isinstance(exc, json.JSONDecodeError) else (1, 1)
        where = (Text(f" (line {line}, column {column})", f"（{line}行{column}文字目）") if "\n" in text
                 else Text(f" (at character {column})", f"（{column}文字目）"))
        raise BadJson(Text(" is not valid JSON", "が正しい JSON ではありません") + where) from exc


def check_value(value: Any, limit: int) -> None:
    """A value (e.g. options built by a front end) within the same bounds: at
    most MAX_DEPTH deep and `limit` characters of strings, keys and numbers."""
    size = 0
    todo: list[tuple[Any, int]] = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise _too_deep()
        if isinstance(item, dict):
            todo.extend((k, depth + 1) for k in item)
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, (list, tuple)):
            todo.extend((v, depth + 1) for v in item)
        else:
            size += len(item) if isinstance(item, str) else 8
            if size > limit:
                raise too_big(size, limit)
