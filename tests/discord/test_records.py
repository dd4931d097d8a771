from __future__ import annotations

import json

from events.export import import_jsonl
from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.harness import Harness, custom_ids
from tests.discord.helpers import hands, open_match, state


async def _play(h: Harness, match_id: str, thread: int, n: int) -> None:
    for _ in range(n):
        ms = await state(h, match_id)
        if ms.status != "running":
            return
        await h.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")


async def test_replay_viewer_navigates(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    await _play(h, match_id, thread, 4)
    ex = await h.slash(ALICE, "replay", channel=thread)
    msg = h.last_reply(ex)
    assert msg["_visible_to"] == ALICE.id and "5/5" in msg["content"]
    ids = custom_ids(msg)
    assert [i.rsplit(":", 1)[1] for i in ids] == ["f", "p", "n", "l", "j", "m"]  # m: back to my last move
    first = await h.click(ALICE, msg, ids[0])
    assert "1/5" in h.fake.messages[int(msg["id"])]["content"]
    assert first.ack_type == 6
    nxt = custom_ids(h.fake.messages[int(msg["id"])])[2]
    await h.click(ALICE, msg, nxt)
    assert "2/5" in h.fake.messages[int(msg["id"])]["content"]
    # Alice sees her own hand in the replay, never Bob's
    content = h.fake.messages[int(msg["id"])]["content"]
    cards = await hands(h, match_id)
    assert any(c in content for c in cards[0]) and not any(c in content for c in cards[1])
    # jump to a turn through the modal
    jump = custom_ids(h.fake.messages[int(msg["id"])])[4]
    opened = await h.click(ALICE, msg, jump)
    assert opened.modal is not None
    assert not h.bot._connection._view_store._modals  # handled by custom id, not held in memory
    await h.restart()  # the form was open across a restart
    await h.submit(ALICE, opened, **{"Turn number": "3"})
    assert "turn 3" in h.fake.messages[int(msg["id"])]["content"]


async def test_replay_of_a_spectator_hides_hands(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    ex = await h.slash(CAROL, "replay", channel=thread, turn=1)
    cards = await hands(h, match_id)
    assert not any(c in h.reply_text(ex) for hand in cards for c in hand)


async def test_history_export_verify(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=3")
    await _play(h, match_id, thread, 10)
    assert (await state(h, match_id)).status == "finished"
    listed = await h.slash(CAROL, "history")
    assert match_id in h.reply_text(listed) and "finished" in h.reply_text(listed)
    exported = await h.slash(ALICE, "export", match=match_id)
    msg = h.last_reply(exported)
    assert msg["_visible_to"] == ALICE.id
    name, data = msg["_files"][0]
    assert name == f"parley-{match_id}.jsonl"
    lines = [json.loads(x) for x in data.decode().splitlines()]
    assert lines[0]["match_id"] == match_id and len(lines) > 3
    verified = await h.slash(BOB, "verify", match=match_id)
    assert "passed" in h.reply_text(verified).lower() or "合格" in h.reply_text(verified)
    # The same log imported (`parley import`): listed as such.
    await import_jsonl(h.parley.service, data.decode(), match_id="copy")
    listed = await h.slash(CAROL, "history")
    assert "(imported, not counted in records)" in next(x for x in h.reply_text(listed).splitlines() if "`copy`" in x)


async def test_export_of_a_running_match_is_redacted_for_players(harness: Harness) -> None:
    h = harness
    _match_id, thread = await open_match(h, ALICE, BOB)
    exported = await h.slash(ALICE, "export", channel=thread)
    _, data = h.last_reply(exported)["_files"][0]
    header = json.loads(data.decode().splitlines()[0])
    assert header["redacted"] is True and "secret" not in header
