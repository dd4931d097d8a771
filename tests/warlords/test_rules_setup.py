"""Deck construction, data and set-up rules."""

from __future__ import annotations

import pickle

import pytest

from engine.core import RuleError
from engine.warlords import decks
from engine.warlords.cards import load_cards, rules, sample
from engine.warlords.game import GAME
from engine.warlords.opening import choose_first, hand_size
from engine.warlords.state import Player, WState

from .helpers import Table, act, rng


def _starter() -> dict[str, int]:
    return decks.starter("elvallie")


def test_rule_card_data_covers_every_card_type() -> None:
    types = {c.type for c in sample().cards}
    assert types == {"castle", "improvement", "hero", "banner", "army", "fleet", "ruin", "ally", "artefact",
                     "treasure", "diplomacy", "action", "terrain", "weather", "calamity", "spell", "time_passes"}
    cards = sample().cards
    assert {c.faction for c in cards if c.type == "banner"} == {f.id for f in sample().factions}
    assert len({c.home_faction for c in cards if c.home_faction}) == 8
    assert any(c.no_more_improvements for c in cards) and any(c.magic for c in cards)
    assert {c.calamity.kind for c in cards if c.calamity} == {"persistent", "transient", "instant"}
    assert any(c.sudden_death for c in cards) and any(c.port for c in cards)
    assert "SAMPLE" in sample().note.en


def test_rule_card_file_loads_from_its_text() -> None:
    from engine.core.bundled import bundled_text
    text = bundled_text("engine.warlords", "data/cards.json")
    assert load_cards(text).cards == sample().cards and load_cards(text) is not sample()


def test_rule_card_data_rejects_a_castle_without_revenue() -> None:
    from pydantic import ValidationError

    from engine.warlords.cards import CardDef
    with pytest.raises(ValidationError):
        CardDef.model_validate({"id": "x", "type": "castle", "name": {"en": "X", "ja": "X"}, "range": 3,
                                "capacity": 2, "unique": True})


def test_rule_starter_decks_are_legal_and_eight() -> None:
    assert len(decks.starter_ids()) == 8
    for d in decks.starter_ids():
        counts = decks.starter(d)
        assert decks.deck_errors(counts) == []
        assert sum(counts.values()) == 100
        from engine.warlords.cards import card
        assert {card(c).type for c in counts} == {c.type for c in sample().cards}  # every type in every deck
        # 7 in 100: about one card in ten, tuned down so sudden death ends fewer battles (docs).
        assert sum(n for c, n in counts.items() if card(c).sudden_death) == 7


def test_rule_deck_holds_100_to_120_cards() -> None:
    small = _starter()
    small["march_1"] -= 1
    assert any("100-120" in e.en for e in decks.deck_errors(small))
    big = _starter()
    big["march_1"] += 21
    errors = decks.deck_errors(big)
    assert len(errors) == 1 and "121" in errors[0].en and "121" in errors[0].ja


def test_rule_deck_at_most_six_castles() -> None:
    d = _starter()
    d["march_1"] -= 1
    d["castle_dunmoor"] = d.get("castle_dunmoor", 0) + 1
    castles = sum(n for c, n in d.items() if c.startswith(("castle_", "home_")))
    assert castles == 7
    errors = decks.deck_errors(d)
    assert len(errors) == 1 and "castles" in errors[0].en


def test_rule_deck_exactly_one_time_passes() -> None:
    d = _starter()
    d["time_passes"] = 2
    d["march_1"] -= 1
    assert [e.en for e in decks.deck_errors(d)] == ["Exactly 1 Time Passes card; this deck has 2."]
    d["time_passes"] = 0
    d["march_1"] += 2
    assert len(decks.deck_errors(d)) == 1


def test_rule_deck_one_error_per_violation() -> None:
    errors = decks.deck_errors({"home_elvallie": 1, "nope": 2})
    assert len(errors) == 3  # unknown card, size, no Time Passes


def test_rule_deck_list_export_import_round_trip() -> None:
    text = decks.export_deck(_starter(), "Elvallie")
    counts, errors = decks.import_deck(text)
    assert errors == [] and counts == _starter()
    _, bad = decks.parse_deck_list("two march_1\n")
    assert len(bad) == 1 and "Line 1" in bad[0].en


def test_rule_first_player_lowest_check_value() -> None:
    t = Table(3)
    t.deck(0, "march_7")
    t.deck(1, "march_2")
    t.deck(2, "march_5")
    choose_first(t.s)
    assert t.s.first == 1


def test_rule_first_player_ties_check_again() -> None:
    t = Table(3)
    t.deck(0, "march_6", "march_2")  # draws march_2 first, then march_6
    t.deck(1, "march_1", "march_2")
    t.deck(2, "march_8")
    choose_first(t.s)
    assert t.s.first == 1
    assert len(t.s.first_check) == 2


def test_rule_first_player_chooses_direction() -> None:
    s = GAME.setup(4, GAME.options({}, 4), rng())
    assert [p.seat for p in GAME.pending(s)] == [s.first]
    after = act(s, s.first, kind="direction", dir="ccw").state
    assert after.direction == -1
    assert after.pick_queue == [(s.first - k) % 4 for k in range(4)]


def test_rule_setup_picks_in_turn_order_and_hand_size() -> None:
    s = act(GAME.setup(2, GAME.options({}, 2), rng()), 0, kind="direction", dir="cw").state
    picker = s.pick_queue[0]
    other = s.pick_queue[1]
    assert [(p.seat, p.order) for p in GAME.pending(s)] == [(picker, 0), (other, 1)]  # later pickers listed, ranked
    assert GAME.legal_actions(s, other) == []
    choice = GAME.legal_actions(s, picker)[0].action
    before = pickle.dumps(s)
    with pytest.raises(RuleError):
        GAME.apply(s, other, GAME.legal_actions(s, picker)[0].action, rng())
    assert pickle.dumps(s) == before
    s2 = act(s, picker, **choice).state
    p = s2.players[picker]
    assert len(p.castles) == 1 and len(p.stacks) == 1
    from engine.warlords.stacks import castle_revenue
    assert len(p.hand) == hand_size(castle_revenue(s2, p.castles[0]))


def test_rule_setup_cannot_pick_a_card_in_play() -> None:
    s = WState(seats=2, cards={}, owner={}, players=[Player(deck=[]), Player(deck=[])], phase="pick", pick_queue=[1])
    t = Table(2)
    t.s = s
    t.castle(0, "castle_oakvale")
    t.stack(0, "hero_aerin")
    t.deck(1, "castle_oakvale", "hero_aerin", "castle_dunmoor", "hero_mira")
    options = [c.action for c in GAME.legal_actions(s, 1)]
    assert options == [{"kind": "pick", "castle": "c5", "hero": "c6"}]
    with pytest.raises(RuleError):
        act(s, 1, kind="pick", castle="c3", hero="c6")


def test_rule_hand_size_from_revenue() -> None:
    assert rules().hand.base == 10
    assert hand_size(30) == 10
    assert hand_size(31) == 11
    assert hand_size(41) == 12
    assert hand_size(20) == 10


def test_rule_options_reject_bad_decks() -> None:
    from engine.core import BadOptions
    with pytest.raises(BadOptions):
        GAME.options({"decks": ["nope"]}, 2)
    with pytest.raises(BadOptions):
        GAME.options({"deck_lists": ["1 march_1", "1 march_1"]}, 2)
    assert GAME.options({"decks": ["orcs_of_kor"]}, 3)["decks"] == ["orcs_of_kor"] * 3  # repeated round the table
    five = GAME.options({"decks": decks.starter_ids()[:5]}, 2)  # the lobby checks early with 2 seats
    assert len(five["decks"]) == 2
    ok = decks.export_deck(_starter())
    opts = GAME.options({"deck_lists": [ok, ok]}, 2)
    assert GAME.options(opts, 2) == opts  # validating twice changes nothing
    s = GAME.setup(2, opts, rng())
    assert sum(len(p.deck) for p in s.players) == 200


def test_rule_deck_list_reads_english_and_japanese_names() -> None:
    from engine.warlords.cards import catalogue

    names = [c.name for c in catalogue().values()]
    cid, card = next((i, c) for i, c in catalogue().items() if names.count(c.name) == 1)
    counts, errors = decks.parse_deck_list(f"3 {card.name.en.upper()}\n2x {card.name.ja}\n{cid}\n")
    assert errors == [] and counts == {cid: 6}
    _, bad = decks.parse_deck_list("4 No Such Card\n3\n2 March/Battle\n")
    assert len(bad) == 3 and "No Such Card" in bad[0].en and "2行目" in bad[1].ja
    assert "march_1" in bad[2].en  # a shared name asks for the id
