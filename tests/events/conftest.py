import pytest

from events.model import Player
from events.service import MatchService
from events.store import Store

ANN = Player(id="local:ann", name="Ann")
BEN = Player(id="local:ben", name="Ben", locale="ja")
CAT = Player(id="local:cat", name="Cat")


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "parley.sqlite")
    yield s
    await s.close()


@pytest.fixture
async def service(store):
    # The tests moderate as the database's operator, as the command line does.
    return MatchService(store, snapshot_every=10, operator="mod")


async def started(service, *players, options=None):
    """A running toy match with `players` seated in order."""
    ms = await service.create("toy", players[0], options or {"goal": 30})
    for p in players[1:]:
        await service.join(ms.match_id, p)
    await service.start(ms.match_id, players[0].id)
    return ms.match_id


async def whose_turn(service, match_id):
    (pending, player), *_ = await service.waiting(match_id)
    return pending, player
