"""A player's click and the scheduler's deadline on the same decision: exactly one
of them takes effect, and a player whose move landed is never skipped for it.

The toy game's "mark" keeps the turn, so after a mark the same seat is pending
again: a skip decided before the mark but applied after it would pass the
"is it still their decision?" check and wrongly skip the player. Only the
sequence the deadline was decided at (`expected_seq`) tells the two apart."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

import pytest

from tests.discord import conftest as discord_suite
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness, custom_ids
from tests.discord.helpers import open_match, state

harness = discord_suite.harness  # the Discord suite's fixture: the real bot against the fake Discord


async def _deadline_match(h: Harness, policy: str = "skip") -> tuple[str, Any, Any, dict[str, Any], str]:
    """A running match with a deadline: its state, the player awaited, the DM menu
    they see, and the menu value of "mark"."""
    match_id, _ = await open_match(h, ALICE, BOB, deadline_hours=1.0, deadline_action=policy)
    ms = await state(h, match_id)
    who = [ALICE, BOB][ms.state.active]
    dm = copy.deepcopy(h.fake.dms(who.id)[-1])
    mark = str([c.code for c in ms.game.legal_actions(ms.state, ms.state.active)].index("mark"))
    return match_id, ms, who, dm, mark


async def _after(h: Harness, match_id: str, seq: int) -> list[Any]:
    return [e for e in await h.parley.service.events(match_id) if e.seq > seq]


async def test_deadline_decided_before_a_move_does_not_skip_the_mover(harness: Harness) -> None:
    h = harness
    match_id, ms, who, dm, mark = await _deadline_match(h)
    seat = ms.state.active
    await h.click(who, dm, custom_ids(dm)[0], values=[mark])  # lands first; the seat is pending again
    assert (await state(h, match_id)).state.active == seat
    await h.bot.scheduler._deadline(match_id, ms.seq, [seat], "skip")  # decided at the old sequence
    events = await _after(h, match_id, ms.seq)
    assert [e.actor for e in events] == [f"discord:{who.id}"]
    assert not any(e.payload.get("auto") == "deadline" for e in events)
    assert (await state(h, match_id)).state.active == seat  # still their turn: not skipped


async def test_deadline_forfeit_decided_before_a_move_does_not_remove_the_mover(harness: Harness) -> None:
    h = harness
    match_id, ms, who, dm, mark = await _deadline_match(h, "forfeit")
    seat = ms.state.active
    await h.click(who, dm, custom_ids(dm)[0], values=[mark])
    await h.bot.scheduler._deadline(match_id, ms.seq, [seat], "forfeit")
    after = await state(h, match_id)
    assert seat not in after.forfeited and after.status == "running"


async def test_click_offered_before_a_deadline_skip_is_stale(harness: Harness) -> None:
    h = harness
    match_id, ms, who, dm, mark = await _deadline_match(h)
    await h.bot.scheduler._deadline(match_id, ms.seq, [ms.state.active], "skip")
    ex = await h.click(who, dm, custom_ids(dm)[0], values=[mark])
    assert "no longer current" in h.reply_text(ex)
    events = await _after(h, match_id, ms.seq)
    assert len(events) == 1 and events[0].payload.get("auto") == "deadline"


@pytest.mark.slow
async def test_click_and_deadline_at_once_exactly_one_takes_effect(harness: Harness) -> None:
    h = harness
    outcomes = set()
    for delay in range(12):  # shift where the deadline starts relative to the click's handler
        match_id, ms, who, dm, mark = await _deadline_match(h)
        seat = ms.state.active

        async def deadline(delay: int = delay, match_id: str = match_id, seq: int = ms.seq,
                           seat: int = seat) -> None:
            for _ in range(delay):
                await asyncio.sleep(0)
            await h.bot.scheduler._deadline(match_id, seq, [seat], "skip")

        click, _ = await asyncio.gather(h.click(who, dm, custom_ids(dm)[0], values=[mark], wait=False), deadline())
        await h.settle()
        events = [e for e in await _after(h, match_id, ms.seq) if e.type == "action"]
        assert len(events) == 1, f"delay {delay}: both the click and the skip took effect: {events}"
        moved = events[0].actor == f"discord:{who.id}"
        reply = h.reply_text(click)
        if moved:
            assert "Done" in reply
            assert (await state(h, match_id)).state.active == seat, "the player who moved was skipped"
        else:
            assert events[0].payload.get("auto") == "deadline" and "no longer current" in reply
        outcomes.add("click" if moved else "skip")
    assert outcomes  # at least one trial ran; which side wins each race is up to the scheduling
