"""Deck construction for Glory Road: 100-120 cards, at most 6 castles, exactly one
Time Passes card; text deck lists (`<count> <card id>` a line, `#` comments)."""

from __future__ import annotations

from engine.core import Text
from engine.core.decklist import CardIndex, read_deck_list

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


def card_index(cards: dict[str, CardDef] | None = None) -> CardIndex:
    """Several cards share a name (they differ in check value): such a name is
    refused with the ids to choose from."""
    return CardIndex.of((cid, card.name.text()) for cid, card in (cards or catalogue()).items())


def parse_deck_list(text: str, cards: dict[str, CardDef] | None = None) -> tuple[dict[str, int], list[Text]]:
    """Read a deck list (the grammar of engine.core.decklist: `<count> <card>` a
    line, the card by id, English or Japanese name; `#` comments, where the
    export writes both names), of the sample set or `cards`. One problem per unreadable line."""
    listing = read_deck_list(text, card_index(cards))
    return listing.counts(), listing.problems


def import_deck(text: str, cards: dict[str, CardDef] | None = None) -> tuple[dict[str, int], list[Text]]:
    counts, errors = parse_deck_list(text, cards)
    return counts, errors + deck_errors(counts, cards)


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
