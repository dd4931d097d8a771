"""A start is lazy: running matches and open lobbies are not rebuilt until
something touches them (an interaction, or a reminder or deadline that may be
due), so a bot with thousands of matches serves at once, with memory for what
is used."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.discord.repair import repair
from events.model import NewEvent, Player
from events.store import LEAGUE, MatchRow
from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.harness import Harness
from tests.discord.helpers import lobby_message, open_match, state


async def test_a_restart_loads_no_match_until_one_is_touched(harness: Harness) -> None:
    h = harness
    first, _ = await open_match(h, ALICE, BOB)
    _second, _ = await open_match(h, BOB, CAROL)
    await h.restart()
    service = h.parley.service
    assert service._live == {}  # repaired nothing: both are shown up to their last event
    await h.bot.scheduler.tick(datetime.now(UTC))  # nothing is due yet
    assert service._live == {}
    assert (await state(h, first)).match_id == first  # touched: loaded, from its snapshot and log
    assert set(service._live) == {first}


async def test_a_due_reminder_loads_only_that_match(harness: Harness) -> None:
    h = harness
    first, _ = await open_match(h, ALICE, BOB)
    await h.restart()
    service = h.parley.service
    later = datetime.now(UTC) + timedelta(hours=h.parley.config.reminder_hours + 1)
    await h.bot.scheduler.tick(later)
    assert set(service._live) == {first}


def _hours_later(hours: int) -> str:
    return (datetime.now(UTC) + timedelta(hours=hours)).isoformat(timespec="milliseconds")


async def _repair_noting_reads(h: Harness, hours: int) -> tuple[int, list[str]]:
    """A restart `hours` from now whose repair notes every match whose delivery record it reads."""
    await h.stop()
    bot = await h.start()
    room = bot.room
    room.service.clock = lambda: _hours_later(hours)
    delivery, read = room.delivery, []
    record = delivery.record

    async def noted(match_id: str) -> dict[str, object]:
        read.append(match_id)
        return await record(match_id)

    delivery.record = noted
    repaired = await repair(room.service, delivery)
    delivery.record = record
    return repaired, read


@pytest.mark.slow  # three restarts
async def test_a_repair_reads_only_matches_that_may_be_behind(harness: Harness) -> None:
    h = harness
    over, _ = await open_match(h, ALICE, BOB)
    await h.parley.service.abort(over, None, "done with")
    await h.settle()
    _, read = await _repair_noting_reads(h, 2)
    assert over in read  # ended since the last repair (there was none): looked at once
    running, _ = await open_match(h, BOB, CAROL)
    repaired, read = await _repair_noting_reads(h, 4)
    assert read == [running] and repaired == 0  # the match that ended long before is not read again
    ended_since, _ = await open_match(h, ALICE, CAROL)
    h.parley.service.clock = lambda: _hours_later(5)
    await h.parley.service.abort(ended_since, None, "done with")  # its end never shown: as if a crash cut it
    league = MatchRow("lg", LEAGUE, "league-1", _hours_later(5), _hours_later(5), "finished", "", "1", None, [], None, 0)
    await h.parley.service.store.create_match(league, b"s", NewEvent(type="note", actor="system"))  # no thread
    repaired, read = await _repair_noting_reads(h, 6)
    assert set(read) == {running, ended_since} and repaired == 1  # (the sync reads it again)
    assert (await h.parley.delivery.record(ended_since)).get("ended")


async def test_a_restart_loads_no_lobby_shown_to_its_last_event(harness: Harness) -> None:
    h = harness
    lobby, _ = await open_match(h, ALICE, BOB, start=False)
    thread = (await h.parley.delivery.record(lobby))["thread"]
    before = len(h.fake.calls)
    await h.restart()
    assert h.parley.service._live == {}
    assert not [c for c in h.fake.calls[before:] if thread in c.path]  # its thread not read back either
    await h.click(CAROL, lobby_message(h, lobby), f"p:l:{lobby}:join")  # touched: loaded and shown
    assert set(h.parley.service._live) == {lobby} and CAROL.mention in lobby_message(h, lobby)["content"]


async def test_a_restart_shows_a_lobby_whose_last_event_it_never_showed(harness: Harness) -> None:
    h = harness
    lobby, _ = await open_match(h, ALICE, start=False)
    # Carol's join is appended, then the process dies before Discord hears of it.
    await h.parley.service.join(lobby, Player(id=f"discord:{CAROL.id}", name=CAROL.name))
    assert CAROL.mention not in lobby_message(h, lobby)["content"]
    await h.restart()
    assert CAROL.mention in lobby_message(h, lobby)["content"]
