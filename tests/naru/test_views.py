"""Views, public descriptions and rendering."""

from __future__ import annotations

import hashlib
import json

import pytest

from bot.render import naru as render
from engine.core import ALL_SEEING, SPECTATOR, Viewer
from engine.core.redaction import leaked
from engine.core.selfplay import play_bots, replay_moves
from engine.naru.cards import sample_cards
from engine.naru.decks import parse_deck_list
from engine.naru.game import GAME, hidden_ids
from tests.contract.matches import walk
from tests.naru.builder import Board, sq


def face_down_position() -> tuple[Board, str]:
    b = Board()
    cid = b.unit(1, "com-maiden", "B3", facedown=True)
    return b, cid


def test_view_face_down_commoner_hidden_from_opponent_and_spectator() -> None:
    b, cid = face_down_position()
    for viewer in (Viewer.of(0), SPECTATOR):
        view = GAME.view(b.s, viewer)
        text = json.dumps(view, ensure_ascii=False)
        assert cid not in text and "Shrine Maiden" not in text and "巫女" not in text
        assert view["board"][sq("B3")]["unit"] == {"owner": 1, "facedown": True, "sick": False, "moved": False}
        assert cid in hidden_ids(b.s, viewer)
        assert leaked(view, hidden_ids(b.s, viewer)) == set()


def test_view_owner_sees_own_face_down_commoner() -> None:
    b, cid = face_down_position()
    unit = GAME.view(b.s, Viewer.of(1))["board"][sq("B3")]["unit"]
    assert unit["facedown"] and unit["cards"][0]["id"] == cid
    assert cid not in hidden_ids(b.s, Viewer.of(1)) and hidden_ids(b.s, ALL_SEEING) == set()


def test_view_hands_and_decks_are_private() -> None:
    b = Board()
    secret = b.hand(1, "gen-strategist")
    view = GAME.view(b.s, Viewer.of(0))
    assert view["players"][1]["hand"] == {"hidden": 1} and view["players"][0]["deck"] == {"hidden": 10}
    assert secret in json.dumps(GAME.view(b.s, Viewer.of(1)))
    assert not leaked(view, b.s.players[0].deck)


def test_describe_never_names_a_face_down_summon() -> None:
    b = Board(phase="summon")
    farmer = b.hand(0, "com-farmer")
    text = GAME.describe(b.s, 0, {"kind": "summon", "card": farmer, "at": "B1"})
    assert "Farmer" not in text.en and "百姓" not in text.ja and "face-down" in text.en
    label = next(c.label for c in GAME.legal_actions(b.s, 0) if c.action.get("card") == farmer)
    assert "Farmer" in label.en  # the player's own menu may name it


def test_deck_list_accepts_full_width_digits_and_spaces() -> None:
    counts, problems = parse_deck_list("４　百姓\n2x Farmer\n", sample_cards())
    assert problems == [] and counts == {"com-farmer": 6}


def test_render_board_private_and_image() -> None:
    played = play_bots(GAME, 2, 3)
    state = replay_moves(GAME, 2, 3, played.moves[: len(played.moves) // 2])
    for locale in ("en", "ja"):
        text = render.board(GAME.view(state, SPECTATOR), locale)
        assert render.LEGEND[1 if locale == "ja" else 0] in text.splitlines()
        mine = render.private(GAME.view(state, Viewer.of(0)), 0, locale)
        assert all(render._name(c, locale) in mine for c in GAME.view(state, Viewer.of(0))["players"][0]["hand"])
    png = render.image(GAME.view(state, SPECTATOR))
    assert png.startswith(b"\x89PNG")
    final = render.board(GAME.view(played.state, SPECTATOR), "ja")
    assert "勝利" in final


def test_render_every_step_for_every_viewer() -> None:
    played = play_bots(GAME, 2, 11)
    for n in range(0, len(played.moves) + 1, 3):
        state = replay_moves(GAME, 2, 11, played.moves[:n])
        for viewer in (Viewer.of(0), Viewer.of(1), SPECTATOR):
            view = json.loads(json.dumps(GAME.view(state, viewer)))
            assert render.board(view, "ja") and render.board(view, "en")
            if viewer.seat is not None:
                render.private(view, viewer.seat, "en")
        if n % 30 == 0:
            assert render.image(GAME.view(state, SPECTATOR)).startswith(b"\x89PNG")


def test_instance_ids_say_nothing_about_the_card() -> None:
    from engine.core import Rng
    maps = [GAME.setup(2, GAME.options({"decks": ["spring", "summer"]}, 2), Rng(bytes([i]) * 32)).cards
            for i in range(3)]
    assert maps[0] != maps[1] and maps[1] != maps[2]
    assert set(maps[0]) == set(maps[1])


def test_describe_land_swap_names_only_the_land_taken() -> None:
    b = Board(phase="swap")
    secret = b.hand(0, "gen-strategist")
    text = GAME.describe(b.s, 0, {"kind": "land_swap", "give": secret, "take": "land-paddy"})
    assert "Strategist" not in text.en and "軍師" not in text.ja and "Rice Paddy" in text.en


@pytest.mark.slow
def test_every_viewers_view_through_bot_matches_is_byte_for_byte_what_it_was() -> None:
    """Views are built together, sharing cards, lands and units between viewers: each view
    is still exactly what naru's views were before (their JSON, key order included, through
    three bot matches hashes as it did), and a view built with others is the one built alone."""
    digest = hashlib.sha256()
    for seed in (1, 2, 3):
        for _, _, _, step in walk("naru", seed):
            state = step.transition.state
            viewers = [SPECTATOR, Viewer.of(0), Viewer.of(1), ALL_SEEING]
            alone = [json.dumps(GAME.view(state, viewer), ensure_ascii=False) for viewer in viewers]
            assert [json.dumps(v, ensure_ascii=False) for v in GAME.views(state, viewers)] == alone
            for text in alone:
                digest.update(text.encode())
    assert digest.hexdigest() == "16ed7f0f19a524342bf3fc0f9046daba7e02e046fc27ba9a6ba7e816f75506d7"
