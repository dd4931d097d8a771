"""What a card definition always reads as, made once per definition and kept.

Keyed by identity (a definition is not hashable; the entry holds the definition, so its id
cannot be reused while kept), and bounded: card sets read again and again (engine.core.cardfile
keeps a few dozen) must not keep their definitions alive here."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .cards import CardDef

T = TypeVar("T")
KEPT = 4096


def per_def(table: dict[int, tuple[CardDef, T]], d: CardDef, make: Callable[[CardDef], T], kept: int = KEPT) -> T:
    """`make(d)`, from `table` when made before for this very definition."""
    found = table.get(id(d))
    if found is None or found[0] is not d:
        if len(table) >= kept:
            table.clear()
        found = table[id(d)] = (d, make(d))
    return found[1]
