"""Musou's legal choices per Discord move: CPU µs per Game.legal_actions call
(what MatchService.choices_of computes once per move) at every decision of
bot matches, overall and by stage. Target: well under the 5 ms whole-move
budget (issue 25).

Run: python3 bench/bench_musou_menu.py [matches] [--against CHECKOUT] [--rounds N]
With --against, each round times the other checkout then this one, each in a
fresh process, alternating, on the same positions (same rules, same bots).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def measure(matches: int, reps: int) -> dict[str, float]:
    """µs per legal_actions call, overall and per stage (the checkout on sys.path)."""
    from engine.core import Rng
    from engine.core.play import step
    from engine.core.selfplay import derive_secret
    from engine.musou.game import GAME

    seen = []
    for seed in range(matches):
        secret = derive_secret(seed)
        rng = Rng(secret, 0)
        state = GAME.setup(2, GAME.options({}, 2), rng)
        counter, bots = rng.counter, Rng(derive_secret(seed, "bots"))
        while pending := GAME.pending(state):
            seen += [(state, p.seat) for p in pending]
            seat = min(pending, key=lambda p: (p.order, p.seat)).seat
            result = step(GAME, state, seat, GAME.bot_action(state, seat, bots), secret, counter)
            state, counter = result.transition.state, result.counter
    spent: dict[str, float] = defaultdict(float)
    calls: dict[str, int] = defaultdict(int)
    for _ in range(reps):
        for state, seat in seen:
            start = time.process_time_ns()
            GAME.legal_actions(state, seat)
            spent[state.stage] += time.process_time_ns() - start
            calls[state.stage] += 1
    out = {stage: spent[stage] / calls[stage] / 1000 for stage in sorted(spent)}
    out["all"] = sum(spent.values()) / sum(calls.values()) / 1000
    return out


def child(root: str, matches: int, reps: int) -> dict[str, float]:
    code = (f"import sys, json; sys.path.insert(0, {root!r}); sys.path.insert(1, {str(HERE / 'bench')!r}); "
            f"import bench_musou_menu as b; print(json.dumps(b.measure({matches}, {reps})))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    figures: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("matches", type=int, nargs="?", default=10)
    parser.add_argument("--against", help="another checkout to time alternately (e.g. main's commit)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    roots = {"this": str(HERE)}
    if args.against:
        roots = {"other": str(Path(args.against).resolve()), **roots}
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in roots}
    for _ in range(args.rounds):
        for name, root in roots.items():
            runs[name].append(child(root, args.matches, args.reps))
    print(f"musou legal_actions, CPU µs per call over {args.matches} bot matches "
          f"(median of {args.rounds} alternating rounds; target: well under 5000 per move)")
    stages = list(runs["this"][0])
    print(f"  {'stage':10}" + "".join(f"{name + ' ' + roots[name][-20:]:>34}" for name in roots))
    for stage in stages:
        print(f"  {stage:10}" + "".join(f"{statistics.median(r[stage] for r in runs[name]):>34.1f}" for name in roots))


if __name__ == "__main__":
    main()
