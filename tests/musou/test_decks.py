"""Card data and deck construction."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import BadOptions
from engine.core.bundled import bundled_text
from engine.core.cardfile import CardFileError
from engine.musou.cards import card_set_problems, catalog, parse_card_set
from engine.musou.decks import DeckList, DeckTextError, export_text, import_text, starters, validate
from engine.musou.game import GAME


def test_card_set_is_marked_sample_and_bilingual() -> None:
    cat = catalog()
    assert cat.data.sample and "sample" in cat.data.title.en.lower()
    for card in cat.data.cards:
        assert card.name.en and card.name.ja and card.name.en != card.name.ja


def test_card_set_covers_every_type_element_and_ability() -> None:
    cards = catalog().data.cards
    assert {c.type for c in cards} == {"general", "item", "trap", "stratagem"}
    assert {c.element for c in cards if c.type == "general"} == {"wood", "fire", "earth", "metal", "water"}
    assert any(c.ambush for c in cards) and any(c.move for c in cards) and any(c.support for c in cards)
    assert any(c.formation for c in cards) and any(c.terms for c in cards)
    assert all(m.musou for m in catalog().data.commanders)


def test_starter_decks_are_legal_and_at_least_four() -> None:
    decks = starters()
    assert len(decks) >= 4
    for deck in decks.values():
        assert validate(deck, catalog()) == []


def test_rule_deck_validation_one_error_per_violation() -> None:
    deck = starters()["shu"]
    bad = DeckList(deck.name, [*deck.commanders[:2], "guan_yu"], deck.deck[:45] + ["guan_yu"] * 2 + ["liu_bei_army"],
                   deck.side[:14])
    errors = validate(bad, catalog())
    text = " | ".join(e.en for e in errors)
    assert "exactly 50" in text  # 48 cards
    assert "exactly 15" in text  # side 14
    assert "at most 3" in text  # 4 Guan Yu
    assert "is a commander" in text  # commander in the deck
    assert "not a commander card" in text  # a general among commanders
    assert all(e.ja for e in errors)
    assert len(errors) == 5


def test_rule_commanders_must_be_three_distinct() -> None:
    deck = starters()["wei"]
    bad = DeckList(deck.name, [deck.commanders[0]] * 3, deck.deck, deck.side)
    assert [e.en for e in validate(bad, catalog())] == [
        "Commanders: Cao Cao's Army appears 3 times; each commander only once."]


def test_deck_text_round_trip() -> None:
    deck = starters()["wu"]
    text = export_text(deck, catalog())
    again = import_text(text, catalog())
    assert sorted(again.deck) == sorted(deck.deck) and sorted(again.side) == sorted(deck.side)
    assert again.commanders == deck.commanders


def test_deck_text_accepts_japanese_and_english_names_and_reports_each_bad_line() -> None:
    deck = import_text("[指揮官]\n劉備軍\n[deck]\n3x 関羽\n2 Zhang Fei\n", catalog())
    assert deck.commanders == ["liu_bei_army"] and deck.deck == ["guan_yu"] * 3 + ["zhang_fei"] * 2
    with pytest.raises(DeckTextError) as err:
        import_text("[deck]\n3 Nobody\n[nowhere]\n", catalog())
    assert len(err.value.errors) == 2


def test_group_card_file_loads_and_bad_files_are_rejected(tmp_path: Path) -> None:
    raw = json.loads(bundled_text("engine.musou", "data/sample_cards.json"))
    raw["sample"] = False
    own = json.dumps(raw)
    assert catalog(own).data.sample is False
    opts = GAME.options({"cards": own, "decks": ["shu", "wei"]}, 2)
    assert json.loads(opts["cards"])["sample"] is False
    assert GAME.options(opts, 2)["cards"] == opts["cards"]
    # A path is the front end's to read (bot/cardfile.py): the rules never open it.
    path = tmp_path / "own.json"
    path.write_text(own, encoding="utf-8")
    with pytest.raises(BadOptions) as refused:
        GAME.options({"cards": str(path)}, 2)
    assert "JSON text" in refused.value.message("en") and "JSON 形式" in refused.value.message("ja")
    with pytest.raises(CardFileError):
        catalog(str(path))
    raw["cards"][0]["power"] = 0  # a general without 武力
    with pytest.raises(CardFileError):
        parse_card_set(json.dumps(raw))
    raw["cards"][0]["power"] = 3
    raw["cards"][0]["support"] = [{"op": "heal", "amount": 2, "target": "enemy_general"}]
    with pytest.raises(CardFileError):
        parse_card_set(json.dumps(raw))


def test_a_rule_beyond_the_schema_is_named_by_its_line_and_field() -> None:
    raw = json.loads(bundled_text("engine.musou", "data/sample_cards.json"))
    raw["cards"][0]["power"] = 0
    raw["cards"][1]["support"] = [{"op": "heal", "amount": 2, "target": "enemy_general"}]
    raw["commanders"][0]["key"] = raw["cards"][2]["key"]
    text = json.dumps(raw, indent=1, ensure_ascii=False)
    def line(marker: str, after: str = "") -> int:
        return text.count("\n", 0, text.index(marker, text.index(after))) + 1
    power, target = line('"power": 0'), line('"target": "enemy_general"')
    key = line(f'"key": "{raw["cards"][2]["key"]}"', '"commanders"')
    first, second, third = card_set_problems(text)
    assert first.en == f"Line {power} (cards[0].power): a general needs power (武力) of at least 1."
    assert first.ja == f"{power}行目（cards[0].power）：武将の power（武力）は1以上にしてください。"
    assert second.en.startswith(f"Line {target} (cards[1].support[0].target): heal may target only none")
    assert second.ja == f"{target}行目（cards[1].support[0].target）：heal の対象は noneにしてください。"
    assert third.en.startswith(f"Line {key} (commanders[0].key): ") and "すでに使っています" in third.ja
    assert raw["cards"][2]["key"] not in third.en + third.ja  # the file's values are never echoed
    with pytest.raises(CardFileError) as caught:
        catalog(text)
    assert caught.value.problems == [first, second, third]
    with pytest.raises(BadOptions) as refused:  # the `cards` option is read the same way
        GAME.options({"cards": text}, 2)
    assert refused.value.message("ja").startswith(f"カードセットを読み込めません：{power}行目（cards[0].power）")
    assert card_set_problems(bundled_text("engine.musou", "data/sample_cards.json")) == []


def test_options_reject_an_illegal_deck_list() -> None:
    with pytest.raises(BadOptions):
        GAME.options({"decks": ["shu", "[deck]\n3 guan_yu\n"]}, 2)
    with pytest.raises(BadOptions):
        GAME.options({}, 3)
    legal = export_text(starters()["coalition"], catalog())
    assert GAME.options({"decks": ["shu", legal]}, 2)["decks"][1] == legal


def test_card_file_errors_do_not_echo_the_file() -> None:
    """The text comes from match options: errors name the problem without the file's values."""
    secret = json.dumps({"token": "hunter2-secret"})
    with pytest.raises(CardFileError) as err:
        catalog(secret)
    assert "hunter2" not in str(err.value) + " ".join(p.en + p.ja for p in err.value.problems)
    with pytest.raises(BadOptions) as bad:
        GAME.options({"cards": secret}, 2)
    assert "hunter2" not in bad.value.message("en") + bad.value.message("ja")
