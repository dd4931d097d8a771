"""Quarriors benchmark (CPU time of this process, steadier on a shared machine):
engine-only 4-player bot matches (median seconds per
match) and replay speed (actions per second when rebuilding a finished match).

Run: python3 bench/bench_quarriors.py [matches]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import Rng, Text, Transition
from engine.core.contract import Pending
from engine.core.play import step
from engine.core.selfplay import play_bots, replay_moves
from engine.quarriors.game import GAME


class _Null:
    """A game that does nothing: the framework's own cost per step on this machine."""

    prompts = (Pending(0, "turn", Text("", "")),)

    def pending(self, state: object) -> tuple[Pending, ...]:
        return self.prompts

    def waiting(self, state: object) -> tuple[int, ...]:
        return (0,)

    def apply(self, state: object, seat: int, action: object, rng: Rng) -> Transition[object]:
        return Transition(state, (Text("", ""),))


def calibration(replay_us: float) -> None:
    n = 20000
    t0 = time.process_time()
    for _ in range(n):
        sum(range(1000))
    loop = (time.process_time() - t0) / n * 1e6
    t0 = time.process_time()
    for _ in range(n):
        step(_Null(), None, 0, {"kind": "x"}, b"x" * 32, 0)  # type: ignore[arg-type]
    floor = (time.process_time() - t0) / n * 1e6
    rng = Rng(b"x" * 32)
    t0 = time.process_time()
    for _ in range(n):
        rng.below(6)
    draw = (time.process_time() - t0) / n * 1e6
    print(f"machine: sum(range(1000)) {loop:.1f} us; framework step with a null game {floor:.1f} us "
          f"(at most {1e6 / floor:,.0f} actions/s); one Rng draw {draw:.1f} us")
    # Load-independent figures: the shared machine's speed varies severalfold with other work.
    print(f"replay per action: {replay_us:.1f} us = {replay_us / loop:.2f} x sum(range(1000)); "
          f"the game's own share (minus the null step) {replay_us - floor:.1f} us = {(replay_us - floor) / loop:.2f} x")


def main(matches: int = 50) -> None:
    times, steps, turns = [], [], []
    played_all = []
    for seed in range(matches):
        t0 = time.process_time()
        played = play_bots(GAME, 4, f"bench-{seed}")
        times.append(time.process_time() - t0)
        steps.append(len(played.moves))
        turns.append(played.state.turn)
        played_all.append((seed, played))
    t0 = time.process_time()
    actions = 0
    for seed, played in played_all:
        state = replay_moves(GAME, 4, f"bench-{seed}", played.moves)
        assert state == played.state
        actions += len(played.moves)
    replay = time.process_time() - t0
    print(f"4-player bot match: median {statistics.median(times) * 1000:.1f} ms "
          f"(max {max(times) * 1000:.1f} ms) over {matches} matches")
    print(f"actions per match: median {statistics.median(steps)}, turns per match: median {statistics.median(turns)}")
    print(f"replay: {actions / replay:,.0f} actions/s ({actions} actions)")
    calibration(replay / actions * 1e6)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
