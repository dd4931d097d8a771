"""The fake Discord's own bookkeeping, where a bench leans on it."""

from __future__ import annotations

import random

from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness
from tests.discord.helpers import open_match
from tests.discord.moves import random_move


async def test_newest_dms_are_the_dms_newest_first(harness: Harness) -> None:
    """`newest_dms` reads the fake's messages in the order they were made, which must be their
    ids' (a forum post's first message re-keyed to the post included), as `dms` sorts them."""
    h = harness
    forum = h.fake.add_forum()
    match_id, post = await open_match(h, ALICE, BOB, game="quarriors", options="", channel=forum)
    rng = random.Random(3)
    for _ in range(6):
        await random_move(h, match_id, post, (ALICE, BOB), rng)
    assert list(h.fake.messages) == sorted(h.fake.messages)
    for user in (ALICE, BOB):
        shown = h.fake.dms(user.id)
        assert shown and list(h.fake.newest_dms(user.id)) == shown[::-1]
    assert not h.fake.violations
