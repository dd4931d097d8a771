"""A match's clock as people write it, checked and stored.

In a match's options: `clock=move:24h` (a limit per decision, what
`deadline_hours` always meant), `clock=bank:3d+6h` (a three-day bank, six hours
added after each move), `clock=daily:21:00@Asia/Tokyo` (due every day at 21:00
Tokyo time), with `grace=2h` and `extension=12h` (the one "I'm thinking" a seat
may ask for). The checked configuration is kept in the match's `place` as
plain JSON, so the log carries it and the engine's options stay the game's.

A player's quiet hours are `23:00-07:00` in an IANA zone (`Europe/London`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.core import Text

from .clock import ZERO, ClockConfig, Hours
from .errors import Refused

KEYS = ("clock", "grace", "extension")
MODES = ("move", "bank", "daily")
LONGEST = timedelta(days=60)
# A day needs waking hours too: longer quiet hours would stop a clock for good.
QUIET_MOST = timedelta(hours=16)
_UNITS = {"m": 60, "h": 3600, "d": 86400}

CLOCK_HINT = Text("Write `clock=move:24h`, `clock=bank:3d+6h` or `clock=daily:21:00@Asia/Tokyo`; "
                  "`grace=2h` and `extension=12h` are optional.",
                  "`clock=move:24h`、`clock=bank:3d+6h`、`clock=daily:21:00@Asia/Tokyo` のように書きます。"
                  "`grace=2h` と `extension=12h` は省略できます。")
HOURS_HINT = Text("Write the hours as `23:00-07:00` and the zone as an IANA name such as `Asia/Tokyo` or "
                  "`Europe/London`.",
                  "時間は `23:00-07:00`、タイムゾーンは `Asia/Tokyo` や `Europe/London` のようなIANA名で書きます。")


def _bad_clock(raw: object) -> Refused:
    return Refused(Text(f"'{raw}' is not a clock setting.", f"「{raw}」は持ち時間の設定として読めません。"), CLOCK_HINT)


def duration(raw: object) -> timedelta:
    """`90m`, `24h`, `3d` or a bare number of hours, up to LONGEST."""
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([mhd]?)", str(raw).strip().lower())
    if not m:
        raise _bad_clock(raw)
    value = timedelta(seconds=float(m.group(1)) * _UNITS[m.group(2) or "h"])
    if value > LONGEST:
        raise Refused(Text(f"'{raw}' is longer than 60 days.", f"「{raw}」は60日を超えています。"), CLOCK_HINT)
    return value


def clock_time(raw: str) -> time:
    m = re.fullmatch(r"([01]?\d|2[0-3]):([0-5]\d)", raw.strip())
    if not m:
        raise Refused(Text(f"'{raw}' is not a time of day.", f"「{raw}」は時刻として読めません。"), HOURS_HINT)
    return time(int(m.group(1)), int(m.group(2)))


def zone(raw: str) -> str:
    try:
        ZoneInfo(raw.strip())
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise Refused(Text(f"'{raw}' is not a time zone I know.", f"「{raw}」というタイムゾーンはありません。"),
                      HOURS_HINT) from exc
    return raw.strip()


def parse_clock(options: dict[str, Any]) -> ClockConfig | None:
    """The clock the options ask for (taking its keys out of them), or None."""
    spec = options.pop("clock", None)
    grace, extension = options.pop("grace", None), options.pop("extension", None)
    if spec is None:
        if grace is not None or extension is not None:
            raise Refused(Text("`grace` and `extension` need a `clock`.", "`grace` と `extension` には `clock` が必要です。"),
                          CLOCK_HINT)
        return None
    mode, _, rest = str(spec).partition(":")
    base = ClockConfig(mode, grace=duration(grace) if grace is not None else ZERO,
                       extension=duration(extension) if extension is not None else ZERO)
    if mode == "move" and rest:
        return replace(base, limit=_positive(rest))
    if mode == "bank" and rest:
        bank, _, inc = rest.partition("+")
        return replace(base, limit=_positive(bank), increment=duration(inc) if inc else ZERO)
    if mode == "daily" and "@" in rest:
        at, _, where = rest.partition("@")
        return replace(base, daily_at=clock_time(at), zone=zone(where))
    raise _bad_clock(spec)


def _positive(raw: str) -> timedelta:
    value = duration(raw)
    if value <= ZERO:
        raise _bad_clock(raw)
    return value


def quiet_hours(raw: str, where: str) -> Hours:
    """`23:00-07:00` in zone `where`: a player's quiet hours, checked."""
    start, sep, end = raw.partition("-")
    if not sep:
        raise Refused(Text(f"'{raw}' is not a span of hours.", f"「{raw}」は時間帯として読めません。"), HOURS_HINT)
    a, b = clock_time(start), clock_time(end)
    length = (timedelta(hours=b.hour - a.hour, minutes=b.minute - a.minute)) % timedelta(days=1)
    if length > QUIET_MOST:
        raise Refused(Text("Quiet hours can be at most 16 hours a day.", "静かな時間は1日16時間までです。"),
                      Text("Your clock must run some of the day, or a match would never end.",
                           "1日のうち一部は持ち時間が進まないと、対戦が終わりません。"))
    return Hours(a, b, zone(where))


def clock_place(options: dict[str, Any]) -> dict[str, Any]:
    """What a new match's place keeps of the clock its options ask for (the
    clock's keys are taken out of the options: they are the table's, not the game's)."""
    config = parse_clock(options)
    return {"clock": to_json(config)} if config else {}


def to_json(config: ClockConfig) -> dict[str, Any]:
    return {"mode": config.mode, "limit_s": config.limit.total_seconds(),
            "increment_s": config.increment.total_seconds(), "daily_at": config.daily_at.strftime("%H:%M"),
            "zone": config.zone, "grace_s": config.grace.total_seconds(),
            "extension_s": config.extension.total_seconds()}


def from_place(place: dict[str, Any]) -> ClockConfig | None:
    """A match's clock from its place: the stored configuration, or the per-move
    deadline matches have had since before clocks (`deadline_hours`), or None."""
    data = place.get("clock")
    if isinstance(data, dict):
        hh, mm = str(data.get("daily_at", "21:00")).split(":")
        return ClockConfig(str(data["mode"]), timedelta(seconds=float(data.get("limit_s", 0))),
                           timedelta(seconds=float(data.get("increment_s", 0))), time(int(hh), int(mm)),
                           str(data.get("zone", "UTC")), timedelta(seconds=float(data.get("grace_s", 0))),
                           timedelta(seconds=float(data.get("extension_s", 0))))
    hours = place.get("deadline_hours")
    return ClockConfig("move", limit=timedelta(hours=float(hours))) if hours else None


def describe(config: ClockConfig) -> Text:
    """One line for a board: the kind of clock this match has."""
    if config.mode == "bank":
        text = Text(f"time bank {span(config.limit).en} + {span(config.increment).en} a move",
                    f"持ち時間 {span(config.limit).ja}（1手ごとに +{span(config.increment).ja}）")
    elif config.mode == "daily":
        at = config.daily_at.strftime("%H:%M")
        text = Text(f"due every day at {at} {config.zone}", f"毎日 {at}（{config.zone}）締め切り")
    else:
        text = Text(f"{span(config.limit).en} a decision", f"1手あたり {span(config.limit).ja}")
    if config.grace > ZERO:
        text += Text(f", grace {span(config.grace).en}", f"、猶予 {span(config.grace).ja}")
    return text


def span(value: timedelta) -> Text:
    """A duration, short: `2d 3h`, `45m` (`2日3時間`, `45分`)."""
    minutes = int(value.total_seconds() // 60)
    d, rest = divmod(minutes, 1440)
    h, m = divmod(rest, 60)
    en = " ".join(f"{n}{u}" for n, u in ((d, "d"), (h, "h"), (m, "m")) if n) or "0m"
    ja = "".join(f"{n}{u}" for n, u in ((d, "日"), (h, "時間"), (m, "分")) if n) or "0分"
    return Text(en, ja)


__all__ = ["KEYS", "MODES", "clock_place", "describe", "duration", "from_place", "parse_clock", "quiet_hours", "span", "to_json"]
