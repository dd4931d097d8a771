"""Small pictures inside a text board: a front end that can show them (Discord,
with the application's emoji) hands the texts to use for the length of one
rendering; anywhere else (the terminal, the replay page, a log) each mark is
its plain text. A renderer asks `mark(name, plain)` where a die face or a piece
is written; `name` is the picture's name (an emoji's), `plain` what it stands for."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from types import MappingProxyType

# A context variable, not a parameter: the game modules' board() is called through
# one dispatch by every front end, and only Discord has pictures to give it.
_SHOWN: ContextVar[Mapping[str, str]] = ContextVar("parley_marks", default=MappingProxyType({}))


def mark(name: str, plain: str) -> str:
    """The inline picture called `name` where the front end has one, else `plain`."""
    return _SHOWN.get().get(name, plain)


@contextlib.contextmanager
def shown(marks: Mapping[str, str]) -> Iterator[None]:
    """Renderings inside this block write `marks[name]` in place of each mark's plain text."""
    token = _SHOWN.set(marks)
    try:
        yield
    finally:
        _SHOWN.reset(token)
