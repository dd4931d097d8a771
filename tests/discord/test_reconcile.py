"""The reconciler (bot/discord/reconciler.py) with no Discord at all: what it asks for
against a record of what was posted, and that applying it (noting each operation as
the delivery does once Discord answered) leaves nothing more to do."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from bot.discord import handlayout, layout, projection, reconciler, views
from bot.discord.projection import BoardSurface, LogChunk, Ping
from events.model import Player

LOBBY = projection.Lobby("## lobby", None)
PING = Ping("3|0:turn", "<@101>, your turn", (101,))


def _board(body: str = "the board", seat: int | None = 0, image: bytes | None = b"png") -> BoardSurface:
    board = layout.Board("m1", "**Toy · match `m1`**", body, "waiting for ann", "alt", seat, True, "en")
    return BoardSurface(board, image)


def _surfaces(board: BoardSurface, log: tuple[LogChunk, ...] = (), ping: Ping | None = None,
              takeback: projection.Takeback | None = None) -> projection.Surfaces:
    return projection.Surfaces(LOBBY, projection.Thread(board, log, takeback, ping), (), "en", 42)


def _record(**extra: Any) -> dict[str, Any]:
    return {"thread": "7", "channel": "6", "lobby_msg": "8", "lobby_hash": LOBBY.digest, "shown": 0, "guild": 42,
            **extra}


ids = itertools.count(1000)


def _apply(ops: list[reconciler.Op], rec: dict[str, Any]) -> None:
    """What the delivery notes once Discord answered each operation (a new message gets an id)."""
    for op in ops:
        made = str(next(ids)) if isinstance(op, reconciler.PostBoard | reconciler.PostLog | reconciler.PostTakeback) \
            else None
        reconciler.note(rec, op, made)


def _settle(surfaces: projection.Surfaces, rec: dict[str, Any]) -> list[list[reconciler.Op]]:
    """Reconcile and apply until nothing is left, as the delivery does; the rounds it took."""
    rounds: list[list[reconciler.Op]] = []
    for _ in range(reconciler.ROUNDS):
        ops = reconciler.reconcile(surfaces, rec)
        if not ops:
            return rounds
        rounds.append(ops)
        _apply(ops, rec)
    raise AssertionError(f"still reconciling after {rounds}")


def test_a_first_board_is_posted_then_pinned_and_then_nothing_is_left() -> None:
    board = _board("x\n" * 3000)  # more than one message
    assert len(board.parts) == 2
    rec = _record()
    first, second = _settle(_surfaces(board), rec)
    assert first == [reconciler.PostBoard(0, board.keys[0]), reconciler.PostBoard(1, board.keys[1]),
                     reconciler.NoteBoard(board.digest, tuple(board.keys))]
    assert second == [reconciler.Pin(rec["board_msg"], None)]
    assert rec["board_more"] and rec["pin"] == {"msg": rec["board_msg"], "ok": True}
    assert reconciler.reconcile(_surfaces(board), rec) == []


def test_only_the_message_whose_content_changed_is_edited() -> None:
    board = _board("x\n" * 3000)
    rec = _record()
    _settle(_surfaces(board), rec)
    tail = replace(board, board=replace(board.board, tail="waiting for ben"))  # the last message only
    assert tail.keys[0] == board.keys[0] and tail.keys[1] != board.keys[1]
    (ops,) = _settle(_surfaces(tail), rec)
    assert ops == [reconciler.EditBoard(1, rec["board_more"][0], tail.keys[1]),
                   reconciler.NoteBoard(tail.digest, tuple(tail.keys))]
    # The same board again: no call at all.
    assert reconciler.reconcile(_surfaces(tail), rec) == []
    recoloured = replace(tail, board=replace(tail.board, seat=1))  # the accent shows on every message
    assert [op.index for op in reconciler.reconcile(_surfaces(recoloured), rec)
            if isinstance(op, reconciler.EditBoard)] == [0, 1]


def test_a_longer_board_is_posted_afresh_and_the_old_one_links_to_it() -> None:
    short = _board()
    rec = _record()
    _settle(_surfaces(short), rec)
    old = rec["board_msg"]
    longer = _board("x\n" * 3000)
    first, second = _settle(_surfaces(longer), rec)
    assert [type(op) for op in first] == [reconciler.PostBoard, reconciler.PostBoard, reconciler.NoteBoard]
    link = projection.message_link(42, "7", rec["board_msg"])
    assert isinstance(second[0], reconciler.RetireBoard) and link in (second[0].text or "")
    assert (second[0].msg, second[0].layout) == (old, True)
    assert second[1:] == [reconciler.Pin(rec["board_msg"], old)]
    assert rec["board_old"] == [] and reconciler.reconcile(_surfaces(longer), rec) == []


def test_a_board_message_deleted_by_someone_is_posted_afresh() -> None:
    board = _board()
    rec = _record()
    _settle(_surfaces(board), rec)
    changed = _board("another board")
    (edit, _note) = reconciler.reconcile(_surfaces(changed), rec)
    reconciler.note(rec, edit, gone=True)
    ops = reconciler.reconcile(_surfaces(changed), rec)
    assert [type(op) for op in ops] == [reconciler.PostBoard, reconciler.NoteBoard]


def test_the_log_posts_each_range_once_with_the_ping_on_the_last() -> None:
    board = _board()
    rec = _record()
    _settle(_surfaces(board), rec)
    log = (LogChunk(("ann › draws",), 1, 4, "a" * 64), LogChunk(("ben › banks",), 5, 6, "b" * 64))
    ops = reconciler.reconcile(_surfaces(board, log, PING), rec)
    posts = [op for op in ops if isinstance(op, reconciler.PostLog)]
    assert [(p.last, p.ping) for p in posts] == [(4, None), (6, PING.key)]
    assert posts[1].users == (101,) and PING.text in posts[1].content and "-# #5–6" in posts[1].content
    assert not any(isinstance(op, reconciler.PostPing) for op in ops)  # the log's last message pings
    _apply(ops, rec)
    assert rec["shown"] == 6 and rec["pinged"] == PING.key
    assert reconciler.reconcile(_surfaces(board, log, PING), rec) == []


def test_a_ping_too_long_for_the_log_message_goes_on_its_own() -> None:
    board = _board()
    rec = _record()
    _settle(_surfaces(board), rec)
    long_ping = replace(PING, text="y" * 900)
    log = (LogChunk(("z" * 1800,), 1, 1, None),)
    ops = reconciler.reconcile(_surfaces(board, log, long_ping), rec)
    assert ops == [reconciler.PostLog(ops[0].content, 1), reconciler.PostPing(long_ping)]  # type: ignore[union-attr]
    assert "z" * 1800 in ops[0].content and "y" not in ops[0].content  # type: ignore[union-attr]
    _apply(ops, rec)
    assert reconciler.reconcile(_surfaces(board, log, long_ping), rec) == []


def test_a_takeback_request_gets_its_buttons_until_it_is_settled() -> None:
    board = _board()
    rec = _record()
    _settle(_surfaces(board), rec)
    request = projection.Takeback(12, "ann asks to take back their last move", views.takeback_view("m1", 12, "en"))
    (post,) = _settle(_surfaces(board, takeback=request), rec)
    assert post == [reconciler.PostTakeback(request)] and rec["takeback"]["of"] == 12
    asked = rec["takeback"]["msg"]
    # Settled: the buttons come off that message; another request gets a message of its own.
    again = replace(request, of=15)
    assert reconciler.reconcile(_surfaces(board, takeback=again), rec) == [reconciler.SettleTakeback(asked),
                                                                            reconciler.PostTakeback(again)]
    (settle,) = _settle(_surfaces(board), rec)
    assert settle == [reconciler.SettleTakeback(asked)] and "takeback" not in rec


def test_a_failed_operation_stays_to_do() -> None:
    board = _board()
    rec = _record(lobby_hash="old")
    log = (LogChunk(("ann › draws",), 1, 2, None),)
    ops = reconciler.reconcile(_surfaces(board, log, PING), rec)
    assert ops[0] == reconciler.EditLobby(LOBBY)
    # Discord refused everything: nothing was noted, so the next sync asks for the same again.
    assert reconciler.reconcile(_surfaces(board, log, PING), rec) == ops
    # Only the lobby landed: the rest is still asked for, the lobby no longer.
    reconciler.note(rec, ops[0])
    assert reconciler.reconcile(_surfaces(board, log, PING), rec) == ops[1:]


def test_a_pin_the_bot_may_not_make_is_tried_again_only_on_a_repair() -> None:
    board = _board()
    rec = _record()
    _apply(reconciler.reconcile(_surfaces(board), rec), rec)
    (pin,) = reconciler.reconcile(_surfaces(board), rec)
    reconciler.note(rec, pin, ok=False)
    assert reconciler.reconcile(_surfaces(board), rec) == []
    assert reconciler.reconcile(_surfaces(board), rec, repair=True) == [pin]


# -- a seat's DM ------------------------------------------------------------------------------

ANN = Player(id="discord:101", name="ann")
LONG = "x\n" * 2400  # more than one layout message's text


def _dm(text: str, waiting: bool = True, seq: int = 5) -> tuple[projection.Dm, projection.DmMessage]:
    dm = projection.Dm(0, ANN, 101, waiting, text, seq)
    hand = handlayout.Hand(0, f"header\n{text}", None)
    parts = tuple(handlayout.parts(hand))
    keys = tuple(projection.digest(part, seq if waiting and i == len(parts) - 1 else None)
                 for i, part in enumerate(parts))
    return dm, projection.DmMessage(hand, parts, keys)


def _apply_dm(ops: list[reconciler.DmOp], last: dict[str, Any]) -> None:
    for op in ops:
        reconciler.note_dm(last, op, str(next(ids)) if isinstance(op, reconciler.SendDm) else None)


def test_a_dm_is_sent_once_and_then_edited_only_where_it_changed() -> None:
    last: dict[str, Any] = {}
    dm, message = _dm("hand: A\n" + LONG)
    ops = reconciler.dm_ops(dm, message, last, since=(2, 5))
    assert len(message.parts) == 2
    assert ops == [reconciler.SendDm(0, False, ()), reconciler.SendDm(1, True, ()),
                   reconciler.NoteDm(dm, message.keys, (), (2, 5), message.parts[-1])]
    _apply_dm(ops, last)
    assert reconciler.dm_ops(dm, message, last) == []
    assert last["since"] == [2, 5] and last["more"] and not last.get("sending")
    # Layout messages, the last one's text noted: a finished match's DM keeps it once the decision comes off.
    assert last["v2"] and last["text"] == message.parts[-1] != message.parts[0]
    # The same decision, the hand changed at the end: the last message only, its menu kept under it.
    later, changed = _dm("hand: A\n" + LONG + "B")
    ops = reconciler.dm_ops(later, changed, last)
    assert ops == [reconciler.EditDm(1, last["more"][0], changed.keys[1], True),
                   reconciler.NoteDm(later, changed.keys, (last["msg"], last["more"][0]), None,
                                     changed.parts[-1])]
    _apply_dm(ops, last)
    assert last["since"] == [2, 5]  # the catch-up stays what it was while the decision waits
    assert reconciler.dm_ops(later, changed, last) == []


def test_a_new_decision_is_a_new_message_and_the_old_one_stays() -> None:
    last: dict[str, Any] = {}
    idle, shown = _dm("hand: A", waiting=False)
    _apply_dm(reconciler.dm_ops(idle, shown, last), last)
    before = last["msg"]
    awaited, menu = _dm("hand: A", waiting=True, seq=9)
    ops = reconciler.dm_ops(awaited, menu, last)
    assert ops == [reconciler.SendDm(0, True, ()), reconciler.NoteDm(awaited, menu.keys, (), None, menu.parts[-1])]
    _apply_dm(ops, last)
    assert last["msg"] != before and last["waiting"]


def test_a_dm_sent_before_layouts_is_sent_anew_as_one_not_converted() -> None:
    last: dict[str, Any] = {}
    dm, message = _dm("hand: A", waiting=False)
    _apply_dm(reconciler.dm_ops(dm, message, last), last)
    classic = {k: v for k, v in last.items() if k not in ("v2", "text")}
    later, changed = _dm("hand: B", waiting=False)
    assert [type(op) for op in reconciler.dm_ops(later, changed, last)] == [reconciler.EditDm, reconciler.NoteDm]
    ops = reconciler.dm_ops(later, changed, classic)
    assert ops == [reconciler.SendDm(0, True, ()), reconciler.NoteDm(later, changed.keys, (), None, "header\nhand: B")]
    _apply_dm(ops, classic)
    assert classic["msg"] != last["msg"] and classic["v2"]
    assert [type(op) for op in reconciler.dm_ops(dm, message, classic)] == [reconciler.EditDm, reconciler.NoteDm]


def test_a_dm_message_the_player_deleted_is_sent_anew_and_the_rest_go() -> None:
    last: dict[str, Any] = {}
    dm, message = _dm("hand: A\n" + LONG)
    _apply_dm(reconciler.dm_ops(dm, message, last), last)
    old = [last["msg"], *last["more"]]
    later, changed = _dm("hand: B\n" + LONG)
    edit = reconciler.dm_ops(later, changed, last)[0]
    assert isinstance(edit, reconciler.EditDm) and edit.index == 0
    reconciler.note_dm(last, edit, gone=True)
    ops = reconciler.dm_ops(later, changed, last)
    noted = reconciler.NoteDm(later, changed.keys, (), None, changed.parts[-1])
    assert ops == [reconciler.SendDm(0, False, ()), reconciler.SendDm(1, True, ()),
                   *(reconciler.DeleteDm(m) for m in old), noted]
    _apply_dm(ops, last)
    assert not last.get("gone") and reconciler.dm_ops(later, changed, last) == []


def test_a_send_that_failed_leaves_a_note_of_what_went_and_is_asked_for_again() -> None:
    last: dict[str, Any] = {}
    dm, message = _dm("hand: A\n" + LONG)
    first, second, _ = reconciler.dm_ops(dm, message, last)
    assert isinstance(first, reconciler.SendDm) and isinstance(second, reconciler.SendDm)
    # What the record says just before each send: a crash then adopts what went instead of sending it twice.
    assert reconciler.sending(last, first) == {"sending": True, "sent": []}
    reconciler.note_dm(last, first, "77")
    assert reconciler.sending(last, second) == {"sending": True, "sent": ["77"]}
    # The second send failed: the DM's digest is not noted, so the next sync works on it again.
    assert "hash" not in last and reconciler.dm_ops(dm, message, last) != []


# -- the end of a match -----------------------------------------------------------------------


def _ended(rec: dict[str, Any], end: projection.End) -> list[reconciler.Op]:
    """The end's posts, then (once its page is noted) the archive, each noted as the delivery does."""
    ops = reconciler.end_ops(end, rec)
    _apply(ops, rec)
    return ops


def test_a_finished_match_posts_its_result_and_summary_once_and_archives_after_its_page() -> None:
    end = projection.End("**ann** won", "**Match summary · Toy `m1`**", True)
    rec = _record()
    assert _ended(rec, end) == [reconciler.Announce("**ann** won"),
                                reconciler.PostSummary("**Match summary · Toy `m1`**", False)]
    assert reconciler.end_ops(end, rec) == []
    assert reconciler.archive_ops(end, rec) == []  # the replay page is not posted yet
    rec["page"] = True
    (archive,) = reconciler.archive_ops(end, rec)
    assert archive == reconciler.Archive()
    reconciler.note(rec, archive)
    assert rec["ended"] and reconciler.end_ops(end, rec) == [] and reconciler.archive_ops(end, rec) == []


def test_a_summary_noted_sending_is_looked_for_before_it_is_posted_again() -> None:
    end = projection.End(None, "summary", True)
    rec = _record(announced=True, summary="sending")
    assert reconciler.end_ops(end, rec) == [reconciler.PostSummary("summary", True)]
    assert reconciler.archive_ops(end, {**rec, "page": True}) == []  # not before the summary
    _ended(rec, end)
    assert rec["summary"] is True and reconciler.end_ops(end, rec) == []


def test_an_aborted_match_posts_nothing_and_is_archived() -> None:
    end = projection.End(None, None, False)
    rec = _record()
    assert reconciler.end_ops(end, rec) == [] and reconciler.archive_ops(end, rec) == [reconciler.Archive()]
    assert reconciler.end_ops(None, rec) == [] and reconciler.archive_ops(None, rec) == []  # still running


def test_a_hall_post_is_retagged_once_when_its_match_moves_on() -> None:
    rec = _record(forum="5", tags={"game": "g", "lobby": "l", "running": "r"}, applied=["g", "l"])
    assert reconciler.retag_ops("lobby", rec) == []
    (retag,) = reconciler.retag_ops("running", rec)
    assert retag == reconciler.Retag("running")
    reconciler.note(rec, retag)
    assert rec["applied"] == ["g", "r"] and reconciler.retag_ops("running", rec) == []
    # A status whose tag the forum lacks leaves the game's alone; a match outside the hall has none to swap.
    assert reconciler.retag_ops("over", rec) == [reconciler.Retag("over")]
    assert reconciler.retag_ops("over", _record()) == []


def test_a_player_whose_dms_are_closed_is_told_once_in_the_thread() -> None:
    closed = projection.DmClosed("discord:101", "<@101>, use /parley hand", 101)
    tell = reconciler.TellDmClosed("discord:101", "<@101>, use /parley hand", 101)
    rec = _record(dm_told=["discord:102"])
    assert reconciler.dm_closed_ops(closed, rec) == [tell]
    reconciler.note(rec, tell)
    assert rec["dm_told"] == ["discord:101", "discord:102"] and reconciler.dm_closed_ops(closed, rec) == []


def test_a_dm_waiting_when_its_match_ends_loses_its_menu_once() -> None:
    last: dict[str, Any] = {}
    dm, message = _dm("hand: A\n" + LONG)
    _apply_dm(reconciler.dm_ops(dm, message, last), last)
    assert last["waiting"] and last["more"]
    (end,) = reconciler.ended_dm_ops(last)
    assert end == reconciler.EndDm(last["more"][-1], message.parts[-1])  # the menu is under the last message
    reconciler.note_dm(last, end)
    assert reconciler.ended_dm_ops(last) == []


# -- the match's other places, all through `reconcile` -----------------------------------------

OPENING = projection.Opening("m1", LOBBY, 6, "Toy · m1", None)


def _through(surfaces: projection.Surfaces, rec: dict[str, Any], *, repair: bool = False,
             dms: dict[int, dict[str, Any]] | None = None,
             read: list[dict[str, Any]] | None = None) -> list[reconciler.Op]:
    """Reconcile and apply until nothing is left, as the delivery does (a read answering
    `read`, a message or thread made getting an id); every operation, in order."""
    done: list[reconciler.Op] = []
    for _ in range(reconciler.ROUNDS):
        ops = reconciler.reconcile(surfaces, rec, repair, dms)
        if not ops:
            return done
        for op in ops:
            done.append(op)
            if isinstance(op, reconciler.EndDm):
                reconciler.note_dm((dms or {})[op.seat], op)
                continue
            made = str(next(ids)) if isinstance(op, reconciler.PostLobby | reconciler.OpenThread) else None
            reconciler.note(rec, op, made, read=read or [])
            if isinstance(op, reconciler.FindLobby) and rec.get("lobby_msg"):
                break  # found: the round's post is moot, asked again
    raise AssertionError(f"still reconciling after {done}")


def test_a_match_opens_its_lobby_message_and_thread_once_and_nothing_else_before() -> None:
    rec: dict[str, Any] = {}
    thread = projection.Thread(_board(), (LogChunk(("ann joins",), 1, 1, None),), None, PING)
    surfaces = projection.Surfaces(LOBBY, thread, opening=OPENING)
    assert reconciler.reconcile(surfaces, rec) == [reconciler.PostLobby(LOBBY, 6), reconciler.OpenThread("Toy · m1")]
    opened = projection.Surfaces(opening=OPENING)
    assert _through(opened, rec) == [reconciler.PostLobby(LOBBY, 6), reconciler.OpenThread("Toy · m1")]
    assert rec["channel"] == "6" and rec["lobby_msg"] and rec["thread"] and rec["lobby_hash"] == LOBBY.digest
    assert reconciler.reconcile(opened, rec) == [] and reconciler.reconcile(opened, rec, repair=True) == []
    # A lobby posted whose thread could not be opened: only the thread is asked for again.
    again = {"channel": "6", "lobby_msg": "9", "lobby_hash": LOBBY.digest}
    assert reconciler.reconcile(opened, again) == [reconciler.OpenThread("Toy · m1")]


def test_after_a_start_a_lobby_posted_before_a_crash_is_found_not_posted_again() -> None:
    rec: dict[str, Any] = {}
    opened = projection.Surfaces(opening=OPENING)
    lobby = {"id": "77", "content": "## Toy · match m1"}
    assert _through(opened, rec, repair=True, read=[{"id": "76", "content": "other"}, lobby]) == [
        reconciler.FindLobby(6, "m1"), reconciler.OpenThread("Toy · m1")]
    assert rec["lobby_msg"] == "77" and rec["thread"] and reconciler.reconcile(opened, rec, repair=True) == []
    # Nothing found: the lobby is posted.
    rec = {}
    assert _through(opened, rec, repair=True) == [reconciler.FindLobby(6, "m1"), reconciler.PostLobby(LOBBY, 6),
                                                  reconciler.OpenThread("Toy · m1")]


def test_a_match_hall_post_is_opened_once_as_its_lobby_and_thread() -> None:
    hall = replace(OPENING, forum=5)
    rec: dict[str, Any] = {}
    (post,) = reconciler.reconcile(projection.Surfaces(opening=hall), rec)
    assert post == reconciler.OpenPost(LOBBY, False)
    rec.update(channel="8", lobby_msg="8", thread="8", forum="5")  # what hall.open_post notes
    reconciler.note(rec, post)
    assert rec["lobby_hash"] == LOBBY.digest and rec["shown"] == 0
    assert reconciler.reconcile(projection.Surfaces(opening=hall), rec) == []


def test_the_thread_is_read_back_once_per_start() -> None:
    rec = _record(takeback=None)
    recovery = projection.Recovery("m1", 4, "start-1")
    read = [{"id": "30", "content": "ben › draws\n-# #5–7 · [board](<x>)"},
            {"id": "21", "components": [{"type": 10, "content": "**Toy · match `m1`** running"}]},
            {"id": "25", "content": "ann asks", "components": [{"type": 1, "components": [
                {"type": 2, "custom_id": "p:t:m1:4:yes"}]}]}]
    surfaces = projection.Surfaces(recovery=recovery)
    assert _through(surfaces, rec, repair=True, read=read) == [reconciler.Recover(recovery)]
    assert rec["shown"] == 7 and rec["board_msg"] == "21" and rec["board_v2"]
    assert rec["takeback"] == {"of": 4, "msg": "25"}
    assert reconciler.reconcile(surfaces, rec, repair=True) == []
    # The next start reads it back again.
    assert reconciler.reconcile(projection.Surfaces(recovery=replace(recovery, start="start-2")), rec, True) == [
        reconciler.Recover(replace(recovery, start="start-2"))]


def test_a_reminder_is_posted_once_per_finding() -> None:
    rec = _record()
    reminder = projection.Reminder("9@t1", "Reminder — <@101>", (101,))
    surfaces = projection.Surfaces(reminder=reminder)
    assert _through(surfaces, rec) == [reconciler.PostReminder(reminder)]
    assert reconciler.reconcile(surfaces, rec) == []
    later = replace(reminder, key="9@t2")  # still waiting a day later: reminded again
    assert reconciler.reconcile(projection.Surfaces(reminder=later), rec) == [reconciler.PostReminder(later)]
    assert reconciler.reconcile(projection.Surfaces(reminder=reminder), {}) == []  # no thread: nowhere to post


def test_the_end_of_a_match_comes_from_one_reconcile_with_its_page_and_the_archive_last() -> None:
    end = projection.End("**ann** won", "summary", True)
    rec = _record(forum="5", tags={"game": "g", "running": "r", "over": "o"}, applied=["g", "r"])
    dms = {0: {"msg": "40", "more": ["41"], "waiting": True, "text": "hand"}, 1: {"msg": "50", "waiting": False}}
    closed = projection.DmClosed("discord:102", "<@102>, use /parley hand", 102)
    surfaces = projection.Surfaces(status="over", dm_closed=(closed,), end=end)
    assert _through(surfaces, rec, dms=dms) == [
        reconciler.TellDmClosed("discord:102", closed.text, 102), reconciler.Retag("over"),
        reconciler.Announce("**ann** won"), reconciler.PostSummary("summary", False), reconciler.EndDm("41", "hand", 0)]
    assert not dms[0]["waiting"] and not rec.get("ended")  # the page is not drawn yet: no archive
    assert reconciler.reconcile(surfaces, rec, dms=dms) == []
    drawn = replace(surfaces, page=projection.Page(b"<html>"))
    assert _through(drawn, rec, dms=dms) == [reconciler.PostPage(projection.Page(b"<html>"), False),
                                             reconciler.Archive()]
    assert rec["page"] is True and rec["ended"] and reconciler.reconcile(drawn, rec, dms=dms) == []


def test_a_page_noted_sending_is_looked_for_and_waits_for_the_summary() -> None:
    end = projection.End(None, "summary", True)
    page = projection.Page(None)  # could not be made: nothing is posted, the thread is archived all the same
    rec = _record(page="sending")
    assert reconciler.reconcile(projection.Surfaces(end=end, page=page), rec) == [
        reconciler.PostSummary("summary", False)]  # the page only below the summary
    assert _through(projection.Surfaces(end=end, page=page), rec) == [
        reconciler.PostSummary("summary", False), reconciler.PostPage(page, True), reconciler.Archive()]


def test_the_looking_for_players_post_is_made_once_then_edited_only_when_the_lobbies_change() -> None:
    listing = projection.Listing("42", "## Looking for players\n- Toy `m1` · 1/4", "en", 5)
    rec, server = _record(), {}
    surfaces = projection.Surfaces(listing=listing, listed=True)
    (post, listed) = reconciler.reconcile(surfaces, rec, hall=server)
    assert (post, listed) == (reconciler.PostListing(listing), reconciler.NoteListed(True))
    reconciler.note_listing(server, post, "90")
    reconciler.note(rec, listed)
    assert server == {"forum": "5", "thread": "90", "locale": "en", "hash": listing.digest} and rec["listed"]
    assert reconciler.reconcile(surfaces, rec, hall=server) == []
    # The match started: the list changes, once, and the match is no longer in it.
    changed = replace(listing, text="## Looking for players\nnone")
    left = projection.Surfaces(listing=changed, listed=False)
    (edit, unlisted) = reconciler.reconcile(left, rec, hall=server)
    assert (edit, unlisted) == (reconciler.EditListing(changed, "90"), reconciler.NoteListed(False))
    reconciler.note_listing(server, edit, gone=True)  # someone deleted the post: made anew
    (again, _) = reconciler.reconcile(left, rec, hall=server)
    assert again == reconciler.PostListing(changed)
    reconciler.note_listing(server, again, "91")
    reconciler.note(rec, unlisted)
    assert server["thread"] == "91" and reconciler.reconcile(left, rec, hall=server) == []
    # Another lobby opens: the post is edited in place, once.
    more = projection.Surfaces(listing=replace(listing, text="## Looking for players\n- Toy `m2` · 1/4"))
    (edited,) = reconciler.reconcile(more, rec, hall=server)
    assert isinstance(edited, reconciler.EditListing) and edited.thread == "91"
    reconciler.note_listing(server, edited)
    assert reconciler.reconcile(more, rec, hall=server) == []


def test_log_lines_wait_for_a_board_posted_afresh_so_that_they_link_to_it() -> None:
    rec = _record()
    _settle(_surfaces(_board()), rec)
    old = rec["board_msg"]
    log = (LogChunk(("ann › draws",), 1, 1, None),)
    first, second = _settle(_surfaces(_board("x\n" * 3000), log, PING), rec)
    assert [type(op) for op in first] == [reconciler.PostBoard, reconciler.PostBoard, reconciler.NoteBoard]
    assert rec["board_msg"] != old
    posted = [op for op in second if isinstance(op, reconciler.PostLog)]
    assert [type(op) for op in second] == [reconciler.RetireBoard, reconciler.Pin, reconciler.PostLog]
    assert projection.message_link(42, "7", rec["board_msg"]) in posted[0].content and posted[0].ping == PING.key


def test_the_thread_read_back_comes_alone_and_the_rest_is_asked_of_what_it_found() -> None:
    rec = _record(shown=3)
    recovery = projection.Recovery("m1", None, "start-1")
    log = (LogChunk(("ann › draws",), 4, 5, None), LogChunk(("ben › banks",), 6, 7, None))
    surfaces = replace(_surfaces(_board(), log), recovery=recovery)
    assert reconciler.reconcile(surfaces, rec, True) == [reconciler.Recover(recovery)]
    read = [{"id": "30", "content": "ann › draws\n-# #4–5"}]  # posted just before a crash lost its note
    ops = _through(surfaces, rec, repair=True, read=read)
    assert [op.last for op in ops if isinstance(op, reconciler.PostLog)] == [7]


def test_each_seats_dm_comes_from_reconcile_with_its_seat_and_then_nothing() -> None:
    rec = _record()
    _settle(_surfaces(_board()), rec)
    ann, ann_message = _dm("hand: A")
    ben, ben_message = _dm("hand: B", waiting=False)
    ben = replace(ben, seat=1)
    dms: dict[int, dict[str, Any]] = {0: {}, 1: {}}
    surfaces = replace(_surfaces(_board()), seat_dms=(projection.SeatDm(ann, ann_message),
                                                      projection.SeatDm(ben, ben_message, since=(2, 5))))
    ops = reconciler.reconcile(surfaces, rec, dms=dms)
    assert [(type(op), op.seat) for op in ops] == [(reconciler.SendDm, 0), (reconciler.NoteDm, 0),  # type: ignore[union-attr]
                                                    (reconciler.SendDm, 1), (reconciler.NoteDm, 1)]
    for op in ops:
        assert isinstance(op, reconciler.SendDm | reconciler.NoteDm)
        reconciler.note_dm(dms[op.seat], op, str(next(ids)) if isinstance(op, reconciler.SendDm) else None)
    assert dms[1]["since"] == [2, 5] and reconciler.reconcile(surfaces, rec, dms=dms) == []


def test_a_place_that_failed_is_left_out_and_the_others_are_still_asked_for() -> None:
    rec = _record()
    _settle(_surfaces(_board()), rec)
    log = (LogChunk(("ann › draws",), 1, 1, None),)
    surfaces = _surfaces(_board("another board"), log, PING)
    edit, *rest = reconciler.reconcile(surfaces, rec)
    assert isinstance(edit, reconciler.EditBoard) and any(isinstance(op, reconciler.PostLog) for op in rest)
    left = reconciler.without(surfaces, edit)
    assert [type(op) for op in reconciler.reconcile(left, rec)] == [reconciler.PostLog]
    # The log failing too: its ping goes on its own.
    (post,) = reconciler.reconcile(left, rec)
    assert reconciler.reconcile(reconciler.without(left, post), rec) == [reconciler.PostPing(PING)]
