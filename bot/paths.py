"""Where the database lives unless told otherwise."""

from __future__ import annotations

import os
from pathlib import Path


def default_db() -> Path:
    if os.environ.get("PARLEY_DB"):
        return Path(os.environ["PARLEY_DB"]).expanduser()
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "parley" / "parley.sqlite"
