"""The service builds a move's views together where the game shares their work
(events/service.py `view_of`): each viewer still gets exactly its own view; and
what a command records and the menus it keeps are what the game gives afresh."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import SPECTATOR, Viewer
from events.service import MatchService
from events.verify import verify_match
from tests.events.conftest import ANN, BEN


@pytest.fixture
def service(store):
    # A fixed secret: the same deals and draws on every run.
    return MatchService(store, new_secret=lambda: bytes(range(32)))


@pytest.mark.parametrize("game", ["quarriors", "naru", "musou", "warlords"])
async def test_each_viewer_gets_the_view_the_game_builds_for_it_alone(service, game):
    ms = await service.create(game, ANN)
    await service.join(ms.match_id, BEN)
    await service.start(ms.match_id, ANN.id)
    rnd = random.Random(7)
    for _ in range(40):
        ms = await service.get(ms.match_id)
        if ms.status != "running":
            break
        # The spectator's view first, as a move does (its digest), then each seat's (their DMs).
        for viewer in (SPECTATOR, Viewer.of(0), Viewer.of(1)):
            alone = ms.game.view(ms.state, viewer)
            assert json.dumps(service.view_of(ms, viewer), default=str) == json.dumps(alone, default=str), viewer
        pending, player = (await service.waiting(ms.match_id))[0]
        choices = await service.choices(ms.match_id, player.id, pending.seat)
        await service.act(ms.match_id, player.id, rnd.choice(choices).action, seat=pending.seat)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["quarriors", "naru", "musou", "warlords"])
async def test_a_commands_records_and_menus_are_what_the_game_gives_afresh(service, game):
    """A command records each action's board digest (a state it passes through from its
    spectator view alone, the one it rests on from the views built together) and answers
    forced decisions from the menu it keeps: the log verifies (every digest, log line and
    forced move recomputed by the rules alone) and every menu is the game's own."""
    ms = await service.create(game, ANN)
    await service.join(ms.match_id, BEN)
    await service.start(ms.match_id, ANN.id)
    rnd = random.Random(11)
    forced = 0
    for _ in range(60):
        ms = await service.get(ms.match_id)
        if ms.status != "running":
            break
        pending, player = (await service.waiting(ms.match_id))[0]
        choices = await service.choices(ms.match_id, player.id, pending.seat)
        assert choices == ms.game.legal_actions(ms.state, pending.seat)
        result = await service.act(ms.match_id, player.id, rnd.choice(choices).action, seat=pending.seat)
        forced += sum(e.payload.get("auto") == "forced" for e in result.events)
    report = await verify_match(service, ms.match_id)
    assert report.ok, [line.en for line in report.lines]
    assert forced or game != "musou"  # musou's menus force moves: the path that records them ran
