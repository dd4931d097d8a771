"""Catch-up: when it becomes a player's turn, their DM opens with the public lines
since their last move, grouped by player, in one message and their language;
another seat's hidden card and standing order stay out of it. The replay viewer
goes back to the player's last move, from their seat."""

from __future__ import annotations

import pytest

from bot.discord.layout import text_of
from events.bots import shown_name
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness, User, custom_ids
from tests.discord.helpers import lobby_message, open_match, state
from tests.discord.moves import rest_calls

WORDS = {
    "en": {"since": "**Since your last move:**", "marks": " marks.", "draws": " draws.", "accepts": " accepts.",
           "forced": " had no choice:", "back": "Back to my last move",
           "event": "(event {}, turn"},
    "ja": {"since": "**あなたの前回の手番以降:**", "marks": "は印をつけた。", "draws": "は1枚引いた。", "accepts": "は受けた。",
           "forced": "に選択の余地なし:", "back": "自分の前回の手番へ",
           "event": "（イベント{}、ターン"},
}


async def _table(h: Harness, me: User, other: User, *moves: str) -> tuple[str, int, int]:
    """Seats: me, an easy bot, the other player; I make `moves`. The match, its
    thread, and the seq of my last move."""
    match_id, thread = await open_match(h, me, game="forced", start=False)
    await h.slash(me, "addbot", match=match_id)
    lobby = lobby_message(h, match_id)
    await h.click(other, lobby, f"p:l:{match_id}:join")
    await h.click(me, lobby_message(h, match_id), f"p:l:{match_id}:start")
    for action in moves:
        await h.slash(me, "act", channel=thread, action=action)
    mine = max(e.seq for e in await h.parley.service.events(match_id) if e.actor == f"discord:{me.id}")
    return match_id, thread, mine


IN_BOTH = pytest.mark.parametrize(("me", "other", "lang"), [(ALICE, BOB, "en"), (BOB, ALICE, "ja")])


@pytest.mark.slow
@pytest.mark.usefixtures("seated")
@IN_BOTH
async def test_the_turn_dm_opens_with_what_happened_since_my_last_move(harness: Harness, me: User, other: User,
                                                                        lang: str) -> None:
    h, w = harness, WORDS[lang]
    match_id, thread, mine = await _table(h, me, other, "roll")
    # The bot marks and banks; the other player must accept it (played for them at once).
    ms = await state(h, match_id)
    assert [p.seat for p in ms.game.pending(ms.state)] == [2]
    autos = [e.payload.get("auto") for e in await h.parley.service.events(match_id) if e.seq > mine]
    assert autos == ["bot", "bot", "forced"]
    # Their order, then a mark (which cancels it) and a hidden draw that ends the turn.
    await h.slash(other, "order", channel=thread, order="decline respond")
    await h.slash(other, "act", channel=thread, action="mark")
    before = (await state(h, match_id)).state.hands[2]
    since = len(h.fake.calls)
    await h.slash(other, "act", channel=thread, action="draw")
    await h.settle()
    ms = await state(h, match_id)
    [drawn] = [c for c in ms.state.hands[2] if c not in before]
    assert ms.state.active == 0
    dm = h.fake.dms(me.id)[-1]
    # The catch-up rides on the one message that tells me it is my turn: no call more.
    assert [c.method for c in rest_calls(h.fake, since) if f"/channels/{dm['channel_id']}/" in c.path] == ["POST"]
    text = text_of(dm)
    assert custom_ids(dm), "the DM carries the decision menu under it"
    news = text[text.index(w["since"]):text.index("Hand of")].strip().split("\n")[1:]
    bot, person = f"**{shown_name(ms.seats[1], lang)}**", f"**{other.name}**"
    # In the order it happened, each player's run under their name once.
    assert news == [bot, f"› 🤖 {bot}{w['marks']}", news[2],
                    person, f"› {person}{w['forced']}", f"› {person}{w['accepts']}",
                    f"› {person}{w['marks']}", f"› {person}{w['draws']}"], news
    assert news[2].startswith(f"› 🤖 {bot}")  # the bot's bank
    # Hidden things of another seat stay out: the card drawn, the standing order.
    assert drawn not in "\n".join(text_of(m) for m in h.fake.dms(me.id))
    assert "decline" not in text and "📋" not in text
    # Once I move, the next DM no longer repeats what I have seen.
    await h.slash(me, "act", channel=thread, action="mark")
    assert w["since"] not in text_of(h.fake.dms(me.id)[-1])


@pytest.mark.slow
@pytest.mark.usefixtures("seated")
@IN_BOTH
async def test_the_replay_viewer_goes_back_to_my_last_move_from_my_seat(harness: Harness, me: User, other: User,
                                                                        lang: str) -> None:
    h, w = harness, WORDS[lang]
    match_id, thread, mine = await _table(h, me, other, "mark", "roll")
    await h.slash(other, "act", channel=thread, action="draw")
    await h.slash(me, "replay", channel=thread, guild_locale="en-US")
    viewer = next(m for m in h.fake.messages.values() if m.get("_visible_to") == me.id
                  and any(c.endswith(":m") for c in custom_ids(m)))
    back = next(c for c in custom_ids(viewer) if c.endswith(":m"))
    assert w["back"] in h.fake.text(viewer)
    await h.click(me, viewer, back)
    shown = h.fake.messages[int(viewer["id"])]["content"]
    assert w["event"].format(mine) in shown.split("\n")[0], shown.split("\n")[0]
    ms = await h.parley.service.state_at(match_id, mine)
    assert f"Hand of **{me.name}**: {', '.join(ms.state.hands[0])}" in shown  # my seat's hand, as it was
    assert not any(c in shown for c in ms.state.hands[2])  # never the other player's


async def test_a_player_without_a_move_is_refused_going_back(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms = await state(h, match_id)
    idle = [ALICE, BOB][1 - ms.state.active]
    await h.slash(idle, "replay", channel=thread)
    viewer = next(m for m in h.fake.messages.values() if m.get("_visible_to") == idle.id
                  and any(c.endswith(":m") for c in custom_ids(m)))
    ex = await h.click(idle, viewer, next(c for c in custom_ids(viewer) if c.endswith(":m")))
    assert "まだありません" in h.reply_text(ex) or "not made a move" in h.reply_text(ex)


@pytest.mark.usefixtures("seated")
async def test_a_catch_up_longer_than_the_room_left_keeps_the_latest_lines_in_one_message(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.discord import games
    h = harness
    match_id, thread, _ = await _table(h, ALICE, BOB, "roll")
    monkeypatch.setitem(games.BOARD_LINES, "hand", 54)  # a hand of about 3,800 characters: one message, nearly full
    await h.slash(BOB, "act", channel=thread, action="mark")
    await h.slash(BOB, "act", channel=thread, action="draw")
    [dm] = [m for m in h.fake.dms(ALICE.id) if f"`{match_id}`" in text_of(m) or custom_ids(m)][-1:]
    text = text_of(dm)
    assert len(text) <= 4000 and custom_ids(dm) and "note 053" in text  # the hand and menu whole, in one message
    assert "**Since your last move:**" in text and "earlier lines: see the thread." in text
    assert "› **bob** draws." in text and "› 🤖 **Bot 1** marks." not in text  # the latest lines stay
