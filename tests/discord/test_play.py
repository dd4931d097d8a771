from __future__ import annotations

import copy
import logging
from typing import Any

import pytest

from bot.discord import layout
from engine import registry
from engine.core import Choice, Text
from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.harness import COMPONENTS_V2, FakeDiscord, Harness, User, custom_ids
from tests.discord.helpers import all_public_text, board_message, board_text, hands, open_match, state, thread_text
from tests.toygame import ToyGame


class WideGame(ToyGame):
    """Toy with forty extra choices on every turn: more than Discord's 25."""

    id = "wide"
    title = Text("Wide", "ワイド")
    ruleset = "wide-1"

    def legal_actions(self, state: Any, seat: int) -> list[Choice]:
        base = super().legal_actions(state, seat)
        if not base or state.responder is not None:
            return base
        return base + [Choice({"kind": "pass", "n": i}, Text(f"Wait {i}", f"待機{i}")) for i in range(40)]


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registered only for the test that uses it, so other suites listing games never see it."""
    monkeypatch.setitem(registry._LOADED, "wide", WideGame())


def actions(ms: Any) -> int:
    return ms.seq


async def current(h: Harness, match_id: str) -> tuple[Any, Any]:
    ms = await state(h, match_id)
    return ms, [ALICE, BOB][ms.state.active]


async def test_act_with_autocomplete_and_free_text(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms, who = await current(h, match_id)
    suggestions = await h.autocomplete(who, "act", "action", channel=thread, action="ro")
    assert [s["name"] for s in suggestions] == ["Roll"]
    ex = await h.slash(who, "act", channel=thread, action=suggestions[0]["value"])
    assert "rolls" in h.reply_text(ex)
    after = await state(h, match_id)
    assert after.seq == ms.seq + 1 and after.state.active != ms.state.active
    # the board message is edited in place, not re-posted
    boards = [m for m in h.fake.thread_messages(thread) if layout.text_of(m).startswith("**Toy**")]
    assert len(boards) == 1 and boards[0]["edited_timestamp"] is not None
    assert "rolls" in thread_text(h, thread)
    # free text works too (the game's text form)
    _, who = await current(h, match_id)
    ex = await h.slash(who, "act", channel=thread, action="mark")
    assert (await state(h, match_id)).state.marks[[ALICE, BOB].index(who)] == 1


@pytest.mark.usefixtures("wide")
async def test_autocomplete_never_offers_more_than_25_and_filters(harness: Harness) -> None:
    h = harness
    ex = await h.slash(ALICE, "new", game="wide", rated=True)
    match_id = h.reply_text(ex).split("`")[1]
    thread = next(c["id"] for c in h.fake.channels.values() if c["type"] == 11)
    await h.slash(BOB, "join", match=match_id)
    await h.slash(ALICE, "start", match=match_id)
    ms, who = await current(h, match_id)
    everything = await h.autocomplete(who, "act", "action", channel=thread, action="")
    assert len(everything) == 25
    some = await h.autocomplete(who, "act", "action", channel=thread, action="wait 3")
    assert {s["name"] for s in some} == {"Wait 3"} | {f"Wait {i}" for i in range(30, 40)}
    # more than 25 choices: no select menu (it would break the limit), a pointer to /parley act instead
    hand = await h.slash(who, "hand", channel=thread)
    assert "/parley act" in h.reply_text(hand) and not custom_ids(h.last_reply(hand))
    # picking a suggestion plays exactly that choice
    await h.slash(who, "act", channel=thread, action=some[-1]["value"])
    assert (await state(h, match_id)).seq == ms.seq + 1


async def test_buttons_in_dm_double_click_and_retry_make_one_move(harness: Harness) -> None:
    h = harness
    match_id, _ = await open_match(h, ALICE, BOB)
    ms, who = await current(h, match_id)
    dm = copy.deepcopy(h.fake.dms(who.id)[-1])  # as the player's client shows it
    # seven choices: a select menu whose custom id carries the match, the sequence and the seat
    assert custom_ids(dm) == [f"p:s:{match_id}:{ms.seq}:{ms.state.active}"]
    mark = str([c.code for c in ms.game.legal_actions(ms.state, ms.state.active)].index("mark"))
    first = await h.click(who, dm, custom_ids(dm)[0], values=[mark])
    assert "marks" in h.reply_text(first)
    second = await h.click(who, dm, custom_ids(dm)[0], values=[mark])  # a double click: same menu, new interaction
    assert "no longer current" in h.reply_text(second) or "もう有効ではありません" in h.reply_text(second)
    await h.redeliver(first)  # the very same interaction again
    after = await state(h, match_id)
    assert after.seq == ms.seq + 1 and after.state.marks[ms.state.active] == 1


async def test_refusals_are_ephemeral_and_in_the_users_language(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms, who = await current(h, match_id)
    other = BOB if who is ALICE else ALICE
    refused = await h.slash(other, "act", channel=thread, action="roll")
    msg = h.last_reply(refused)
    assert msg["_visible_to"] == other.id
    if other is BOB:
        assert "手番" in msg["content"] or "待" in msg["content"]
    outsider = await h.slash(CAROL, "act", channel=thread, action="roll")
    assert "not seated" in h.reply_text(outsider) and h.last_reply(outsider)["_visible_to"] == CAROL.id
    bad = await h.slash(who, "act", channel=thread, action="fly away")
    assert h.last_reply(bad)["_visible_to"] == who.id and h.reply_text(bad)
    assert (await state(h, match_id)).seq == ms.seq
    dan = User(111_000_000_000_000_004, "dan", "ja")  # plays nowhere, asks outside any thread
    ja = await h.slash(dan, "act", channel=h.fake.channel_id, action="roll")
    assert "スレッド" in h.reply_text(ja)


async def test_outside_a_thread_your_only_match_is_assumed(harness: Harness) -> None:
    h = harness
    match_id, _ = await open_match(h, ALICE, BOB)
    shown = await h.slash(BOB, "hand", channel=h.fake.channel_id)
    assert match_id in h.reply_text(shown)
    await open_match(h, BOB, CAROL)
    ask = await h.slash(BOB, "hand", channel=h.fake.channel_id)
    assert "複数" in h.reply_text(ask) and match_id in h.reply_text(ask)


async def test_thread_messages_follow_the_servers_language(harness: Harness) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, BOB, guild_locale="ja")
    text = thread_text(h, thread)
    assert "対戦開始" in text and "The match begins" not in text


async def test_unexpected_error_is_logged_with_match_id_and_apologised(harness: Harness, caplog: Any,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise ValueError("secret internals")
    monkeypatch.setattr(h.parley.service, "act", broken)
    with caplog.at_level(logging.ERROR, logger="parley.discord"):
        ex = await h.slash(ALICE, "act", channel=thread, action="roll")  # the match comes from the thread
    text = h.reply_text(ex)
    assert "Sorry" in text and "secret internals" not in text and "Traceback" not in text
    assert any(match_id in r.getMessage() for r in caplog.records)


async def test_dm_closed_falls_back_to_hand_command_and_is_remembered(harness: Harness) -> None:
    h = harness
    h.fake.dm_closed.add(BOB.id)
    match_id, thread = await open_match(h, ALICE, BOB)
    notices = [m for m in h.fake.thread_messages(thread) if "DM" in m["content"]]
    assert len(notices) == 1 and BOB.mention in notices[0]["content"]
    assert "/parley hand" in notices[0]["content"] and f"p:h:{match_id}" in custom_ids(notices[0])
    cards = await hands(h, match_id)
    assert not any(card in all_public_text(h) for hand in cards for card in hand)
    # the button shows the hand, privately
    shown = await h.click(BOB, notices[0], f"p:h:{match_id}")
    assert all(card in h.reply_text(shown) for card in cards[1])
    assert h.last_reply(shown)["_visible_to"] == BOB.id and h.last_reply(shown)["flags"] & COMPONENTS_V2
    assert h.fake.messages[int(notices[0]["id"])]["content"] == notices[0]["content"]  # a message of its own
    # so does the command
    shown = await h.slash(BOB, "hand", channel=thread)
    assert all(card in h.reply_text(shown) for card in cards[1])
    # later changes do not retry the closed DMs, and the notice is not repeated
    attempts = sum(1 for c in h.fake.calls if c.method == "POST" and c.status == 403)
    for _ in range(3):
        _, who = await current(h, match_id)
        await h.slash(who, "act", channel=thread, action="roll")
    assert sum(1 for c in h.fake.calls if c.method == "POST" and c.status == 403) == attempts
    assert len([m for m in h.fake.thread_messages(thread) if "DM" in m["content"]]) == 1
    assert await h.parley.service.store.get_kv("discord:dmfail", str(BOB.id))
    # a new match: no new DM attempt, but its thread says where Bob's hand is
    tried = sum(1 for c in h.fake.calls if c.status == 403)
    _, second = await open_match(h, ALICE, BOB)
    assert sum(1 for c in h.fake.calls if c.status == 403) == tried
    assert [m for m in h.fake.thread_messages(second) if "DM" in m["content"] and BOB.mention in m["content"]]


async def test_works_in_an_archived_thread(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    h.fake.channels[thread]["archived"] = True  # Discord auto-archived it after a quiet week
    _, who = await current(h, match_id)
    ex = await h.slash(who, "act", channel=thread, action="roll")
    assert "rolls" in h.reply_text(ex)
    assert "rolls" in board_text(h, thread) or "rolls" in thread_text(h, thread)
    ms = await state(h, match_id)
    assert f'"scores":{list(ms.state.scores)}'.replace(" ", "") in board_text(h, thread)
    # Posting reopens a thread; an edit alone is refused (50083) until the bot reopens it itself.
    h.fake.channels[thread]["archived"] = True
    rec = await h.parley.delivery.record(match_id)
    rec["board_hash"], rec["board_parts"] = "outdated", []  # as if the board had changed
    await h.parley.service.store.set_kv("discord:board", match_id, rec)
    await h.parley.delivery.sync(match_id)
    reopen = [c for c in h.fake.calls if c.method == "PATCH" and c.path == f"/channels/{thread}"]
    assert reopen and reopen[-1].payload == {"archived": False}
    assert [c.status for c in h.fake.calls if c.method == "PATCH" and "/messages/" in c.path][-2:] == [400, 200]


async def test_finished_match_announces_winner(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=1")
    _, who = await current(h, match_id)
    await h.slash(who, "act", channel=thread, action="roll")
    ms = await state(h, match_id)
    assert ms.status == "finished"
    assert "Match over" in thread_text(h, thread)
    board = board_message(h, thread)
    assert "finished" in FakeDiscord.text(board).split("\n")[0] and not custom_ids(board)
    for user in (ALICE, BOB):  # no decision menus are left in anyone's DMs, whose text stays (layout messages)
        assert not any(custom_ids(m) for m in h.fake.dms(user.id))
        assert all(f"`{match_id}`" in FakeDiscord.text(m).split("\n")[0] for m in h.fake.dms(user.id))


async def test_choosing_on_the_private_hand_message_refreshes_it(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms, who = await current(h, match_id)
    shown = await h.slash(who, "hand", channel=thread)
    msg = h.last_reply(shown)
    mark = str([c.code for c in ms.game.legal_actions(ms.state, ms.state.active)].index("mark"))
    await h.click(who, msg, custom_ids(msg)[0], values=[mark])
    after = await state(h, match_id)
    refreshed = h.fake.messages[int(msg["id"])]
    assert "marks" in layout.text_of(refreshed) and refreshed["flags"] & 1 << 15  # still a layout message
    assert custom_ids(refreshed) == [f"p:s:{match_id}:{after.seq}:{ms.state.active}"]


async def test_simultaneous_clicks_race_to_one_move(harness: Harness) -> None:
    h = harness
    match_id, _ = await open_match(h, ALICE, BOB)
    ms, who = await current(h, match_id)
    dm = copy.deepcopy(h.fake.dms(who.id)[-1])
    menu = custom_ids(dm)[0]
    roll = str([c.code for c in ms.game.legal_actions(ms.state, ms.state.active)].index("roll"))
    mark = str([c.code for c in ms.game.legal_actions(ms.state, ms.state.active)].index("mark"))
    # Two different choices clicked before either is answered: only the first may play.
    first = await h.click(who, dm, menu, values=[roll], wait=False)
    second = await h.click(who, dm, menu, values=[mark], wait=False)
    await h.settle()
    after = await state(h, match_id)
    assert after.seq == ms.seq + 1
    replies = h.reply_text(first) + "\n" + h.reply_text(second)
    assert replies.count("Done") == 1 and "no longer current" in replies


async def test_closed_dms_are_retried_after_the_configured_hours(harness: Harness) -> None:
    from datetime import UTC, datetime, timedelta
    h = harness
    h.fake.dm_closed.add(BOB.id)
    match_id, thread = await open_match(h, ALICE, BOB)
    assert not [m for m in h.fake.dms(BOB.id)]
    h.fake.dm_closed.discard(BOB.id)  # Bob opened his DMs
    long_ago = (datetime.now(UTC) - timedelta(hours=25)).isoformat()
    await h.parley.service.store.set_kv("discord:dmfail", str(BOB.id), {"at": long_ago})
    _, who = await current(h, match_id)
    await h.slash(who, "act", channel=thread, action="roll")
    assert h.fake.dms(BOB.id), "the DM is tried again once the failure is old enough"
