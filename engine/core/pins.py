"""Content digests of the data a ruleset's rules read, pinned in each match."""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from typing import Any


def data_digest(data: Any) -> str:
    """SHA-256 of the data as canonical JSON: equal exactly when the rules read equal data."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def files_digest(package: str, *names: str) -> str:
    """The digest of a game's package data files as they are (their contents, in
    this order; not their names, nor the code's models of them, which may change)."""
    root = resources.files(package)
    return data_digest([root.joinpath(name).read_text(encoding="utf-8") for name in names])
