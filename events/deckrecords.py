"""A saved deck and a server's card set as the stores keep them: plain records,
apart from events.decks (which reads and writes them through a Recorder) so the
stores need not import the module that imports them."""

from __future__ import annotations

from dataclasses import dataclass

# The tables' columns in the order of the records below (and of a lobby pick's tuple).
DECK_COLUMNS = "owner, game, name, body, saved_at"
CARD_SET_COLUMNS = "guild, game, name, body, saved_by, saved_at"
PICK_COLUMNS = "match_id, player, name, body"


@dataclass(frozen=True, slots=True)
class SavedDeck:
    owner: str  # a player id, "discord:123"
    game: str
    name: str
    text: str
    saved_at: str  # ISO 8601 UTC


@dataclass(frozen=True, slots=True)
class CardSetFile:
    guild: str
    game: str
    name: str
    text: str
    saved_by: str
    saved_at: str


__all__ = ["CARD_SET_COLUMNS", "DECK_COLUMNS", "PICK_COLUMNS", "CardSetFile", "SavedDeck"]
