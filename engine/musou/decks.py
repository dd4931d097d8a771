"""Deck lists: construction rules (50 / 3 commanders / 15 side), one clear
bilingual error per violation, the starter decks, and the text form players
paste in and get back."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.core import Text
from engine.core.bundled import bundled_text
from engine.core.decklist import DeckListError, read_deck_list

from .cards import Catalog, Name

DECK_SIZE = 50
COMMANDERS = 3
SIDE_SIZE = 15
MAX_COPIES = 3


@dataclass
class DeckList:
    """Card keys; order carries no meaning."""

    name: Text
    commanders: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    side: list[str] = field(default_factory=list)


def copies_error(section: Text, key: str, count: int, cards: Catalog) -> Text:
    title = cards.cards[key].title() if key in cards.cards else Text(key, key)
    return Text(
        f"{section.en}: {count} copies of {title.en}; at most {MAX_COPIES} of a name.",
        f"{section.ja}：「{title.ja}」が{count}枚あります。同名カードは{MAX_COPIES}枚までです。",
    )


def validate(deck: DeckList, cards: Catalog) -> list[Text]:
    """Every violation, each as its own message (empty when the deck is legal)."""
    errors: list[Text] = []
    main, side = Text("Deck", "デッキ"), Text("Side deck", "サイドデッキ")
    for section, keys in ((main, deck.deck), (side, deck.side)):
        for key in sorted(set(keys)):
            if key in cards.commanders:
                errors.append(Text(f"{section.en}: {cards.commanders[key].name.en} is a commander; commanders go "
                                   "only in the commander deck.",
                                   f"{section.ja}：「{cards.commanders[key].name.ja}」は指揮官カードです。"
                                   "指揮官は指揮官デッキにのみ入れられます。"))
            elif key not in cards.cards:
                errors.append(Text(f"{section.en}: unknown card '{key}'.", f"{section.ja}：不明なカード「{key}」。"))
        for key, count in sorted(Counter(keys).items()):
            if count > MAX_COPIES and key in cards.cards:
                errors.append(copies_error(section, key, count, cards))
    if len(deck.deck) != DECK_SIZE:
        errors.append(Text(f"The deck has {len(deck.deck)} cards; it must have exactly {DECK_SIZE}.",
                           f"デッキが{len(deck.deck)}枚です。ちょうど{DECK_SIZE}枚にしてください。"))
    if len(deck.side) != SIDE_SIZE:
        errors.append(Text(f"The side deck has {len(deck.side)} cards; it must have exactly {SIDE_SIZE}.",
                           f"サイドデッキが{len(deck.side)}枚です。ちょうど{SIDE_SIZE}枚にしてください。"))
    if len(deck.commanders) != COMMANDERS:
        errors.append(Text(f"There are {len(deck.commanders)} commanders; there must be exactly {COMMANDERS}.",
                           f"指揮官カードが{len(deck.commanders)}枚です。ちょうど{COMMANDERS}枚にしてください。"))
    for key in sorted(set(deck.commanders)):
        if key not in cards.commanders:
            errors.append(Text(f"Commanders: '{key}' is not a commander card.",
                               f"指揮官デッキ：「{key}」は指揮官カードではありません。"))
    for key, count in sorted(Counter(deck.commanders).items()):
        if count > 1 and key in cards.commanders:
            title = cards.commanders[key].title()
            errors.append(Text(f"Commanders: {title.en} appears {count} times; each commander only once.",
                               f"指揮官デッキ：「{title.ja}」が{count}枚あります。同名の指揮官は1枚のみです。"))
    return errors


class StarterDeck(BaseModel):
    """One entry of data/starter_decks.json: card key -> copies."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    commanders: list[str]
    deck: dict[str, int] = Field(min_length=1)
    side: dict[str, int]


_STARTERS: TypeAdapter[dict[str, StarterDeck]] = TypeAdapter(dict[str, StarterDeck])


def parse_starters(raw: str) -> dict[str, DeckList]:
    return {key: DeckList(d.name.text(), list(d.commanders), [k for k, n in d.deck.items() for _ in range(n)],
                          [k for k, n in d.side.items() for _ in range(n)])
            for key, d in _STARTERS.validate_python(json.loads(raw)).items()}


def starters() -> dict[str, DeckList]:
    """The sample starter decks (shu, wei, wu, coalition)."""
    return parse_starters(bundled_text("engine.musou", "data/starter_decks.json"))


_SECTIONS = {"commanders": "commanders", "指揮官": "commanders", "deck": "deck", "デッキ": "deck",
             "side": "side", "サイド": "side", "サイドデッキ": "side"}


class DeckTextError(DeckListError):
    @property
    def errors(self) -> list[Text]:
        return self.problems


def import_text(text: str, cards: Catalog) -> DeckList:
    """Read a deck list (the grammar of engine.core.decklist) in `[commanders]`,
    `[deck]`, `[side]` sections (or 指揮官 / デッキ / サイド): lines `3 Guan Yu`,
    `3x 関羽` or `guan_yu`; `name:` names the deck. Raises DeckTextError listing
    every problem."""
    listing = read_deck_list(text, cards.index, _SECTIONS)
    if listing.problems:
        raise DeckTextError(listing.problems)
    title = listing.title
    deck = DeckList(Text(title, title) if title is not None else Text("Imported deck", "読み込んだデッキ"))
    for e in listing.entries:
        getattr(deck, str(e.section)).extend([e.key] * e.count)
    return deck


def export_text(deck: DeckList, cards: Catalog) -> str:
    """The canonical text form; `import_text` reads it back to the same lists."""
    lines = [f"name: {deck.name.en}", "[commanders]"]
    for key in deck.commanders:
        c = cards.commanders[key]
        lines.append(f"1 {key}  # {c.name.en} / {c.name.ja}")
    for title, keys in (("[deck]", deck.deck), ("[side]", deck.side)):
        lines.append(title)
        for key, count in sorted(Counter(keys).items()):
            card = cards.cards.get(key)
            note = f"  # {card.name.en} / {card.name.ja}" if card else ""
            lines.append(f"{count} {key}{note}")
    return "\n".join(lines) + "\n"
