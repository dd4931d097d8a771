"""bot/discord/ops.py: each Discord call answers one Result, whatever Discord said,
through the real discord.py client over FakeDiscord."""

from __future__ import annotations

import pytest

from bot.discord.ops import Ops, Outcome, Undelivered
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import FakeHTTPError, Harness
from tests.discord.helpers import open_match


def ops(h: Harness) -> Ops:
    return h.parley.delivery.ops  # type: ignore[no-any-return]


async def test_a_post_is_delivered_with_its_id_and_pings_only_whom_it_names(harness: Harness) -> None:
    h = harness
    posted = await ops(h).post(h.fake.channel_id, f"@everyone {ALICE.mention} {BOB.mention}", pings=[ALICE.id])
    assert posted.ok and posted.outcome is Outcome.DELIVERED
    msg = h.fake.messages[int(posted.id or 0)]
    assert msg["_pings"] == {"everyone": False, "users": [str(ALICE.id)], "roles": []}


async def test_deleted_messages_are_gone_and_deleting_twice_is_done(harness: Harness) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, BOB)
    posted = await ops(h).post(thread, "soon gone")
    h.fake.delete(int(posted.id or 0))
    edited = await ops(h).edit(thread, int(posted.id or 0), content="again")
    assert edited.outcome is Outcome.GONE and edited.code == 10008
    assert (await ops(h).delete(thread, int(posted.id or 0))).ok  # already gone counts as done
    with pytest.raises(Undelivered, match="gone"):
        edited.expect()
    assert edited.expect(Outcome.GONE) is edited


async def test_closed_dms_and_members_who_left_are_told_apart(harness: Harness) -> None:
    h = harness
    h.fake.dm_closed.add(ALICE.id)
    h.fake.dm_gone.add(BOB.id)
    alice, bob = await ops(h).open_dm(ALICE.id), await ops(h).open_dm(BOB.id)
    assert alice.ok and bob.ok and alice.id != bob.id
    closed = await ops(h).dm(alice.id or 0, "your hand")
    left = await ops(h).dm(bob.id or 0, "your hand")
    assert closed.outcome is Outcome.CANNOT_DM and closed.cannot_dm and closed.code == 50007
    assert left.outcome is Outcome.MEMBER_LEFT and left.cannot_dm and left.code == 50278


async def test_permissions_rate_limits_and_outages_each_have_their_outcome(harness: Harness) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, BOB)
    posted = await ops(h).post(thread, "a message")
    h.fake.pins_refused = True
    assert (await ops(h).pin(thread, posted.id or 0)).outcome is Outcome.FORBIDDEN
    h.fake.fail_next.append((f"POST /channels/{thread}/messages", FakeHTTPError(429, 0, "You are being rate limited")))
    assert (await ops(h).post(thread, "x")).outcome is Outcome.RATE_LIMITED
    h.fake.fail_next.append((f"POST /channels/{thread}/messages", FakeHTTPError(503, 0, "Service Unavailable")))
    down = await ops(h).post(thread, "x")
    assert down.outcome is Outcome.TRANSIENT and not down.ok and down.id is None
    h.fake.fail_next.append((f"POST /channels/{thread}/messages", FakeHTTPError(400, 50035, "Invalid Form Body")))
    assert (await ops(h).post(thread, "x")).outcome is Outcome.REFUSED
    assert (await ops(h).post(thread, "x")).ok  # each failure was for one call only


async def test_an_archived_thread_is_reopened_and_the_call_tried_again(harness: Harness) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, BOB)
    posted = await ops(h).post(thread, "before")
    assert (await ops(h).set_archived(thread, True)).ok and h.fake.channels[thread]["archived"]
    edited = await ops(h).edit(thread, posted.id or 0, content="after")
    assert edited.ok and h.fake.messages[int(posted.id or 0)]["content"] == "after"
    assert not h.fake.channels[thread]["archived"]
    assert [c.status for c in h.fake.calls if c.path == f"/channels/{thread}/messages/{posted.id}"] == [400, 200]


async def test_a_thread_made_before_a_crash_is_found_not_made_twice(harness: Harness) -> None:
    h = harness
    lobby = await ops(h).post(h.fake.channel_id, "lobby")
    first = await ops(h).open_thread(h.fake.channel_id, lobby.id or 0, "a match")
    again = await ops(h).open_thread(h.fake.channel_id, lobby.id or 0, "a match")
    assert first.ok and again.ok and first.id == again.id
    assert sum(1 for c in h.fake.channels.values() if c["type"] == 11) == 1
