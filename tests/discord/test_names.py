"""Players' names, never seat tokens or numbers, in everything the bot posts from the engine:
log lines, prompts, the board, DMs, button and menu labels, the outcome and the replay viewer."""

from __future__ import annotations

import copy

import pytest

from bot.discord.layout import text_of
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import FakeDiscord, Harness, User, custom_ids, walk
from tests.discord.helpers import board_text, lobby_message, open_match, state, thread_of, thread_text

pytestmark = pytest.mark.usefixtures("seated")


def everything_shown(h: Harness) -> str:
    """Every message anyone saw (threads, DMs, private replies) and every suggestion."""
    texts = [FakeDiscord.text(m) for m in h.fake.messages.values()]
    texts += [c["name"] for ex in h.fake.exchanges.values() for c in ex.choices or []]
    return "\n".join(texts)


def log_messages(h: Harness, thread: int) -> list[str]:
    """The thread's log messages, footer and all, oldest first."""
    return [m["content"] for m in h.fake.thread_messages(thread) if "\n-# #" in m["content"]]


async def _bank(h: Harness, match_id: str, thread: int, user: User) -> str:
    ms = await state(h, match_id)
    card = ms.state.hands[ms.state.active][0]
    await h.slash(user, "act", channel=thread, action=f"bank card={card}")
    return str(card)


async def _heads(h: Harness, match_id: str) -> dict[int, str]:
    """The chain head each log message ends with, as the thread shows it."""
    return {e.seq: f"⛓ `{e.seq}:{e.hash[:16]}`" for e in await h.parley.service.store.events(match_id)}


async def test_log_lines_and_prompts_name_players_in_english(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, game="seated")
    await h.slash(ALICE, "act", channel=thread, action="mark")
    await h.slash(ALICE, "act", channel=thread, action="pass")
    card = await _bank(h, match_id, thread, BOB)
    rec = await h.parley.delivery.record(match_id)
    link = f"https://discord.com/channels/{h.fake.guild_id}/{thread}/{rec['board_msg']}"
    head = await _heads(h, match_id)
    assert log_messages(h, thread)[-3:] == [
        f"**alice** marks.\n-# #5 · [Board](<{link}>) · {head[5]}",  # still her turn: not pinged again
        f"**alice** passes.\n<@{BOB.id}>: **bob** to play.\n-# #6 · [Board](<{link}>) · {head[6]}",
        f"**bob** banks {card}.\n<@{ALICE.id}>: Accept or challenge the bank of **bob**.\n-# #7 · [Board](<{link}>)"
        f" · {head[7]}",
    ]
    # Alice's DM: her hand and the prompt name Bob; so do the buttons.
    dm = h.fake.dms(ALICE.id)[-1]
    assert text_of(dm).endswith("\n**Accept or challenge the bank of bob.**")
    assert [c["label"] for c in walk(dm["components"]) if c.get("type") == 2] == ["Accept", "Challenge bob"]
    board = board_text(h, thread)
    assert "\nUp: **bob** · scores [0, " in board and board.endswith("\nWaiting for **alice**.")
    assert "⟦" not in everything_shown(h)


async def test_log_lines_and_prompts_name_players_in_japanese(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, BOB, ALICE, game="seated", guild_locale="ja")  # Bob sits first
    await h.slash(BOB, "act", channel=thread, action="mark")
    await h.slash(BOB, "act", channel=thread, action="pass")
    card = await _bank(h, match_id, thread, ALICE)
    lines = [m.rsplit("\n-# ", 1)[0] for m in log_messages(h, thread)[-3:]]
    assert lines == [
        "**bob**は印をつけた。",
        f"**bob**はパス。\n<@{ALICE.id}>: **alice**の手番です。",
        f"**alice**は{card}を得点に。\n<@{BOB.id}>: **alice**の得点を受けるか挑むか。",
    ]
    mark = log_messages(h, thread)[-1].rsplit("\n", 1)[1]
    assert mark.startswith("-# #7 · [盤面](<https://discord.com/channels/")
    assert mark.endswith(f") · {(await _heads(h, match_id))[7]}")
    dm = h.fake.dms(BOB.id)[-1]  # Bob's client is Japanese
    assert text_of(dm).endswith("\n**aliceの得点を受けるか挑むか。**")
    assert [c["label"] for c in walk(dm["components"]) if c.get("type") == 2] == ["受ける", "aliceに挑む"]
    assert "⟦" not in everything_shown(h)


async def test_hand_reply_and_suggestions_name_players(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, game="seated")
    await _bank(h, match_id, thread, ALICE)
    hand = h.reply_text(await h.slash(BOB, "hand", channel=thread))
    assert "Hand of **bob**" in hand and "**aliceの得点を受けるか挑むか。**" in hand
    suggestions = await h.autocomplete(BOB, "act", "action", channel=thread, action="")
    assert [s["name"] for s in suggestions] == ["受ける", "aliceに挑む"]


async def test_outcome_and_replay_name_players(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, game="seated", options="goal=1")
    await h.slash(ALICE, "act", channel=thread, action="roll")
    assert (await state(h, match_id)).status == "finished"
    over = next(m["content"] for m in h.fake.thread_messages(thread) if m["content"].startswith("Match over"))
    assert over == (f"Match over. Winner: <@{ALICE.id}>. **alice** has the highest score. "
                    "Check fairness with `/parley log verify`.")
    replay = h.replies(await h.slash(BOB, "replay", channel=thread))[0]  # the viewer; the replay page follows
    assert "Up: **bob**" in replay["content"] or "Up: **alice**" in replay["content"]
    assert "⟦" not in everything_shown(h)


async def test_a_name_can_never_ping_or_format(harness: Harness) -> None:
    h = harness
    prankster = User(111_000_000_000_000_066, "@everyone *hi*", "en-US")
    _, thread = await open_match(h, prankster, ALICE, game="seated")
    await h.slash(prankster, "act", channel=thread, action="mark")
    text = thread_text(h, thread)
    assert "**@everyone \\*hi\\***" in text  # its markdown escaped: reads as written, bold around it
    assert all(not m["_pings"]["everyone"] and not m["_pings"]["roles"] for m in h.fake.messages.values())
    dm = copy.deepcopy(h.fake.dms(prankster.id)[-1])
    assert custom_ids(dm)  # the decision menu is there, the name in it as written


@pytest.mark.parametrize(("locale", "mine", "other"), [("en-US", "Bot 1", "ボット1"), ("ja", "ボット1", "Bot 1")])
async def test_a_seated_bot_is_named_in_the_threads_language(harness: Harness, locale: str, mine: str,
                                                             other: str) -> None:
    """As the replay page and self-play name it: the thread's lobby, board, log lines and waiting line
    say "ボット1" in a Japanese thread and "Bot 1" in an English one."""
    h = harness
    match_id = h.reply_text(await h.slash(ALICE, "new", game="toy", options="goal=50",
                                          guild_locale=locale)).split("`")[1]
    await h.slash(ALICE, "addbot", match=match_id, guild_locale=locale)
    lobby = FakeDiscord.text(lobby_message(h, match_id))  # its seats, while it is open
    await h.slash(ALICE, "start", match=match_id, guild_locale=locale)
    ms = await state(h, match_id)
    assert ms.status == "running" and ms.seats[1].id == "bot:1"
    thread = thread_of(h, match_id)
    for _ in range(2):  # alice moves, then the bot does
        ms = await state(h, match_id)
        await h.slash(ALICE, "act", channel=thread, action=f"#{ms.seq}:0")
    shown = thread_text(h, thread) + "\n" + lobby
    assert f"**{mine}**" in shown and other not in shown, shown
    assert any(f"**{mine}**" in line for line in log_messages(h, thread))
