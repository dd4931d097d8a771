"""A match's clocks (and its response window) as board lines, in English and Japanese, for Discord and the terminal.

Discord boards are edited only when their text changes, so there the lines
say only what stays true until the next event: each waiting seat's deadline,
as a Discord timestamp every reader's client counts down in their own zone.
The terminal redraws its board when asked, so it also says the time left now
and whether the clock is running. No one's quiet hours or zone are shown:
a deadline already accounts for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from engine.core import Text
from events.clock import ZERO, ClockConfig, SeatClock
from events.clockconfig import describe, span
from events.window import describe as describe_window
from events.window import from_place as window_of


def clock_lines(config: ClockConfig, seats: Sequence[SeatClock], names: Sequence[str],
                when: Callable[[datetime], str], live: bool) -> list[Text]:
    lines = [Text("⏱ Clock: ", "⏱ 時間設定: ") + describe(config)]
    for name, c in zip(names, seats, strict=True):
        if c.deadline is None:
            if config.mode == "bank":
                lines.append(Text(f"{name}: ", f"{name}: 残り ") + span(c.remaining) + Text(" in the bank", ""))
            continue
        line = Text(f"{name}: out of time {when(c.deadline)}", f"{name}: {when(c.deadline)}に時間切れ")
        if c.expires_at is not None and c.expires_at > c.deadline:
            line += Text(f", seat lost {when(c.expires_at)}", f"、{when(c.expires_at)}に席を失います")
        if live:
            left = span(c.remaining) if c.remaining > ZERO else Text("none", "なし")
            line += Text(" (left: ", "（残り ") + left + Text(")", "）")
            if not c.running:
                line += Text(", paused for quiet hours", "、静かな時間のため停止中")
            if c.alarm and not c.expired:
                line += Text(" ⚠ 80% used", " ⚠ 80%を使用")
        if c.extended:
            line += Text(", extended", "、延長済み")
        lines.append(line)
    return lines


def window_lines(place: dict[str, Any]) -> list[Text]:
    """The match's response window, if it has one (events/window.py)."""
    window = window_of(place)
    return [describe_window(window)] if window is not None else []


def discord_time(at: datetime) -> str:
    return f"<t:{int(at.timestamp())}:R>"


def terminal_time(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M UTC")


__all__ = ["clock_lines", "discord_time", "terminal_time", "window_lines"]
