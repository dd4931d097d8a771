"""Musou figures: engine-only self-play match time and replay rate.

Run: python3 bench/bench_musou.py [matches]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.selfplay import play_bots, replay_moves
from engine.musou.game import GAME


def main(matches: int = 40) -> None:
    times, steps, games, turns = [], [], [], []
    reasons: Counter[str] = Counter()
    played_all = []
    for seed in range(matches):
        start = time.perf_counter()
        played = play_bots(GAME, 2, seed)
        times.append(time.perf_counter() - start)
        assert played.outcome is not None
        steps.append(len(played.moves))
        games.append(len(played.state.results))
        turns.append(played.state.turn / len(played.state.results))
        reasons.update(played.state.reasons)
        played_all.append((seed, played))
    start, cpu = time.perf_counter(), time.process_time()
    actions = 0
    for seed, played in played_all[:10]:
        state = replay_moves(GAME, 2, seed, played.moves)
        assert state == played.state
        actions += len(played.moves)
    rate = actions / (time.perf_counter() - start)
    # CPU time too: on a shared machine wall time varies by 2x between runs.
    cpu_rate = actions / (time.process_time() - cpu)
    print(f"musou: {matches} bot matches (best of three)")
    print(f"  median match time      {statistics.median(times) * 1000:.0f} ms")
    print(f"  median actions/match   {statistics.median(steps):.0f} (max {max(steps)})")
    print(f"  games per match        {statistics.mean(games):.2f}")
    print(f"  median turns per game  {statistics.median(turns):.0f}")
    print(f"  game losses by         {dict(reasons)}")
    print(f"  replay rate            {rate:.0f} actions/s ({cpu_rate:.0f} per CPU second)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
