"""Snapshot benchmark: dump + load of a real envelope, JSON (events.snapshot)
against the pickles it replaced. Target: a few ms per snapshot (one is
written every 200 events and read once per cold load).

Run: python3 bench/bench_snapshots.py [repeats]
"""

from __future__ import annotations

import pickle
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import Rng, commitment
from engine.core.play import step
from engine.core.selfplay import derive_secret
from engine.registry import get_game
from events import snapshot
from events.model import Player
from events.replay import MatchState

# (game, seats, where in the match): big states, late in long matches.
CASES = [("quarriors", 4, 0.9), ("naru", 2, 0.7), ("musou", 2, 0.6), ("warlords", 8, 0.5)]


def envelope(game_id: str, seats: int, fraction: float, seed: int = 1) -> MatchState:
    game = get_game(game_id)
    secret = derive_secret(seed)
    options = game.options({}, seats)
    rng = Rng(secret)
    state, counter = game.setup(seats, options, rng), rng.counter
    bots = Rng(derive_secret(seed, "bots"))
    states = [(state, counter)]
    while pending := game.pending(state):
        seat = min(pending, key=lambda p: (p.order, p.seat)).seat
        result = step(game, state, seat, game.bot_action(state, seat, bots), secret, counter)
        state, counter = result.transition.state, result.counter
        states.append((state, counter))
    state, counter = states[int(len(states) * fraction)]
    players = tuple(Player(id=f"bot:{i}", name=f"Bot {i}") for i in range(seats))
    return MatchState(match_id="bench", game_id=game_id, ruleset=game.ruleset, options=options,
                      commitment=commitment(secret), creator=players[0].id, status="running", lobby=players,
                      seats=players, state=state, counter=counter, seq=len(states))


def per_call(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def main(repeats: int = 200) -> None:
    print(f"{'case':<22}{'JSON bytes':>11}{'dump ms':>9}{'load ms':>9}   {'pickle bytes':>12}{'dump ms':>9}{'load ms':>9}")
    for game_id, seats, fraction in CASES:
        ms = envelope(game_id, seats, fraction)
        blob = snapshot.dump(ms)
        assert snapshot.load(blob, ms.seq, ms.game.ruleset) == ms
        pick = pickle.dumps(ms, pickle.HIGHEST_PROTOCOL)
        dump = per_call(lambda: snapshot.dump(ms), repeats)  # noqa: B023
        load = per_call(lambda: snapshot.load(blob, ms.seq, ms.game.ruleset), repeats)  # noqa: B023
        pdump = per_call(lambda: pickle.dumps(ms, pickle.HIGHEST_PROTOCOL), repeats)  # noqa: B023
        pload = per_call(lambda: pickle.loads(pick), repeats)  # noqa: B023
        label = f"{game_id} {seats}p @{ms.seq}"
        print(f"{label:<22}{len(blob):>11}{dump:>9.2f}{load:>9.2f}   {len(pick):>12}{pdump:>9.2f}{pload:>9.2f}")
    print("target: dump + load within a few ms per snapshot")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
