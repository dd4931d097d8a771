"""A Discord move in *instructions*, which a shared machine does not move.

    python3 bench/bench_discord_instructions.py [--games warlords,naru] [--moves 40,120]

bench_discord.py times a move's CPU; on the shared two-core VMs this project runs on, the same
commit has given Naru 5.6 and 7.0 ms a move within the hour, a wider swing than most changes to
the bot make. valgrind's callgrind counts the instructions a run executes instead: the same total
for the same code and inputs, whatever else the machine is doing. For each game this script runs
bench_discord's own `run` (the same seeded matches, the same moves on the DM menus) under
callgrind for two move counts. The difference, over the moves between, is one move, without the
start-up, the imports and the opening of the first match.

What it counts: this process's threads (the event loop, the database thread), the harness and the
fake Discord included. Not counted: the drawing process, and the kernel's work (a move's fsync).
So it sits beside bench_discord's CPU figure, not in place of it. The issue's target (5 ms of CPU
a move) is in CPU time. Under valgrind the interpreter is about fifty times slower, so the
harness's wall-clock limits are widened; nothing else changes. Slow: about ten minutes a game.

Run it on a quiet machine all the same: some of the run still follows the wall clock. On 2026-12-05,
counted while other work loaded both cores, Musou and Warlords came out at 362 M and 407 M a move,
against 19.8 M and 16.7 M quiet (the cause was not found). A figure far from the last one is that,
not a change in the code.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_discord  # bench/ is the script's own directory

from tests.discord import harness


def _inner(game: str, moves: int, seed: int) -> None:
    """bench_discord's run of `game` for `moves` moves, as valgrind's pace needs."""
    harness.FIRST_RESPONSE_SECONDS = 10_000.0
    settle = harness.Harness.settle

    async def patient(self: harness.Harness, timeout: float = 10.0, ignore: tuple[str, ...] | None = None) -> None:
        await settle(self, max(timeout, 100_000.0), ignore)

    harness.Harness.settle = patient  # type: ignore[method-assign]
    done = asyncio.run(bench_discord.run(game, moves, seed, slash=False))
    print(f"made {done['made']}")


def _counted(game: str, moves: int, seed: int) -> tuple[int, int]:
    """(instructions, moves made) of one run under callgrind."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          __file__, "--inner", game, str(moves), str(seed)], capture_output=True, text=True)
    total, made = re.search(r"Collected : (\d+)", out.stderr), re.search(r"made (\d+)", out.stdout)
    if out.returncode != 0 or total is None or made is None:
        raise SystemExit(f"the run under callgrind failed ({out.returncode}):\n{out.stderr[-3000:]}")
    return int(total.group(1)), int(made.group(1))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default=",".join(bench_discord.GAMES), help="comma-separated (default: all four)")
    parser.add_argument("--moves", default="40,120", help="the two move counts whose difference is counted")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--inner", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        _inner(args.inner[0], int(args.inner[1]), int(args.inner[2]))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: apt-get install valgrind (or run bench_discord.py for CPU time)")
    fewer, more = sorted(int(n) for n in args.moves.split(","))
    print(f"python {sys.version.split()[0]}; seed {args.seed}; moves {fewer} and {more}, counted apart")
    for game in args.games.split(","):
        (low, low_made), (high, high_made) = _counted(game, fewer, args.seed), _counted(game, more, args.seed)
        per = (high - low) / (high_made - low_made)
        print(f"{game}: {per / 1e6:.2f} M instructions a move ({high_made - low_made} moves: {fewer}-{more}; "
              f"this process's threads, harness included; no kernel, no drawing process)")


if __name__ == "__main__":
    main()
