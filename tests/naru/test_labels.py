from engine.naru.game import GAME
from tests.contract.matches import bot_turns


def test_keep_effect_labels_say_keep_effect_once():
    seen = 0
    for seed in range(6):
        for turn in bot_turns(GAME, 2, seed):
            for choice in GAME.legal_actions(turn.state, turn.seat):
                if choice.action["kind"] == "keep_effect":
                    seen += 1
                    assert choice.label.en.count("Keep effect") == 1, choice.label.en
                    assert choice.label.ja.count("天守効果") == 1, choice.label.ja
    assert seen > 0
