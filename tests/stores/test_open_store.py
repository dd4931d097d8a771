"""`PARLEY_DB` alone picks the backend: a path or `sqlite:PATH` is SQLite, a
`postgresql://` URL is PostgreSQL (also when it went through pathlib, which
collapses its `//`)."""

from pathlib import Path

from events.pgstore import PgStore
from events.store import Store
from events.stores import is_postgres, open_store, postgres_url, sqlite_path


def test_names_are_read_as_the_right_backend():
    assert sqlite_path("sqlite:/var/lib/parley.sqlite") == "/var/lib/parley.sqlite"
    assert sqlite_path("data/parley.sqlite") == "data/parley.sqlite"
    assert is_postgres("postgresql://postgres@127.0.0.1:5432/parley")
    assert is_postgres("postgres://h/db") and not is_postgres("/srv/postgresql/parley.sqlite")
    url = "postgresql://parley@db:5432/parley?application_name=shard0"
    assert postgres_url(url) == url
    assert postgres_url(Path(url)) == url


async def test_a_path_opens_sqlite(tmp_path):
    for where in (tmp_path / "a.sqlite", str(tmp_path / "b.sqlite"), f"sqlite:{tmp_path / 'c.sqlite'}"):
        store = await open_store(where)
        try:
            assert isinstance(store, Store) and Path(store.path).parent == tmp_path
        finally:
            await store.close()


async def test_a_postgresql_url_opens_postgresql(new_db):
    url = new_db("postgresql")
    store = await open_store(Path(url))  # as `--db` (type=Path) hands it over
    try:
        assert isinstance(store, PgStore) and await store.schema_version() >= 1
    finally:
        await store.close()
