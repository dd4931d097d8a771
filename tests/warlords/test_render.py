import pytest

from bot.render import warlords as render
from engine.core import SPECTATOR, Viewer
from engine.core.selfplay import play_bots
from engine.warlords.game import GAME


@pytest.mark.slow
def test_render_board_for_eight_players_is_whole_and_ends_with_its_legend() -> None:
    # Boards are not clipped: the Discord front end splits long ones.
    played = play_bots(GAME, 8, 3)
    view = GAME.view(played.state, SPECTATOR)
    for locale, legend in (("en", "Key: "), ("ja", "凡例：")):
        text = render.board(view, locale)
        assert not text.endswith("…") and text.splitlines()[-1].startswith(legend)
        assert all(f"⟦{p['seat']}⟧" in text for p in view["players"])
        assert render.private(GAME.view(played.state, Viewer.of(0)), 0, locale)
    assert "Glory Road" in render.board(view, "en")
    assert "グローリーロード" in render.board(view, "ja")


def test_render_board_names_who_must_assign_losses() -> None:
    from .test_rules_battle import _garrison_choice
    t, _, _ = _garrison_choice()
    assert "Waiting for ⟦1⟧ to assign battle losses" in render.board(GAME.view(t.s, SPECTATOR), "en")
    assert "⟦1⟧を待っています（損失の割り振り）" in render.board(GAME.view(t.s, SPECTATOR), "ja")
    assert GAME.view(t.s, SPECTATOR)["decision"]["losses"] == {"attacker": 0, "defender": 8}
