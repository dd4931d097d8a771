"""The one deck-list reader (engine.core.decklist), through each card game's
own entry point: one grammar, one error style, one policy for shared names."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from engine.core import RuleError, Text
from engine.core.decklist import MAX_COUNT, CardIndex, DeckListError, parse_deck_list, read_deck_list
from engine.musou import decks as musou_decks
from engine.musou.cards import catalog
from engine.naru import decks as naru_decks
from engine.naru.cards import sample_cards
from engine.warlords import decks as warlords_decks

Read = Callable[[str], tuple[dict[str, int], list[Text]]]


def _musou(text: str) -> tuple[dict[str, int], list[Text]]:
    try:
        deck = musou_decks.import_text("[deck]\n" + text, catalog())
    except musou_decks.DeckTextError as exc:
        return {}, exc.errors
    return dict(Counter(deck.deck)), []


@dataclass(frozen=True)
class GameDecks:
    name: str
    index: CardIndex
    read: Read  # the game's own deck-list entry point: (counts, problems)
    offset: int = 0  # lines the entry point puts before the text (Musou's section header)

    def card(self) -> tuple[str, Text]:
        """A card with a unique, multi-word English name long enough to misspell."""
        return next((k, n) for k, n in sorted(self.index.names.items())
                    if " " in n.en and len(n.en) >= 8 and len(self.index.lookup(n.en)) == 1
                    and len(self.index.lookup(n.ja)) == 1)


GAMES = [
    GameDecks("naru", naru_decks.card_index(sample_cards()), lambda t: naru_decks.parse_deck_list(t, sample_cards())),
    GameDecks("musou", catalog().index, _musou, offset=1),
    GameDecks("warlords", warlords_decks.card_index(), warlords_decks.parse_deck_list),
]


@pytest.fixture(params=GAMES, ids=lambda g: g.name)
def game(request: pytest.FixtureRequest) -> GameDecks:
    return request.param  # type: ignore[no-any-return]


def test_every_spelling_of_a_count_and_a_name(game: GameDecks) -> None:
    key, name = game.card()
    text = "\n".join([
        f"3 {name.en}",
        "",
        "# a comment line",
        f"2x {name.ja}",
        f"{key} ×1",
        f"{name.en.upper()} x2  # both names in a comment: {name.en} / {name.ja}",
        f"２　{name.ja}",  # full-width digit and the ideographic space
        f"  {name.en.lower()}  ",
        f"{name.ja}×4",
        f"1 x {key}",
    ])
    counts, problems = game.read(text)
    assert problems == []
    assert counts == {key: 3 + 2 + 1 + 2 + 2 + 1 + 4 + 1}


def test_each_bad_line_is_named_in_both_languages(game: GameDecks) -> None:
    key, name = game.card()
    text = f"3 {name.en}\n2 Nonesuch Card\n\n7\n0 {name.en}\n{MAX_COUNT + 1} {name.ja}\n"
    counts, problems = game.read(text)
    assert len(problems) == 4
    for line, problem in zip((2, 4, 5, 6), problems, strict=True):
        line += game.offset
        assert problem.en.startswith(f"Line {line}: ") and problem.ja.startswith(f"{line}行目：")
    assert "Nonesuch Card" in problems[0].en and "「Nonesuch Card」" in problems[0].ja
    assert "count" in problems[1].en and "枚数" in problems[1].ja
    assert all("、" not in p.en and ". " not in p.ja for p in problems)
    if game.name != "musou":  # Musou refuses the whole list; the others count what reads
        assert counts == {key: 3}


def test_an_unknown_name_suggests_the_closest_cards(game: GameDecks) -> None:
    key, name = game.card()
    typo = name.en[:-2] + name.en[-1]  # one letter dropped
    _, problems = game.read(f"1 {typo}\n")
    assert len(problems) == 1
    assert f"'{typo}'" in problems[0].en and "Did you mean" in problems[0].en and key in problems[0].en
    assert "候補：" in problems[0].ja and name.ja in problems[0].ja


def test_a_shared_name_is_refused_listing_every_candidate(game: GameDecks) -> None:
    key, name = game.card()
    twin = CardIndex.of([*game.index.names.items(), ("twin_of_it", name)])
    listing = read_deck_list(f"2 {name.en}\n1 {name.ja}\n1 twin_of_it\n1 {key}\n", twin)
    assert [p.en.split(":")[0] for p in listing.problems] == ["Line 1", "Line 2"]
    for problem in listing.problems:
        assert key in problem.en and "twin_of_it" in problem.en and "several cards" in problem.en
        assert key in problem.ja and "IDで書いてください" in problem.ja
    assert listing.counts() == {"twin_of_it": 1, key: 1}  # an id always names exactly one card


def test_a_game_without_sections_refuses_one(game: GameDecks) -> None:
    if game.name == "musou":
        pytest.skip("Musou's deck lists are in sections")
    _key, name = game.card()
    _, problems = game.read(f"[side]\n1 {name.en}\n")
    assert len(problems) == 1 and "no sections" in problems[0].en and "区分" in problems[0].ja


def test_warlords_cards_really_share_names() -> None:
    """The policy on real data: Glory Road's March/Battle cards differ only in check value."""
    _, problems = warlords_decks.parse_deck_list("2 March/Battle\n")
    assert len(problems) == 1 and "march_1" in problems[0].en and "march_2" in problems[0].en


def test_parse_raises_one_rule_error_with_every_problem() -> None:
    index = CardIndex.of([("farmer", Text("Farmer", "百姓")), ("archer", Text("Archer", "弓兵"))])
    assert parse_deck_list("3 Farmer\n2 弓兵\n", index).counts() == {"farmer": 3, "archer": 2}
    with pytest.raises(DeckListError) as err:
        parse_deck_list("3 Farmar\n\n2 Nobody\n", index)
    assert isinstance(err.value, RuleError) and len(err.value.problems) == 2
    assert err.value.what.en.startswith("Line 1:") and "Farmer (farmer)" in err.value.what.en
    assert err.value.allowed is not None and err.value.allowed.ja.startswith("3行目：")
    assert "。" in err.value.message("ja") and " 3行目" not in err.value.message("ja")


def test_a_name_that_looks_like_a_count_is_still_that_name() -> None:
    index = CardIndex.of([("kingdoms", Text("3 Kingdoms", "三国")), ("box", Text("Box 2", "箱二")),
                          ("bo", Text("Bo", "棒"))])
    listing = parse_deck_list("3 Kingdoms\n2 3 Kingdoms\nBox 2\nBo x 2\n", index)
    assert listing.counts() == {"kingdoms": 3, "box": 1, "bo": 2}


def test_sections_and_the_title() -> None:
    index = CardIndex.of([("a", Text("Alpha", "甲")), ("b", Text("Beta", "乙"))])
    listing = parse_deck_list("name: Mine\n[DECK]\n2 Alpha\n[サイド]\nBeta\n", index, {"deck": "deck", "サイド": "side"})
    assert listing.title == "Mine" and listing.counts("deck") == {"a": 2} and listing.counts("side") == {"b": 1}
    bad = read_deck_list("Alpha\n[nowhere]\n", index, {"deck": "deck", "デッキ": "deck"})
    assert [p.en for p in bad.problems] == ["Line 1: put cards under a section: [deck].",
                                            "Line 2: unknown section [nowhere]. Sections: [deck]."]
    assert bad.problems[0].ja == "1行目：カードは区分の下に書きます：[デッキ]。"
