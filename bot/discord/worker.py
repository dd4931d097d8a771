"""One spawned process that runs functions for the bot, over a socket the event loop itself reads.

A `ProcessPoolExecutor` costs the bot some 0.2-0.4 ms of its own CPU per call even when the answer
is ready at once: its queue-management and feeder threads woken, a lock-guarded queue, the answer
handed back to the loop from a thread (issue 25). Here a call is one pickled frame written to the
socket and one read when the loop's selector says the answer is there: no thread in the bot.
Calls are numbered, so several may be in flight; the process answers them in turn.
"""

from __future__ import annotations

import asyncio
import itertools
import multiprocessing
import os
import pickle
import struct
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, TypeVar

# Each frame: its length, then a pickle. Requests are (id, function, args); answers (id, ok, value).
_HEADER = struct.Struct("!Q")
_CHUNK = 1 << 20
T = TypeVar("T")


class Gone(OSError):
    """The process died, could not be written to or could not be started: what was asked of it
    is not coming."""


def _serve(conn: Connection) -> None:
    """The process's whole life: answer each request in turn until the bot closes its end."""
    with os.fdopen(os.dup(conn.fileno()), "rb") as reading:
        conn.close()
        fd = reading.fileno()
        while header := reading.read(_HEADER.size):
            (size,) = _HEADER.unpack(header)
            number, function, args = pickle.loads(reading.read(size))
            try:
                answer = (number, True, function(*args))
            except Exception as exc:  # handed to the caller, as an executor would
                answer = (number, False, exc)
            try:
                data = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
            except Exception as exc:  # an exception (or value) that does not pickle: its text still does
                data = pickle.dumps((number, False, RuntimeError(repr(exc))), pickle.HIGHEST_PROTOCOL)
            _write_all(fd, _HEADER.pack(len(data)) + data)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


class Worker:
    """The process and the bot's end of its socket. Used from one event loop at a time: the
    socket is watched by the loop of the last call, from its first call on (not added and
    removed again each call: a board picture a move), and a later loop (a test's) takes it over."""

    def __init__(self) -> None:
        # Spawned, not forked: the bot has threads (the database's, executors') a fork would copy mid-flight.
        context = multiprocessing.get_context("spawn")
        try:
            mine, theirs = context.Pipe()
        except OSError as exc:  # out of file descriptors
            raise Gone(f"no socket for a process ({exc})") from exc
        # Daemonic: ended with the bot (multiprocessing's exit handler), never left behind it.
        self.process = context.Process(target=_serve, args=(theirs,), name="parley-drawing", daemon=True)
        try:
            self.process.start()
        except OSError as exc:  # out of memory or processes
            mine.close()
            raise Gone(f"the process could not be started ({exc})") from exc
        finally:
            theirs.close()
        self._conn = mine
        self._fd = mine.fileno()
        os.set_blocking(self._fd, False)
        self._numbers = itertools.count()
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._inbox = bytearray()
        self._outbox = bytearray()
        self.gone = False

    async def call(self, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` run in the process (both pickled across), its value or its exception."""
        if self.gone:
            raise Gone("the process is gone")
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            if self._waiting:  # calls left in flight by a loop that ended: never answered here
                self._die(Gone("its calls belong to another event loop"))
                raise Gone("the process was left to another event loop")
            self._unwatch()
            self._loop = loop
            loop.add_reader(self._fd, self._readable)
        number = next(self._numbers)
        answer: asyncio.Future[T] = loop.create_future()
        self._waiting[number] = answer
        data = pickle.dumps((number, function, args), pickle.HIGHEST_PROTOCOL)
        self._send(_HEADER.pack(len(data)) + data)
        return await answer

    def _send(self, frame: bytes) -> None:
        # Written at once when the socket takes it; else kept and written as it drains (the loop
        # never waits on a process busy with a seconds-long page).
        if not self._outbox:
            try:
                written = os.write(self._fd, frame)
            except BlockingIOError:
                written = 0
            except OSError as exc:
                self._die(exc)
                return
            if written == len(frame):
                return
            frame = frame[written:]
            assert self._loop is not None
            self._loop.add_writer(self._fd, self._writable)
        self._outbox += frame

    def _writable(self) -> None:
        try:
            written = os.write(self._fd, self._outbox)
        except BlockingIOError:
            return
        except OSError as exc:
            self._die(exc)
            return
        del self._outbox[:written]
        if not self._outbox and self._loop is not None:
            self._loop.remove_writer(self._fd)

    def _readable(self) -> None:
        try:
            data = os.read(self._fd, _CHUNK)
        except BlockingIOError:
            return
        except OSError as exc:
            self._die(exc)
            return
        if not data:
            self._die(Gone(f"the process ended (exit code {self.process.exitcode})"))
            return
        self._inbox += data
        while len(self._inbox) >= _HEADER.size:
            (size,) = _HEADER.unpack_from(self._inbox)
            end = _HEADER.size + size
            if len(self._inbox) < end:
                break
            number, ok, value = pickle.loads(self._inbox[_HEADER.size:end])
            del self._inbox[:end]
            answer = self._waiting.pop(number)
            if not answer.done():  # its caller may have been cancelled
                if ok:
                    answer.set_result(value)
                else:
                    answer.set_exception(value)

    def _unwatch(self) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._fd)
            self._loop.remove_writer(self._fd)
        self._loop = None

    def _die(self, exc: BaseException) -> None:
        # The socket closed too: a process still alive reads its end and ends.
        self.gone = True
        self._unwatch()
        self._conn.close()
        waiting, self._waiting = self._waiting, {}
        for answer in waiting.values():
            if not answer.done():
                answer.set_exception(exc if isinstance(exc, Gone) else Gone(str(exc)))

    def close(self) -> None:
        """End the process (its read sees the socket closed) and wait for it, killing it if it lingers."""
        self._die(Gone("closed"))
        self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
