"""`parley league ...` on a real database file, in English and Japanese: the
wiring of the terminal to the league service (whose rules tests/league/ check)."""

from __future__ import annotations

import asyncio
import re

import pytest

from events.league.service import LeagueService
from events.service import MatchService
from events.store import Store
from tests.cli_support import empty_db, run


def league_id(out: str) -> str:
    return re.search(r"League (\w+) created", out).group(1)


def state(db: str, lid: str):
    async def read():
        store = await Store.open(db)
        try:
            leagues = LeagueService(MatchService(store))
            s = await leagues.get(lid)
            return s, await leagues.standings(lid)
        finally:
            await store.close()
    return asyncio.run(read())


def test_a_league_of_bots_runs_to_its_end_and_verifies(capsys, tmp_path) -> None:
    db = str(tmp_path / "l.sqlite")
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "league", "new", "toy", "--options", '{"goal": 30}',
                       "--name", "Winter")
    assert code == 0
    lid = league_id(out)
    code, out, _ = run(capsys, "--db", db, "league", "add", lid[:4], "--bots", "4", "--lang", "en")
    assert code == 0 and out.strip() == f"Bot 1, Bot 2, Bot 3, Bot 4 joined league {lid}."
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "league", "start", lid)
    assert code == 0 and f"League {lid} «Winter»: Toy, Swiss, finished" in out
    league, table = state(db, lid)
    assert league.status == "finished" and len(league.rounds) == 2
    assert f"Final standings; first: Bot {league.final[0].split(':')[-1]}" in out
    code, out, _ = run(capsys, "--db", db, "--lang", "ja", "league", "show", lid)
    shown = [line.strip() for line in out.splitlines() if re.match(r"\s+\d\. ", line)]
    assert [line.split()[1] for line in shown] == [f"ボット{s.player.split(':')[-1]}" for s in table]
    assert "ブッフホルツ" in out
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "verify", lid)
    assert code == 0 and "✓ The hash chain over all" in out and "✗" not in out
    code, out, _ = run(capsys, "--db", db, "list")
    assert lid not in out  # a league is not a match
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "league", "list")
    assert out.startswith(f"League {lid} «Winter»")


@pytest.mark.slow
def test_organising_a_league_of_people(capsys, tmp_path) -> None:
    db = str(tmp_path / "p.sqlite")
    _, out, _ = run(capsys, "--db", db, "--lang", "en", "league", "new", "toy", "--options", '{"goal": 30}',
                    "--deadline", "2d")
    lid = league_id(out)
    assert run(capsys, "--db", db, "--lang", "en", "league", "add", lid, "ann", "ben", "cat")[0] == 0
    code, out, _ = run(capsys, "--db", db, "--lang", "ja", "league", "join", lid, "--as", "dan")
    assert code == 0 and out.strip() == f"danがリーグ {lid} に参加しました。"
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "league", "start", lid)
    assert code == 0 and out.count("being played") == 2
    league, _ = state(db, lid)
    (a, b), (c, d) = (t.players for t in league.current.tables)
    name = {p.id: p.name for p in league.players}
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "league", "explain", lid)
    assert f"Table 1: {name[a]} v {name[b]}, places 1/" in out and "they had not met" in out
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "league", "override", lid, name[a], name[c])
    assert code == 0 and f"{name[a]} v {name[c]}" in out and f"{name[b]} v {name[d]}" in out
    league, _ = state(db, lid)
    first = next(t for t in league.current.tables if a in t.players)
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "league", "end", lid, first.match[:5], "--winner", name[a])
    assert code == 0 and f"match {first.match}: {name[a]} won" in out
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "league", "drop", lid, name[d])
    assert code == 0 and out.strip() == f"{name[d]} left league {lid}; they are not paired again."
    # Mistakes: one line on stderr, exit 2, nothing changed.
    before, _ = state(db, lid)
    code, _, err = run(capsys, "--db", db, "--lang", "en", "league", "end", lid, first.match, "--winner", name[a])
    assert code == 2 and err.strip() == (f"Match {first.match} already has a result. Only a match still being "
                                         "played can be ended or re-paired.")
    code, _, err = run(capsys, "--db", db, "--lang", "ja", "league", "show", "zzz")
    assert code == 2 and err.strip() == "リーグ zzz はありません。`league list` でリーグの一覧を表示できます。"
    code, _, err = run(capsys, "--db", db, "--lang", "en", "league", "new", "chess")
    assert code == 2 and err.strip().startswith("There is no game 'chess'")
    after, _ = state(db, lid)
    assert after.seq == before.seq


def test_league_commands_refuse_a_database_that_is_not_there(capsys, tmp_path) -> None:
    missing = str(tmp_path / "none.sqlite")
    code, _, err = run(capsys, "--db", missing, "--lang", "en", "league", "list")
    assert code == 2 and "There is no database" in err
    empty = str(tmp_path / "e.sqlite")
    empty_db(empty)
    code, out, _ = run(capsys, "--db", empty, "--lang", "en", "league", "list")
    assert code == 0 and out.strip() == "No leagues yet: `parley league new GAME` makes one."
