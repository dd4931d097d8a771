"""`parley mine --as NAME` on a real database file: the matches waiting for that player."""

import asyncio

from bot.cli import main
from events.model import Player
from events.service import MatchService
from events.store import Store

ANN = Player(id="local:ann", name="ann")
BEN = Player(id="local:ben", name="ben")


async def _two_matches(db: str) -> tuple[str, str, str]:
    """Two toy matches of Ann and Ben; returns (one waiting on ann, one waiting on ben, a finished one)."""
    store = await Store.open(db)
    try:
        service = MatchService(store, operator="cli")
        ids = []
        for first, second in ((ANN, BEN), (BEN, ANN), (ANN, BEN)):
            ms = await service.create("toy", first, {"goal": 30})
            await service.join(ms.match_id, second)
            await service.start(ms.match_id, first.id)
            ids.append(ms.match_id)
        await service.abort(ids[2], "cli")
        return ids[0], ids[1], ids[2]
    finally:
        await store.close()


def test_mine_lists_only_the_players_waiting_matches(capsys, tmp_path):
    db = str(tmp_path / "m.sqlite")
    ann_turn, ben_turn, aborted = asyncio.run(_two_matches(db))
    assert main(["--db", db, "--lang", "en", "mine", "--as", "ann"]) == 0
    out = capsys.readouterr().out
    assert "ann: matches waiting for your move (1)" in out
    assert f"parley play --resume {ann_turn}" in out and ben_turn not in out and aborted not in out
    assert main(["--db", db, "--lang", "ja", "mine", "--as", "ben"]) == 0
    out = capsys.readouterr().out
    assert "ben: あなたの手番の対戦が1件あります" in out and ben_turn in out and ann_turn not in out
    assert main(["--db", db, "--lang", "en", "mine", "--as", "cat"]) == 0
    assert "cat: no match is waiting for you." in capsys.readouterr().out
