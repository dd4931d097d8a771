"""Every bench script runs to its end on small inputs.

The benches reach into the services (a match's events made without appending them, a null game
beside the framework), so a change to those can break a bench that no test imports: bench_log,
bench_pg and bench_quarriors each crashed that way, unseen until someone measured. This runs each
one on inputs small enough for CI and checks it exits cleanly and prints its figures. It checks no
figure: speed is the benches' to print, never a test's to assert.

Not run here: the two instruction benches (valgrind, minutes a game)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
PG = os.environ.get("PARLEY_TEST_PG") or "postgresql://postgres@127.0.0.1:5432/postgres"

# (script, its small arguments, a text its report always prints)
RUNS = [
    ("bench_board_pictures.py", ["--states", "2"], "target"),
    # On a held-out seed (issue 25: bots are measured on seeds their tuning never saw): the seed it says it played.
    ("bench_bots.py", ["--games", "1", "--game", "naru", "--pair", "normal:easy", "--workers", "1", "--first", "5000"],
     "seeds bench-bots-naru-WEAK-5000..5000"),
    ("bench_card_sets.py", ["--repeats", "1", "--kib", "8"], "ms CPU per match"),
    ("bench_discord.py", ["--quick"], "REST calls per move"),
    ("bench_gc.py", ["--quick"], "target"),
    ("bench_league.py", ["--players", "8", "--rounds", "2"], "target"),
    ("bench_log.py", ["--quick"], "target"),
    ("bench_musou.py", [], "replay"),
    ("bench_musou_menu.py", ["1", "--rounds", "1", "--reps", "1"], "µs per call"),
    ("bench_naru.py", [], "replay"),
    ("bench_naru_balance.py", [], "%"),
    ("bench_pacing.py", [], "target"),
    ("bench_pg.py", ["--quick", "--pg", PG], "[postgresql]"),
    ("bench_profile.py", [], "ms"),
    ("bench_quarriors.py", ["5"], "framework step with a null game"),
    ("bench_ratings.py", ["--matches", "100"], "target"),
    ("bench_rebuild.py", ["--events", "400", "--rounds", "1"], "rebuild / floor"),
    ("bench_replay_loop.py", ["--events", "400", "--rounds", "1"], "rebuild"),
    ("bench_replay_page.py", ["--games", "1"], "target"),
    ("bench_snapshots.py", ["--repeats", "5"], "target"),
    ("bench_snapshots.py", ["--matches", "40", "--sample", "8"], "cold load"),
    ("bench_stats.py", ["--matches", "20"], "best of 3"),
    ("bench_warlords.py", [], "replay"),
]


def _pg_answers() -> bool:
    parts = urlsplit(PG)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 5432), timeout=2):
            return True
    except OSError:
        return False


def test_every_bench_script_is_run_here() -> None:
    scripts = {p.name for p in (ROOT / "bench").glob("bench_*.py")}
    left_out = {"bench_discord_instructions.py", "bench_rebuild_instructions.py"}
    assert scripts - left_out == {script for script, _, _ in RUNS}


@pytest.mark.slow
@pytest.mark.parametrize(("script", "args", "printed"), RUNS, ids=[f"{s}{' '.join(a)}" for s, a, _ in RUNS])
def test_bench_runs_to_its_end(script: str, args: list[str], printed: str, tmp_path: Path) -> None:
    if script == "bench_pg.py" and not _pg_answers():
        pytest.skip(f"no PostgreSQL server answers at {PG}; set PARLEY_TEST_PG to run bench_pg")
    done = subprocess.run([sys.executable, str(ROOT / "bench" / script), *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, f"{script} {' '.join(args)} failed:\n{done.stderr[-3000:]}"
    assert printed in done.stdout, f"{script} printed no {printed!r}:\n{done.stdout[-2000:]}"
