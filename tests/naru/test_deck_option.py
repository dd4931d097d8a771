"""A Naru deck option is a starter id or a deck list, a one-line list included
(`Farmer x4` is a card line, not a mistyped starter id)."""

from engine.naru.cards import sample_cards
from engine.naru.decks import DECK_SIZE, deck_from_option, sample_starters

CARDS = sample_cards()
STARTERS = sample_starters()


def some_card():
    card = next(iter(CARDS.by_key().values()))
    return card


def test_a_starter_id_gives_its_deck():
    sid, starter = next(iter(STARTERS.items()))
    counts, problems = deck_from_option(sid, CARDS, STARTERS)
    assert counts == dict(starter.cards) and problems == []


def test_one_word_that_is_neither_starter_nor_card_names_the_starters():
    counts, problems = deck_from_option("starter-zz", CARDS, STARTERS)
    assert counts == {}
    assert "Unknown starter deck 'starter-zz'" in problems[0].en
    assert all(sid in problems[0].en for sid in STARTERS)


def test_a_one_line_deck_list_is_read_as_a_card_line():
    card = some_card()
    counts, problems = deck_from_option(f"{card.name_en} x4", CARDS, STARTERS)
    assert sum(counts.values()) == 4
    assert not any("starter" in p.en.lower() for p in problems)
    assert any(str(DECK_SIZE) in p.en for p in problems)  # only the deck's size is wrong
