"""`card NAME`: the full card, the matches with their keys, or none with close names."""

from bot import render

from .conftest import play
from .parlour import CATALOG


def test_one_match_shows_the_whole_card():
    assert render.card_lookup(CATALOG, "owl", "en") == (True, "Owl  [owl]\nCreature — cost 2.\nSees in the dark.")
    assert render.card_lookup(CATALOG, "梟", "ja") == (True, "梟  [owl]\n生物 — コスト2。\n夜目が利く。")


def test_an_exact_name_wins_over_longer_names():
    found, text = render.card_lookup(CATALOG, "fox", "en")
    assert found and text.startswith("Fox  [fox]\n")


def test_several_matches_are_listed_with_their_keys():
    assert render.card_lookup(CATALOG, "fo", "en") == (True, """\
2 cards match “fo”; type `card KEY` for one:
  fox         Fox
  fox-spirit  Fox Spirit""")
    assert render.card_lookup(CATALOG, "狐", "ja")[1].startswith("狐  [fox]")
    assert render.card_lookup(CATALOG, "fo", "ja") == (True, """\
「fo」に当てはまるカードが2枚あります。1枚を見るには `card キー`:
  fox         狐
  fox-spirit  狐火""")


def test_no_match_suggests_close_names():
    assert render.card_lookup(CATALOG, "heorn", "en") == (False, "No card matches “heorn”. Did you mean: Heron?")
    assert render.card_lookup(CATALOG, "heorn", "ja") == (False, "「heorn」に当てはまるカードはありません。もしかして: 鷺？")
    assert render.card_lookup(CATALOG, "zzzzzz", "en") == (False, "No card matches “zzzzzz”.")


def test_a_game_without_cards_says_so():
    assert render.card_lookup((), "x", "en") == (False, "This game has no cards to look up.")


async def test_card_in_a_match(service):
    s = await play(service, ["card crane", "card", "card fo"])
    assert "Crane  [crane]\nCreature — cost 3.\n" in s.out
    assert "Type `card NAME` (or part of a name, or a card's key)." in s.out
    assert "  fox-spirit  Fox Spirit" in s.out
    assert "plays" not in s.out  # looking is not playing: still ann's decision


async def test_card_while_a_takeback_waits_for_an_answer(service):
    s = await play(service, ["note", "takeback", "card owl", "accept"])
    assert "Owl  [owl]" in s.out and "ben accepts the takeback." in s.out


def test_copies_of_one_card_read_as_one():
    copies = [*CATALOG, CATALOG[2].__class__("owl-2", CATALOG[2].name, CATALOG[2].text)]
    assert render.card_lookup(copies, "owl", "en") == (True, "Owl  [owl]\nCreature — cost 2.\nSees in the dark.")
