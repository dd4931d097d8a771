from __future__ import annotations

import importlib.util
import sqlite3
from pathlib import Path

from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness
from tests.discord.helpers import open_match

ROOT = Path(__file__).resolve().parents[2]


def _backup_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("parley_backup", ROOT / "deploy" / "backup.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def test_online_backup_while_the_bot_runs(harness: Harness, tmp_path: Path) -> None:
    match_id, _ = await open_match(harness, ALICE, BOB)
    copy = _backup_module().backup(harness.db, tmp_path / "backups", keep=3)
    with sqlite3.connect(copy) as db:
        assert db.execute("SELECT COUNT(*) FROM events WHERE match_id = ?", (match_id,)).fetchone()[0] >= 4


def test_deploy_files_exist() -> None:
    for name in ("Dockerfile", "compose.yaml", "parley.service", "example.env", "backup.py"):
        assert (ROOT / "deploy" / name).is_file(), name
    env = (ROOT / "deploy" / "example.env").read_text()
    for var in ("PARLEY_DISCORD_TOKEN", "PARLEY_DB", "PARLEY_REMINDER_HOURS", "PARLEY_MOD_ROLE"):
        assert var in env
