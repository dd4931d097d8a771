"""Deck construction for Glory Road: 100-120 cards, at most 6 castles, exactly one
Time Passes card; text deck lists (`<count> <card id>` a line, `#` comments)."""

from __future__ import annotations

from collections import Counter

from engine.core import Text

from .cards import CardDef, catalogue, rules, starters


def deck_errors(counts: dict[str, int], cards: dict[str, CardDef] | None = None) -> list[Text]:
    """One bilingual message per violation; empty when the deck is legal."""
    cat = cards if cards is not None else catalogue()
    rule = rules().deck
    errors: list[Text] = []
    unknown = sorted(c for c in counts if c not in cat)
    for cid in unknown:
        errors.append(Text(f"Unknown card '{cid}'.", f"不明なカード「{cid}」です。"))
    bad = sorted(c for c, n in counts.items() if n < 0)
    for cid in bad:
        errors.append(Text(f"Card '{cid}' has a negative count.", f"カード「{cid}」の枚数が負です。"))
    total = sum(n for n in counts.values() if n > 0)
    if not rule.min <= total <= rule.max:
        errors.append(Text(f"A deck holds {rule.min}-{rule.max} cards; this one has {total}.",
                           f"デッキは{rule.min}～{rule.max}枚です（現在{total}枚）。"))
    castles = sum(n for c, n in counts.items() if c in cat and cat[c].type == "castle")
    if castles > rule.max_castles:
        errors.append(Text(f"At most {rule.max_castles} castles; this deck has {castles}.",
                           f"城砦カードは{rule.max_castles}枚までです（現在{castles}枚）。"))
    tp = sum(n for c, n in counts.items() if c in cat and cat[c].type == "time_passes")
    if tp != rule.time_passes:
        errors.append(Text(f"Exactly {rule.time_passes} Time Passes card; this deck has {tp}.",
                           f"ゲーム終了カードはちょうど{rule.time_passes}枚必要です（現在{tp}枚）。"))
    return errors


def _name_index() -> dict[str, list[str]]:
    """Card id, English name (any case) and Japanese name, each to the card
    ids it may mean (several cards share a name and differ in check value)."""
    index: dict[str, list[str]] = {}
    for cid, card in catalogue().items():
        index[cid] = [cid]
        for name in {card.name.en.casefold(), card.name.ja}:
            index.setdefault(name, []).append(cid)
    return index


def parse_deck_list(text: str) -> tuple[dict[str, int], list[Text]]:
    """Read a deck list: `<count> <card>` per line (count optional, `3x` too),
    the card by id, English or Japanese name; `#` starts a comment (the
    export writes both names there). One error per unreadable line."""
    counts: Counter[str] = Counter()
    errors: list[Text] = []
    index = _name_index()
    for no, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split(None, 1)  # any whitespace, the ideographic space too
        head = parts[0].rstrip("xX×")
        count, name = (int(head), parts[1].strip()) if head.isdigit() and len(parts) == 2 else (1, line)
        if head.isdigit() and len(parts) == 1:
            errors.append(Text(f"Line {no}: write '<count> <card>'.", f"{no}行目：「枚数 カード名」の形で書いてください。"))
            continue
        found = index.get(name) or index.get(name.casefold())
        if found is None:
            # Unknown ids still count, so the deck rules can name them; names must resolve.
            if " " in name or not name.isascii():
                errors.append(Text(f"Line {no}: no card named '{name}'.", f"{no}行目：「{name}」というカードはありません。"))
                continue
            found = [name]
        if len(found) > 1:
            ids = sorted(found)
            errors.append(Text(f"Line {no}: '{name}' names several cards; write one id: {', '.join(ids)}.",
                               f"{no}行目：「{name}」は複数のカードの名前です。IDで書いてください：{'、'.join(ids)}。"))
            continue
        counts[found[0]] += count
    return dict(counts), errors


def import_deck(text: str) -> tuple[dict[str, int], list[Text]]:
    counts, errors = parse_deck_list(text)
    return counts, errors + deck_errors(counts)


def export_deck(counts: dict[str, int], title: str = "") -> str:
    cat = catalogue()
    lines = [f"# {title}"] if title else []
    order = sorted(counts, key=lambda c: (cat[c].type if c in cat else "~", c))
    for cid in order:
        name = f"  # {cat[cid].name.en} / {cat[cid].name.ja}" if cid in cat else ""
        lines.append(f"{counts[cid]} {cid}{name}")
    return "\n".join(lines) + "\n"


def starter_ids() -> list[str]:
    return [d.id for d in starters().decks]


def starter(deck_id: str) -> dict[str, int]:
    for d in starters().decks:
        if d.id == deck_id:
            return dict(d.cards)
    raise KeyError(deck_id)
