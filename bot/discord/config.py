"""Configuration from the environment, validated before anything connects."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


class ConfigError(Exception):
    """The environment cannot start the bot; the message lists every problem at once."""


@dataclass(frozen=True)
class Config:
    token: str
    db: Path
    reminder_hours: float = 24.0
    mod_role: str | None = None  # a role id (digits) or a role name
    scheduler_minutes: float = 5.0  # how often reminders and deadlines are checked
    dm_retry_hours: float = 24.0  # how long a failed DM is remembered before trying again


def _default_db(env: Mapping[str, str]) -> Path:
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
    db = Path(env["PARLEY_DB"]).expanduser() if env.get("PARLEY_DB", "").strip() else _default_db(env)
    reminder = _hours(env, "PARLEY_REMINDER_HOURS", 24.0, problems)
    retry = _hours(env, "PARLEY_DM_RETRY_HOURS", 24.0, problems)
    if not _writable(db):
        problems.append(f"PARLEY_DB={db}: cannot create or write the database there")
    role = env.get("PARLEY_MOD_ROLE", "").strip() or None
    if problems:
        raise ConfigError("Parley cannot start:\n  - " + "\n  - ".join(problems))
    return Config(token=token, db=db, reminder_hours=reminder, mod_role=role, dm_retry_hours=retry)
