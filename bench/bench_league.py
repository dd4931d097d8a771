"""How long pairing a Swiss round takes (issue 23: a 64-player round in
under 1 s). Prints figures beside the target.

    python3 bench/bench_league.py [--players N] [--rounds R]

Plays R rounds of a field of N: each round is paired by events.league.pairing
.swiss (networkx's maximum-weight matching over every pair) from the
standings the previous rounds' random results give, and timed; the worst and
the median round are printed, with the pod Swiss of a 64-player Warlords-sized
field (pods of 6) beside them."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.league.pairing import met_pairs, pod_swiss, swiss
from events.league.standings import Played, standings

TARGET = 1.0  # seconds per round


def play(n: int, rounds: int, pod: int, rng: random.Random) -> list[float]:
    players = [f"p{i}" for i in range(n)]
    played: list[Played] = []
    had_bye: set[str] = set()
    times = []
    for r in range(1, rounds + 1):
        table = standings(players, played)
        order = [s.player for s in table]
        scores = {s.player: s.score for s in table}
        met = met_pairs([t.players for t in played if len(t.players) > 1])
        start = time.perf_counter()
        pairing = swiss(order, scores, met, had_bye) if pod == 2 else pod_swiss(order, scores, met, pod)
        times.append(time.perf_counter() - start)
        for t in pairing.tables:
            ranks = list(range(1, len(t) + 1))
            rng.shuffle(ranks)
            played.append(Played(r, tuple(zip(t, ranks, strict=True))))
        for b in pairing.byes:
            had_bye.add(b)
            played.append(Played(r, ((b, 1),)))
    return times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=64)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    rng = random.Random(1)
    for label, n, pod in ((f"Swiss, {args.players} players", args.players, 2),
                          (f"Swiss, {args.players + 1} players (a bye)", args.players + 1, 2),
                          (f"pod Swiss, {args.players} players in sixes", args.players, 6)):
        times = play(n, args.rounds, pod, rng)
        print(f"{label:<40} worst round {max(times) * 1000:8.1f} ms, median {statistics.median(times) * 1000:8.1f} ms"
              f"   (target < {TARGET * 1000:.0f} ms: {'met' if max(times) < TARGET else 'MISSED'})")


if __name__ == "__main__":
    main()
