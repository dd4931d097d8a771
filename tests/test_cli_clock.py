"""A clock from the command line: `--options '{"clock": ...}'` is the table's,
shown under the terminal's board with the time left now; a bad one is one
line, in either language, and leaves no match."""

import io
import sys

import pytest

from tests.cli_support import run
from tests.test_cli import one_line_error, statuses


def test_the_terminal_board_shows_the_clock(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("board\n"))
    code, out, _ = run(capsys, "--db", str(tmp_path / "c.sqlite"), "play", "naru", "--players", "ann,ben",
                       "--options", '{"clock": "bank:2h+30m", "grace": "10m"}')
    assert code == 0
    assert "⏱ Clock: time bank 2h + 30m a move, grace 10m" in out
    assert ": out of time 20" in out and "UTC, seat lost 20" in out
    assert "(left: 1h 59m)" in out or "(left: 2h)" in out


@pytest.mark.parametrize(("lang", "options", "words"), [
    ("en", '{"clock": "bank"}', "is not a clock setting"), ("ja", '{"clock": "bank"}', "持ち時間の設定として読めません"),
    # a response window (events/window.py) is the table's too
    ("en", '{"window": "soon"}', "is not a response window"), ("ja", '{"window": "soon"}', "応答の受付時間として読めません")])
def test_a_bad_clock_is_one_line_and_leaves_no_match(capsys, tmp_path, lang, options, words):
    db = str(tmp_path / "o.sqlite")
    code, _, err = run(capsys, "--lang", lang, "--db", db, "play", "parlour", "--players", "ann,ben",
                       "--options", options)
    one_line_error(code, err, words)
    assert statuses(capsys, db) == []
