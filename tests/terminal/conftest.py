"""Terminal tests drive `Terminal` with scripted lines over a real SQLite store."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest

from bot.terminal import Terminal
from engine.core import Rng
from engine.registry import register
from events.model import Player
from events.service import MatchService
from events.store import Store

from .parlour import GAME as PARLOUR

register(PARLOUR)


def people(*names: str) -> list[Player]:
    return [Player(id=f"local:{n}", name=n) for n in names]


@dataclass
class Session:
    code: int
    out: str
    match_id: str
    service: MatchService


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "terminal.sqlite")
    yield MatchService(store, new_secret=lambda: bytes(range(32)), bot_rng=Rng(b"bots" * 8), operator="operator:ann")
    await store.close()


async def new_match(service, game="parlour", humans=("ann", "ben"), bots=0, options=None):
    """A started match; returns it and the event before its start."""
    players = people(*humans)
    ms = await service.create(game, players[0], options or {})
    for p in players[1:]:
        await service.join(ms.match_id, p)
    for _ in range(bots):
        await service.add_bot(ms.match_id, players[0].id)
    before = (await service.get(ms.match_id)).seq
    await service.start(ms.match_id, players[0].id)
    return ms.match_id, before


async def play(service, lines, *, game="parlour", humans=("ann", "ben"), bots=0, options=None, locale="en",
               screen=False, db=None, match_id=None) -> Session:
    """Run the terminal on `lines` (then end of input) and return what it printed."""
    before = None
    if match_id is None:
        match_id, before = await new_match(service, game, humans, bots, options)
    feed = iter(lines)

    def read():
        line = next(feed, None)
        if isinstance(line, BaseException):
            raise line
        return line

    out = io.StringIO()
    code = await Terminal(service, match_id, locale, read, out=out, screen=screen, db=db, since=before).run()
    return Session(code, out.getvalue(), match_id, service)
