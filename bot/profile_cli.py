"""`parley profile [NAME]`: a player's card in the terminal (events/profile.py):
ratings, recent results, reliability and current matches, over every match of
the database unless --server names one Discord server."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Coroutine
from typing import Any

from engine.core import pick_locale
from events.profile import profile
from events.stores import open_store

from . import ratingtext as rt
from .profiletext import card_lines
from .records_cli import player_id


async def cmd_profile(args: argparse.Namespace) -> int:
    locale = pick_locale(args.lang or os.environ.get("LANG"))
    who = args.player or os.environ.get("USER") or os.environ.get("LOGNAME") or "player"
    store = await open_store(args.db)
    try:
        card = await profile(store, player_id(who), args.server)
    finally:
        await store.close()
    lines = card_lines(card, card.name or who, locale, server_name=lambda s: rt.server_name(s, locale))
    print("\n".join([lines[0], *("  " + line for line in lines[1:])]))
    return 0


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("profile", help="a player's card: ratings, recent results, reliability, current matches")
    p.add_argument("player", nargs="?", help="a terminal name or an id like discord:1234 (default: you)")
    p.add_argument("--server", metavar="GUILD", help="only this Discord server's matches (default: every match)")


COMMANDS: dict[str, Callable[[argparse.Namespace], Coroutine[Any, Any, int]]] = {"profile": cmd_profile}
