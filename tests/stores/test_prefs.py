"""Players' own settings (events/prefs.py) in the `player_prefs` table, on both
backends: written and read back, replaced, selected by id, copied by migrate-db."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from events.migrate import copy_database
from events.prefs import PlayerPrefs
from events.stores import open_store

AWAY = PlayerPrefs("discord:1", "2026-01-08T12:00:00+00:00", True)
QUIET = PlayerPrefs("discord:2", None, False)


async def test_prefs_are_stored_replaced_and_selected(recorder) -> None:  # type: ignore[no-untyped-def]
    assert await recorder.player_prefs() == {}
    await recorder.set_player_prefs(AWAY)
    await recorder.set_player_prefs(QUIET)
    assert await recorder.player_prefs() == {"discord:1": AWAY, "discord:2": QUIET}
    assert await recorder.player_prefs(["discord:2", "discord:9"]) == {"discord:2": QUIET}
    assert await recorder.player_prefs([]) == {}
    back = PlayerPrefs("discord:1", None, True)
    await recorder.set_player_prefs(back)
    assert (await recorder.player_prefs(["discord:1"]))["discord:1"] == back


async def test_writes_to_one_player_in_one_batch_keep_their_order(recorder) -> None:  # type: ignore[no-untyped-def]
    """Writes group-committed together land in the order they were made, whatever
    their values (the batch is sorted by row key, and the key is the player alone)."""
    home = PlayerPrefs("discord:1", None, True)
    await asyncio.gather(recorder.set_player_prefs(home), recorder.set_player_prefs(AWAY))
    assert (await recorder.player_prefs(["discord:1"]))["discord:1"] == AWAY
    await asyncio.gather(recorder.set_player_prefs(AWAY), recorder.set_player_prefs(home))
    assert (await recorder.player_prefs(["discord:1"]))["discord:1"] == home


def test_away_until_the_end_of_the_vacation() -> None:
    assert AWAY.away(datetime(2026, 1, 8, 11, 59, tzinfo=UTC))
    assert not AWAY.away(datetime(2026, 1, 8, 12, 0, tzinfo=UTC))
    assert not QUIET.away(datetime(2020, 1, 1, tzinfo=UTC))


@pytest.mark.slow
@pytest.mark.parametrize("target_kind", ["sqlite", "postgresql"])
async def test_migrate_db_copies_prefs(new_db, backend, target_kind) -> None:  # type: ignore[no-untyped-def]
    source, target = await open_store(new_db(backend)), await open_store(new_db(target_kind))
    try:
        await source.set_player_prefs(AWAY)
        await source.set_player_prefs(QUIET)
        await source.set_player_prefs(PlayerPrefs("discord:3", quiet="23:00-07:00", zone="Asia/Tokyo"))
        report = await copy_database(source, target)
        assert report.ok and report.prefs == 3, [x.en for x in report.lines]
        assert await target.player_prefs() == await source.player_prefs()
    finally:
        await source.close()
        await target.close()


async def test_a_write_of_some_fields_leaves_the_others_as_they_are(recorder) -> None:  # type: ignore[no-untyped-def]
    """Vacation and digest are set by separate commands: each writes its own
    column, so two at the same instant keep both (a whole-row write lost one)."""
    await asyncio.gather(
        recorder.set_player_prefs(PlayerPrefs("discord:1", vacation_until=AWAY.vacation_until), ("vacation_until",)),
        recorder.set_player_prefs(PlayerPrefs("discord:1", digest=False), ("digest",)))
    assert await recorder.player_prefs(["discord:1"]) == {"discord:1": PlayerPrefs("discord:1", AWAY.vacation_until, False)}
    await recorder.set_player_prefs(PlayerPrefs("discord:1", digest=True), ("digest",))
    await recorder.set_player_prefs(PlayerPrefs("discord:2", digest=False), ("digest",))  # a new row: the rest default
    assert await recorder.player_prefs() == {"discord:1": AWAY, "discord:2": QUIET}
    # Whole-row writes and field writes to one player in one batch land in the order they were made.
    await asyncio.gather(recorder.set_player_prefs(PlayerPrefs("discord:1", None, False)),
                         recorder.set_player_prefs(PlayerPrefs("discord:1", digest=True), ("digest",)))
    assert (await recorder.player_prefs(["discord:1"]))["discord:1"] == PlayerPrefs("discord:1", None, True)


async def test_an_unknown_prefs_field_is_refused(recorder) -> None:  # type: ignore[no-untyped-def]
    for fields in (("colour",), ()):
        with pytest.raises(ValueError, match="player prefs fields must be some of"):
            await recorder.set_player_prefs(QUIET, fields)
    assert await recorder.player_prefs() == {}


async def test_quiet_hours_are_their_own_write(recorder) -> None:  # type: ignore[no-untyped-def]
    """`/parley me hours` writes quiet hours and zone together (migration 5 in SQLite,
    4 in PostgreSQL), leaving a vacation and the digest set at the same instant."""
    night = PlayerPrefs("discord:1", quiet="23:00-07:00", zone="Europe/London")
    await asyncio.gather(recorder.set_player_prefs(night, ("hours",)),
                         recorder.set_player_prefs(AWAY, ("vacation_until",)),
                         recorder.set_player_prefs(PlayerPrefs("discord:1", digest=False), ("digest",)))
    assert (await recorder.player_prefs(["discord:1"]))["discord:1"] == PlayerPrefs(
        "discord:1", AWAY.vacation_until, False, "23:00-07:00", "Europe/London")
    await recorder.set_player_prefs(PlayerPrefs("discord:1"), ("hours",))  # cleared
    assert (await recorder.player_prefs(["discord:1"]))["discord:1"] == PlayerPrefs("discord:1", AWAY.vacation_until,
                                                                                    False)
