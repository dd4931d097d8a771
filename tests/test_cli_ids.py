"""Match ids as a new terminal user types them (issue 21, item 7): a unique
prefix is enough, an ambiguous one names the candidates, an unknown one points
at the terminal's own list command (Discord's stays `/parley history`), and
`parley mine` prints resume commands that find the database again."""

import asyncio
import io
import shlex
import sys

import pytest

from bot.terminal import refusal
from events.errors import not_found
from events.service import MatchService
from events.store import Store
from tests.cli_support import ANN, BEN, run


def matches(db, *ids: str) -> None:
    """Running toy matches of ann and ben under the given ids; ann has marked and is still to move."""
    async def make():
        store = await Store.open(db)
        try:
            service = MatchService(store)
            for match_id in ids:
                await service.create("toy", ANN, {"goal": 30}, match_id=match_id)
                await service.join(match_id, BEN)
                await service.start(match_id, ANN.id)
                await service.act(match_id, ANN.id, "mark")
        finally:
            await store.close()
    asyncio.run(make())


def test_no_match_hint_names_parley_list_in_the_terminal(capsys, tmp_path):
    db = str(tmp_path / "h.sqlite")
    matches(db, "abc1234567")
    code, _, err = run(capsys, "--db", db, "replay", "zzz")
    assert code == 2
    assert err == "There is no match zzz. List matches with `parley list`.\n"
    _, _, err = run(capsys, "--db", db, "--lang", "ja", "export", "zzz")
    assert err == "対戦 zzz は存在しません。`parley list` で対戦の一覧を表示できます。\n"


def test_no_match_hint_still_names_the_discord_command_on_discord():
    # Discord shows a refusal's own message: the hint it was made with.
    assert not_found("zzz").message("en") == "There is no match zzz. List matches with `/parley history`."
    assert "`/parley history`" in not_found("zzz").message("ja")
    assert "`parley list`" in refusal(not_found("zzz"), "en")


@pytest.mark.parametrize("argv", [["replay"], ["verify"], ["export"], ["undo"], ["abort"]])
def test_a_unique_prefix_of_a_match_id_is_enough(capsys, tmp_path, argv):
    db = str(tmp_path / "p.sqlite")
    matches(db, "abc1234567", "abd7654321")
    code, out, err = run(capsys, "--db", db, argv[0], "abc", *argv[1:])
    assert code == 0, err
    assert err == ""
    if argv[0] in ("abort", "undo", "export"):
        # It acted on that match, and only on it.
        code, out, _ = run(capsys, "--db", db, "list")
        rows = {line.split()[0]: line for line in out.splitlines()[1:]}
        assert ("aborted" in rows["abc1234567"]) == (argv[0] == "abort")
        assert "running" in rows["abd7654321"]


def test_play_resume_takes_a_prefix(capsys, tmp_path, monkeypatch):
    db = str(tmp_path / "r.sqlite")
    matches(db, "abc1234567", "xyz7654321")
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code, out, _ = run(capsys, "--db", db, "play", "--resume", "ab")
    assert code == 0
    assert f"Resume with: parley play --resume abc1234567 --db {shlex.quote(db)}" in out


def test_an_ambiguous_prefix_lists_the_candidates_in_one_line(capsys, tmp_path):
    db = str(tmp_path / "a.sqlite")
    matches(db, "abc1234567", "abd7654321", "xyz0000000")
    code, out, err = run(capsys, "--db", db, "replay", "ab")
    assert code == 2 and out == ""
    assert err == "'ab' starts several match ids: abc1234567, abd7654321. Type more of the id.\n"
    _, _, err = run(capsys, "--db", db, "--lang", "ja", "undo", "ab")
    assert err == "「ab」で始まる対戦IDが複数あります: abc1234567, abd7654321。IDをもう少し長く入力してください。\n"


def test_an_ambiguous_prefix_names_at_most_eight_candidates(capsys, tmp_path):
    db = str(tmp_path / "m.sqlite")
    matches(db, *(f"m{i:02d}" for i in range(11)))
    code, _, err = run(capsys, "--db", db, "abort", "m")
    assert code == 2 and len(err.splitlines()) == 1
    assert "m00, m01, m02, m03, m04, m05, m06, m07 and 3 more." in err


def test_a_whole_id_wins_over_the_longer_ids_it_starts(capsys, tmp_path):
    db = str(tmp_path / "w.sqlite")
    matches(db, "m1", "m10", "m11")
    code, out, _ = run(capsys, "--db", db, "abort", "m1")
    assert code == 0 and "aborted m1 " in out


def test_mine_prints_resume_commands_with_the_db_it_was_given(capsys, tmp_path):
    db = str(tmp_path / "my games.sqlite")
    matches(db, "abc1234567")
    _, out, _ = run(capsys, "--db", db, "--lang", "en", "mine", "--as", "ann")
    assert f"(parley play --resume abc1234567 --db {shlex.quote(db)})" in out


def test_mine_without_db_prints_resume_commands_without_one(capsys, tmp_path, monkeypatch):
    db = tmp_path / "env.sqlite"
    matches(str(db), "abc1234567")
    monkeypatch.setenv("PARLEY_DB", str(db))
    code, out, _ = run(capsys, "--lang", "en", "mine", "--as", "ann")
    assert code == 0 and "(parley play --resume abc1234567)\n" in out
