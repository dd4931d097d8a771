"""`parley migrate-db` copies a database and verifies the copy; run as a user runs it."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def cli(*args):
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], capture_output=True, text=True, timeout=120,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.mark.slow
def test_migrate_db_copies_a_played_match_and_refuses_a_second_copy(tmp_path):
    src, dst = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    played = cli("--db", str(src), "selfplay", "naru", "--games", "1", "--seed", "3")
    assert played.returncode == 0, played.stderr
    done = cli("migrate-db", "--from", f"sqlite:{src}", "--to", f"sqlite:{dst}")
    assert done.returncode == 0, done.stderr
    assert "✓" in done.stdout and "✗" not in done.stdout
    listed = cli("--db", str(dst), "list")
    assert "naru" in listed.stdout
    again = cli("migrate-db", "--from", f"sqlite:{src}", "--to", f"sqlite:{dst}")
    assert again.returncode != 0 and "Traceback" not in again.stderr
