"""Deck construction: the rules (exactly 40, at most 4 of a name, exactly one
keep), the text deck-list format (`4 Card Name` per line, Japanese or English
names) and the sample starter decks."""

from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Text
from engine.core.bundled import bundled_text
from engine.core.decklist import CardIndex, read_deck_list
from engine.core.text import echo

from .cards import CardSet

DECK_SIZE = 40
MAX_COPIES = 4


class Starter(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name_en: str
    name_ja: str
    cards: dict[str, int]


class StarterFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    sample: bool = False
    starters: tuple[Starter, ...]


def sample_starters(name: str = "data/starters.json") -> dict[str, Starter]:
    """The sample starters; an older ruleset's are kept under their own name."""
    raw = bundled_text("engine.naru", name)
    return {s.id: s for s in StarterFile.model_validate(json.loads(raw)).starters}


def deck_problems(counts: dict[str, int], cards: CardSet) -> list[Text]:
    """Every construction violation, one bilingual message each (empty = legal)."""
    known = cards.by_key()
    problems: list[Text] = []
    for key in sorted(counts):
        if key not in known:
            problems.append(Text(f"Unknown card '{key}'.", f"「{key}」というカードはありません。"))
    total = sum(counts.values())
    if total != DECK_SIZE:
        problems.append(Text(f"The deck has {total} cards; it must have exactly {DECK_SIZE}.",
                             f"デッキは{total}枚です。ちょうど{DECK_SIZE}枚にしてください。"))
    for key in sorted(counts):
        if key in known and counts[key] > MAX_COPIES:
            name = known[key].name
            problems.append(Text(f"{counts[key]} copies of {name.en}; at most {MAX_COPIES} of a name.",
                                 f"{name.ja}が{counts[key]}枚あります。同名カードは{MAX_COPIES}枚までです。"))
    keeps = sum(n for k, n in counts.items() if k in known and known[k].kind == "keep")
    if keeps != 1:
        problems.append(Text(f"The deck has {keeps} keep cards; it must have exactly one.",
                             f"天守閣カードが{keeps}枚あります。ちょうど1枚にしてください。"))
    return problems


def card_index(cards: CardSet) -> CardIndex:
    return CardIndex.of((card.key, card.name) for card in cards.cards)


def parse_deck_list(text: str, cards: CardSet) -> tuple[dict[str, int], list[Text]]:
    """Read a deck list (the grammar of engine.core.decklist: `4 Card Name` a
    line, English or Japanese names or card keys, `#` comments). Returns the
    counts and the problems of the reading itself."""
    listing = read_deck_list(text, card_index(cards))
    return listing.counts(), listing.problems


def format_deck_list(counts: dict[str, int], cards: CardSet, locale: str = "en") -> str:
    """The text form of a deck, keep first, then by card type order in the set."""
    known = cards.by_key()
    order = {c.key: i for i, c in enumerate(cards.cards)}
    lines = []
    for key in sorted(counts, key=lambda k: order.get(k, len(order))):
        card = known[key]
        lines.append(f"{counts[key]} {card.name_ja if locale == 'ja' else card.name_en}")
    return "\n".join(lines) + "\n"


def deck_from_option(raw: str, cards: CardSet, starters: dict[str, Starter]) -> tuple[dict[str, int], list[Text]]:
    """A deck option is a starter id or a deck-list text; returns counts and all problems."""
    if raw in starters:
        counts = dict(starters[raw].cards)
        return counts, deck_problems(counts, cards)
    counts, problems = parse_deck_list(raw, cards)
    if problems and "\n" not in raw and not raw.strip()[:1].isdigit():
        # One word that is no card line either: most likely a mistyped starter id.
        ids = sorted(starters)
        return {}, [Text(f"Unknown starter deck '{echo(raw)}'. Starters: {', '.join(ids)}; or give a deck list.",
                         f"スターターデッキ「{echo(raw)}」はありません。候補：{'、'.join(ids)}。またはデッキリストを渡してください。")]
    return counts, problems + deck_problems(counts, cards)


def deck_counts(raw: str, cards: CardSet, starters: dict[str, Starter]) -> dict[str, int]:
    """The counts `deck_from_option` reads, for a deal from options already checked: a
    starter's are taken as they are (every match's set-up deals two, and a replay sets up each match)."""
    if raw in starters:
        return dict(starters[raw].cards)
    return deck_from_option(raw, cards, starters)[0]
