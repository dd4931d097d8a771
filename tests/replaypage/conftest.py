"""Finished matches of every game, played by bots into a real SQLite file once per session."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.replaypage import Finished, collect, page_data, page_html
from events.selfplay import selfplay
from events.service import MatchService
from events.store import Store

# Seeds whose matches are among the shortest: the board images make a long page slow to build.
# Musou's and Warlords' pages still take seconds, so their checks run with the slow tests.
GAMES = [pytest.param(("quarriors", 3, 1), id="quarriors"), pytest.param(("naru", 2, 4), id="naru"),
         pytest.param(("musou", 2, 1), id="musou", marks=pytest.mark.slow),
         pytest.param(("warlords", 4, 1), id="warlords", marks=pytest.mark.slow)]


@dataclass
class Played:
    db: Path
    match_id: str
    finished: Finished
    data: dict
    html: str


def play(db: Path, game: str, players: int, seed: int = 1) -> Played:
    async def go() -> Played:
        store = await Store.open(db)
        try:
            [result] = await selfplay(store, game, players, 1, seed)
            finished = await collect(MatchService(store), result.match_id)
        finally:
            await store.close()
        data = page_data(finished)
        return Played(db, result.match_id, finished, data, page_html(data, "en"))
    return asyncio.run(go())


@pytest.fixture(scope="session", params=GAMES)
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Played:
    game, players, seed = request.param
    return play(tmp_path_factory.mktemp("replaypage") / f"{game}.sqlite", game, players, seed)
