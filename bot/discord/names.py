"""Players' names in place of the seat tokens the engine writes (engine.core.seats); a player,
a game and a server as records and ladders name them (`mention`, `game_name`, `server_label`).

Message text gets each name in bold with its markdown escaped, so a name like
`**x**` reads as written; a name like `@everyone` pings nobody because no
message allows it to (the client's allowed mentions ping nobody, and a ping
names exactly the users it may notify). Text that is bold already (a prompt)
gets the escaped name without bold of its own; labels of buttons, menus and
suggestions, which Discord shows as plain text, get the name as it is.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import Any, Literal

import discord

from engine.core import Text, with_names
from engine.core.identity import kept_by_identity
from engine.registry import available, get_game
from events.bots import shown_name
from events.model import Player
from events.replay import MatchState

Style = Literal["bold", "inside-bold", "plain"]


def escaped(player: Player, locale: str = "en") -> str:
    return _escape(shown_name(player, locale))


@lru_cache(maxsize=4096)
def _escape(name: str) -> str:
    # Every seat token of every line of a move is named: the same few names, escaped once.
    return discord.utils.escape_markdown(name)


def shown(player: Player, locale: str = "en") -> str:
    """A name for message text: bold, its own markdown defused."""
    return f"**{escaped(player, locale)}**"


# Seat names by the seats they name (by identity: players are immutable, and a match's states share
# its seats), style and language: a move names seats in every line, label and prompt it shows, each
# time working out the same few names. Bounded, as matches come and go.
_SEAT_NAMES: dict[tuple[Hashable, ...], tuple[Any, Any]] = {}
_SEAT_NAMES_KEPT = 1024


def seat_names(ms: MatchState, style: Style = "bold", locale: str = "en") -> list[str]:
    """Seat by seat, the players' names (a bot's in `locale`)."""
    seats = ms.seats
    if not isinstance(seats, tuple):  # not immutable: nothing to keep by
        return _seat_names(seats, style, locale)
    names: tuple[str, ...] = kept_by_identity(_SEAT_NAMES, seats, lambda _: tuple(_seat_names(seats, style, locale)),
                                              _SEAT_NAMES_KEPT, (style, locale))
    return list(names)


def _seat_names(seats: Sequence[Player], style: Style, locale: str) -> list[str]:
    if style == "plain":
        return [shown_name(p, locale) for p in seats]
    return [shown(p, locale) if style == "bold" else escaped(p, locale) for p in seats]


def named(text: str, ms: MatchState, locale: str, style: Style = "bold") -> str:
    """`text` from the engine with each seat token replaced by that seat's player."""
    if "⟦" not in text:
        return text
    return with_names(text, seat_names(ms, style, locale), locale)


def mention(player_id: str, name: str) -> str:
    return f"<@{player_id[8:]}>" if player_id.startswith("discord:") else f"**{discord.utils.escape_markdown(name)}**"


def game_name(game_id: str) -> Text:
    return get_game(game_id).title if game_id in available() else Text(game_id, game_id)


def server_label(client: discord.Client, server: str) -> str:
    """A server's name if the bot knows it, else its id."""
    guild = client.get_guild(int(server)) if server.isdigit() else None
    return guild.name if guild is not None else server
