"""The games a player brings a deck to (Naru, Musou, Warlords), and the games
whose card set a group may replace per match (the same three), told the same
way to every front end.

Each deck game already takes its decks in its options, in its own shape; this
says, for one deck list per seat, what those options are, and what a seat that
picked nothing plays (the deck the options without picks would give it). The
games' own checks run unchanged: a deck list is read by engine.core.decklist,
so its problems are the same line-numbered bilingual lines everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from engine.core import Text
from engine.core.cardfile import OPTION, CardFiles
from engine.core.contract import Game
from engine.core.decklist import DeckListError
from engine.registry import get_game


@dataclass(frozen=True)
class DeckGame:
    # A deck list's problems, checked against a card set's text ("" = the game's own set).
    problems: Callable[[str, str], list[Text]]
    defaults: Callable[[Mapping[str, Any], int], list[str]]  # each seat's deck from normalised options
    overrides: Callable[[Sequence[str]], dict[str, Any]]  # one deck entry per seat, as options
    replaced: tuple[str, ...]  # option names the overrides stand in for


def _naru_problems(text: str, card_set: str) -> list[Text]:
    from engine.naru.decks import deck_from_option

    game = get_game("naru")
    return deck_from_option(text, game.loaded(card_set).cards, game.starters)[1]  # type: ignore[attr-defined]


def _musou_problems(text: str, card_set: str) -> list[Text]:
    from engine.musou.cards import SAMPLE, catalog
    from engine.musou.decks import import_text, validate

    cards = catalog(card_set or SAMPLE)
    try:
        deck = import_text(text, cards)
    except DeckListError as exc:
        return list(exc.problems)
    return validate(deck, cards)


def _musou_defaults(options: Mapping[str, Any], seats: int) -> list[str]:
    from engine.musou.decks import starters

    # Musou draws both starters together when no deck is named; a seat that
    # picked none beside one that did plays a starter named in file order.
    return list(options.get("decks") or sorted(starters())[:seats])


def _warlords_problems(text: str, card_set: str) -> list[Text]:
    from engine.warlords.cards import CARD_FILES
    from engine.warlords.decks import import_deck

    return import_deck(text, CARD_FILES.load(card_set).defs if card_set else None)[1]


def _warlords_defaults(options: Mapping[str, Any], seats: int) -> list[str]:
    from engine.warlords.decks import export_deck, starter

    if "decks_cards" in options:
        return [export_deck(dict(d)) for d in options["decks_cards"]][:seats]
    return [export_deck(starter(name)) for name in options["decks"]][:seats]


DECK_GAMES: dict[str, DeckGame] = {
    "naru": DeckGame(_naru_problems, lambda o, n: list(o.get("decks") or ["random"] * n),
                     lambda d: {"decks": list(d)}, ("decks",)),
    "musou": DeckGame(_musou_problems, _musou_defaults, lambda d: {"decks": list(d)}, ("decks",)),
    "warlords": DeckGame(_warlords_problems, _warlords_defaults, lambda d: {"deck_lists": list(d)},
                         ("decks", "decks_cards", "deck_lists")),
}


def takes_decks(game_id: str) -> bool:
    return game_id in DECK_GAMES


def deck_problems(game_id: str, text: str, card_set: str = "") -> list[Text]:
    """Every problem of a deck list for `game_id` (empty: a legal deck), of the
    game's own cards or of the card set `card_set` (a card file's text)."""
    if not text.strip():
        return [Text("The deck list is empty.", "デッキリストが空です。")]
    return DECK_GAMES[game_id].problems(text, card_set)


def with_decks(game: Game[Any], options: Mapping[str, Any], seats: int,
               picked: Sequence[str | None]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The options a match starts with when seat i picked `picked[i]` (None: the
    seat's deck as the options give it), split into what every seat may read
    and what stays hidden: each option the picks changed. Raises the game's
    BadOptions when a deck does not suit the match (another card set, say)."""
    deck_game = DECK_GAMES[game.id]
    public = game.options(options, seats)
    defaults = deck_game.defaults(public, seats)
    entries = [pick if pick is not None else defaults[i] for i, pick in enumerate(picked)]
    raw = {k: v for k, v in options.items() if k not in deck_game.replaced}
    full = game.options({**raw, **deck_game.overrides(entries)}, seats)
    hidden = {k: v for k, v in full.items() if public.get(k) != v}
    return {k: v for k, v in full.items() if k not in hidden}, hidden


# -- card sets a group brings for a whole server --------------------------------------------------

CARD_SET_OPTION = OPTION  # the option naming a match's card set, in the games below


@dataclass(frozen=True)
class CardSetGame:
    package: str  # its cards module keeps its CardFiles as CARD_FILES
    # What its `cards` option calls a set of its own (Musou's SAMPLE): a name, never a card file's path.
    names: frozenset[str] = frozenset()

    def card_files(self) -> CardFiles[Any, Any]:
        found: CardFiles[Any, Any] = import_module(f"{self.package}.cards").CARD_FILES
        return found


CARD_SET_GAMES: dict[str, CardSetGame] = {
    "musou": CardSetGame("engine.musou", frozenset({"sample"})), "naru": CardSetGame("engine.naru"),
    "warlords": CardSetGame("engine.warlords")}
SET_NAMES: frozenset[str] = frozenset().union(*(g.names for g in CARD_SET_GAMES.values()))


def card_set_problems(game_id: str, text: str) -> list[Text]:
    """A card file's problems, read as the game reads a match's set (empty: usable)."""
    return CARD_SET_GAMES[game_id].card_files().problems(text)


__all__ = ["CARD_SET_GAMES", "CARD_SET_OPTION", "DECK_GAMES", "SET_NAMES", "CardSetGame", "card_set_problems",
           "deck_problems", "takes_decks", "with_decks"]
