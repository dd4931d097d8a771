"""`parley rating`, `parley ladder` and `parley season` on a real database file,
in English and Japanese."""

import asyncio
import io
import sys

from openskill.models import PlackettLuce

from bot.cli import main
from events.model import Player
from events.service import MatchService
from events.store import Store

ANN = Player(id="local:ann", name="ann")
BEN = Player(id="local:ben", name="ben")
PL = PlackettLuce()


async def _matches(db: str, casual: bool = False) -> None:
    """Ben forfeits to Ann; Ann forfeits to the easy bot (on the terminal's ladder)."""
    store = await Store.open(db)
    try:
        service = MatchService(store, operator="cli")
        ms = await service.create("toy", ANN, {"goal": 30}, place={"rated": not casual})
        await service.join(ms.match_id, BEN)
        await service.start(ms.match_id, ANN.id)
        await service.remove_player(ms.match_id, BEN.id, 1, "forfeit")
        bot = await service.create("toy", ANN, {"goal": 30})
        await service.add_bot(bot.match_id, ANN.id, level="easy")
        await service.start(bot.match_id, ANN.id)
        await service.remove_player(bot.match_id, ANN.id, 0, "forfeit")
    finally:
        await store.close()


def test_rating_and_ladder_in_both_languages(capsys, tmp_path):
    db = str(tmp_path / "r.sqlite")
    asyncio.run(_matches(db))
    [[ann], [_]] = PL.rate([[PL.rating()], [PL.rating()]], ranks=[1.0, 2.0])
    [[_], [ann2]] = PL.rate([[PL.rating()], [PL.rating(mu=ann.mu, sigma=ann.sigma)]], ranks=[1.0, 2.0])
    ordinal = PL.rating(mu=ann2.mu, sigma=ann2.sigma).ordinal()
    assert main(["--db", db, "--lang", "en", "rating", "ann"]) == 0
    out = capsys.readouterr().out
    assert "ann: ratings on this computer" in out
    assert f"Toy: {ordinal:.1f}  (μ {ann2.mu:.1f}, σ {ann2.sigma:.1f}; 2 rated matches)" in out
    assert "provisional" in out
    assert main(["--db", db, "--lang", "ja", "rating", "ann", "toy"]) == 0
    assert "annのレーティング（この端末）" in capsys.readouterr().out
    assert main(["--db", db, "--lang", "en", "rating", "cat"]) == 0
    assert "cat has no rating on this computer yet." in capsys.readouterr().out

    assert main(["--db", db, "--lang", "en", "ladder", "toy"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Ladder: Toy on this computer"
    assert [line.split(".")[1].split()[0] for line in out[1:]] == ["Bot", "ann", "ben"]
    assert "Bot (easy)" in out[1]
    assert main(["--db", db, "--lang", "ja", "ladder", "toy"]) == 0
    out = capsys.readouterr().out
    assert "ラダー：" in out and "ボット（かんたん）" in out and "暫定" in out


def test_seasons_in_the_terminal(capsys, tmp_path):
    db = str(tmp_path / "s.sqlite")
    asyncio.run(_matches(db))
    assert main(["--db", db, "--lang", "en", "season", "end"]) == 2
    assert "No season is running" in capsys.readouterr().out
    assert main(["--db", db, "--lang", "en", "season", "start"]) == 0
    assert "Season 1 started on this computer." in capsys.readouterr().out
    assert main(["--db", db, "--lang", "en", "ladder", "toy"]) == 0
    out = capsys.readouterr().out
    assert "Season 1 ladder: Toy" in out and "No rated match of Toy yet." in out
    asyncio.run(_matches(db))
    asyncio.run(_matches(db, casual=True))  # only its bot match counts
    assert main(["--db", db, "--lang", "ja", "season", "end"]) == 0
    assert "シーズン1を終了しました" in capsys.readouterr().out
    assert main(["--db", db, "--lang", "en", "ladder", "toy", "--season", "1"]) == 0
    out = capsys.readouterr().out
    assert "Season 1 final table: Toy" in out
    assert "ann  " in out and "(3 rated matches)" in out  # two against the bot, one against Ben
    assert main(["--db", db, "--lang", "en", "ladder", "toy", "--season", "2"]) == 2


async def _places(db: str) -> list[object]:
    store = await Store.open(db)
    try:
        rows = await store.matches()
        return [(await store.events(r.id))[0].payload["place"].get("rated") for r in reversed(rows)]
    finally:
        await store.close()


def test_play_writes_rated_or_casual_into_the_log(capsys, tmp_path, monkeypatch):
    db = str(tmp_path / "p.sqlite")
    for extra in ([], ["--casual"]):
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))
        assert main(["--db", db, "play", "naru", "--players", "ann,ben", *extra]) == 0
    capsys.readouterr()
    assert asyncio.run(_places(db)) == [True, False]
