"""Deck construction: the rules (exactly 40, at most 4 of a name, exactly one
keep), the text deck-list format (`4 Card Name` per line, Japanese or English
names) and the sample starter decks."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Text

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


def sample_starters() -> dict[str, Starter]:
    raw = resources.files("engine.naru").joinpath("data/starters.json").read_text(encoding="utf-8")
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


def _name_index(cards: CardSet) -> dict[str, str]:
    index: dict[str, str] = {}
    for card in cards.cards:
        index[card.key] = card.key
        index[card.name_en.casefold()] = card.key
        index[card.name_ja] = card.key
    return index


def parse_deck_list(text: str, cards: CardSet) -> tuple[dict[str, int], list[Text]]:
    """Read `4 Card Name` lines (English or Japanese names, or card keys; `#`
    starts a comment). Returns the counts and the problems of the reading itself."""
    index = _name_index(cards)
    counts: Counter[str] = Counter()
    problems: list[Text] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split(None, 1)  # any whitespace, the ideographic space too
        head = parts[0].rstrip("xX×")
        rest = parts[1] if len(parts) > 1 else ""
        if not head.isdigit() or not rest.strip():
            problems.append(Text(f"Line {number}: write a count and a name, like `4 Farmer`.",
                                 f"{number}行目：`4 百姓` のように枚数と名前を書いてください。"))
            continue
        name = rest.strip()
        key = index.get(name) or index.get(name.casefold())
        if key is None:
            problems.append(Text(f"Line {number}: no card named '{name}'.",
                                 f"{number}行目：「{name}」というカードはありません。"))
            continue
        counts[key] += int(head)
    return dict(counts), problems


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
    if "\n" not in raw and not raw.strip()[:1].isdigit():
        ids = sorted(starters)
        return {}, [Text(f"Unknown starter deck '{raw}'. Starters: {', '.join(ids)}; or give a deck list.",
                         f"スターターデッキ「{raw}」はありません。候補：{'、'.join(ids)}。またはデッキリストを渡してください。")]
    counts, problems = parse_deck_list(raw, cards)
    return counts, problems + deck_problems(counts, cards)
