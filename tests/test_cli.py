"""The command line, end to end, on a real database file."""

import asyncio
import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import Progress, main, parser
from engine.registry import available, register
from events.model import Player
from events.service import MatchService
from events.store import Store
from tests.terminal.parlour import GAME as PARLOUR

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["quarriors", "naru", "musou", "warlords"]


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_all_four_games_are_installed():
    assert set(GAMES) <= set(available())


@pytest.mark.slow
@pytest.mark.parametrize("game,players", [("quarriors", 4), ("naru", 2), ("musou", 2), ("warlords", 5)])
def test_selfplay_finishes_and_replays_each_match(capsys, tmp_path, game, players):
    code, out, _ = run(capsys, "selfplay", game, "--players", str(players), "--games", "2", "--seed", "7",
                       "--db", str(tmp_path / "sp.sqlite"))
    assert code == 0, out
    assert out.count("replay=ok") == 2 and "MISMATCH" not in out
    assert all(re.search(r"winners=\d", line) for line in out.splitlines() if "replay=" in line)


@pytest.mark.slow
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
    assert code == 0 and "Moves undone by a moderator: back to event" in out and "Taken back: " in out
    # The command line moderates as the database's operator, named by --as (else $USER).
    code, out, _ = run(capsys, "--db", db, "undo", match_id, "--redo", "--as", "root")
    assert code == 0 and "redone by a moderator" in out
    _, out, _ = run(capsys, "--db", db, "export", match_id, "--moderator")
    actors = [json.loads(line)["actor"] for line in out.splitlines()[-2:]]
    assert actors[0].startswith("mod:operator:") and actors[1] == "mod:operator:root"


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
    _, out, _ = run(capsys, "--db", other, "list")
    assert "sp-naru-5-0" in out and "imported (not counted in records)" in out
    _, out, _ = run(capsys, "--db", db, "list")
    assert "sp-naru-5-0" in out and "imported" not in out


def test_errors_are_clear_and_exit_non_zero(capsys, tmp_path):
    lobby_match(tmp_path / "e.sqlite")
    code, _, err = run(capsys, "--db", str(tmp_path / "e.sqlite"), "replay", "missing")
    assert code == 2 and "missing" in err
    code, _, err = run(capsys, "--db", str(tmp_path / "e.sqlite"), "--lang", "ja", "replay", "missing")
    assert "存在しません" in err


@pytest.mark.slow
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


# -- ordinary mistakes: one line on stderr, exit code 2, no traceback ------------

register(PARLOUR)


def one_line_error(code, err, *words):
    assert code == 2, err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    for word in words:
        assert word in err


def lobby_match(db):
    """A match left in the lobby, as a play that stopped half-way leaves it."""
    async def make():
        store = await Store.open(db)
        try:
            service = MatchService(store)
            ms = await service.create("parlour", Player(id="local:ann", name="ann"), {})
            await service.join(ms.match_id, Player(id="local:ben", name="ben"))
            return ms.match_id
        finally:
            await store.close()
    return asyncio.run(make())


def statuses(capsys, db):
    """The status column of `parley list` (under its heading; no heading when there is no match)."""
    _, out, _ = run(capsys, "--db", db, "list")
    lines = out.splitlines()
    return [line.split()[2] for line in lines[1:]] if lines[0].startswith("MATCH") else []


def test_import_of_a_missing_file_is_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "--db", str(tmp_path / "i.sqlite"), "import", str(tmp_path / "nothere.jsonl"))
    one_line_error(code, err, "Cannot read", "nothere.jsonl", "No such file")


def test_import_of_a_directory_is_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "--db", str(tmp_path / "i.sqlite"), "import", str(tmp_path))
    one_line_error(code, err, "Cannot read")


def test_import_of_a_file_that_is_not_json_is_one_line(capsys, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "parley-match"}\nnot json\n', encoding="utf-8")
    code, _, err = run(capsys, "--db", str(tmp_path / "i.sqlite"), "import", str(bad))
    one_line_error(code, err, "cannot be imported", "line 2")


def test_import_of_a_binary_file_is_one_line(capsys, tmp_path):
    binary = tmp_path / "match.jsonl"
    binary.write_bytes(bytes(range(256)))
    code, _, err = run(capsys, "--db", str(tmp_path / "i.sqlite"), "import", str(binary))
    one_line_error(code, err, "not a text file")


def test_selfplay_rerun_into_the_same_database_is_one_line_and_adds_nothing(capsys, tmp_path):
    db = str(tmp_path / "s.sqlite")
    assert run(capsys, "selfplay", "parlour", "--games", "2", "--seed", "1", "--db", db)[0] == 0
    code, _, err = run(capsys, "selfplay", "parlour", "--games", "3", "--seed", "1", "--db", db)
    one_line_error(code, err, "sp-parlour-1-0 is already in this database", "--seed")
    assert len(statuses(capsys, db)) == 2


def test_import_of_a_duplicate_is_one_line(capsys, tmp_path):
    db = str(tmp_path / "d.sqlite")
    run(capsys, "selfplay", "parlour", "--games", "1", "--seed", "1", "--db", db)
    run(capsys, "--db", db, "export", "sp-parlour-1-0", "-o", str(tmp_path / "m.jsonl"))
    code, _, err = run(capsys, "--db", db, "import", str(tmp_path / "m.jsonl"))
    one_line_error(code, err, "already in this database", "--match-id")


@pytest.mark.parametrize("options,words", [("{bad", ["--options is not valid JSON"]),
                                            ("[1, 2]", ["--options must be a JSON object"])])
def test_invalid_options_are_one_line_and_leave_no_match(capsys, tmp_path, options, words):
    db = str(tmp_path / "o.sqlite")
    code, _, err = run(capsys, "--db", db, "play", "parlour", "--players", "ann,ben", "--options", options)
    one_line_error(code, err, *words)
    assert statuses(capsys, db) == []
    code, _, err = run(capsys, "selfplay", "parlour", "--options", options)
    one_line_error(code, err, *words)


def test_invalid_options_in_japanese(capsys, tmp_path):
    code, _, err = run(capsys, "--lang", "ja", "--db", str(tmp_path / "o.sqlite"), "play", "parlour",
                       "--options", "{bad")
    one_line_error(code, err, "--options が正しい JSON ではありません")


@pytest.mark.parametrize("seat", ["9", "0", "-1"])
def test_a_seat_that_does_not_exist_is_one_line_in_replay_and_export(capsys, tmp_path, seat):
    db = str(tmp_path / "s.sqlite")
    run(capsys, "selfplay", "parlour", "--games", "1", "--seed", "1", "--db", db)
    code, _, err = run(capsys, "--db", db, "replay", "sp-parlour-1-0", "--as", seat)
    one_line_error(code, err, f"There is no seat {seat}.", "This match has seats 1-2.")
    code, out, err = run(capsys, "--db", db, "export", "sp-parlour-1-0", "--as", seat)
    one_line_error(code, err, f"There is no seat {seat}.")
    assert out == ""


def test_resuming_a_match_still_in_the_lobby_says_how_to_start_it(capsys, tmp_path, monkeypatch):
    db = tmp_path / "l.sqlite"
    match_id = lobby_match(db)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code, _, err = run(capsys, "--db", str(db), "play", "--resume", match_id)
    one_line_error(code, err, f"Match {match_id} has not started", "ann, ben",
                   f"parley play --resume {match_id} --db {db} --start", f"parley abort {match_id}")
    code, out, _ = run(capsys, "--db", str(db), "play", "--resume", match_id, "--start")
    assert code == 0 and "ann, your move." in out
    assert statuses(capsys, str(db)) == ["running"]


def test_a_failed_play_leaves_no_lobby_match(capsys, tmp_path):
    db = str(tmp_path / "f.sqlite")
    # These options pass for the smallest table, so the match is created, and fail at three seats.
    code, _, err = run(capsys, "--db", db, "play", "parlour", "--players", "ann,ben,cat", "--options",
                       '{"max_table": 2}')
    one_line_error(code, err, "This table seats at most 2.")
    assert statuses(capsys, db) == ["aborted"]


def test_too_many_players_are_refused_before_any_match_is_made(capsys, tmp_path):
    db = str(tmp_path / "t.sqlite")
    code, _, err = run(capsys, "--db", db, "play", "parlour", "--players", "ann,ben", "--bots", "3")
    one_line_error(code, err, "Parlour takes 2-4 players; that is 5 (2 named, 3 bots).")
    code, _, err = run(capsys, "--db", db, "play", "parlour", "--players", "ann,ann")
    one_line_error(code, err, "ann appears twice")
    code, _, err = run(capsys, "--db", db, "play", "nosuchgame")
    one_line_error(code, err, "There is no game 'nosuchgame'.")
    assert statuses(capsys, db) == []


def test_bots_alone_mean_you_and_that_many_bots(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("USER", "zoe")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, _ = run(capsys, "--db", str(tmp_path / "b.sqlite"), "play", "parlour", "--bots", "3")
    assert code == 0
    assert "— zoe (seat 1): zoe, your move." in out
    _, out, _ = run(capsys, "--db", str(tmp_path / "b.sqlite"), "list")
    assert "  zoe, Bot 1, Bot 2, Bot 3  " in out


def test_no_players_and_no_bots_mean_you_against_enough_bots(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("USER", "zoe")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, _ = run(capsys, "--db", str(tmp_path / "b.sqlite"), "play", "parlour")
    assert code == 0
    _, out, _ = run(capsys, "--db", str(tmp_path / "b.sqlite"), "list")
    assert "  zoe, Bot 1  " in out


def test_abort_ends_a_match_without_a_result(capsys, tmp_path):
    db = tmp_path / "a.sqlite"
    match_id = lobby_match(db)
    code, out, _ = run(capsys, "--db", str(db), "abort", match_id, "--reason", "left half-made")
    assert code == 0 and f"aborted {match_id}" in out
    assert statuses(capsys, str(db)) == ["aborted"]
    code, _, err = run(capsys, "--db", str(db), "abort", match_id)
    one_line_error(code, err, "aborted")
    code, _, err = run(capsys, "--db", str(db), "abort", "nosuchmatch")
    one_line_error(code, err, "nosuchmatch")


@pytest.mark.slow
def test_bot_without_a_token_is_one_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PARLEY_DISCORD_TOKEN"}
    done = subprocess.run([sys.executable, "-m", "bot.cli", "--db", str(tmp_path / "bot.sqlite"), "bot"],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    one_line_error(done.returncode, done.stderr, "PARLEY_DISCORD_TOKEN is missing")


def test_bot_without_network_is_one_line(capsys, tmp_path, monkeypatch):
    import aiohttp
    import discord

    async def no_network(self, token):
        raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443 [Name or service not known]")

    monkeypatch.setenv("PARLEY_DISCORD_TOKEN", "not.a.token")
    monkeypatch.setenv("PARLEY_DB", str(tmp_path / "bot.sqlite"))  # restored afterwards: --db sets it for the bot
    monkeypatch.setattr(discord.Client, "login", no_network)
    # discord.py's log handler would outlive this test's captured stderr.
    monkeypatch.setattr(discord.utils, "setup_logging", lambda **kwargs: None)
    code, _, err = run(capsys, "--db", str(tmp_path / "bot.sqlite"), "bot")
    one_line_error(code, err, "Cannot reach Discord", "Check the network connection")


@pytest.mark.slow
def test_a_real_subprocess_error_is_one_line(tmp_path):
    db = str(tmp_path / "x.sqlite")
    lobby_match(db)
    done = subprocess.run([sys.executable, "-m", "bot.cli", "--db", db, "replay", "nosuch",
                           "--as", "9"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    one_line_error(done.returncode, done.stderr, "nosuch")


# -- cards, names and progress -------------------------------------------------------

def test_card_shows_a_card_from_the_command_line(capsys):
    code, out, _ = run(capsys, "card", "parlour", "owl")
    assert code == 0 and out == "Owl  [owl]\nCreature — cost 2.\nSees in the dark.\n"
    code, out, _ = run(capsys, "--lang", "ja", "card", "parlour", "fox", "spirit")
    assert code == 0 and out.startswith("狐火  [fox-spirit]")
    code, out, _ = run(capsys, "card", "parlour", "heorn")
    assert code == 1 and "Did you mean: Heron?" in out
    code, _, err = run(capsys, "card", "nosuchgame", "owl")
    one_line_error(code, err, "There is no game")
    code, _, err = run(capsys, "card", "parlour", "owl", "--options", "{")
    one_line_error(code, err, "--options is not valid JSON")


def test_play_and_replay_name_the_players(capsys, tmp_path, monkeypatch):
    db = str(tmp_path / "r.sqlite")
    monkeypatch.setattr(sys, "stdin", io.StringIO("play card=fox slot=4\nplay card=owl slot=2\n"))
    _, out, _ = run(capsys, "--db", db, "play", "parlour", "--players", "ann,ben")
    match_id = re.search(r"match (\w+)", out).group(1)
    assert "  · ben plays Owl to slot 2." in out and '"to_move":"ben"' in out
    code, out, _ = run(capsys, "--db", db, "replay", match_id, "--at", "5", "--as", "2")
    assert code == 0 and out.count('"to_move":"ben"') == 2  # the board and ben's own view
    assert "⟦" not in out


def test_selfplay_prints_the_outcome_with_names(capsys):
    _, out, _ = run(capsys, "selfplay", "parlour", "--games", "1", "--seed", "1")
    assert out.splitlines()[0].endswith("replay=ok  Bot 1 reached the goal.")
    _, out, _ = run(capsys, "--lang", "ja", "selfplay", "parlour", "--games", "1", "--seed", "1")
    assert out.splitlines()[0].endswith("replay=ok  ボット1が目標に達した。")


def test_selfplay_progress_is_a_line_per_match_when_not_on_a_terminal(capsys):
    code, _, err = run(capsys, "selfplay", "parlour", "--games", "3", "--seed", "1")
    assert code == 0
    lines = err.splitlines()
    assert [line.split(" finished")[0] for line in lines] == [f"[{i + 1}/3] sp-parlour-1-{i}" for i in range(3)]
    assert all(re.search(r"finished: \d+ events, [\d.]+ ms$", line) for line in lines)


def test_selfplay_progress_is_a_bar_with_time_left_on_a_terminal():
    class Screen(io.StringIO):
        def isatty(self):
            return True

    screen = Screen()
    progress = Progress(4, screen)
    for i in range(4):
        progress.started()
        progress.finished(f"m{i}", 10)
    frames = screen.getvalue().split("\r")[1:]
    assert len(frames) == 4
    assert re.fullmatch(r"\[#+-+\] 1/4  ETA \d+:\d\d ", frames[0])
    assert frames[-1].startswith("[" + "#" * (len(frames[-1].split("]")[0]) - 1) + "] 4/4") and frames[-1].endswith("\n")


def test_the_readme_terminal_commands_parse():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The terminal", 1)[1].split("\n## ", 1)[0]
    lines = [line.split("#", 1)[0].split("|")[-1].strip() for line in section.splitlines() if line.startswith("    ")]
    assert len(lines) >= 10
    for line in lines:
        args = parser().parse_args(shlex.split(line.split("parley", 1)[1]))
        assert args.command in line
        if getattr(args, "game", None) and args.command in ("play", "card", "selfplay"):
            assert args.game in GAMES
