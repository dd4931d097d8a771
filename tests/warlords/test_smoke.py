
import pytest

from engine.core.selfplay import play_bots
from engine.warlords.game import GAME


@pytest.mark.slow
def test_random_match_ends_with_result() -> None:
    played = play_bots(GAME, 4, 1)
    assert played.outcome is not None
    assert played.outcome.winners
