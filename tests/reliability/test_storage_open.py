"""Opening a database never hangs and never races: a failed open says what is
wrong in one line and releases its connection thread, two first opens both
succeed, and a database or event from a newer Parley is refused, not read."""

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from events.errors import StorageFault
from events.schema import MIGRATIONS
from events.service import MatchService
from events.store import Store

from .conftest import ANN, BEN, started

ROOT = Path(__file__).resolve().parents[2]
running_as_root = os.geteuid() == 0


def run_cli(*args, timeout=60):
    """The real CLI in a child process: a hang shows up as a timeout."""
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})


async def test_a_newer_schema_is_refused_with_a_clear_message(db):
    store = await Store.open(db)
    await store.close()
    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO schema_migrations VALUES (?, 'future')", (len(MIGRATIONS) + 5,))
    conn.commit()
    conn.close()
    with pytest.raises(StorageFault, match="newer Parley") as err:
        await Store.open(db)
    assert err.value.kind == "newer-schema"


@pytest.mark.slow
def test_a_newer_schema_exits_at_once_with_one_line(tmp_path):
    db = tmp_path / "future.sqlite"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
    conn.execute("INSERT INTO schema_migrations VALUES (99, 'future')")
    conn.commit()
    conn.close()
    done = run_cli("--db", str(db), "list")
    assert done.returncode == 2
    assert "newer Parley" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_file_that_is_not_a_database_exits_with_one_line(tmp_path):
    db = tmp_path / "notes.sqlite"
    db.write_text("these are my notes, not a database\n" * 100)
    done = run_cli("--db", str(db), "list")
    assert done.returncode == 2 and "cannot be opened" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.slow
def test_a_pre_migration_file_is_refused_not_overwritten(tmp_path):
    db = tmp_path / "old.sqlite"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE matches (id TEXT PRIMARY KEY)")
    conn.execute("INSERT INTO matches VALUES ('precious')")
    conn.commit()
    conn.close()
    done = run_cli("--db", str(db), "list")
    assert done.returncode == 2 and "no schema record" in done.stderr and "Traceback" not in done.stderr
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT id FROM matches").fetchall() == [("precious",)]
    conn.close()


@pytest.fixture
def read_only():
    """Make paths unwritable even for root (the immutable flag), and undo it after."""
    made = []

    def make(path):
        if shutil.which("chattr") is None:
            pytest.skip("chattr is not installed")
        if running_as_root:
            if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
                pytest.skip("this filesystem refuses the immutable flag")
        else:
            path.chmod(0o555 if path.is_dir() else 0o444)
        made.append(path)

    yield make
    for path in made:
        if running_as_root:
            subprocess.run(["chattr", "-i", str(path)], capture_output=True)
        else:
            path.chmod(0o755 if path.is_dir() else 0o644)


@pytest.mark.slow
def test_a_read_only_file_exits_with_one_line(tmp_path, read_only):
    db = tmp_path / "ro.sqlite"
    sqlite3.connect(db).close()
    read_only(db)
    done = run_cli("--db", str(db), "list")
    assert done.returncode == 2, done.stderr
    assert "cannot be written" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_read_only_folder_exits_with_one_line(tmp_path, read_only):
    folder = tmp_path / "ro"
    folder.mkdir()
    read_only(folder)
    done = run_cli("--db", str(folder / "parley.sqlite"), "selfplay", "naru", "--games", "1")
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert "cannot be written" in done.stderr or "cannot be opened" in done.stderr


@pytest.mark.slow
def test_a_missing_folder_that_cannot_be_made_exits_with_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    done = run_cli("--db", str(blocker / "sub" / "parley.sqlite"), "selfplay", "naru", "--games", "1")
    assert done.returncode == 2 and "Traceback" not in done.stderr and "cannot be opened" in done.stderr


@pytest.mark.slow
async def test_two_first_opens_of_a_new_file_both_succeed(tmp_path):
    db = tmp_path / "race.sqlite"
    code = ("import asyncio, sys\nfrom events.store import Store\n"
            "async def main():\n"
            f"    s = await Store.open({str(db)!r})\n"
            "    print(await s.schema_version())\n"
            "    await s.close()\n"
            "asyncio.run(main())\n")
    children = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
                for _ in range(4)]
    outs = [c.communicate(timeout=60) for c in children]
    assert [c.returncode for c in children] == [0] * 4, [o[1] for o in outs]
    assert {o[0].strip() for o in outs} == {str(len(MIGRATIONS))}


async def test_two_first_opens_in_one_process_both_succeed(tmp_path):
    db = tmp_path / "race.sqlite"
    stores = await asyncio.gather(*(Store.open(db) for _ in range(3)))
    try:
        assert [await s.schema_version() for s in stores] == [len(MIGRATIONS)] * 3
    finally:
        for s in stores:
            await s.close()


async def test_an_event_from_a_newer_parley_is_refused_not_read(service, db):
    match_id = await started(service, ANN, BEN)
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute("UPDATE events SET version = 99 WHERE match_id = ? AND seq = 3", (match_id,))
    conn.close()
    service.forget()
    with pytest.raises(StorageFault, match="newer than this Parley") as err:
        await service.get(match_id)
    assert err.value.kind == "future-event"


async def test_an_open_store_checks_it_is_durable(db):
    store = await Store.open(db)
    try:
        assert await store.durability() == ("wal", 2)
        await store._db.execute("PRAGMA synchronous=OFF")
        with pytest.raises(StorageFault, match="synchronous"):
            await store.check_durable()
    finally:
        await store.close()


async def test_a_database_migrated_from_schema_1_gets_its_chain(tmp_path):
    """A file written before the hash chain existed is chained on open, and verifies."""
    from events.schema import SCHEMA_1, _statements
    db = tmp_path / "v1.sqlite"
    # Record a match under the current code, then rewrite the file as schema 1 would have stored it.
    store = await Store.open(db)
    match_id = await started(MatchService(store), ANN, BEN)
    await store.close()
    conn = sqlite3.connect(db, isolation_level=None)
    rows = conn.execute("SELECT match_id, seq, type, version, actor, command_id, at, payload FROM events").fetchall()
    others = {t: conn.execute(f"SELECT * FROM {t}").fetchall() for t in ("matches", "match_secrets")}
    conn.close()
    db.unlink()
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("BEGIN")
    _statements(conn, SCHEMA_1)
    conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
    conn.execute("INSERT INTO schema_migrations VALUES (1, 'then')")
    conn.executemany("INSERT INTO matches VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                     [r[:12] for r in others["matches"]])  # schema 1's columns; later ones came after
    conn.executemany("INSERT INTO match_secrets VALUES (?,?)", others["match_secrets"])
    conn.executemany("INSERT INTO events VALUES (?,?,?,?,?,?,?,?)", rows)
    conn.execute("COMMIT")
    conn.close()
    store = await Store.open(db)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        assert (await store.chain_break(match_id))[0] is None
        from events.verify import verify_match
        assert (await verify_match(MatchService(store), match_id)).ok
    finally:
        await store.close()
