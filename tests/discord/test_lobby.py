from __future__ import annotations

from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.harness import FakeDiscord, Harness, custom_ids
from tests.discord.helpers import all_public_text, hands, lobby_message, open_match, state, thread_text


async def test_lobby_create_join_leave_start(harness: Harness) -> None:
    h = harness
    ex = await h.slash(ALICE, "new", game="toy", options="goal=40")
    reply = h.reply_text(ex)
    assert "created" in reply and "<#" in reply
    match_id = reply.split("`")[1]
    lobby = lobby_message(h, match_id)
    assert lobby["_visible_to"] is None and int(lobby["channel_id"]) == h.fake.channel_id
    assert "`goal=40`" in lobby["content"] and ALICE.mention in lobby["content"]
    threads = [c for c in h.fake.channels.values() if c["type"] == 11]
    assert len(threads) == 1 and threads[0]["parent_id"] == h.fake.channel_id

    joined = await h.click(BOB, lobby, f"p:l:{match_id}:join")
    assert "参加しました" in h.reply_text(joined)  # Bob's client is Japanese
    assert BOB.mention in lobby_message(h, match_id)["content"]
    await h.click(CAROL, lobby, f"p:l:{match_id}:join")
    left = await h.click(CAROL, lobby, f"p:l:{match_id}:leave")
    assert "left" in h.reply_text(left)
    assert CAROL.mention not in lobby_message(h, match_id)["content"]

    refused = await h.click(BOB, lobby, f"p:l:{match_id}:start")
    assert "作成者" in h.reply_text(refused)
    assert (await state(h, match_id)).status == "lobby"

    await h.click(ALICE, lobby, f"p:l:{match_id}:start")
    ms = await state(h, match_id)
    assert ms.status == "running"
    lobby = lobby_message(h, match_id) if any(
        c.startswith("p:l:") for m in h.fake.public_messages() for c in custom_ids(m)) else None
    assert lobby is None  # the join/start buttons are gone once it started
    thread = threads[0]["id"]
    text = thread_text(h, thread)
    assert "The match begins" in text and "1. **alice**" in text
    # the player whose turn it is was pinged
    active = ms.state.active
    who = [ALICE, BOB][active]
    pings = [m for m in h.fake.thread_messages(thread) if who.mention in m["content"]]
    assert pings and [int(u) for u in pings[-1]["allowed_mentions"]["users"]] == [who.id]


async def test_hands_go_by_dm_and_never_to_the_channel(harness: Harness) -> None:
    h = harness
    match_id, _thread = await open_match(h, ALICE, BOB)
    cards = await hands(h, match_id)
    public = all_public_text(h)
    for hand in cards:
        for card in hand:
            assert card not in public
    for seat, user in enumerate([ALICE, BOB]):
        dms = h.fake.dms(user.id)
        assert dms, f"no DM for {user.name}"
        text = FakeDiscord.text(dms[-1])
        assert all(card in text for card in cards[seat])
        assert not any(card in text for card in cards[1 - seat])
    ms = await state(h, match_id)
    assert not any(card in public for card in ms.state.deck)


async def test_new_inside_a_thread_opens_the_lobby_in_its_channel(harness: Harness) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, BOB)
    ex = await h.slash(CAROL, "new", game="toy", channel=thread, rated=True)
    match_id = h.reply_text(ex).split("`")[1]
    lobby = lobby_message(h, match_id)
    assert int(lobby["channel_id"]) == h.fake.channel_id
    assert len([c for c in h.fake.channels.values() if c["type"] == 11]) == 2
    assert FakeDiscord.text(lobby)
