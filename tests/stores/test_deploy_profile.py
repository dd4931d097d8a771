"""The compose profile "postgres": one server and two bot processes that
split the shards between them, each pointed at PostgreSQL; the SQLite service
stays the default."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def services(text: str) -> dict[str, str]:
    """Each top-level service's block of compose.yaml, by name (no YAML parser needed)."""
    body = text.split("\nservices:\n", 1)[1].split("\nvolumes:\n", 1)[0]
    blocks = re.split(r"\n(?=  [a-z][\w-]*:)", "\n" + body)
    return {b.strip().split(":", 1)[0]: b for b in blocks if b.strip() and not b.strip().startswith("#")}


def test_the_postgres_profile_runs_a_server_and_two_shards_covering_every_shard_id():
    found = services((ROOT / "deploy" / "compose.yaml").read_text())
    assert 'profiles: ["postgres"]' in found["postgres"] and "pg_isready" in found["postgres"]
    shard_ids = []
    for name in ("shard-0", "shard-1"):
        block = found[name]
        assert "PARLEY_DB: postgresql://" in block and 'PARLEY_SHARD_COUNT: "2"' in block
        shard_ids += re.findall(r'PARLEY_SHARD_IDS: "(\d+)"', block)
    assert sorted(shard_ids) == ["0", "1"]
    assert 'profiles: ["postgres"]' in found["shard-0"]  # shard-1 inherits it through the anchor
    assert "profiles" not in found["parley"] and "/data/parley.sqlite" in found["parley"]
    assert "migrate-db --from sqlite:/data/parley.sqlite" in found["migrate-db"]
