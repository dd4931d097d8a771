from __future__ import annotations

import copy
from pathlib import Path

import pytest

from events.errors import Refused
from tests.discord.conftest import ALICE, BOB, CAROL, MOD
from tests.discord.harness import Harness, User, custom_ids
from tests.discord.helpers import lobby_message, open_match, state, thread_text


async def _two_rolls(h: Harness, match_id: str, thread: int) -> None:
    for _ in range(2):
        ms = await state(h, match_id)
        await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")


async def test_undo_needs_a_moderator_and_is_shown_publicly(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    await _two_rolls(h, match_id, thread)
    before = await state(h, match_id)
    refused = await h.slash(ALICE, "undo", channel=thread, count=1, reason="oops")
    assert "moderators" in h.reply_text(refused).lower()
    assert (await state(h, match_id)).seq == before.seq
    ex = await h.slash(MOD, "undo", channel=thread, count=2, reason="misclick")
    assert "Undone" in h.reply_text(ex)
    after = await state(h, match_id)
    assert after.state.turn == 1 and after.state.scores == [0, 0]
    text = thread_text(h, thread)
    assert "misclick" in text and MOD.mention in text
    events = await h.parley.service.events(match_id)
    assert events[-1].type == "revert" and events[-1].actor == f"mod:discord:{MOD.id}"


async def test_configured_moderator_role(tmp_path: Path) -> None:
    role = 555_000_000_000_000_001
    helper = User(111_000_000_000_000_020, "helper", roles=(role,))
    async with Harness(tmp_path / "db.sqlite", mod_role=str(role)) as h:
        match_id, thread = await open_match(h, ALICE, BOB)
        ex = await h.slash(helper, "abort", channel=thread, reason="server closing")
        assert "aborted" in h.reply_text(ex)
        assert (await state(h, match_id)).status == "aborted"
        assert "server closing" in thread_text(h, thread)
        assert not h.fake.violations


async def test_the_service_takes_only_moderators_discord_granted(tmp_path: Path) -> None:
    """The bot records what its permission check found where the service reads it;
    an id it did not grant is refused by the service itself, and a lost role
    withdraws the grant at the next check."""
    role = 555_000_000_000_000_002
    helper = User(111_000_000_000_000_021, "helper", roles=(role,))
    async with Harness(tmp_path / "db.sqlite", mod_role=str(role)) as h:
        service = h.parley.service
        match_id, thread = await open_match(h, ALICE, BOB, CAROL)
        for who in (helper, ALICE):  # not yet checked by Discord; a player
            with pytest.raises(Refused):
                await service.abort(match_id, f"discord:{who.id}", "bypassing the bot")
        await h.slash(helper, "remove", channel=thread, seat=3)
        events = await service.events(match_id)
        assert events[-1].type == "player_removed" and events[-1].actor == f"mod:discord:{helper.id}"
        demoted = User(helper.id, "helper")  # the role taken away
        refused = await h.slash(demoted, "abort", channel=thread, reason="closing")
        assert "moderators" in h.reply_text(refused).lower()
        with pytest.raises(Refused):
            await service.abort(match_id, f"discord:{helper.id}", "bypassing the bot")
        assert (await state(h, match_id)).status == "running"
        assert not h.fake.violations


async def test_a_moderator_starts_someone_elses_lobby(harness: Harness) -> None:
    h = harness
    match_id, _ = await open_match(h, ALICE, BOB, start=False)
    lobby = lobby_message(h, match_id)
    refused = await h.click(BOB, lobby, f"p:l:{match_id}:start")
    assert "作成者" in h.reply_text(refused) and (await state(h, match_id)).status == "lobby"  # Bob reads Japanese
    await h.click(MOD, lobby_message(h, match_id), f"p:l:{match_id}:start")
    assert (await state(h, match_id)).status == "running"
    started = next(e for e in await h.parley.service.events(match_id) if e.type == "match_started")
    assert started.actor == f"mod:discord:{MOD.id}"


async def test_replace_and_remove_players(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, CAROL)
    ex = await h.slash(MOD, "replace", channel=thread, seat=2, user=CAROL, reason="bob is away")
    assert (await state(h, match_id)).seats[1].id == f"discord:{CAROL.id}"
    assert "bob is away" in thread_text(h, thread)
    assert "carol" in h.reply_text(ex) or CAROL.mention in h.reply_text(ex)
    await h.slash(MOD, "remove", channel=thread, seat=1)
    ms = await state(h, match_id)
    assert 0 in ms.forfeited
    assert "Seat 1" in thread_text(h, thread)
    refused = await h.slash(BOB, "remove", channel=thread, seat=2)
    assert "モデレーター" in h.reply_text(refused)


async def test_takeback_with_accept_button(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms = await state(h, match_id)
    who = [ALICE, BOB][ms.state.active]
    other = BOB if who is ALICE else ALICE
    await h.slash(who, "act", channel=thread, action="mark")
    await h.slash(who, "takeback", channel=thread)
    request = copy.deepcopy(next(m for m in reversed(h.fake.thread_messages(thread)) if any(
        c.startswith("p:t:") for c in custom_ids(m))))
    yes = next(c for c in custom_ids(request) if c.endswith(":y"))
    refused = await h.click(who, request, yes)  # the asker cannot answer their own request
    assert "other players" in h.reply_text(refused)
    await h.click(other, h.fake.messages[int(request["id"])], yes)
    after = await state(h, match_id)
    assert after.state.marks == [0, 0] and after.takeback is None
    assert "Takeback accepted" in thread_text(h, thread)
    assert not h.fake.messages[int(request["id"])]["components"]  # settled: the buttons are gone
    again = await h.click(other, request, yes)  # a client that still showed them: stale
    assert "no longer current" in h.reply_text(again) or "有効ではありません" in h.reply_text(again)
    assert thread_text(h, thread).count("asks to take back") == 1


async def test_redo_restores_the_undone_moves(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    await _two_rolls(h, match_id, thread)
    rolled = (await state(h, match_id)).state.scores
    await h.slash(MOD, "undo", channel=thread, count=1, reason="check")
    await h.slash(MOD, "redo", channel=thread, reason="was fine")
    assert (await state(h, match_id)).state.scores == rolled
    assert "restored" in thread_text(h, thread) and "was fine" in thread_text(h, thread)


async def test_takeback_declined_keeps_the_move(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ms = await state(h, match_id)
    who = [ALICE, BOB][ms.state.active]
    other = BOB if who is ALICE else ALICE
    await h.slash(who, "act", channel=thread, action="mark")
    await h.slash(who, "takeback", channel=thread)
    request = next(m for m in reversed(h.fake.thread_messages(thread)) if any(
        c.startswith("p:t:") for c in custom_ids(m)))
    no = next(c for c in custom_ids(request) if c.endswith(":n"))
    await h.click(other, request, no)
    after = await state(h, match_id)
    assert after.state.marks[ms.state.active] == 1 and after.takeback is None
    assert not h.fake.messages[int(request["id"])]["components"]
    events = await h.parley.service.events(match_id)
    assert [e.type for e in events[-2:]] == ["takeback_requested", "takeback_answered"]
    assert events[-1].actor == f"discord:{other.id}"
