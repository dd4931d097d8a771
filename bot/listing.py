"""`parley list`: the matches of a database as a person scans them, newest
first: when each began and last moved, who plays, and whose turn it is or
who won. Only public facts, so a running match's hands stay hidden."""

from __future__ import annotations

import unicodedata

from engine.core import Text, pick_locale, seat_ref, with_names
from events.replay import MatchState
from events.service import MatchService
from events.store import MatchRow

HEAD = (Text("MATCH", "対戦"), Text("GAME", "ゲーム"), Text("STATUS", "状態"), Text("CREATED (UTC)", "作成（UTC）"),
        Text("UPDATED (UTC)", "更新（UTC）"), Text("PLAYERS", "参加者"), Text("NOW", "現在"))
STATUS = {"lobby": Text("lobby", "募集中"), "running": Text("running", "進行中"),
          "finished": Text("finished", "終了"), "aborted": Text("aborted", "中止")}
EMPTY = Text("No matches in this database yet. Start one with `parley play GAME`.",
             "このデータベースにはまだ対戦がありません。`parley play ゲーム` で始められます。")
IMPORTED = Text(", imported (not counted in records)", "・取り込み（戦績に数えない）")
LOBBY_SCAN = 64  # the joins come before the start, within the first events


def _when(iso: str) -> str:
    return iso[:16].replace("T", " ")


async def _joined(service: MatchService, row: MatchRow) -> dict[str, str]:
    """Players' names by id, from the lobby's joins (a finished match is not
    replayed just to name its players)."""
    names: dict[str, str] = {}
    for e in await service.store.events(row.id, upto=LOBBY_SCAN):
        if e.type in ("player_joined", "player_replaced"):
            names[str(e.payload["player"]["id"])] = str(e.payload["player"]["name"])
    return names


def _seats(seats: list[int], locale: str) -> str:
    """Seats as tokens that `with_names` turns into the players' names."""
    return ("、" if locale == "ja" else ", ").join(seat_ref(s)(locale) for s in seats)


def whose_turn(ms: MatchState, locale: str) -> str:
    """Whose decision the running match waits on."""
    if ms.takeback is not None:
        return Text("a takeback awaits an answer", "取り消し要求の回答待ち")(locale)
    who = _seats(sorted({p.seat for p in ms.game.pending(ms.state)}), locale)
    return Text(f"{who} to move", f"{who}の手番")(locale)


async def _running(service: MatchService, row: MatchRow) -> MatchState | None:
    """The running match, or None when its game is not installed here (the row is still listed)."""
    try:
        return await service.get(row.id) if row.status == "running" else None
    except (KeyError, ImportError):
        return None


async def _row(service: MatchService, row: MatchRow, locale: str) -> list[str]:
    ms = await _running(service, row)
    if ms is not None:
        names = [p.name for p in ms.seats]
        now = whose_turn(ms, locale)
    else:
        joined = await _joined(service, row)
        names = [joined.get(pid, pid.removeprefix("local:")) for pid in row.players]
        winners = _seats((row.result or {}).get("winners", []), locale)
        now = (Text("waiting to start", "開始待ち") if row.status == "lobby" else
               Text(f"won by {winners}", f"勝者: {winners}") if winners else Text("-", "-"))(locale)
    status = STATUS.get(row.status, Text(row.status, row.status))
    if row.imported:  # an import is shown for what it is: not counted in any player's records
        status = status + IMPORTED
    cells = [row.id, row.game, status(locale), _when(row.created_at),
             _when(row.updated_at), _seats(list(range(len(names))), locale) or "-", now]
    return [with_names(c, names, locale) for c in cells]


async def match_table(service: MatchService, locale: str) -> list[str]:
    """The lines `parley list` prints: a heading and a row per match."""
    locale = pick_locale(locale)
    rows = [await _row(service, r, locale) for r in await service.store.matches(limit=2**31 - 1)]
    if not rows:
        return [EMPTY(locale)]
    table = [[h(locale) for h in HEAD], *rows]
    widths = [max(_width(r[i]) for r in table) for i in range(len(HEAD) - 1)]
    return ["  ".join([*(cell + " " * (w - _width(cell)) for cell, w in zip(r, widths, strict=False)), r[-1]])
            for r in table]


def _width(cell: str) -> int:
    """Columns on a terminal: Japanese characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in cell)
