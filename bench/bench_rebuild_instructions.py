"""Rebuild cost against the read floor in *instructions*, which a shared machine does not move.

    python3 bench/bench_rebuild_instructions.py [--game G ...] [--events N] [--logs DIR]

bench_rebuild.py times CPU; on a busy VM its rounds swing by a third, more than most changes
to the rules. valgrind's callgrind counts the instructions a run executes instead, the same
total for the same code and inputs whatever else runs (valgrind is on every machine here). For
each game: bots play the bench's own matches into a SQLite file (kept in --logs, so two
checkouts can be counted on the very same logs), then this script runs itself under callgrind
reading and rebuilding every match once and twice; the difference is one warm rebuild. The
floor (plain sqlite3 SELECT + json.loads) is counted the same way. Slow: about two minutes per game.
Instructions are not the issue's measure (CPU time is): the interpreter's work runs fewer
instructions per cycle than sqlite's and json's C code, so CPU ratios run higher than these.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_rebuild import GAMES, TARGET, build_logs  # noqa: E402  (bench/ is the script's own directory)

from events.replay import rebuild  # noqa: E402
from events.store import Store  # noqa: E402


async def _make_logs(game_id: str, path: Path, events: int) -> None:
    store = await Store.open(path, durable=False)
    ids = await build_logs(store, game_id, events)
    await store.close()
    path.with_suffix(".ids").write_text("\n".join(ids))


async def _rebuild_all(path: Path, repeat: int) -> None:
    store = await Store.open(path, durable=False)
    ids = path.with_suffix(".ids").read_text().split()
    secrets = {m: await store.secret(m) for m in ids}
    for _ in range(repeat):
        for m in ids:
            # As the service rebuilds a match, and bench_rebuild times it: folded where the store reads.
            await store.fold(m, lambda events, secret=secrets[m]: rebuild(events, secret))
    await store.close()


def _floor_all(path: Path, repeat: int) -> None:
    ids = path.with_suffix(".ids").read_text().split()
    db = sqlite3.connect(path)
    for _ in range(repeat):
        for m in ids:
            for row in db.execute("SELECT seq, type, version, actor, command_id, at, payload, hash FROM events "
                                  "WHERE match_id = ? ORDER BY seq", (m,)).fetchall():
                json.loads(row[6])
    db.close()


def _counted(what: str, path: Path, repeat: int) -> int:
    """Instructions of this script run under callgrind doing `what` `repeat` times."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, __file__, "--inner", what, str(path), str(repeat)],
                         capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no total:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def _one_pass(what: str, path: Path) -> int:
    return _counted(what, path, 2) - _counted(what, path, 1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=GAMES, action="append", help="a game to count (repeatable; default all)")
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--logs", type=Path, default=None,
                        help="where the logs are kept (made there when missing); default a temporary directory")
    parser.add_argument("--inner", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        what, path, repeat = args.inner[0], Path(args.inner[1]), int(args.inner[2])
        if what == "rebuild":
            asyncio.run(_rebuild_all(path, repeat))
        else:
            _floor_all(path, repeat)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: apt-get install valgrind (or run bench_rebuild.py for CPU time)")
    temp = None if args.logs else tempfile.TemporaryDirectory()
    logs = args.logs if temp is None else Path(temp.name)
    logs.mkdir(parents=True, exist_ok=True)
    ratios = {}
    for game_id in args.game or GAMES:
        path = logs / f"{game_id}-{args.events}.sqlite"
        if not path.with_suffix(".ids").exists():
            asyncio.run(_make_logs(game_id, path, args.events))
        floor, rebuilt = _one_pass("floor", path), _one_pass("rebuild", path)
        ratios[game_id] = rebuilt / floor
        print(f"{game_id}: floor {floor / 1e6:,.0f} M instructions, rebuild {rebuilt / 1e6:,.0f} M "
              f"= {rebuilt / floor:.2f}x the floor ({path})")
    print("rebuild / floor in instructions: " + ", ".join(f"{g} {r:.2f}x" for g, r in ratios.items())
          + f"  [the issue's target, < {TARGET:.0f}x, is in CPU time: bench_rebuild.py]")
    if temp is not None:
        temp.cleanup()


if __name__ == "__main__":
    main()
