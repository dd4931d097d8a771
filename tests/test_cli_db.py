"""Which database a command opens (issue 21, item 7): a mistyped `--db` is
refused by every command that only works on saved matches, in one line and
without making a folder or a file; only the commands that make matches may
make the database; `selfplay` follows $PARLEY_DB like every other command."""

import io
import sys

import pytest

from tests.cli_support import empty_db, run

MISSING = "There is no database "


@pytest.mark.parametrize("argv", [
    ["list"], ["mine", "--as", "ann"], ["replay", "m1"], ["replay", "m1", "--verify"], ["verify", "m1"],
    ["export", "m1"], ["undo", "m1"], ["undo", "m1", "--redo"], ["abort", "m1"], ["backup", "COPY"],
    ["play", "--resume", "m1"],
])
def test_a_command_on_saved_matches_refuses_a_database_that_is_not_there(capsys, tmp_path, argv):
    db = tmp_path / "typo" / "gmaes.sqlite"
    argv = [str(tmp_path / "copy.sqlite") if a == "COPY" else a for a in argv]
    code, out, err = run(capsys, "--db", str(db), *argv)
    assert code == 2 and out == ""
    assert err == (f"{MISSING}{db}: nothing was opened or created. Check --db (or $PARLEY_DB); "
                   "`parley play`, `import` and `selfplay` create one.\n")
    assert not (tmp_path / "typo").exists() and not (tmp_path / "copy.sqlite").exists()


def test_the_refusal_in_japanese(capsys, tmp_path):
    code, _, err = run(capsys, "--db", str(tmp_path / "x.sqlite"), "--lang", "ja", "list")
    assert code == 2 and err.startswith(f"データベース {tmp_path / 'x.sqlite'} はありません。何も開かず、作成もしていません。")


def test_a_missing_database_named_by_parley_db_is_refused_too(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("PARLEY_DB", str(tmp_path / "env" / "x.sqlite"))
    code, _, err = run(capsys, "list")
    assert code == 2 and err.startswith(MISSING)
    assert not (tmp_path / "env").exists()


def test_migrate_refuses_a_source_that_is_not_there(capsys, tmp_path):
    code, _, err = run(capsys, "migrate-db", "--from", str(tmp_path / "gone.sqlite"), "--to",
                       f"sqlite:{tmp_path / 'new.sqlite'}")
    assert code == 2 and err.startswith(f"{MISSING}{tmp_path / 'gone.sqlite'}")
    assert not (tmp_path / "new.sqlite").exists()


def test_an_existing_empty_database_is_listed_not_refused(capsys, tmp_path):
    db = tmp_path / "empty.sqlite"
    empty_db(db)
    code, out, _ = run(capsys, "--db", str(db), "list")
    assert code == 0 and out == "No matches in this database yet. Start one with `parley play GAME`.\n"



def test_the_commands_that_make_matches_make_the_database(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert run(capsys, "--db", str(tmp_path / "a" / "play.sqlite"), "play", "toy", "--players", "ann,ben")[0] == 0
    assert (tmp_path / "a" / "play.sqlite").exists()
    assert run(capsys, "--db", str(tmp_path / "b" / "sp.sqlite"), "selfplay", "toy", "--games", "1")[0] == 0
    assert (tmp_path / "b" / "sp.sqlite").exists()
    code, out, _ = run(capsys, "--db", str(tmp_path / "b" / "sp.sqlite"), "export", "sp-toy-0-0",
                       "-o", str(tmp_path / "m.jsonl"))
    assert code == 0
    code, out, _ = run(capsys, "--db", str(tmp_path / "c" / "imp.sqlite"), "import", str(tmp_path / "m.jsonl"))
    assert code == 0 and out.startswith("imported sp-toy-0-0")


def test_selfplay_keeps_its_matches_in_parley_db(capsys, tmp_path, monkeypatch):
    db = tmp_path / "env.sqlite"
    monkeypatch.setenv("PARLEY_DB", str(db))
    code, _, _ = run(capsys, "selfplay", "toy", "--games", "2", "--seed", "4")
    assert code == 0
    code, out, _ = run(capsys, "--db", str(db), "list")
    assert "sp-toy-4-0" in out and "sp-toy-4-1" in out


def test_selfplay_without_a_database_keeps_nothing(capsys, tmp_path, monkeypatch):
    monkeypatch.delenv("PARLEY_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert run(capsys, "selfplay", "toy", "--games", "1")[0] == 0
    assert list(tmp_path.iterdir()) == []
