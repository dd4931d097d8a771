"""A start is lazy: running matches are not rebuilt until something touches
them (an interaction, or a reminder or deadline that may be due), so a bot
with thousands of matches serves at once, with memory for what is used."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.harness import Harness
from tests.discord.helpers import open_match, state


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
