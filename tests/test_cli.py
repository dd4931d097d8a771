"""The command line, end to end, on a real database file."""

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from engine.registry import available

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["quarriors", "naru", "musou", "warlords"]


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_all_four_games_are_installed():
    assert set(GAMES) <= set(available())


@pytest.mark.parametrize("game,players", [("quarriors", 4), ("naru", 2), ("musou", 2), ("warlords", 5)])
def test_selfplay_finishes_and_replays_each_match(capsys, tmp_path, game, players):
    code, out, _ = run(capsys, "selfplay", game, "--players", str(players), "--games", "2", "--seed", "7",
                       "--db", str(tmp_path / "sp.sqlite"))
    assert code == 0, out
    assert out.count("replay=ok") == 2 and "MISMATCH" not in out
    assert all(re.search(r"winners=\d", line) for line in out.splitlines() if "replay=" in line)


def test_selfplay_with_the_same_seed_plays_the_same_matches(capsys):
    _, first, _ = run(capsys, "selfplay", "naru", "--games", "2", "--seed", "3")
    _, second, _ = run(capsys, "selfplay", "naru", "--games", "2", "--seed", "3")
    strip = lambda text: re.sub(r"\s+[\d.]+ ms", "", text).splitlines()[:-1]  # noqa: E731
    assert strip(first) == strip(second)


def test_play_from_piped_stdin_then_list_replay_export_undo(capsys, tmp_path, monkeypatch):
    db = str(tmp_path / "play.sqlite")
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\n1\n1\nboard\nnonsense here\n"))
    code, out, _ = run(capsys, "--db", db, "play", "naru", "--players", "ann,ben")
    assert code == 0
    match_id = re.search(r"match (\w+)", out).group(1)
    assert "Refused" in out  # the nonsense line got a clear error, not a crash
    assert "parley play --resume" in out
    code, out, _ = run(capsys, "--db", db, "list")
    assert match_id in out and "running" in out
    code, out, _ = run(capsys, "--db", db, "replay", match_id, "--verify")
    assert code == 0 and "✗" not in out
    code, out, _ = run(capsys, "--db", db, "replay", match_id, "--at", "5", "--as", "1")
    assert code == 0 and "event 5/" in out
    code, out, _ = run(capsys, "--db", db, "replay", match_id, "--turn", "0")
    assert code == 0 and "event " in out
    code, out, _ = run(capsys, "--db", db, "replay", match_id, "--turn", "99")
    assert code == 2
    code, out, _ = run(capsys, "--db", db, "export", match_id, "--as", "2")
    header = json.loads(out.splitlines()[0])
    assert header["redacted"] is True and "secret" not in header
    code, out, _ = run(capsys, "--db", db, "undo", match_id, "--count", "1", "--reason", "test")
    assert code == 0 and "revert" in out


def test_a_finished_match_exports_imports_and_verifies(capsys, tmp_path):
    db = str(tmp_path / "a.sqlite")
    run(capsys, "selfplay", "naru", "--games", "1", "--seed", "5", "--db", db)
    code, out, _ = run(capsys, "--db", db, "export", "sp-naru-5-0", "-o", str(tmp_path / "m.jsonl"))
    assert code == 0
    other = str(tmp_path / "b.sqlite")
    code, out, _ = run(capsys, "--db", other, "import", str(tmp_path / "m.jsonl"))
    assert code == 0 and "finished" in out
    code, out, _ = run(capsys, "--db", other, "verify", "sp-naru-5-0")
    assert code == 0 and "commitment" in out


def test_errors_are_clear_and_exit_non_zero(capsys, tmp_path):
    code, _, err = run(capsys, "--db", str(tmp_path / "e.sqlite"), "replay", "missing")
    assert code == 2 and "missing" in err
    code, _, err = run(capsys, "--db", str(tmp_path / "e.sqlite"), "--lang", "ja", "replay", "missing")
    assert "存在しません" in err


def test_the_console_script_runs():
    out = subprocess.run([sys.executable, "-m", "bot.cli", "list-games"], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    for game in GAMES:
        assert game in out


def test_backup_makes_a_usable_copy(capsys, tmp_path):
    db = str(tmp_path / "live.sqlite")
    run(capsys, "selfplay", "naru", "--games", "1", "--seed", "2", "--db", db)
    code, out, _ = run(capsys, "--db", db, "backup", str(tmp_path / "copy.sqlite"))
    assert code == 0
    code, out, _ = run(capsys, "--db", str(tmp_path / "copy.sqlite"), "list")
    assert "sp-naru-2-0" in out and "finished" in out
