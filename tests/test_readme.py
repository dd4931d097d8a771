"""README.md's two start commands stay true: CI runs the test one verbatim, then
the slow tests it leaves out, and the play one names a real subcommand and game."""

import re
from pathlib import Path

from bot.cli import parser
from engine.registry import available

ROOT = Path(__file__).resolve().parents[1]


def commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.split("## Start", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in start.splitlines() if line.startswith("    ") and line.strip()]


def test_readme_has_exactly_two_start_commands():
    assert len(commands()) == 2


def test_ci_runs_the_readme_test_command_verbatim():
    test_command = next(c for c in commands() if "pytest" in c)
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_ci_runs_the_slow_tests_the_readme_command_leaves_out():
    test_command = next(c for c in commands() if "pytest" in c)
    assert "-m 'not slow'" in test_command
    after = (ROOT / ".ci" / "run").read_text(encoding="utf-8").split(test_command, 1)[1]
    assert ".venv/bin/python -m pytest -q -n auto -m slow" in after


def test_the_readme_play_command_parses():
    play = next(c for c in commands() if " play " in c)
    argv = play.split("parley", 1)[1].split()
    args = parser().parse_args(argv)
    assert args.command == "play" and args.game in available()
    assert re.search(r"--players \w+,\w+", play)
