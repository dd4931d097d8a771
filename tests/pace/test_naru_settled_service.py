
"""Naru's "settled" standing order through the real match service (SQLite):
it answers "no tool" only for a defence no battle tool could change, the
battle's attacker never sees it, and the log verifies."""

import json
import random

import pytest

from engine.core import Viewer
from engine.naru.game import SETTLED
from events.export import export_jsonl
from tests.pace.test_orders_service import ANN, BEN, order_moves, service, started, verified

__all__ = ["service"]  # the fixture, imported for pytest


@pytest.mark.slow
async def test_settled_answers_only_a_battle_no_tool_could_change(service):
    match_id = await started(service, "naru")
    rnd = random.Random("settled")
    settled_seen = 0
    for _ in range(600):
        ms = await service.get(match_id)
        if ms.status != "running" or order_moves(await service.store.events(match_id)):
            break
        if 1 not in ms.orders and ms.game.turn(ms.state) >= 1:
            await service.set_order(match_id, BEN.id, "settled")  # re-set after each of Ben's commands
            continue
        pending, player = (await service.waiting(match_id))[0]
        settled_seen += pending.seat == 1 and SETTLED in ms.game.order_tags(ms.state, pending)
        choices = await service.choices(match_id, player.id, pending.seat)
        await service.act(match_id, player.id, rnd.choice(choices).action, seat=pending.seat)
    events = await service.store.events(match_id)
    played = order_moves(events)
    assert played and settled_seen == 0, "the order answered the settled battle before Ben was asked"
    for e in played:
        assert e.payload["seat"] == 1 and e.payload["action"] == {"kind": "no_tool"}
        before = await service.state_at(match_id, e.seq - 1)
        assert SETTLED in before.game.order_tags(before.state, before.game.pending(before.state)[0])
    ms = await service.get(match_id)
    assert "settled" not in json.dumps(ms.game.view(ms.state, Viewer.of(0)))
    assert "settled" not in await export_jsonl(service, match_id, player_id=ANN.id)
    await verified(service, match_id)
