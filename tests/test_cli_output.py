
"""What the terminal's record commands print for a new user (issue 21, item 7):
`list` with dates, names and whose turn; `replay --at 0` refused with the
events there are; `export` saying where it wrote and how much; `backup` that
will not overwrite unless told; and a reader that stops early (`| head -1`)
ending the command quietly."""

import asyncio
import re
import subprocess
import sys
from pathlib import Path

import pytest

from events.service import MatchService
from events.store import Store
from tests.cli_support import ANN, BEN, run

ROOT = Path(__file__).resolve().parents[1]
WHEN = r"\d{4}-\d\d-\d\d \d\d:\d\d"


def table(db):
    """A running match (ben to move), one in the lobby and an aborted one."""
    async def make():
        store = await Store.open(db)
        try:
            service = MatchService(store, operator="cli")
            for match_id in ("run", "lob", "abo"):
                await service.create("toy", ANN, {"goal": 30}, match_id=match_id)
                await service.join(match_id, BEN)
            await service.start("run", ANN.id)
            await service.act("run", ANN.id, "pass")
            await service.start("abo", ANN.id)
            await service.abort("abo", "cli", "left")
        finally:
            await store.close()
    asyncio.run(make())


def test_list_shows_dates_players_and_whose_turn(capsys, tmp_path):
    db = str(tmp_path / "l.sqlite")
    table(db)
    run(capsys, "--db", db, "selfplay", "toy", "--games", "1", "--seed", "9")
    code, out, _ = run(capsys, "--db", db, "list")
    assert code == 0
    head, *rows = out.splitlines()
    assert head.split() == ["MATCH", "GAME", "STATUS", "CREATED", "(UTC)", "UPDATED", "(UTC)", "PLAYERS", "NOW"]
    by_id = {row.split()[0]: row for row in rows}
    assert set(by_id) == {"run", "lob", "abo", "sp-toy-9-0"}
    assert re.fullmatch(rf"run +toy +running +{WHEN} +{WHEN} +ann, ben +ben to move", by_id["run"])
    assert re.fullmatch(rf"lob +toy +lobby +{WHEN} +{WHEN} +ann, ben +waiting to start", by_id["lob"])
    assert re.fullmatch(rf"abo +toy +aborted +{WHEN} +{WHEN} +ann, ben +-", by_id["abo"])
    assert re.fullmatch(rf"sp-toy-9-0 +toy +finished +{WHEN} +{WHEN} +Bot 1, Bot 2 +won by Bot \d", by_id["sp-toy-9-0"])
    assert "local:" not in out and "bot:" not in out


def test_list_in_japanese(capsys, tmp_path):
    db = str(tmp_path / "j.sqlite")
    table(db)
    _, out, _ = run(capsys, "--db", db, "--lang", "ja", "list")
    assert out.splitlines()[0].split() == ["対戦", "ゲーム", "状態", "作成（UTC）", "更新（UTC）", "参加者", "現在"]
    assert re.search(rf"run +toy +進行中 +{WHEN} +{WHEN} +ann、ben +benの手番", out)


def test_replay_at_event_zero_is_refused_not_the_final_position(capsys, tmp_path):
    db = str(tmp_path / "z.sqlite")
    table(db)
    code, out, err = run(capsys, "--db", db, "replay", "run", "--at", "0")
    assert code == 2 and out == ""
    assert err == "Event 0 does not exist. This match has events 1-5.\n"
    code, out, _ = run(capsys, "--db", db, "replay", "run", "--at", "1")
    assert code == 0 and out.startswith("event 1: lobby")


def test_export_says_where_it_wrote_and_how_many_events(capsys, tmp_path):
    db = str(tmp_path / "e.sqlite")
    table(db)
    target = tmp_path / "run.jsonl"
    code, out, _ = run(capsys, "--db", db, "export", "run", "-o", str(target))
    assert code == 0
    assert out == f"Wrote 5 events of match run to {target}.\n"
    assert len(target.read_text(encoding="utf-8").splitlines()) == 1 + 5
    _, out, _ = run(capsys, "--db", db, "--lang", "ja", "export", "run", "-o", str(target))
    assert out == f"対戦 run のイベント5件を {target} に書き出しました。\n"


def test_backup_refuses_to_overwrite_without_force(capsys, tmp_path):
    db = str(tmp_path / "b.sqlite")
    table(db)
    target = tmp_path / "precious.sqlite"
    target.write_bytes(b"keep me")
    code, out, err = run(capsys, "--db", db, "backup", str(target))
    assert code == 2 and out == ""
    assert err == (f"{target} already exists: nothing was written. "
                   "Choose a new file, or add --force to overwrite it.\n")
    assert target.read_bytes() == b"keep me"
    target.unlink()
    assert run(capsys, "--db", db, "backup", str(target))[0] == 0
    table(str(tmp_path / "other.sqlite"))  # the same ids: only a real overwrite shows the new copy
    run(capsys, "--db", db, "abort", "run")
    code, out, _ = run(capsys, "--db", db, "backup", str(target), "--force")
    assert code == 0 and out == f"backed up {db} -> {target}\n"
    _, out, _ = run(capsys, "--db", str(target), "list")
    assert re.search(r"^run +toy +aborted", out, re.M)


@pytest.mark.slow
def test_a_reader_that_stops_early_ends_the_command_quietly(capsys, tmp_path):
    db = str(tmp_path / "p.sqlite")
    run(capsys, "--db", db, "selfplay", "naru", "--games", "1")  # a game the child process knows too
    # The reader is gone before the command writes a thing, so every write meets a closed pipe.
    child = subprocess.Popen([sys.executable, "-m", "bot.cli", "--db", db, "list"], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    err = child.stderr.read().decode()
    assert child.wait(timeout=120) == 141
    assert err == ""

