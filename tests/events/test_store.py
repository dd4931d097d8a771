"""What only the SQLite store has: its pragmas, and the upcasting of old
event versions as a unit. Everything else a store does is tested once for
both backends in tests/stores/test_recorder.py."""

from events.upcast import upcast


async def test_pragmas_make_every_acknowledged_append_durable(store):
    async with store._db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    async with store._db.execute("PRAGMA synchronous") as cur:
        assert (await cur.fetchone())[0] == 2  # FULL
    async with store._db.execute("PRAGMA busy_timeout") as cur:
        assert (await cur.fetchone())[0] == 5000


def test_old_event_versions_are_upcast_on_read():
    version, payload = upcast("action", 0, {"player": 1, "action": {"kind": "pass"}})
    assert version == 1
    assert payload == {"seat": 1, "action": {"kind": "pass"}}
