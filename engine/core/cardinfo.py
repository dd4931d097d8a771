"""Card and dice lookup: what a player reads when they ask about a card.

Each game lists its cards (`Game.card_catalog`) with the full text a player
needs: cost, stats, requirements, abilities and when they apply. Both front
ends find cards with the same `find_cards`, by id or by name in either
language, so `card ...` in the terminal and `/parley card` in Discord agree."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from .text import Text


@dataclass(frozen=True, slots=True)
class CardInfo:
    id: str
    name: Text
    text: Text  # the full card, several lines: type, cost, stats, terms, abilities, timing


def _fold(s: str) -> str:
    # Full-width letters, case and spacing should not decide whether a card is found.
    return unicodedata.normalize("NFKC", s).casefold().replace(" ", "").replace("・", "")


def find_cards(catalog: Sequence[CardInfo], query: str) -> list[CardInfo]:
    """Cards matching `query`: an exact id or name first, else names that start
    with it, else names that contain it; in catalog order within each."""
    q = _fold(query)
    if not q:
        return []
    exact = [c for c in catalog if q in (_fold(c.id), _fold(c.name.en), _fold(c.name.ja))]
    if exact:
        return exact
    starts = [c for c in catalog if _fold(c.name.en).startswith(q) or _fold(c.name.ja).startswith(q)]
    if starts:
        return starts
    return [c for c in catalog if q in _fold(c.name.en) or q in _fold(c.name.ja) or q in _fold(c.id)]
