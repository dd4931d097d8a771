"""Which recorder a database name means: SQLite for a path (or `sqlite:PATH`),
PostgreSQL for a `postgresql://` URL. The CLI and the bot open their database
through here, so `PARLEY_DB` alone decides."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from .migrate import MigrationReport, copy_database
from .recorder import Recorder

_PG = re.compile(r"^postgres(ql)?:", re.IGNORECASE)


def is_postgres(where: str | Path) -> bool:
    return bool(_PG.match(str(where)))


def postgres_url(where: str | Path) -> str:
    """The URL as given; a Path has collapsed its `//` (pathlib reads the URL as
    folders), which is put back so `--db postgresql://...` works either way."""
    text = str(where)
    scheme, _, rest = text.partition(":")
    return f"{scheme}://{rest.lstrip('/')}" if isinstance(where, Path) or not rest.startswith("//") else text


def sqlite_path(where: str | Path) -> str:
    text = str(where)
    return text[len("sqlite:"):] if text.lower().startswith("sqlite:") else text


async def open_store(where: str | Path, durable: bool = True) -> Recorder:
    """Open (creating and migrating) the database `where` names. Failures are
    StorageFaults saying what is wrong, as Store.open's are."""
    if is_postgres(where):
        from .pgstore import PgStore  # asyncpg is loaded only by those who use it

        return await PgStore.open(postgres_url(where), durable=durable)
    from .store import Store

    return await Store.open(sqlite_path(where), durable=durable)


async def migrate_db(source: str, target: str, *, replay: bool = True,
                     progress: Callable[[int, int], None] | None = None) -> MigrationReport:
    """`parley migrate-db --from SOURCE --to TARGET`: open both, copy, verify."""
    src = await open_store(source)
    try:
        dst = await open_store(target)
        try:
            return await copy_database(src, dst, replay=replay, progress=progress)
        finally:
            await dst.close()
    finally:
        await src.close()


__all__ = ["is_postgres", "migrate_db", "open_store", "postgres_url", "sqlite_path"]
