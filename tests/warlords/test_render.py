from bot.render import warlords as render
from engine.core import SPECTATOR, Viewer
from engine.core.selfplay import play_bots
from engine.warlords.game import GAME


def test_render_board_and_private_fit_discord_for_eight_players() -> None:
    played = play_bots(GAME, 8, 3)
    for locale in ("en", "ja"):
        text = render.board(GAME.view(played.state, SPECTATOR), locale)
        assert 0 < len(text) <= 1900
        mine = render.private(GAME.view(played.state, Viewer.of(0)), 0, locale)
        assert len(mine) <= 1900
    assert "Glory Road" in render.board(GAME.view(played.state, SPECTATOR), "en")
    assert "グローリーロード" in render.board(GAME.view(played.state, SPECTATOR), "ja")


def test_render_board_names_who_must_assign_losses() -> None:
    from .test_rules_battle import _garrison_choice
    t, _, _ = _garrison_choice()
    assert "Waiting: 2 (assign losses)" in render.board(GAME.view(t.s, SPECTATOR), "en")
    assert "損失割り振り" in render.board(GAME.view(t.s, SPECTATOR), "ja")
    assert GAME.view(t.s, SPECTATOR)["decision"]["losses"] == {"attacker": 0, "defender": 8}
