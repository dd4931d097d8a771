"""What a move's sync asks of the store (bot/discord/delivery.py): the match's log read only
where it goes back further than the newest events the service keeps of it (for the log lines not
yet shown and the awaited seat's catch-up: a seat's first catch-up reads from the start), the
match's record written once (the board's note rides on the log line's), a move's records in two
writes and one more per DM sent, and nothing noted lost on the way: each catch-up is the one a
read of its own would give, and a pass that only edits the board still writes its note before it
ends.

Watched on the real bot over FakeDiscord, in matches of real games played on the DM menus."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bot.discord import catchup, dms, projection
from bot.discord.delivery import BOARD
from events.service import TAIL
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness
from tests.discord.helpers import open_match
from tests.discord.moves import random_move, rest_calls

MOVES = 8


async def reference_since(read: Any, ms: Any, seat: int, player: Any,
                          last: dict[str, Any]) -> tuple[list[int], list[tuple[str | None, list[str]]]]:
    """A seat's catch-up as the delivery worked it out before it shared one read of the log: its
    own read, from where its record says it started."""
    before = last.get("since") if last.get("player") == player.id else None
    events = await read(ms.match_id, after=int(before[0]) if before else 0)
    if before and last.get("waiting") and not catchup.made_by(events, seat, player):
        span = [int(before[0]), int(before[1])]
    else:
        span = [max(catchup.last_move(events, seat, player), int(before[0]) if before else 0), ms.public_seq]
    shown = [e for e in events if span[0] < e.seq <= span[1]]
    return span, catchup.groups(ms, shown, player.locale, lambda e: projection.line(ms, e, player.locale))


@pytest.mark.slow
@pytest.mark.parametrize("game", ["quarriors", "naru"])
async def test_a_move_reads_only_the_log_not_kept_writes_the_record_once_and_each_catch_up_is_as_before(
        harness: Harness, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    h = harness
    store = h.parley.service.store
    match_id, thread = await open_match(h, ALICE, BOB, game=game, options="")
    reads: list[int] = []
    writes: list[list[str]] = []  # the scopes of each write
    compared: list[bool] = []
    real_events, real_set, real_sets, real_since = store.events, store.set_kv, store.set_kvs, dms.SeatDms._since

    async def events(match: str, after: int = 0, upto: int | None = None) -> Any:
        if upto is None:
            reads.append(after)
        return await real_events(match, after, upto)

    async def set_kv(scope: str, key: str, value: Any) -> None:
        writes.append([scope])
        await real_set(scope, key, value)

    async def set_kvs(items: Any) -> None:
        writes.append([scope for scope, _, _ in items])
        await real_sets(items)

    async def since(self: Any, ms: Any, seat: int, player: Any, last: dict[str, Any], log_of: Any) -> Any:
        got = await real_since(self, ms, seat, player, last, log_of)
        compared.append(got == await reference_since(real_events, ms, seat, player, last))
        return got

    monkeypatch.setattr(store, "events", events)
    monkeypatch.setattr(store, "set_kv", set_kv)
    monkeypatch.setattr(store, "set_kvs", set_kvs)
    monkeypatch.setattr(dms.SeatDms, "_since", since)
    rng = random.Random(5)
    for _ in range(MOVES):
        reads.clear()
        writes.clear()
        since = await random_move(h, match_id, thread, (ALICE, BOB), rng)
        if since is None:
            break
        shown = rest_calls(h.fake, since)
        assert shown  # the move was shown
        kept_from = (await h.parley.service.get(match_id)).seq - TAIL + 1
        assert all(after + 1 < kept_from for after in reads), (reads, kept_from)  # only what is not kept
        assert sum(w.count(BOARD) for w in writes) == 1, writes
        dms_sent = sum(c.method == "POST" and str(h.fake.dm_channel(u.id)) in c.path for c in shown for u in (ALICE, BOB))
        assert len(writes) <= 2 + dms_sent, (writes, dms_sent)
    assert compared and all(compared)


async def test_a_pass_that_only_edits_the_board_writes_its_note_before_it_ends(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    match_id, _ = await open_match(h, ALICE, BOB)
    real_board = projection.board

    def restyled(*args: Any, **kwargs: Any) -> Any:  # the board looks different, with nothing new in the log
        shown = real_board(*args, **kwargs)
        return replace(shown, body=shown.body + "\n(restyled)")

    monkeypatch.setattr(projection, "board", restyled)
    since = len(h.fake.calls)
    assert await h.parley.delivery.sync(match_id)
    edited = rest_calls(h.fake, since)
    assert [c.method for c in edited] == ["PATCH"]  # the board alone
    # What the store holds says the board is shown: syncing again calls nothing.
    since = len(h.fake.calls)
    assert await h.parley.delivery.sync(match_id)
    assert rest_calls(h.fake, since) == []


@pytest.mark.parametrize("game", ["naru", "warlords"])
async def test_a_posts_note_is_written_before_the_next_call_to_discord(
        harness: Harness, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    """Delivery writes a pass's records together (`Delivery._write`), but the note of a message it
    posted before it calls Discord again: a crash in between must not post it twice. Edits' notes
    may wait for the pass's end."""
    h = harness
    store = h.parley.service.store
    match_id, thread = await open_match(h, ALICE, BOB, game=game, options="")
    seen: list[tuple[str, Any]] = []  # ("write", scopes) and ("call", (method, path)), in order
    real_sets, real_rest, real_hook = store.set_kvs, h.fake.rest, h.fake.webhook

    async def set_kvs(items: Any) -> None:
        seen.append(("write", {scope for scope, _, _ in items}))
        await real_sets(items)

    def rest(method: str, url: str, *args: Any) -> Any:
        seen.append(("call", (method, url)))
        return real_rest(method, url, *args)

    def webhook(method: str, url: str, *args: Any) -> Any:
        seen.append(("call", (method, url)))
        return real_hook(method, url, *args)

    monkeypatch.setattr(store, "set_kvs", set_kvs)
    monkeypatch.setattr(h.fake, "rest", rest)
    monkeypatch.setattr(h.fake, "webhook", webhook)
    rng = random.Random(3)
    posts = 0
    for _ in range(MOVES):
        seen.clear()
        if await random_move(h, match_id, thread, (ALICE, BOB), rng) is None:
            break
        for i, (what, detail) in enumerate(seen):
            if what != "call" or detail[0] != "POST" or f"/channels/{thread}/messages" not in detail[1]:
                continue
            posts += 1  # a log line (or ping) in the thread: its note before any later call
            later = seen[i + 1:]
            first_call = next((k for k, (w, _) in enumerate(later) if w == "call"), len(later))
            assert any(w == "write" and BOARD in d for w, d in later[:first_call]), seen
    assert posts  # the moves did post
