"""`parley undo` says what it took back or brought back and where play went
back to; a second `--redo`, `--count 0` and an aborted match are refused for
what they are, in one line, and leave the log as it was (issue 21, item 7)."""

import asyncio

from events.service import MatchService
from events.store import Store
from tests.cli_support import ANN, BEN, run


def marked(db, *, abort=False):
    """Match m1 of the toy game, in which ann marked twice (so she is still to move)."""
    async def make():
        store = await Store.open(db)
        try:
            service = MatchService(store, operator="cli")
            await service.create("toy", ANN, {"goal": 30}, match_id="m1")
            await service.join("m1", BEN)
            await service.start("m1", ANN.id)
            for _ in range(2):
                await service.act("m1", ANN.id, "mark")
            if abort:
                await service.abort("m1", "cli", "left")
        finally:
            await store.close()
    asyncio.run(make())


def reverts(db):
    async def count():
        store = await Store.open(db)
        try:
            return [e.payload["kind"] for e in await store.events("m1") if e.type == "revert"]
        finally:
            await store.close()
    return asyncio.run(count())


def test_undo_and_redo_print_the_actions_and_the_point(capsys, tmp_path):
    db = str(tmp_path / "u.sqlite")
    marked(db)
    code, out, _ = run(capsys, "--db", db, "undo", "m1", "--count", "2", "--reason", "misclick")
    assert code == 0
    assert out == ("Moves undone by a moderator: back to event 4 (misclick).\n"
                   "Taken back: Seat 1 marks.\nTaken back: Seat 1 marks.\nNow: ann to move.\n")
    code, out, _ = run(capsys, "--db", db, "--lang", "ja", "undo", "m1", "--redo")
    assert code == 0
    assert out == ("モデレーターによるやり直し: イベント6の時点に戻りました。\n"
                   "復元: 1番席は印をつけた。\n復元: 1番席は印をつけた。\n現在: annの手番。\n")


def test_a_second_redo_is_refused_not_an_undo_of_the_redo(capsys, tmp_path):
    db = str(tmp_path / "r.sqlite")
    marked(db)
    run(capsys, "--db", db, "undo", "m1")
    assert run(capsys, "--db", db, "undo", "m1", "--redo")[0] == 0
    code, out, err = run(capsys, "--db", db, "undo", "m1", "--redo")
    assert code == 2 and out == ""
    assert err == "There is nothing to redo: no undo is left to take back since the last move.\n"
    assert reverts(db) == ["undo", "redo"]


def test_undo_count_zero_is_refused(capsys, tmp_path):
    db = str(tmp_path / "z.sqlite")
    marked(db)
    code, _, err = run(capsys, "--db", db, "undo", "m1", "--count", "0")
    assert code == 2 and err == "Cannot undo 0 actions: the count must be at least 1.\n"
    assert reverts(db) == []


def test_undo_on_an_aborted_match_says_aborted(capsys, tmp_path):
    db = str(tmp_path / "a.sqlite")
    marked(db, abort=True)
    code, _, err = run(capsys, "--db", db, "undo", "m1")
    assert code == 2 and err.startswith("The match was aborted:") and "finished" not in err
    assert reverts(db) == []
