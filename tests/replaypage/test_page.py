"""The replay page generator: every stop is in it, each seat's data is that seat's
own view and nothing more, nothing is fetched at view time, and a match that is
still running is refused."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from bot import render
from bot.cli import main
from bot.replaypage import collect, html_page
from bot.replaypage.cache import page_bytes
from bot.replaypage.collect import STOPS
from bot.replaypage.page import data_in, perspectives
from engine.core import SPECTATOR, Viewer, commitment, with_names
from engine.core.errors import RuleError
from events.model import Player
from events.service import MatchService
from events.store import Store
from tests.replaypage.conftest import Played, play


def text(data: dict, index: int) -> str:
    return "" if index < 0 else "\n".join(data["lines"][i] for i in data["texts"][index])


def events_of(played: Played) -> list:
    async def go() -> list:
        store = await Store.open(played.db)
        try:
            return await store.events(played.match_id)
        finally:
            await store.close()
    return asyncio.run(go())


@pytest.mark.slow
def test_every_stop_of_the_match_is_a_step(played: Played) -> None:
    events = events_of(played)
    expected = [e.seq for e in events if e.type in STOPS]
    assert [s["seq"] for s in played.data["steps"]] == expected
    assert played.data["steps"][-1]["seq"] == events[-1].seq
    # The log holds every event, in order, and the embedded copy is the same data.
    assert sorted({x["seq"] for x in played.data["log"]}) == [e.seq for e in events]
    assert data_in(played.html) == json.loads(json.dumps(played.data))
    # Turns never go backwards along the steps (a turn jump finds the first step of a turn).
    turns = [s["turn"] for s in played.data["steps"]]
    assert turns == sorted(turns) and turns[-1] > 0
    # A step's turn is the one its board shows (not the turn the event was played in, one less after a turn ends).
    game = played.finished.final.game
    for stop, step in list(zip(played.finished.stops, played.data["steps"], strict=True))[::5]:
        assert step["turn"] == game.view(stop.ms.state, SPECTATOR)["turn"], stop.seq


def test_each_perspective_is_what_the_renderers_draw_from_that_view(played: Played) -> None:
    data, finished = played.data, played.finished
    game, names = finished.final.game, finished.names
    views = perspectives(len(finished.final.seats))
    assert [p["key"] for p in data["perspectives"]] == [k for k, _, _ in views]
    for stop, step in list(zip(finished.stops, data["steps"], strict=True))[::7]:
        for (key, viewer, _), cell in zip(views, step["v"], strict=True):
            view = game.view(stop.ms.state, viewer)
            for i, loc in enumerate(("en", "ja")):
                board = with_names(render.board(finished.final.game_id, view, loc), names[loc], loc)
                assert text(data, cell[i]) == board, (key, stop.seq)
                if viewer.seat is not None:
                    own = with_names(render.private(finished.final.game_id, view, viewer.seat, loc), names[loc], loc)
                    assert text(data, cell[2 + i]) == own, (key, stop.seq)
                elif not viewer.all_seeing:
                    assert cell[2 + i] == -1  # a spectator has no private panel
        # The picture is the spectator's board in each language, with its alt text.
        public = game.view(stop.ms.state, SPECTATOR)
        for i, loc in enumerate(("en", "ja")):
            picture = render.board_svg(finished.final.game_id, public, names[loc], loc)
            assert (step["img"][i] >= 0) == (picture is not None)
            if picture is not None:
                assert data["pictures"][step["img"][i]] == picture
                assert text(data, step["alt"][i]) == render.describe(finished.final.game_id, public, names[loc], loc)


def test_bots_are_named_in_the_pages_language(played: Played) -> None:
    """A selfplay match's seats are all bots: the Japanese side of the page names
    them in Japanese everywhere (players, log, result, boards), the English in English."""
    data, seats = played.data, len(played.finished.final.seats)
    assert data["players"] == {"en": [f"Bot {n}" for n in range(1, seats + 1)],
                               "ja": [f"ボット{n}" for n in range(1, seats + 1)]}
    ja = [line["ja"] for line in data["log"]] + [data["result"]["ja"]]
    ja += [text(data, cell[i]) for step in data["steps"] for cell in step["v"] for i in (1, 3)]
    assert "ボット1が参加しました。" in ja and "勝者: ボット" in data["result"]["ja"]
    assert not [line for line in ja if "Bot" in line]
    assert "Bot 1 joined." in [line["en"] for line in data["log"]]


@pytest.mark.slow
def test_a_seat_sees_no_card_hidden_from_it(played: Played) -> None:
    """Searched by instance id: the ids hidden from a seat at a step never appear
    in that seat's texts, while the all-seeing texts of the same steps do show
    hidden ids (so the search finds what it looks for)."""
    data, finished = played.data, played.finished
    game = finished.final.game
    seats = len(finished.names)

    def words(cell: list[int]) -> set[str]:
        return set(re.findall(r"[\w-]+", " ".join(text(data, i) for i in cell)))

    # A word that is on every public board is a legend entry, not a card (warlords' "c12=card id").
    boilerplate = set.intersection(*(words(step["v"][0]) for step in data["steps"]))
    assert len(boilerplate & game.hidden_ids(finished.stops[-1].ms.state, SPECTATOR)) <= 1
    shown_to_all = 0
    for stop, step in zip(finished.stops, data["steps"], strict=True):
        for seat in range(seats):
            hidden = game.hidden_ids(stop.ms.state, Viewer.of(seat)) - boilerplate
            assert not hidden & words(step["v"][1 + seat]), (seat, stop.seq, sorted(hidden & words(step["v"][1 + seat])))
            shown_to_all += len(hidden & words(step["v"][-1]))
        hidden = game.hidden_ids(stop.ms.state, SPECTATOR) - boilerplate
        assert not hidden & words(step["v"][0]), (stop.seq, sorted(hidden & words(step["v"][0])))
        # The pictures and their alt texts are the spectator's too.
        drawn = {w for i in step["img"] if i >= 0 for w in re.findall(r"[\w-]+", data["pictures"][i])}
        drawn |= words(step["alt"])
        assert not hidden & drawn, (stop.seq, sorted(hidden & drawn))
    if finished.final.game_id != "quarriors":  # its texts name dice, never their ids
        assert shown_to_all > 0


def test_the_fairness_proof_is_in_the_page(played: Played) -> None:
    proof = played.data["proof"]
    assert proof["ok"] is True
    assert commitment(bytes.fromhex(proof["secret"])) == proof["commitment"] == played.finished.final.commitment
    assert any(played.finished.final.commitment[:16] in line["en"] for line in proof["lines"])
    assert all(line["ja"] for line in proof["lines"])


def test_nothing_is_fetched_at_view_time(played: Played) -> None:
    page = played.html
    for attr in re.findall(r'(?:src|href)\s*=\s*"([^"]*)"', page):
        assert attr.startswith("data:"), attr
    assert not re.search(r"https?://", page)
    assert "@import" not in page and "url(" not in page
    for svg in played.data["pictures"]:  # pictures name nothing outside themselves
        assert svg.startswith("<svg ") and "href" not in svg and "url(" not in svg and "<script" not in svg


async def against_a_bot(service: MatchService, name: str) -> str:
    """A naru match waiting for a person's move: the bot has played up to it."""
    creator = Player(id="local:person", name=name)
    ms = await service.create("naru", creator, {})
    await service.add_bot(ms.match_id, creator.id)
    await service.start(ms.match_id, creator.id)
    return ms.match_id


def test_a_name_cannot_break_out_of_the_page(tmp_path: Path) -> None:
    async def go() -> str:
        store = await Store.open(tmp_path / "n.sqlite")
        try:
            service = MatchService(store, operator="mod")
            match_id = await against_a_bot(service, "</script><script>alert(1)</script>")
            await service.abort(match_id, "mod", "test")
            return html_page(await collect(service, match_id), "ja")
        finally:
            await store.close()
    page = asyncio.run(go())
    assert page.count("</script>") == 2  # the data block's and the script's own
    assert data_in(page)["players"]["ja"][0] == "</script><script>alert(1)</script>"
    assert '<html lang="ja">' in page


def running_match(db: Path) -> str:
    async def go() -> str:
        store = await Store.open(db)
        try:
            service = MatchService(store)
            match_id = await against_a_bot(service, "ann")
            assert (await service.get(match_id)).status == "running"
            return match_id
        finally:
            await store.close()
    return asyncio.run(go())


def test_a_running_match_is_refused_in_one_line_and_nothing_is_written(tmp_path: Path, capsys) -> None:
    db = tmp_path / "r.sqlite"
    match_id = running_match(db)
    out = tmp_path / "out.html"
    code = main(["--db", str(db), "replay", match_id, "--html", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "running" in err and match_id in err
    assert not out.exists()

    async def direct() -> None:
        store = await Store.open(db)
        try:
            with pytest.raises(RuleError):
                await collect(MatchService(store), match_id)
        finally:
            await store.close()
    asyncio.run(direct())
    code = main(["--db", str(db), "--lang", "ja", "replay", match_id, "--html", str(out)])
    assert code == 2 and "進行中" in capsys.readouterr().err


@pytest.mark.slow
def test_cli_writes_the_page(tmp_path: Path, capsys) -> None:
    played = play(tmp_path / "c.sqlite", "warlords", 3, seed=2)
    out = tmp_path / "replay.html"
    code = main(["--db", str(played.db), "replay", played.match_id, "--html", str(out)])
    said = capsys.readouterr().out
    assert code == 0 and str(out) in said and "steps" in said
    data = data_in(out.read_text(encoding="utf-8"))
    assert data["match"] == played.match_id and len(data["steps"]) == len(played.data["steps"])
    code = main(["--db", str(played.db), "replay", "nosuchmatch", "--html", str(tmp_path / "x.html")])
    err = capsys.readouterr().err
    assert code == 2 and "nosuchmatch" in err and len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_drawn_page_is_kept_for_the_next_asker(tmp_path: Path) -> None:
    played = play(tmp_path / "k.sqlite", "quarriors", 2, seed=3)

    async def go() -> tuple[bytes, bytes, bytes]:
        store = await Store.open(played.db)
        try:
            service = MatchService(store)
            return (await page_bytes(service, played.match_id, "en"), await page_bytes(service, played.match_id, "en"),
                    await page_bytes(service, played.match_id, "ja_JP.UTF-8"))
        finally:
            await store.close()
    first, again, japanese = asyncio.run(go())
    assert again is first  # not drawn twice
    assert japanese is not first and b'<html lang="ja">' in japanese and b'<html lang="en">' in first


def test_a_forfeited_match_ends_on_the_forfeit(tmp_path: Path) -> None:
    async def go() -> dict:
        store = await Store.open(tmp_path / "f.sqlite")
        try:
            service = MatchService(store)
            match_id = await against_a_bot(service, "ann")
            await service.remove_player(match_id, "local:person", 0, "forfeit")
            assert (await service.get(match_id)).status == "finished"
            return data_in(html_page(await collect(service, match_id), "en"))
        finally:
            await store.close()
    data = asyncio.run(go())
    assert data["steps"][-1]["kind"] == "player_removed"
    assert "Winner: Bot 1" in data["result"]["en"] and "勝者: ボット1" in data["result"]["ja"]
    assert any("ann left the match (forfeit)" in entry["en"] for entry in data["log"])


def test_a_match_aborted_in_the_lobby_has_nothing_to_replay(tmp_path: Path, capsys) -> None:
    db = tmp_path / "l.sqlite"

    async def make() -> str:
        store = await Store.open(db)
        try:
            service = MatchService(store, operator="mod")
            ms = await service.create("naru", Player(id="local:ann", name="ann"), {})
            await service.abort(ms.match_id, "mod", "never started")
            return ms.match_id
        finally:
            await store.close()
    match_id = asyncio.run(make())
    code = main(["--db", str(db), "replay", match_id, "--html", str(tmp_path / "l.html")])
    err = capsys.readouterr().err
    assert code == 2 and "before it started" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "l.html").exists()
