"""`parley mine --as NAME`: the matches waiting for a player's move, in the terminal
(the `/parley mine` of the Discord bot). NAME is a terminal player's name
(`local:NAME`), or a full player id such as `discord:1234`."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Coroutine
from typing import Any

from engine.core import Text, pick_locale
from events.stats import waiting_on
from events.stores import open_store

from .terminal import resume_command

HEAD = Text("{who}: matches waiting for your move ({n})", "{who}: あなたの手番の対戦が{n}件あります")
LINE = Text("{match}  {game}  waiting since {since}  ({resume})", "{match}  {game}  {since}から待機中（{resume}）")
NONE = Text("{who}: no match is waiting for you.", "{who}: あなたを待っている対戦はありません。")


def player_id(name: str) -> str:
    return name if ":" in name else f"local:{name}"


async def cmd_mine(args: argparse.Namespace) -> int:
    from events.service import MatchService

    locale = pick_locale(args.lang or os.environ.get("LANG"))
    store = await open_store(args.db)
    try:
        service = MatchService(store)
        found = await waiting_on(service, player_id(args.as_player))
        if not found:
            print(NONE.format(who=args.as_player)(locale))
            return 0
        print(HEAD.format(who=args.as_player, n=len(found))(locale))
        for ms in found:
            last = await store.events(ms.match_id, after=ms.seq - 1)
            since = last[-1].at[:16].replace("T", " ") + " UTC" if last else "-"
            resume = resume_command(ms.match_id, args.db_given)
            print(LINE.format(match=ms.match_id, game=ms.game.title, since=since, resume=resume)(locale))
        return 0
    finally:
        await store.close()


def add_parsers(sub: Any) -> None:
    mine = sub.add_parser("mine", help="the matches waiting for a player's move")
    mine.add_argument("--as", dest="as_player", required=True, metavar="NAME",
                      help="the player: a terminal name (as in --players) or an id like discord:1234")


COMMANDS: dict[str, Callable[[argparse.Namespace], Coroutine[Any, Any, int]]] = {"mine": cmd_mine}
