"""Bot players and their levels. A bot's level lives in its player id so the
log records it and a replay needs nothing else: `bot:N` is the easy bot (the
form every older log holds), `bot:LEVEL:N` a search bot (normal or hard)."""

from __future__ import annotations

import asyncio
from typing import Any

from engine.core import Game, Rng, Text
from engine.core.search import LEVELS, choose, derive_secret, levels

from . import errors
from .model import Player

LEVEL_NAMES = {"easy": Text("easy", "かんたん"), "normal": Text("normal", "ふつう"), "hard": Text("hard", "むずかしい")}


def bot_name(n: int, level: str = "easy") -> Text:
    if level == "easy":
        return Text(f"Bot {n}", f"ボット{n}")
    word = LEVEL_NAMES.get(level, Text(level, level))
    return Text(f"Bot {n} ({word.en})", f"ボット{n}（{word.ja}）")


def bot_player(n: int, level: str = "easy") -> Player:
    """The log keeps the English name (ids and names of older logs stay as
    they are); `shown_name` reads it in the reader's language."""
    player_id = f"bot:{n}" if level == "easy" else f"bot:{level}:{n}"
    return Player(id=player_id, name=bot_name(n, level).en)


def shown_name(player: Player, locale: str) -> str:
    """A player's name as a reader sees it: a bot named as bots are named, in
    the reader's language; anyone else (or a bot renamed) as they are named."""
    parts = player.id.split(":")
    if not player.is_bot or not parts[-1].isdigit():
        return player.name
    name = bot_name(int(parts[-1]), bot_level(player.id))
    return name(locale) if player.name == name.en else player.name


def bot_level(player_id: str) -> str:
    """The level of a bot's player id (easy for the plain `bot:N`)."""
    parts = player_id.split(":")
    return parts[1] if len(parts) == 3 and parts[1] in LEVELS else "easy"


def check_bot_level(game: Game[Any], level: str) -> None:
    """Refuse a level that does not exist or that the game has no search for."""
    offered = levels(game)
    if level not in offered:
        names = ", ".join(offered)
        raise errors.Refused(Text(f"There is no bot level '{level}' for {game.title.en}.",
                                  f"{game.title.ja}にボットの強さ「{level}」はありません。"),
                             Text(f"Choose one of: {names}.", f"次から選んでください：{'、'.join(offered)}。"))


async def bot_move(game: Game[Any], state: Any, seat: int, level: str, rng: Rng) -> dict[str, Any]:
    """The bot's action. The easy bot answers at once; a search takes up to a
    second, so it runs off the event loop, on an Rng of its own drawn from
    `rng` first (the service's Rng is shared by every match it runs)."""
    if level == "easy":
        return game.bot_action(state, seat, rng)
    own = Rng(derive_secret(rng), 0)
    return await asyncio.to_thread(choose, game, state, seat, own, level)
