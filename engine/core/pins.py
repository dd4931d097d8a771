"""Content digests of the data a ruleset's rules read, pinned in each match."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .bundled import bundled_text


def data_digest(data: Any) -> str:
    """SHA-256 of the data as canonical JSON: equal exactly when the rules read equal data."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def files_digest(package: str, *names: str) -> str:
    """The digest of a game's package data files as they are (their contents, in
    this order; not their names, nor the code's models of them, which may change)."""
    return data_digest([bundled_text(package, name) for name in names])
