"""At most three REST calls per ordinary move, in each of the four games.

Counted on FakeDiscord's record of every REST call the real discord.py client
makes (tests/discord/moves.py), in a two-player match played as players play:
on the decision menus of their DMs. The first post of a match and its end are
not ordinary moves and are not counted; the interaction responses answering a
click are counted apart."""

from __future__ import annotations

import pytest

from bot.discord.dms import DMS, dm_key
from bot.discord.layout import text_of
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness, custom_ids
from tests.discord.helpers import open_match, state
from tests.discord.moves import play, rest_calls

CEILING = 3
MOVES = 40


@pytest.mark.slow
@pytest.mark.parametrize("game", ["quarriors", "naru", "musou", "warlords"])
async def test_an_ordinary_move_makes_at_most_three_rest_calls(harness: Harness, game: str) -> None:
    tally, made = await play(harness, game, (ALICE, BOB), MOVES)
    assert len(tally.per_move) >= MOVES // 2, f"only {len(tally.per_move)} ordinary moves in {made}"
    assert max(tally.per_move) <= CEILING, f"{max(tally.per_move)} calls: {tally.worst}"
    # Every move shows something (its log line at least), and nothing but messages:
    # no DM channel opened, no pin, no channel fetched again.
    assert min(tally.per_move) >= 1
    assert set(tally.kinds) <= {"POST message", "PATCH message"}, tally.kinds
    assert sum(tally.via[v] for v in ("dm button", "dm select", "dm group", "dm card")) == len(tally.per_move)


async def test_a_move_on_the_dm_menu_refreshes_that_dm_through_its_answer(harness: Harness) -> None:
    h = harness
    match_id, _ = await open_match(h, ALICE, BOB)
    ms = await state(h, match_id)
    who = [ALICE, BOB][ms.state.active]
    dm = h.fake.dms(who.id)[-1]
    mark = str([c.code for c in ms.game.legal_actions(ms.state, ms.state.active)].index("mark"))
    since = len(h.fake.calls)
    await h.click(who, dm, custom_ids(dm)[0], values=[mark])
    after = await state(h, match_id)
    assert after.seq == ms.seq + 1 and after.state.active == ms.state.active  # a mark keeps the turn
    # The DM shows the new decision (its menu carries the new seq), edited by the click's answer:
    shown = h.fake.messages[int(dm["id"])]
    assert custom_ids(shown) == [f"p:s:{match_id}:{after.seq}:{ms.state.active}"]
    assert not [c for c in rest_calls(h.fake, since) if f"/messages/{dm['id']}" in c.path]
    assert [c for c in h.fake.calls[since:] if c.method == "PATCH" and c.path.endswith("/messages/@original")]
    # ... which is the whole answer: what the move did on top, no private reply of its own.
    assert not [c for c in h.fake.calls[since:] if c.method == "POST" and c.path.startswith("/webhooks/")]
    assert text_of(shown).startswith("Done") and "marks" in text_of(shown).split("\n")[0]
    # The board, the log line, and the other player's DM (the toy's private view shows the marks).
    assert len(rest_calls(h.fake, since)) <= 3


async def test_dm_channels_are_remembered_across_a_restart(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    opened = [c for c in h.fake.calls if c.path == "/users/@me/channels"]
    assert len(opened) == 2  # one per player, when the match started
    await h.restart()
    since = len(h.fake.calls)
    for _ in range(3):
        ms = await state(h, match_id)
        await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")
    assert (await state(h, match_id)).seq == ms.seq + 1
    assert not [c for c in h.fake.calls[since:] if c.path == "/users/@me/channels"]
    assert h.fake.dms(ALICE.id) and h.fake.dms(BOB.id)


async def test_a_dm_lost_to_an_outage_is_retried_by_the_scheduler(harness: Harness) -> None:
    from datetime import UTC, datetime

    from tests.discord.harness import FakeHTTPError
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms = await state(h, match_id)
    who, other = ([ALICE, BOB] if ms.state.active == 0 else [BOB, ALICE])
    dm_channel = next(c["id"] for c in h.fake.channels.values() if c.get("recipient") == other.id)
    h.fake.fail_next.append((f"POST /channels/{dm_channel}/messages", FakeHTTPError(503, 0, "Service Unavailable")))
    await h.slash(who, "act", channel=thread, action="roll")  # the turn passes: the other player's DM is due
    assert match_id in await h.parley.delivery.pending()
    waiting = h.fake.dms(other.id)[-1]
    after = await state(h, match_id)
    assert f":{after.seq}:" not in "".join(custom_ids(waiting))  # the new menu did not arrive
    await h.bot.scheduler.tick(datetime.now(UTC))
    assert custom_ids(h.fake.dms(other.id)[-1]) == [f"p:s:{match_id}:{after.seq}:{after.state.active}"]
    assert match_id not in await h.parley.delivery.pending()


@pytest.mark.usefixtures("seated")
async def test_a_dm_that_grows_or_shrinks_keeps_its_messages(harness: Harness,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.discord import games
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, game="seated")
    [first] = h.fake.dms(ALICE.id)
    monkeypatch.setitem(games.BOARD_LINES, "hand", 100)  # about 7,000 characters: two messages
    since = len(h.fake.calls)
    await h.slash(ALICE, "act", channel=thread, action="mark")  # keeps her turn
    grown = h.fake.dms(ALICE.id)
    # The first message edited in place, the second appended below it (it was the
    # channel's last message, so they stay together); nothing deleted.
    assert grown[0]["id"] == first["id"] and len(grown) == 2
    assert "note 099" in text_of(grown[1]) and custom_ids(grown[1]) and not custom_ids(grown[0])
    assert not [c for c in h.fake.calls[since:] if c.method == "DELETE"]
    monkeypatch.setitem(games.BOARD_LINES, "hand", 0)
    await h.slash(ALICE, "act", channel=thread, action="mark")
    [shrunk] = h.fake.dms(ALICE.id)
    assert shrunk["id"] == first["id"] and custom_ids(shrunk)[0].endswith(f":{(await state(h, match_id)).seq}:0")
    # Below another match's DM, a longer hand is posted afresh, all together, the old message gone.
    other, _ = await open_match(h, ALICE, BOB, game="seated")
    monkeypatch.setitem(games.BOARD_LINES, "hand", 100)
    await h.slash(ALICE, "act", channel=thread, action="mark")
    dms = h.fake.dms(ALICE.id)
    others = [int(m["id"]) for m in dms if f"`{other}`" in text_of(m)]
    assert first["id"] not in [m["id"] for m in dms]
    assert f"`{match_id}`" in text_of(dms[-2]) and "note 099" in text_of(dms[-1])
    assert int(dms[-2]["id"]) > max(others)


async def test_a_dm_sent_before_layouts_is_sent_anew_as_one(harness: Harness) -> None:
    """A DM still a classic message (sent by an older version) is not converted: the seat's next
    view comes as a new layout message, the old one left as it was."""
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms = await state(h, match_id)
    who = [ALICE, BOB][ms.state.active]
    key = dm_key(match_id, ms.state.active)
    old = h.fake.dms(who.id)[-1]
    old.update(flags=0, content=text_of(old))  # as the older version sent it, its menu kept
    last = await h.parley.service.store.get_kv(DMS, key)
    await h.parley.service.store.set_kv(DMS, key, {k: v for k, v in last.items() if k not in ("v2", "text")})
    await h.slash(who, "act", channel=thread, action="mark")  # keeps the turn: the DM would be edited in place
    new = h.fake.dms(who.id)[-1]
    assert new["id"] != old["id"] and new["flags"] & (1 << 15) and not new["content"]
    assert not [c for c in h.fake.calls if c.method == "PATCH" and c.path.endswith(f"/messages/{old['id']}")]
    assert (await h.parley.service.store.get_kv(DMS, key))["v2"]
