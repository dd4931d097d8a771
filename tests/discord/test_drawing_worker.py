"""The drawing process as the bot uses it (bot/discord/worker.py, bot/discord/drawing.py): calls
in flight together each get their own answer, the loop goes on while the process works, a dead
process is drawn around in a thread and replaced, and closing it ends the process."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from bot import render
from bot.discord import drawing
from bot.discord.worker import Gone, Worker
from tests.render.test_board_pictures import views

NAMES = ["Ann", "花子"]


def _wait_for(path: str) -> bool:
    """Whether `path` appeared within a minute (a bound, so a blocked loop fails the test instead of hanging it)."""
    end = time.monotonic() + 60
    while time.monotonic() < end:
        if os.path.exists(path):
            return True
        time.sleep(0.01)
    return False


def _fails() -> None:
    raise ValueError("drawn wrong")


async def _in_worker(*calls: tuple[object, ...]) -> list[object]:
    worker = Worker()
    try:
        return await asyncio.gather(*(worker.call(*call) for call in calls), return_exceptions=True)  # type: ignore[arg-type]
    finally:
        worker.close()


@pytest.mark.slow
def test_calls_in_flight_together_each_get_their_own_answer() -> None:
    answers = asyncio.run(_in_worker(*((pow, n, 2) for n in range(40)), (_fails,), (divmod, 7, 2)))
    assert answers[:40] == [n * n for n in range(40)]
    assert isinstance(answers[40], ValueError) and str(answers[40]) == "drawn wrong"
    assert answers[41] == (3, 1)


@pytest.mark.slow
def test_the_loop_goes_on_while_the_process_works(tmp_path: Path) -> None:
    """The process waits for a file only the loop writes: were the loop waiting on the process, neither would go on."""
    flag = str(tmp_path / "written")

    async def write_soon() -> None:
        await asyncio.sleep(0)
        Path(flag).write_text("x")

    async def both() -> list[object]:
        worker = Worker()
        try:
            return list(await asyncio.gather(worker.call(_wait_for, flag), write_soon()))
        finally:
            worker.close()

    assert asyncio.run(both())[0] is True


@pytest.mark.slow
def test_a_process_that_dies_fails_its_calls_and_is_closed_without_hanging() -> None:
    async def die() -> tuple[object, Worker]:
        worker = Worker()
        (answer,) = await asyncio.gather(worker.call(os._exit, 3), return_exceptions=True)
        return answer, worker

    answer, worker = asyncio.run(die())
    assert isinstance(answer, Gone) and worker.gone
    worker.close()
    assert not worker.process.is_alive() and worker.process.exitcode == 3


@pytest.mark.slow
def test_a_dead_drawing_process_is_drawn_around_in_a_thread_and_replaced(monkeypatch) -> None:
    (view, _), (later, _) = views("naru", 3, 20)[:2]
    drawing.close()

    async def pictures() -> tuple[bytes | None, bytes | None, bytes | None, int | None, int | None]:
        first = await drawing.board_image("naru", view, NAMES, "en")
        assert drawing._worker is not None
        dead = drawing._worker.process
        dead.kill()
        dead.join()
        around = await drawing.board_image("naru", later, NAMES, "en")  # the death is seen here: drawn in a thread
        again = await drawing.board_image("naru", view, NAMES, "en")  # a new process
        assert drawing._worker is not None
        return first, around, again, dead.pid, drawing._worker.process.pid

    try:
        first, around, again, dead, alive = asyncio.run(pictures())
        assert drawing._worker is not None and drawing._worker.process.is_alive()
        process = drawing._worker.process
    finally:
        drawing.close()
    assert first == again == render.image("naru", view, NAMES, "en")
    assert around == render.image("naru", later, NAMES, "en")
    assert dead != alive and not process.is_alive() and drawing._worker is None


async def _left_in_flight(worker: Worker, flag: str) -> None:
    """A call its loop ends before it is answered (asyncio.run cancels it)."""
    asyncio.get_running_loop().create_task(worker.call(_wait_for, flag))
    await asyncio.sleep(0)


@pytest.mark.slow
def test_a_process_left_to_an_ended_loop_is_given_up_not_waited_for(tmp_path: Path) -> None:
    flag = tmp_path / "written"
    worker = Worker()
    try:
        asyncio.run(_left_in_flight(worker, str(flag)))
        with pytest.raises(Gone):
            asyncio.run(worker.call(pow, 2, 2))
        assert worker.gone
    finally:
        flag.write_text("x")
        worker.close()
    assert not worker.process.is_alive()


def _unreadable() -> None:
    raise FileNotFoundError("no font file")


@pytest.mark.slow
def test_what_the_drawing_itself_raises_reaches_its_caller_not_a_second_try(monkeypatch) -> None:
    """Only the process's own failure sends a call to a thread: an OSError of the function's (a font
    that cannot be read) would fail there again."""
    threads: list[object] = []
    real = asyncio.to_thread
    monkeypatch.setattr(asyncio, "to_thread", lambda function, *args: threads.append(function) or real(function, *args))
    drawing.close()
    try:
        with pytest.raises(FileNotFoundError, match="no font file"):
            asyncio.run(drawing._drawn(_unreadable))
        assert threads == [] and drawing._worker is not None and not drawing._worker.gone
    finally:
        drawing.close()


def test_a_process_that_cannot_be_started_is_drawn_around_in_a_thread(monkeypatch) -> None:
    from multiprocessing.context import SpawnProcess

    def refuse(self: SpawnProcess) -> None:
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(SpawnProcess, "start", refuse)
    drawing.close()
    with pytest.raises(Gone, match="could not be started"):
        Worker()
    assert asyncio.run(drawing._drawn(pow, 2, 10)) == 1024
    drawing.close()
