"""Undo, redo and takeback in the terminal say what they took back or brought
back, by the actions' public log lines, and where play went back to (issue 21,
item 7); `log` at the start says there is no move yet."""

from .conftest import play


def bullets(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith(("  · ", "Refused"))]


async def test_undo_and_redo_name_the_actions_and_the_point(service):
    s = await play(service, ["note", "9", "undo 2", "redo", "redo"])
    assert bullets(s.out) == [
        "  · ann takes a note.",
        "  · ann plays Moth to slot 1.",
        "  · Moves undone by a moderator: back to event 4 (terminal undo).",
        "  · Taken back: ann takes a note.",
        "  · Taken back: ann plays Moth to slot 1.",
        "  · Moves redone by a moderator: back to event 6 (terminal redo).",
        "  · Brought back: ann takes a note.",
        "  · Brought back: ann plays Moth to slot 1.",
        "Refused: There is nothing to redo: no undo is left to take back since the last move.",
    ]


async def test_undo_told_in_japanese(service):
    s = await play(service, ["note", "undo"], locale="ja")
    assert "  · モデレーターによる取り消し: イベント4の時点に戻りました (terminal undo)。\n  · 取り消し: annはメモを取った。\n" \
        in s.out


async def test_undo_zero_is_refused_and_undoes_nothing(service):
    s = await play(service, ["note", "undo 0"])
    assert "Refused: Cannot undo 0 actions: the count must be at least 1." in s.out
    assert [e.type for e in await s.service.events(s.match_id)].count("revert") == 0


async def test_log_at_the_start_says_there_is_no_move_yet(service):
    s = await play(service, ["log"])
    assert "No moves yet.\n" in s.out
    again = await play(service, ["log"], locale="ja")
    assert "まだ手はありません。\n" in again.out


async def test_log_tells_what_an_undo_took_back(service):
    s = await play(service, ["note", "undo", "log"])
    assert "No moves yet." not in s.out
    assert "  #6 Moves undone by a moderator: back to event 4 (terminal undo).\n  #6 Taken back: ann takes a note.\n" \
        in s.out
