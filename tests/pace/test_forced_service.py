"""Through the real match service (SQLite): a person is never left waiting on
a decision every seat can see has one answer; the service plays it at once,
logged as a move without a choice, and the log still verifies."""

import random

import pytest

from engine.core.forced import forced_action
from events.model import Player
from events.service import MatchService
from events.store import Store
from events.verify import verify_match

ANN = Player(id="local:ann", name="Ann")
BEN = Player(id="local:ben", name="Ben", locale="ja")


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "pace.sqlite")
    yield MatchService(store, new_secret=lambda: bytes(range(32)))
    await store.close()


@pytest.mark.slow
@pytest.mark.parametrize("game", ["quarriors", "naru", "musou", "warlords"])
async def test_no_person_waits_on_a_publicly_forced_decision(service, game):
    ms = await service.create(game, ANN)
    await service.join(ms.match_id, BEN)
    await service.start(ms.match_id, ANN.id)
    rnd = random.Random(game)
    for _ in range(150):
        ms = await service.get(ms.match_id)
        if ms.status != "running":
            break
        waiting = await service.waiting(ms.match_id)
        for pending, _player in waiting:
            assert forced_action(ms.game, ms.state, pending.seat) is None, f"{pending.kind} waits though forced"
        _pending, player = waiting[0]
        choices = await service.choices(ms.match_id, player.id)
        await service.act(ms.match_id, player.id, rnd.choice(choices).action)
    events = await service.store.events(ms.match_id)
    forced = [e for e in events if e.type == "action" and e.payload.get("auto") == "forced"]
    if game in ("quarriors", "naru", "musou"):
        assert forced, "these games have publicly forced decisions within 150 moves"
    for e in forced:
        assert e.actor == "system"
        assert e.payload["log"][0]["en"] == f"⟦{e.payload['seat']}⟧ had no choice:"
        assert e.payload["log"][0]["ja"] == f"⟦{e.payload['seat']}⟧に選択の余地なし:"
    report = await verify_match(service, ms.match_id)
    assert report.ok, [x.en for x in report.lines if x.en.startswith("✗")]
