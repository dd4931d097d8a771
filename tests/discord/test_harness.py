"""The fake Discord's own bookkeeping, where a bench leans on it."""

from __future__ import annotations

import random
from urllib.parse import urlsplit

from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness, _path_and_query, walk
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


def test_walk_meets_every_component_in_the_order_a_reader_does() -> None:
    """Nested ones too: a container's, a section's text then its accessory, a label's component."""
    def c(name: str, **inner: object) -> dict[str, object]:
        return {"name": name, **inner}
    components = [
        c("box", components=[c("text"), c("section", components=[c("card")], accessory=c("button")), c("sep")]),
        c("row", components=[c("a"), c("b")]),
        c("label", component=c("input")),
        c("both", components=[c("inner")], accessory=c("side"), component=c("last")),
    ]
    assert [x["name"] for x in walk(components)] == ["box", "text", "section", "card", "button", "sep", "row", "a",
                                                     "b", "label", "input", "both", "inner", "side", "last"]
    assert walk([]) == []


def test_the_fake_reads_a_requests_path_and_query_as_urlsplit_does() -> None:
    for url in ("https://discord.com/api/v10/channels/1/messages", "https://discord.com/api/v10/channels/1/messages?"
                "limit=50&before=3", "https://discord.com", "https://discord.com/", "http://127.0.0.1/api/v10/users/@me",
                "https://discord.com/api/v10/interactions/1/tok/callback?with_response=true", "/api/v10/x?a=1&b=2"):
        parts = urlsplit(url)
        assert _path_and_query(url) == (parts.path, parts.query), url
