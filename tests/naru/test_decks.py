"""Card data and deck construction."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from pydantic import ValidationError

from engine.core import BadOptions, Rng
from engine.core.bundled import bundled_text
from engine.naru.cards import CardSet, load_cards, sample_cards
from engine.naru.decks import deck_problems, format_deck_list, parse_deck_list, sample_starters
from engine.naru.game import GAME, NaruGame

CARDS = sample_cards()


def test_card_set_is_marked_sample_and_bilingual() -> None:
    assert CARDS.sample and "SAMPLE" in CARDS.name_en
    assert all(c.name_en and c.name_ja for c in CARDS.cards)


def test_card_set_covers_every_type_and_attribute() -> None:
    kinds = Counter(c.kind for c in CARDS.cards)
    assert kinds["keep"] >= 4 and kinds["land"] >= 2
    for kind in ("commoner", "general"):
        assert {c.attribute for c in CARDS.cards if c.kind == kind} == {"politics", "force", "commerce"}
    assert any(c.faith for c in CARDS.cards if c.kind == "land")
    assert any(c.faith for c in CARDS.cards if c.kind == "general")
    assert all(kinds[k] for k in ("equipment", "battle_tool", "tool", "ritual"))
    assert len({c.text_en for c in CARDS.cards if c.kind == "keep"}) == kinds["keep"]


def test_card_rule_commoners_always_cost_two() -> None:
    raw = {"key": "x", "name_en": "X", "name_ja": "エックス", "kind": "commoner", "cost": 3,
           "attribute": "force", "attack": 1, "defense": 1}
    with pytest.raises(ValidationError):
        CardSet.model_validate({"set_id": "t", "name_en": "t", "name_ja": "t", "cards": [raw]})


def test_card_rule_battle_tools_use_battle_effects_only() -> None:
    raw = {"key": "x", "name_en": "X", "name_ja": "エックス", "kind": "battle_tool", "cost": 1,
           "effects": [{"op": "draw", "n": 1}]}
    with pytest.raises(ValidationError):
        CardSet.model_validate({"set_id": "t", "name_en": "t", "name_ja": "t", "cards": [raw]})


def test_starters_are_four_distinct_legal_decks() -> None:
    starters = sample_starters()
    assert len(starters) >= 4
    for starter in starters.values():
        assert deck_problems(dict(starter.cards), CARDS) == []
    assert len({tuple(sorted(s.cards.items())) for s in starters.values()}) == len(starters)


def test_rule_deck_must_have_exactly_40_cards() -> None:
    counts = dict(sample_starters()["spring"].cards)
    counts["land-paddy"] -= 1
    problems = deck_problems(counts, CARDS)
    assert len(problems) == 1 and "39" in problems[0].en and "39" in problems[0].ja


def test_rule_at_most_four_copies_of_a_name() -> None:
    counts = dict(sample_starters()["spring"].cards)
    counts["land-paddy"] += 1
    counts["land-town"] -= 1
    problems = deck_problems(counts, CARDS)
    assert len(problems) == 1 and "Rice Paddy" in problems[0].en and "田んぼ" in problems[0].ja


def test_rule_exactly_one_keep() -> None:
    counts = dict(sample_starters()["spring"].cards)
    counts["keep-summer"] = 1
    counts["land-paddy"] -= 1
    problems = deck_problems(counts, CARDS)
    assert len(problems) == 1 and "keep" in problems[0].en and "天守閣" in problems[0].ja


def test_rule_one_error_per_violation() -> None:
    problems = deck_problems({"land-paddy": 6, "com-farmer": 5}, CARDS)
    # 11 cards, two names over four, no keep.
    assert len(problems) == 4


def test_deck_list_round_trip_in_both_languages() -> None:
    counts = dict(sample_starters()["autumn"].cards)
    for locale in ("en", "ja"):
        text = format_deck_list(counts, CARDS, locale)
        parsed, problems = parse_deck_list(text, CARDS)
        assert problems == [] and parsed == counts
    assert format_deck_list(counts, CARDS, "ja").splitlines()[0] == "1 小倉城・秋の天守"


def test_deck_list_reports_unknown_names_and_bad_lines() -> None:
    counts, problems = parse_deck_list("4 Farmer\n2 Dragon\nfour farmers\n# comment\n", CARDS)
    assert counts == {"com-farmer": 4}
    assert len(problems) == 2 and "Dragon" in problems[0].en and "3行目" in problems[1].ja


def test_options_accept_deck_lists_and_refuse_bad_ones() -> None:
    text = format_deck_list(dict(sample_starters()["winter"].cards), CARDS, "ja")
    opts = GAME.options({"decks": [text, "summer"]}, 2)
    state = GAME.setup(2, opts, Rng(b"x" * 32))
    assert Counter(state.cards[c] for c in state.cards if state.owner[c] == 0) == Counter(sample_starters()["winter"].cards)
    with pytest.raises(BadOptions) as err:
        GAME.options({"decks": ["4 Farmer\n", "nonesuch"]}, 2)
    assert "Seat 1" in err.value.what.en and "Seat 2" in err.value.what.en and "1番席" in err.value.what.ja
    with pytest.raises(BadOptions):
        GAME.options({}, 3)


def test_default_decks_are_two_different_starters() -> None:
    for seed in range(6):
        state = GAME.setup(2, GAME.options({}, 2), Rng(bytes([seed]) * 32))
        keeps = {state.cards[p.keep_card] for p in state.players}
        assert len(keeps) == 2


def test_group_can_load_its_own_card_file() -> None:
    data = json.loads(bundled_text("engine.naru", "data/sample_cards.json"))
    data["set_id"] = "our-set"
    data["sample"] = False
    data["cards"].append({"key": "gen-ours", "name_en": "Our Hero", "name_ja": "我らの英雄", "kind": "general",
                          "cost": 6, "attribute": "force", "attack": 6, "defense": 6})
    cards = load_cards(json.dumps(data, ensure_ascii=False))
    game = NaruGame(cards)
    counts = dict(sample_starters()["summer"].cards)
    counts["gen-ours"], counts["gen-swordmaster"] = 2, 0
    counts = {k: v for k, v in counts.items() if v}
    text = format_deck_list(counts, cards)
    state = game.setup(2, game.options({"decks": [text, "spring"]}, 2), Rng(b"y" * 32))
    assert list(state.cards.values()).count("gen-ours") == 2


def test_starter_aliases_name_the_starters_in_order() -> None:
    assert GAME.options({"decks": ["starter-a", "starter-d"]}, 2) == {"decks": ["spring", "winter"]}
