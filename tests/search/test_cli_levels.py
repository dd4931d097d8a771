"""Bot levels from the command line: `parley play GAME --bots 1 --level hard`
and `parley selfplay GAME --level ...`, through the real service and store."""

from __future__ import annotations

import asyncio
import io
import re
import sys

import pytest

from bot.cli import main
from engine.registry import register
from events.store import Store
from tests.terminal.parlour import GAME as PARLOUR

register(PARLOUR)  # a game without a search bot


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def seated(db: str) -> list[list[str]]:
    """The player ids of each match in the database (`parley list` shows their names)."""
    async def read() -> list[list[str]]:
        store = await Store.open(db)
        try:
            return [row.players for row in await store.matches()]
        finally:
            await store.close()
    return asyncio.run(read())


@pytest.mark.slow
def test_play_against_a_hard_bot_seats_it_with_its_level(capsys: pytest.CaptureFixture[str], tmp_path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("USER", "zoe")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    db = str(tmp_path / "hard.sqlite")
    code, out, _ = run(capsys, "--db", db, "play", "naru", "--bots", "1", "--level", "hard")
    assert code == 0, out
    assert "Bot 1 (hard)" in out
    _, listed, _ = run(capsys, "--db", db, "list")
    assert "  zoe, Bot 1 (hard)  " in listed
    assert seated(db) == [["local:zoe", "bot:hard:1"]]


def test_play_without_a_level_keeps_the_easy_bot_and_its_old_id(capsys: pytest.CaptureFixture[str], tmp_path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("USER", "zoe")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    db = str(tmp_path / "easy.sqlite")
    assert run(capsys, "--db", db, "play", "naru", "--bots", "1")[0] == 0
    assert "  zoe, Bot 1  " in run(capsys, "--db", db, "list")[1]
    assert seated(db) == [["local:zoe", "bot:1"]]


def test_an_unknown_level_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    db = str(tmp_path / "bad.sqlite")
    with pytest.raises(SystemExit) as exit_:
        main(["--db", db, "play", "naru", "--bots", "1", "--level", "expert"])
    assert exit_.value.code == 2
    assert "invalid choice: 'expert'" in capsys.readouterr().err
    code, _, err = run(capsys, "selfplay", "naru", "--games", "1", "--level", "hard,hard,hard")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "--level takes one of easy, normal, hard, or one per seat (2)" in err
    code, _, err = run(capsys, "selfplay", "parlour", "--games", "1", "--level", "hard")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "There is no bot level 'hard' for Parlour" in err


def test_selfplay_with_levels_per_seat_finishes_and_replays(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    db = str(tmp_path / "sp.sqlite")
    code, out, _ = run(capsys, "selfplay", "naru", "--games", "1", "--seed", "4", "--level", "normal,easy",
                       "--db", db)
    assert code == 0, out
    assert "replay=ok" in out and re.search(r"winners=\d", out)
    _, listed, _ = run(capsys, "--db", db, "list")
    assert "  Bot 1 (normal), Bot 2  " in listed
    assert seated(db) == [["bot:normal:1", "bot:2"]]


@pytest.mark.slow
@pytest.mark.parametrize("level", ["hard", "easy"])
def test_the_terminal_says_the_bots_are_thinking_only_when_they_search(
        level: str, capsys: pytest.CaptureFixture[str], tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A searching bot takes up to a second: a command not back by then says
    why the terminal is quiet. The easy bot answers at once, so it never does
    (the notice's delay is zero here, so only the kind of bot decides)."""
    import bot.terminal

    monkeypatch.setattr(bot.terminal, "THINKING_AFTER", 0.0)
    monkeypatch.setenv("USER", "zoe")
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\n"))
    code, out, _ = run(capsys, "--db", str(tmp_path / "think.sqlite"), "play", "naru", "--bots", "1",
                       "--level", level)
    assert code == 0, out
    assert ("(the bots are thinking…)" in out) == (level == "hard"), out
