from __future__ import annotations

from tests.discord.conftest import ALICE
from tests.discord.harness import Harness


async def test_games_lists_installed(harness: Harness) -> None:
    ex = await harness.slash(ALICE, "games")
    text = harness.reply_text(ex)
    assert "`toy`" in text
    msg = harness.last_reply(ex)
    assert msg["_visible_to"] == ALICE.id
