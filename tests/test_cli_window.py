"""A response window from the command line: `--options '{"window": 30}'` is the
table's, shown under the board (a bad one: tests/test_cli_clock.py); and the
terminal closes a window that is due when the match is opened in it (it waits
on the keyboard, not the clock, so only then)."""

import asyncio
import io
import sys

from events.service import MatchService
from events.store import Store
from events.window import parse_window, window_place
from tests.cli_support import ANN, BEN, run

LONG_AGO = "2020-01-01T00:00:00.000+00:00"


def test_the_terminal_board_shows_the_window(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("board\n"))
    code, out, _ = run(capsys, "--db", str(tmp_path / "w.sqlite"), "play", "naru", "--players", "ann,ben",
                       "--options", '{"window": 30}')
    assert code == 0 and "⌛ Response window: 30 min (an unanswered response passes)" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("board\n"))
    code, out, _ = run(capsys, "--lang", "ja", "--db", str(tmp_path / "w.sqlite"), "play", "naru",
                       "--players", "ann,ben", "--options", '{"window": 45}')
    assert code == 0 and "⌛ 応答の受付時間: 45分（答えがなければパス）" in out


async def _waiting_on_a_response(db) -> str:
    """A toy match whose bank Ben was asked to answer long ago."""
    store = await Store.open(db)
    try:
        service = MatchService(store, clock=lambda: LONG_AGO)
        options = {"goal": 50, "window": 30}
        ms = await service.create("toy", ANN, options, place={"terminal": True, **window_place(parse_window(options))})
        await service.join(ms.match_id, BEN)
        await service.start(ms.match_id, ANN.id)
        ms = await service.get(ms.match_id)
        bank = next(c for c in ms.game.legal_actions(ms.state, 0) if c.action["kind"] == "bank")
        await service.act(ms.match_id, ANN.id, bank.action)
        assert (await service.get(ms.match_id)).state.responder == 1
        return ms.match_id
    finally:
        await store.close()


async def _last_action(db, match_id):
    store = await Store.open(db)
    try:
        return [e for e in await store.events(match_id) if e.type == "action"][-1]
    finally:
        await store.close()


def test_the_terminal_closes_a_due_window_when_the_match_opens(capsys, tmp_path, monkeypatch):
    db = tmp_path / "r.sqlite"
    match_id = asyncio.run(_waiting_on_a_response(db))
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code, out, _ = run(capsys, "--db", str(db), "play", "--resume", match_id)
    assert code == 0 and "The response window closed for ben:" in out
    last = asyncio.run(_last_action(db, match_id))
    assert last.actor == "system" and last.payload["auto"] == "window" and last.payload["action"] == {"kind": "accept"}
