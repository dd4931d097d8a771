"""`parley replay MATCH --html FILE`: the replay page written to a file."""

from __future__ import annotations

import time
from pathlib import Path

from engine.core import Text
from events.service import MatchService

from .collect import collect
from .page import html_page


async def write_replay_page(service: MatchService, match_id: str, path: str, locale: str) -> int:
    began = time.perf_counter()
    finished = await collect(service, match_id)
    data = html_page(finished, locale).encode()
    Path(path).write_bytes(data)
    took = time.perf_counter() - began
    print(Text(f"Wrote {path}: {len(finished.stops)} steps, {len(data) / 1024:.0f} KiB in {took:.1f} s.",
               f"{path} を書き出しました: {len(finished.stops)}ステップ、{len(data) / 1024:.0f} KiB、{took:.1f}秒。")(locale))
    return 0
