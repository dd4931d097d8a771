"""The one deck-list reader of the card games (Naru, Musou, Warlords).

Grammar, one card line each: `3 Name`, `3x Name`, `3 x Name`, `Name x3`,
`Name ×3` or a bare `Name` (one copy); a name is a card id or its English
(any case) or Japanese name. Full-width digits, letters and spaces read as
their plain forms. `#` starts a comment, blank lines are skipped, `name: ...`
titles the deck and, for games with sections, `[section]` starts one.

Policy: an id names its card; a name shared by several cards is refused with
the candidates listed (the player writes an id); an unknown name is refused
with the closest names. Every problem is a bilingual line naming its line
number, all of them are reported at once, and a reading with problems raises
DeckListError (a RuleError). How many copies, how many cards and which kinds
a deck may hold is each game's own rule, checked by the game afterwards.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .errors import RuleError
from .text import Text, echo, join

MAX_COUNT = 999  # far above any deck; a bound so a typo cannot allocate millions of copies
# A Warlords starter (100 cards) exports as about 60 lines and 2,200 characters;
# the biggest legal deck, 120 cards written one a line with both names (at most
# about 70 characters a line), fits several times over, notes included, and a
# pasted novel stays out of the options, which the log keeps.
MAX_LINES = 400
MAX_CHARS = 40_000

# `3 Name`, `3x Name`, `3 × Name`; `Name x3`, `Name×3` (a bare x needs a space
# before it, or `Box 2` would read as two `Bo`).
_LEADING = re.compile(r"(\d+)\s*[xX×]?\s+(.+)")
_TRAILING = re.compile(r"(.+?)(?:\s+[xX]|\s*×)\s*(\d+)")


def _fold(name: str) -> str:
    """The form names are compared in: NFKC (full-width to plain), any case, single spaces."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


@dataclass(frozen=True)
class CardIndex:
    """A game's card names: built from its catalog as (key, name) pairs."""

    names: dict[str, Text]  # key -> its bilingual name
    keys: dict[str, str]  # folded key -> key
    by_name: dict[str, tuple[str, ...]]  # folded English or Japanese name -> keys bearing it

    @staticmethod
    def of(cards: Iterable[tuple[str, Text]]) -> CardIndex:
        names: dict[str, Text] = {}
        by_name: dict[str, list[str]] = {}
        for key, name in cards:
            names[key] = name
            for label in dict.fromkeys((_fold(name.en), _fold(name.ja))):
                by_name.setdefault(label, []).append(key)
        return CardIndex(names, {_fold(k): k for k in names}, {n: tuple(ks) for n, ks in by_name.items()})

    def lookup(self, name: str) -> tuple[str, ...]:
        """The keys `name` may mean: one, several (a shared name) or none."""
        folded = _fold(name)
        key = self.keys.get(folded)
        if key is not None:
            return (key,)
        return self.by_name.get(folded, ())

    def closest(self, name: str, n: int = 3) -> list[str]:
        """The keys whose id or names are nearest to `name`, nearest first."""
        labels = {**{f: (k,) for f, k in self.keys.items()}, **self.by_name}
        out: list[str] = []
        for label in difflib.get_close_matches(_fold(name), list(labels), n=n, cutoff=0.6):
            out.extend(k for k in labels[label] if k not in out)
        return out[:n]

    def label(self, key: str) -> Text:
        name = self.names[key]
        return Text(f"{name.en} ({key})", f"{name.ja}（{key}）")


@dataclass(frozen=True)
class DeckEntry:
    line: int
    count: int
    key: str
    section: str | None = None


@dataclass
class DeckListing:
    entries: list[DeckEntry] = field(default_factory=list)
    problems: list[Text] = field(default_factory=list)
    title: str | None = None

    def counts(self, section: str | None = None) -> dict[str, int]:
        """Copies per card key (of one section, when the game has sections)."""
        out: Counter[str] = Counter()
        for e in self.entries:
            if e.section == section:
                out[e.key] += e.count
        return dict(out)


class DeckListError(RuleError):
    """A deck list that does not read: `problems` holds every one, one per line."""

    def __init__(self, problems: Sequence[Text]) -> None:
        rest = join(list(problems[1:]), Text(" ", "")) if len(problems) > 1 else None
        super().__init__(problems[0], rest)
        self.problems = list(problems)


def _at(number: int, what: Text) -> Text:
    return Text(f"Line {number}: ", f"{number}行目：") + what


def _count_and_name(line: str, index: CardIndex) -> tuple[int | None, str]:
    if index.lookup(line):  # a name that starts or ends like a count is still that name
        return 1, line
    for pattern, count_at in ((_LEADING, 1), (_TRAILING, 2)):
        m = pattern.fullmatch(line)
        if m:
            digits = m.group(count_at)
            count = int(digits) if len(digits) <= len(str(MAX_COUNT)) else MAX_COUNT + 1
            return count, m.group(3 - count_at).strip()
    if line.rstrip("xX×").isdigit():
        return None, ""
    return 1, line


def _card(number: int, name: str, index: CardIndex) -> tuple[str | None, Text | None]:
    found = index.lookup(name)
    if len(found) == 1:
        return found[0], None
    if found:
        options = join([index.label(k) for k in sorted(found)])
        return None, _at(number, Text(f"'{echo(name)}' names several cards; write one by its id: {options.en}.",
                                      f"「{echo(name)}」は複数のカードの名前です。IDで書いてください：{options.ja}。"))
    near = index.closest(name)
    hint = Text("", "")
    if near:
        options = join([index.label(k) for k in near])
        hint = Text(f" Did you mean: {options.en}?", f"候補：{options.ja}。")
    return None, _at(number, Text(f"no card named '{echo(name)}'.", f"「{echo(name)}」というカードはありません。") + hint)


def read_deck_list(text: str, index: CardIndex, sections: Mapping[str, str] | None = None) -> DeckListing:
    """Read `text`; every problem is collected (the readable lines still count),
    except a text too long to be a deck list, which is one problem and not read."""
    listing = DeckListing()
    lines = text.splitlines()
    if len(lines) > MAX_LINES or len(text) > MAX_CHARS:
        listing.problems.append(Text(f"A deck list is at most {MAX_LINES} lines and {MAX_CHARS:,} characters; this one "
                                     f"has {len(lines):,} lines and {len(text):,} characters.",
                                     f"デッキリストは{MAX_LINES}行・{MAX_CHARS:,}文字までです（このリストは{len(lines):,}行・"
                                     f"{len(text):,}文字）。"))
        return listing
    section: str | None = None
    known = {_fold(k): v for k, v in (sections or {}).items()}
    spelled = [f"[{s}]" for s in sections or {}]
    headers = Text(", ".join(s for s in spelled if s.isascii()) or ", ".join(spelled),
                   "、".join(s for s in spelled if not s.isascii()) or "、".join(spelled))
    for number, raw in enumerate(lines, start=1):
        line = " ".join(unicodedata.normalize("NFKC", raw).split("#", 1)[0].split())
        if not line:
            continue
        if line.casefold().startswith("name:"):
            listing.title = line[5:].strip()
            continue
        if line.startswith("[") and line.endswith("]"):
            found = known.get(_fold(line[1:-1]))
            if found is None:
                listing.problems.append(_at(number, Text(f"unknown section {echo(line)}.", f"不明な区分 {echo(line)}。")
                                            + (Text(f" Sections: {headers.en}.", f"区分：{headers.ja}。")
                                               if sections else Text(" This game's deck lists have no sections.",
                                                                     "このゲームのデッキリストに区分はありません。"))))
            section = found
            continue
        count, name = _count_and_name(line, index)
        if count is None:
            listing.problems.append(_at(number, Text("write a count and a card, like `3 Name`.",
                                                     "`3 カード名` のように枚数とカードを書いてください。")))
            continue
        if not 1 <= count <= MAX_COUNT:  # (a count of more digits reads as MAX_COUNT + 1)
            listing.problems.append(_at(number, Text(f"a count is 1 to {MAX_COUNT}.",
                                                     f"枚数は1〜{MAX_COUNT}です。")))
            continue
        key, problem = _card(number, name, index)
        if problem is not None:
            listing.problems.append(problem)
        elif sections and section is None:
            listing.problems.append(_at(number, Text(f"put cards under a section: {headers.en}.",
                                                     f"カードは区分の下に書きます：{headers.ja}。")))
        elif key is not None:
            listing.entries.append(DeckEntry(number, count, key, section))
    return listing


def parse_deck_list(text: str, index: CardIndex, sections: Mapping[str, str] | None = None) -> DeckListing:
    """Read `text`, raising DeckListError with every problem when there is any."""
    listing = read_deck_list(text, index, sections)
    if listing.problems:
        raise DeckListError(listing.problems)
    return listing
