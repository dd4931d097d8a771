"""One store suite, two backends: every test taking `db_url` or `recorder` runs
against SQLite and against PostgreSQL.

PostgreSQL: each pytest process (each xdist worker has its own) makes one fresh
database (parley_test_<random>) on the server at $PARLEY_TEST_PG (default
postgresql://postgres@127.0.0.1:5432/postgres) and drops it at the end; each
test gets its own empty schema in it, so workers never share one. Where no
server answers, the PostgreSQL half skips and says why.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import re
import sqlite3
import uuid
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pytest

from events.service import MatchService
from events.stores import open_store
from tests.events.conftest import ANN, BEN, CAT, started

__all__ = ["ANN", "BEN", "CAT", "Clock", "Raw", "next_move", "play", "started"]

DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/postgres"
T = TypeVar("T")


def _in_thread(coro: Awaitable[T]) -> T:
    """Run a coroutine to completion on its own loop, off the test's loop."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()  # type: ignore[arg-type]


def with_query(url: str, **params: str) -> str:
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    query.update(params)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), parts.fragment))


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


@dataclass
class Server:
    url: str | None  # the run's own database, or None
    reason: str


async def _admin(url: str, *statements: str) -> None:
    import asyncpg
    conn = await asyncpg.connect(url, timeout=5)
    try:
        for sql in statements:
            await conn.execute(sql)
    finally:
        await conn.close()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Server]:
    admin = os.environ.get("PARLEY_TEST_PG") or DEFAULT_PG
    try:
        import asyncpg  # noqa: F401
    except ImportError:
        yield Server(None, "PostgreSQL tests skipped: asyncpg is not installed")
        return
    name = f"parley_test_{uuid.uuid4().hex[:12]}"
    try:
        _in_thread(_admin(admin, f"CREATE DATABASE {name}"))
    except Exception as exc:
        at = f"{urlsplit(admin).hostname}:{urlsplit(admin).port or 5432}"
        yield Server(None, f"PostgreSQL tests skipped: no PostgreSQL server answered at {at} "
                           f"({type(exc).__name__}: {exc}); set PARLEY_TEST_PG to a server URL to run them")
        return
    try:
        yield Server(with_database(admin, name), "")
    finally:
        _in_thread(_admin(admin, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


@pytest.fixture
def new_db(tmp_path: Path, pg_server: Server) -> Iterator[Callable[[str], str]]:
    """A factory of fresh, empty databases: new_db("sqlite") or new_db("postgresql") gives its URL."""
    schemas: list[str] = []

    def make(kind: str) -> str:
        if kind == "sqlite":
            return f"sqlite:{tmp_path / f'parley-{uuid.uuid4().hex[:6]}.sqlite'}"
        if pg_server.url is None:
            pytest.skip(pg_server.reason)
        schema = f"t_{uuid.uuid4().hex[:12]}"
        _in_thread(_admin(pg_server.url, f"CREATE SCHEMA {schema}"))
        schemas.append(schema)
        return with_query(pg_server.url, search_path=schema)

    yield make
    if schemas and pg_server.url is not None:
        _in_thread(_admin(pg_server.url, *(f"DROP SCHEMA IF EXISTS {s} CASCADE" for s in schemas)))


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_url(backend: str, new_db: Callable[[str], str]) -> str:
    return new_db(backend)


@pytest.fixture
async def recorder(db_url: str):  # type: ignore[no-untyped-def]
    store = await open_store(db_url)
    yield store
    await store.close()


@pytest.fixture
async def service(recorder):  # type: ignore[no-untyped-def]
    return MatchService(recorder, snapshot_every=10)


@pytest.fixture
def raw(db_url: str) -> Raw:
    return Raw(db_url)


class Raw:
    """SQL straight at the database, past the store: what another program, or
    an attacker with the database's password or file, can do. Statements use
    `?` placeholders on both backends."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.postgres = url.startswith("postgresql")
        if self.postgres:
            import asyncpg
            self.integrity_error: type[Exception] = asyncpg.IntegrityConstraintViolationError
        else:
            self.integrity_error = sqlite3.IntegrityError

    async def run(self, sql: str, *args: Any, bypass_triggers: bool = False) -> list[tuple[Any, ...]]:
        if self.postgres:
            return await self._pg(sql, args, bypass_triggers)
        return await asyncio.to_thread(self._sqlite, sql, args, bypass_triggers)

    def _sqlite(self, sql: str, args: tuple[Any, ...], bypass: bool) -> list[tuple[Any, ...]]:
        conn = sqlite3.connect(self.url.removeprefix("sqlite:"), isolation_level=None)
        try:
            if bypass:
                for name in ("events_no_update", "events_no_delete", "events_gapless", "events_hashed"):
                    conn.execute(f"DROP TRIGGER IF EXISTS {name}")
            return [tuple(r) for r in conn.execute(sql, args).fetchall()]
        finally:
            conn.close()

    async def _pg(self, sql: str, args: tuple[Any, ...], bypass: bool) -> list[tuple[Any, ...]]:
        import asyncpg
        numbered = iter(range(1, len(args) + 1))
        sql = re.sub(r"\?", lambda _: f"${next(numbered)}", sql)
        conn = await asyncpg.connect(self.url)
        try:
            async with conn.transaction():
                if bypass:  # a superuser's way past triggers (and foreign keys)
                    await conn.execute("SET LOCAL session_replication_role = replica")
                return [tuple(r) for r in await conn.fetch(sql, *args)]
        finally:
            await conn.close()


async def next_move(service: MatchService, match_id: str) -> tuple[Any, dict[str, Any]]:
    (_pending, player), *_ = await service.waiting(match_id)
    return player, dict((await service.choices(match_id, player.id))[-1].action)


async def play(service: MatchService, match_id: str, moves: int) -> None:
    for _ in range(moves):
        if (await service.get(match_id)).status != "running":
            return
        player, action = await next_move(service, match_id)
        await service.act(match_id, player.id, action)


class Clock:
    """The service's clock, moved by the test: each command is stamped with `now`."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> str:
        return self.now.isoformat()

    def wait(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def timed(recorder, clock):  # type: ignore[no-untyped-def]
    return MatchService(recorder, snapshot_every=10, clock=clock, operator="mod")
