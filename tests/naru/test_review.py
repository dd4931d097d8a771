"""Regression tests from the review: rituals chanted by a face-down commoner,
errors that say what is allowed without naming hand cards, the public
promotion reveal, the hand-written state copy, and the Japanese PNG font."""

from __future__ import annotations

import pytest

from engine.core import SPECTATOR, RuleError
from engine.core.contract import clone
from engine.core.selfplay import play_bots, replay_moves
from engine.naru.game import GAME
from engine.naru.state import NaruState
from tests.naru.builder import Board, act, sq


def error(state: NaruState, seat: int, kind: str, **args: object) -> RuleError:
    before = clone(state)
    with pytest.raises(RuleError) as err:
        act(state, seat, kind, **args)
    assert state == before
    return err.value


# -- rituals -------------------------------------------------------------------

def test_rule_face_down_faith_commoner_chants_a_ritual_and_turns_face_up() -> None:
    b = Board()
    b.s.players[0].resources = 5
    prayer = b.hand(0, "rit-prayer")
    b.land(0, "land-shrine", "A2")
    maiden = b.unit(0, "com-maiden", "A2", facedown=True)
    choices = [c.action for c in GAME.legal_actions(b.s, 0) if c.action["kind"] == "ritual"]
    assert choices == [{"kind": "ritual", "card": prayer, "by": "A2"}]
    t = act(b.s, 0, "ritual", card=prayer, by="A2")
    unit = t.state.units[sq("A2")]
    assert unit is not None and not unit.facedown and unit.cards == [maiden]
    assert t.state.players[0].life == 3 and prayer in t.state.players[0].exile
    assert any("Shrine Maiden" in line.en for line in t.log)


def test_rule_ritual_with_a_face_up_chanter_reveals_nobody() -> None:
    b = Board()
    b.s.players[0].resources = 5
    prayer = b.hand(0, "rit-prayer")
    b.land(0, "land-shrine", "A2")
    b.land(0, "land-temple", "C2")
    b.unit(0, "com-maiden", "A2", facedown=True)
    b.unit(0, "gen-priest", "C2")
    choices = [c.action for c in GAME.legal_actions(b.s, 0) if c.action["kind"] == "ritual"]
    assert choices == [{"kind": "ritual", "card": prayer}]
    s = act(b.s, 0, "ritual", card=prayer).state
    assert s.units[sq("A2")].facedown  # type: ignore[union-attr]


def test_rule_ritual_chanter_must_be_a_faith_unit_on_a_faith_land() -> None:
    b = Board()
    b.s.players[0].resources = 5
    prayer = b.hand(0, "rit-prayer")
    b.land(0, "land-shrine", "A2")
    b.unit(0, "com-maiden", "A2", facedown=True)
    b.unit(0, "com-farmer", "C2", facedown=True)  # not a faith unit
    err = error(b.s, 0, "ritual", card=prayer, by="C2")
    assert "A2" in err.message("en")
    error(b.s, 0, "ritual", card=prayer, by="nowhere")
    b.at("A2").summoned_turn = b.s.turn  # placed this turn: cannot chant
    error(b.s, 0, "ritual", card=prayer)


# -- error messages ------------------------------------------------------------

def test_rule_errors_never_name_type_or_price_a_hand_card() -> None:
    b = Board(phase="summon")
    b.s.players[0].resources = 1
    strategist = b.hand(0, "gen-strategist")
    for kind, args in (("land", {"at": "A1"}), ("equip", {"at": "B1"}), ("summon", {"at": "A2"}),
                       ("tool", {}), ("ritual", {})):
        b.land(0, "land-paddy", "A2")
        err = error(b.s, 0, kind, card=strategist, **args)
        for locale in ("en", "ja"):
            text = err.message(locale)
            for word in ("Strategist", "軍師", "5"):
                assert word not in text, (kind, text)
            for word in ("general", "武将"):  # the hint lists every type; the complaint names none
                assert word not in err.what(locale), (kind, text)
            assert err.allowed is not None


def test_rule_errors_say_what_is_allowed_instead() -> None:
    b = Board()
    b.unit(0, "gen-captain", "B2")
    b.land(0, "land-paddy", "A2")
    err = error(b.s, 0, "move", **{"from": "B2", "to": "C1"})
    assert err.allowed is not None and "A2" in err.allowed.en and "A2" in err.allowed.ja
    err = error(b.s, 0, "move", **{"from": "C3", "to": "C4"})
    assert err.allowed is not None and "B2" in err.allowed.en
    b.s.phase = "summon"
    farmer = b.hand(0, "com-farmer")
    err = error(b.s, 0, "summon", card=farmer, at="C3")
    assert err.allowed is not None and "A2" in err.allowed.en
    paddy = b.hand(0, "land-paddy")
    err = error(b.s, 0, "land", card=paddy, at="C4")
    assert err.allowed is not None and "A1" in err.allowed.en
    err = error(b.s, 0, "end_turn")
    assert err.allowed is not None and "end_summon" in err.allowed.en


# -- promotion -----------------------------------------------------------------

def test_rule_promotion_from_deck_shows_the_cards_revealed_before_the_general() -> None:
    b = Board()
    general = b.card(0, "gen-archer")
    b.s.players[0].deck.insert(2, general)
    b.unit(0, "com-farmer", "A3")
    b.land(1, "land-town", "A4")
    s = act(b.s, 0, "move", **{"from": "A3", "to": "A4"}).state
    t = act(s, 0, "promote_deck")
    line = t.log[-1]
    assert "Rice Paddy, Rice Paddy" in line.en and "Archer Captain" in line.en
    assert "田んぼ、田んぼ" in line.ja and "弓大将" in line.ja


# -- the state copy used by apply -------------------------------------------------

def test_state_copy_equals_a_deep_clone_and_shares_nothing_mutable() -> None:
    played = play_bots(GAME, 2, 21)
    for n in range(0, len(played.moves), 7):
        state = replay_moves(GAME, 2, 21, played.moves[:n])
        copy = state.copy()
        assert copy == clone(state)
        for a, b in zip(copy.players, state.players, strict=True):
            assert a is not b and a.deck is not b.deck and a.hand is not b.hand
            assert a.jail is not b.jail and a.exile is not b.exile
        for u, v in zip(copy.units, state.units, strict=True):
            assert u is None or (u is not v and u.cards is not v.cards)  # type: ignore[union-attr]
        assert copy.lands is not state.lands and copy.units is not state.units
        assert state.battle is None or copy.battle is not state.battle


# -- the PNG board ----------------------------------------------------------------

def test_render_image_in_japanese_when_a_cjk_font_is_installed() -> None:
    from bot.render import naru as render
    from bot.render import svg as svgkit

    played = play_bots(GAME, 2, 4)
    view = GAME.view(replay_moves(GAME, 2, 4, played.moves[:40]), SPECTATOR)
    english = render.image(view, "en")
    assert english.startswith(b"\x89PNG")
    assert svgkit.japanese()  # the font that ships in bot/render/fonts
    assert render.image(view) != english


def test_render_image_falls_back_to_english_without_a_cjk_font(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.render import naru as render
    from bot.render import svg as svgkit

    monkeypatch.setattr(svgkit, "japanese", lambda: False)
    played = play_bots(GAME, 2, 4)
    view = GAME.view(replay_moves(GAME, 2, 4, played.moves[:40]), SPECTATOR)
    assert render.image(view) == render.image(view, "en")
    # A name resvg could not draw becomes the seat's label.
    assert render.image(view, names=["花子", "Bob"]) == render.image(view, names=["", "Bob"])


def test_rule_moved_marks_clear_at_end_of_turn() -> None:
    b = Board()
    b.unit(0, "gen-captain", "B2")
    b.land(0, "land-paddy", "A2")
    s = act(b.s, 0, "move", **{"from": "B2", "to": "A2"}).state
    assert s.units[sq("A2")].moved  # type: ignore[union-attr]
    s = act(s, 0, "end_turn").state
    assert s.active == 1 and not s.units[sq("A2")].moved  # type: ignore[union-attr]
    assert GAME.view(s, SPECTATOR)["board"][sq("A2")]["unit"]["moved"] is False
