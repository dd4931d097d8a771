"""Where the database lives unless told otherwise."""

from __future__ import annotations

import os
from pathlib import Path

from events.stores import is_postgres


def default_db() -> Path | str:
    """$PARLEY_DB (a file, or a postgresql:// URL kept as it is), else the user's data folder."""
    if os.environ.get("PARLEY_DB"):
        if is_postgres(os.environ["PARLEY_DB"]):
            return os.environ["PARLEY_DB"]
        return Path(os.environ["PARLEY_DB"]).expanduser()
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "parley" / "parley.sqlite"
