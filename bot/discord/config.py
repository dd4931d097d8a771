"""Configuration from the environment, validated before anything connects."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from events.stores import is_postgres


class ConfigError(Exception):
    """The environment cannot start the bot; the message lists every problem at once."""


@dataclass(frozen=True)
class Config:
    token: str
    db: Path | str  # a SQLite file, or a postgresql:// URL
    reminder_hours: float = 24.0
    mod_role: str | None = None  # a role id (digits) or a role name
    scheduler_minutes: float = 5.0  # how often reminders and deadlines are checked
    dm_retry_hours: float = 24.0  # how long a failed DM is remembered before trying again
    shard_ids: tuple[int, ...] | None = None  # this process's Discord shards (None: all, one process)
    shard_count: int | None = None
    dev_guild: int | None = None  # a test server that gets the commands at once (PARLEY_DEV_GUILD)

    def owns(self, guild: str | int | None) -> bool:
        """Whether this process serves `guild`: Discord routes a server to shard
        (id >> 22) % count, and each process does the scheduled work of its own."""
        if self.shard_ids is None or self.shard_count is None or guild is None:
            return True
        return (int(guild) >> 22) % self.shard_count in self.shard_ids

    @property
    def process_key(self) -> str:
        """A name for this process's own bookkeeping (its delivery outbox)."""
        return "pending" if self.shard_ids is None else "pending:" + ",".join(map(str, self.shard_ids))


def _shards(env: Mapping[str, str], problems: list[str]) -> tuple[tuple[int, ...] | None, int | None]:
    raw_ids, raw_count = env.get("PARLEY_SHARD_IDS", "").strip(), env.get("PARLEY_SHARD_COUNT", "").strip()
    if not raw_ids and not raw_count:
        return None, None
    if not (raw_ids and raw_count):
        problems.append("PARLEY_SHARD_IDS and PARLEY_SHARD_COUNT go together (e.g. 0-1 and 4)")
        return None, None
    try:
        count = int(raw_count)
        ids: list[int] = []
        for part in raw_ids.split(","):
            lo, _, hi = part.strip().partition("-")
            ids.extend(range(int(lo), int(hi or lo) + 1))
    except ValueError:
        problems.append(f"PARLEY_SHARD_IDS={raw_ids!r} / PARLEY_SHARD_COUNT={raw_count!r}: numbers like 0,2-3 and 4")
        return None, None
    if count < 1 or not ids or any(not 0 <= i < count for i in ids):
        problems.append(f"PARLEY_SHARD_IDS must lie within 0..{count - 1}")
        return None, None
    return tuple(sorted(set(ids))), count


def _default_db(env: Mapping[str, str]) -> Path | str:
    try:  # the CLI's notion of the default, when present
        from bot.paths import default_db
        if "PARLEY_DB" not in env:
            return default_db()
    except ImportError:
        pass
    base = Path(env.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "parley" / "parley.sqlite"


def _hours(env: Mapping[str, str], name: str, default: float, problems: list[str]) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        problems.append(f"{name} must be a number of hours, not {raw!r}")
        return default
    if value <= 0:
        problems.append(f"{name} must be positive, not {raw!r}")
    return value


def _dev_guild(env: Mapping[str, str], problems: list[str]) -> int | None:
    raw = env.get("PARLEY_DEV_GUILD", "").strip()
    if not raw:
        return None
    if not re.fullmatch(r"[0-9]{1,20}", raw):
        problems.append(f"PARLEY_DEV_GUILD must be a server id (digits; in Discord, right-click the server -> "
                        f"Copy Server ID), not {raw!r}")
        return None
    return int(raw)


def _writable(db: Path) -> bool:
    """The file, or the nearest existing folder above it, is writable (the store creates the rest)."""
    if db.exists():
        return os.access(db, os.W_OK)
    folder = db.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return os.access(folder, os.W_OK)


def load_config(env: Mapping[str, str] | None = None) -> Config:
    """Read PARLEY_* variables; raise ConfigError naming everything missing or malformed."""
    env = os.environ if env is None else env
    problems: list[str] = []
    token = env.get("PARLEY_DISCORD_TOKEN", "").strip()
    if not token:
        problems.append("PARLEY_DISCORD_TOKEN is missing: the bot token from the Discord developer portal "
                        "(Applications -> your app -> Bot -> Reset Token)")
    raw_db = env.get("PARLEY_DB", "").strip()
    db: Path | str = (raw_db if is_postgres(raw_db) else Path(raw_db).expanduser()) if raw_db else _default_db(env)
    reminder = _hours(env, "PARLEY_REMINDER_HOURS", 24.0, problems)
    retry = _hours(env, "PARLEY_DM_RETRY_HOURS", 24.0, problems)
    shard_ids, shard_count = _shards(env, problems)
    if shard_ids is not None and shard_count is not None and len(shard_ids) < shard_count and not is_postgres(db):
        problems.append("several bot processes (a subset of shards) need PARLEY_DB=postgresql://...: "
                        "SQLite serves one process")
    if isinstance(db, Path) and not _writable(db):
        problems.append(f"PARLEY_DB={db}: cannot create or write the database there")
    role = env.get("PARLEY_MOD_ROLE", "").strip() or None
    dev_guild = _dev_guild(env, problems)
    if problems:
        raise ConfigError("Parley cannot start:\n  - " + "\n  - ".join(problems))
    return Config(token=token, db=db, reminder_hours=reminder, mod_role=role, dm_retry_hours=retry,
                  shard_ids=shard_ids, shard_count=shard_count,
                  dev_guild=dev_guild)
