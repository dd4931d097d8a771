"""`parley verify --head`: a chain head copied from the match's thread is
checked against the log (issue 21, item 1: heads posted as moves land)."""

import asyncio

from events.store import Store
from tests.cli_support import run


def _hash_at(db, match_id, seq):
    async def read():
        store = await Store.open(db)
        try:
            return (await store.events(match_id))[seq - 1].hash
        finally:
            await store.close()
    return asyncio.run(read())


def test_a_posted_head_is_checked_against_the_log(capsys, tmp_path):
    db = str(tmp_path / "h.sqlite")
    run(capsys, "selfplay", "naru", "--games", "1", "--seed", "5", "--db", db)
    head = _hash_at(db, "sp-naru-5-0", 20)
    code, out, _ = run(capsys, "--db", db, "verify", "sp-naru-5-0", "--head", f"20:{head[:16]}")
    assert code == 0 and "head shown at event 20 is still the log's" in out
    code, out, _ = run(capsys, "--db", db, "verify", "sp-naru-5-0", "--head", f"20:{head[:16]}",
                       "--head", "21:0123456789abcdef")
    assert code == 1 and "head shown at event 21 is not the log's" in out


def test_a_malformed_head_is_one_line_with_an_example(capsys, tmp_path):
    db = str(tmp_path / "h.sqlite")
    run(capsys, "selfplay", "naru", "--games", "1", "--seed", "5", "--db", db)
    for typed in ("20", "x:0123456789abcdef", "20:abc", "２０:0123456789abcdef", "20:zz23456789abcdef"):
        code, _, err = run(capsys, "--db", db, "verify", "sp-naru-5-0", "--head", typed)
        assert code == 2 and len(err.strip().splitlines()) == 1 and "SEQ:HASH" in err
