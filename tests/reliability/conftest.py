"""Shared fixtures for the reliability suite: real SQLite files, real services."""

import sqlite3

import pytest

from events.service import MatchService
from events.store import Store
from tests.events.conftest import ANN, BEN, started

__all__ = ["ANN", "BEN", "play", "started", "tamper"]


@pytest.fixture
async def db(tmp_path):
    return tmp_path / "parley.sqlite"


@pytest.fixture
async def service(db):
    store = await Store.open(db)
    yield MatchService(store, snapshot_every=10, operator="mod-1")  # moderates, as the command line does
    await store.close()


async def play(service, match_id, moves):
    """Play `moves` actions, each the pending player's last listed choice."""
    for _ in range(moves):
        ms = await service.get(match_id)
        if ms.status != "running":
            return
        (_pending, player), *_ = await service.waiting(match_id)
        choices = await service.choices(match_id, player.id)
        await service.act(match_id, player.id, choices[-1].action)


def tamper(path, *statements):
    """Edit the database as an attacker with file access would: triggers dropped."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("DROP TRIGGER IF EXISTS events_no_update")
        conn.execute("DROP TRIGGER IF EXISTS events_no_delete")
        conn.execute("DROP TRIGGER IF EXISTS events_gapless")
        conn.execute("DROP TRIGGER IF EXISTS events_hashed")
        for sql, args in statements:
            conn.execute(sql, args)
    finally:
        conn.close()
