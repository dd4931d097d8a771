"""Naru benchmark: engine-only self-play match time and replay rate.

Run: python3 bench/bench_naru.py [matches]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.selfplay import play_bots, replay_moves
from engine.naru.game import GAME


def main(matches: int = 200) -> None:
    times: list[float] = []
    steps: list[int] = []
    turns: list[int] = []
    reasons: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    played = []
    for seed in range(matches):
        start = time.perf_counter()
        result = play_bots(GAME, 2, seed)
        times.append(time.perf_counter() - start)
        steps.append(len(result.moves))
        turns.append(result.state.turn)
        assert result.outcome is not None
        reasons["keep fell" if "keep" in result.outcome.reason.en else "could not draw"] += 1
        played.append((seed, result))
        kinds.update(action["kind"] for _, action in result.moves)
    start, cpu_start = time.perf_counter(), time.process_time()
    actions = 0
    for seed, result in played[:50]:
        state = replay_moves(GAME, 2, seed, result.moves)
        assert state == result.state
        actions += len(result.moves)
    replay_time = time.perf_counter() - start
    replay_cpu = time.process_time() - cpu_start
    print(f"matches: {matches}, all finished")
    print(f"median match time: {statistics.median(times) * 1000:.1f} ms (max {max(times) * 1000:.1f} ms)")
    print(f"actions per match: median {statistics.median(steps):.0f}, max {max(steps)}")
    print(f"turns per match: median {statistics.median(turns):.0f}, max {max(turns)}")
    print(f"endings: {dict(reasons)}")
    print("actions by kind: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    # CPU time too: on a shared machine the wall clock mostly measures the neighbours.
    print(f"replay rate: {actions / replay_time:.0f} actions/s wall, {actions / replay_cpu:.0f} actions/s CPU")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
