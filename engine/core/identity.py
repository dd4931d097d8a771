"""Values made once per object and kept by the object's identity, for objects that cannot be
hashed (card definitions) or whose hash costs more than the value saves (a tuple of players).

The entry holds the object, so its id cannot be reused while kept; the table is bounded, and
emptied whole when full, so objects read again and again (card sets reloaded, matches come and
gone) are not kept alive here."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

Obj = TypeVar("Obj")
T = TypeVar("T")
KEPT = 4096


def kept_by_identity(table: dict[tuple[Hashable, ...], tuple[Any, Any]], obj: Obj, make: Callable[[Obj], T],
                     kept: int = KEPT, key: tuple[Hashable, ...] = ()) -> T:
    """`make(obj)`, from `table` when made before for this very object (and `key`: what else it
    depends on, a style or a language). The table maps `(id(obj), *key)` to `(obj, value)`: a hot
    loop may read it so itself, checking the object, and call this on a miss (quarriors' dice_text)."""
    at = (id(obj), *key)
    found = table.get(at)
    if found is None or found[0] is not obj:
        if len(table) >= kept:
            table.clear()
        found = table[at] = (obj, make(obj))
    made: T = found[1]
    return made
