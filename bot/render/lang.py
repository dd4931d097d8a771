"""Whether a renderer writes for a Japanese reader: every renderer asks here, so a
locale ('ja', 'ja_JP.UTF-8', 'en-US', None) reads the same in each (pick_locale's answer)."""

from __future__ import annotations

import functools

from engine.core import pick_locale


@functools.cache
def ja(locale: str | None) -> bool:
    # Cached: asked for every name on a board, half a million times for a long match's replay page.
    return pick_locale(locale) == "ja"
