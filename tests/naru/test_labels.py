from engine.core import Rng
from engine.core.play import step
from engine.core.selfplay import derive_secret, play_bots
from engine.naru.game import GAME


def test_keep_effect_labels_say_keep_effect_once():
    seen = 0
    for seed in range(6):
        played = play_bots(GAME, 2, seed)
        rng = Rng(derive_secret(seed))
        state = GAME.setup(2, GAME.options({}, 2), rng)
        counter = rng.counter
        for seat, action in played.moves:
            for choice in GAME.legal_actions(state, seat):
                if choice.action["kind"] == "keep_effect":
                    seen += 1
                    assert choice.label.en.count("Keep effect") == 1, choice.label.en
                    assert choice.label.ja.count("天守効果") == 1, choice.label.ja
            result = step(GAME, state, seat, action, derive_secret(seed), counter)
            state, counter = result.transition.state, result.counter
    assert seen > 0
