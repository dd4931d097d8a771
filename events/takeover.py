"""Who plays a seat whose player left: the match's take-over level.

A match carries its level in `place["takeover"]` (a bot level, or "off"),
chosen when it is created (on Discord from the server's default). When a
seat forfeits or is removed, the service records the level in the
`player_removed` event, and from then on a search bot of that level plays
the seat: the game goes on as it would with a player, not with a seat that
always passes. A match without the key (every match created before take-overs
existed, and the terminal's) keeps the rule it started under: the default move.
"""

from __future__ import annotations

from typing import Any

from engine.core import Game, Text
from engine.core.search import levels

from . import errors
from .replay import MatchState

OFF = "off"


def check_takeover(game: Game[Any], level: Any) -> None:
    """Refuse a take-over level that is neither off nor one this game offers."""
    offered = levels(game)
    if level != OFF and level not in offered:
        names = ", ".join((OFF, *offered))
        raise errors.Refused(Text(f"'{level}' is not a take-over level for {game.title.en}.",
                                  f"「{level}」は{game.title.ja}の代打ちボットの強さにありません。"),
                             Text(f"Choose one of: {names}.", f"次から選んでください：{'、'.join((OFF, *offered))}。"))


def offered_or_easy(game: Game[Any], level: str) -> str:
    """A server's default level for this game: itself if the game has that
    search, off if it is off, else the game's own (easy) bot."""
    return level if level == OFF or level in levels(game) else "easy"


def takeover_level(ms: MatchState, seat: int) -> str | None:
    """The level that takes `seat` over if it leaves now, or None for the
    default move. Only where the others still have a game among themselves:
    at least two other seats in play, one of them a person's. A two-seat match
    whose player leaves is won by the one left (a league counts a forfeit as a
    win for the opponent, not as a match against a bot), and bots finishing a
    match among themselves would keep nobody's game alive."""
    level = ms.place.get("takeover")
    if level in (None, OFF) or level not in levels(ms.game):
        return None
    others = [s for s in range(len(ms.seats)) if s != seat and s not in ms.forfeited]
    people = [s for s in others if not ms.seats[s].is_bot]
    return str(level) if len(others) >= 2 and people else None
