"""`parley rating [PLAYER] [GAME]`, `parley ladder GAME` and `parley season
start|end`: ratings in the terminal (events/ratings.py), on the terminal's own
ladder ("local") unless --server names a Discord server of the database."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime
from typing import Any

from engine.core import Text, pick_locale
from events.ratings import LOCAL, Rating, cached_ladder, end_season, ladder, player_ratings, seasons, start_season
from events.recorder import Recorder
from events.stores import open_store

from . import ratingtext as rt
from .records_cli import player_id

STARTED = Text("Season {n} started on {server}.", "{server}でシーズン{n}を開始しました。")
ENDED = Text("Season {n} ended on {server}; its final tables are kept (parley ladder GAME --season {n}).",
             "{server}のシーズン{n}を終了しました。最終順位は保存されています（parley ladder ゲーム --season {n}）。")
NO_SEASON = Text("No season is running on {server}.", "{server}で進行中のシーズンはありません。")
NO_SUCH_SEASON = Text("There is no closed season {n} on {server}.", "{server}に終了したシーズン{n}はありません。")


def _me() -> str:
    return os.environ.get("USER") or os.environ.get("LOGNAME") or "player"


async def _open(args: argparse.Namespace, fn: Callable[[Recorder, str, str], Coroutine[Any, Any, int]]) -> int:
    locale = pick_locale(args.lang or os.environ.get("LANG"))
    store = await open_store(args.db)
    try:
        return await fn(store, args.server or LOCAL, locale)
    finally:
        await store.close()


async def cmd_rating(args: argparse.Namespace) -> int:
    async def go(store: Recorder, server: str, locale: str) -> int:
        who = args.player or _me()
        found = await player_ratings(store, server, player_id(who))
        if args.game:
            found = {g: r for g, r in found.items() if g == args.game}
        where = rt.server_name(server, locale)
        if not found:
            print(rt.UNRATED.format(who=who, server=where)(locale))
            return 0
        print(rt.RATINGS.format(who=who, server=where)(locale))
        for game, r in found.items():
            print("  " + rt.rating_line(game, r, locale))
        return 0
    return await _open(args, go)


async def cmd_ladder(args: argparse.Namespace) -> int:
    async def go(store: Recorder, server: str, locale: str) -> int:
        where, title = rt.server_name(server, locale), rt.game_title(args.game, locale)
        record = await seasons(store, server)
        if args.season is not None:
            closed = [s for s in record["closed"] if s["number"] == args.season]
            if not closed:
                print(NO_SUCH_SEASON.format(n=args.season, server=where)(locale))
                return 2
            s = closed[0]
            print(rt.CLOSED.format(n=s["number"], game=title, server=where, since=rt.date(s["started"]),
                                   until=rt.date(s["ended"]))(locale))
            table = [Rating.from_json(x) for x in s["tables"].get(args.game, [])]
        elif record["current"]:
            s = record["current"]
            print(rt.SEASON.format(n=s["number"], game=title, server=where, since=rt.date(s["started"]))(locale))
            table = (await ladder(store, server, args.game, s["started"])).table()
        else:
            print(rt.LADDER.format(game=title, server=where)(locale))
            table = (await cached_ladder(store, server, args.game)).table()
        for line in rt.ladder_rows(table, locale) or [rt.EMPTY.format(game=title)(locale)]:
            print("  " + line)
        return 0
    return await _open(args, go)


async def cmd_season(args: argparse.Namespace) -> int:
    async def go(store: Recorder, server: str, locale: str) -> int:
        where, now = rt.server_name(server, locale), datetime.now(UTC).isoformat()
        if args.action == "start":
            current = await start_season(store, server, now)
            print(STARTED.format(n=current["number"], server=where)(locale))
            return 0
        closed = await end_season(store, server, now)
        if closed is None:
            print(NO_SEASON.format(server=where)(locale))
            return 2
        print(ENDED.format(n=closed["number"], server=where)(locale))
        return 0
    return await _open(args, go)


SERVER_HELP = "the Discord server (guild id) whose ladder to read (default: the terminal's own)"


def add_parsers(sub: Any) -> None:
    rating = sub.add_parser("rating", help="a player's rating in each game")
    rating.add_argument("player", nargs="?", help="a terminal name or an id like discord:1234 (default: you)")
    rating.add_argument("game", nargs="?", help="only this game")
    ladder_ = sub.add_parser("ladder", help="a game's ladder: the current season's, or all time")
    ladder_.add_argument("game")
    ladder_.add_argument("--season", type=int, help="the final table of closed season N")
    season = sub.add_parser("season", help="start or end a season (a window over the same log)")
    season.add_argument("action", choices=["start", "end"])
    for p in (rating, ladder_, season):
        p.add_argument("--server", metavar="GUILD", help=SERVER_HELP)


COMMANDS: dict[str, Callable[[argparse.Namespace], Coroutine[Any, Any, int]]] = {
    "rating": cmd_rating, "ladder": cmd_ladder, "season": cmd_season}
