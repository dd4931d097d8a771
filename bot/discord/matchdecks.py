"""What a match takes from the decks and card sets saved through Discord (bot/discord/decks.py):
each player's deck, offered as a select of theirs on joining (Join again offers it again; until
they pick, they play the match's default), and the server card set a match's options name
(`cardset=NAME`). Play offers and applies them; the pick itself is answered by `Decks.pick_deck`."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from engine.core import Text
from engine.deckgames import CARD_SET_OPTION, takes_decks
from events import decks
from events.errors import Refused
from events.recorder import Recorder
from events.replay import MatchState

PICK_PLACEHOLDER = Text("Your deck for this match", "この対戦で使うデッキ")
PICK_OFFER = Text("This game takes a deck: pick one of yours below (until you do, you play the match's default).",
                  "このゲームはデッキを使います。下から自分のデッキを選んでください（選ぶまでは対戦の既定のデッキです）。")
PICK_NONE = Text("This game takes a deck, and you have none saved for it: you play the match's default. "
                 "Save one with `/parley deck save game:{game}`, then press Join again to pick it.",
                 "このゲームはデッキを使いますが、保存したデッキがないため対戦の既定のデッキを使います。"
                 "`/parley deck save game:{game}` で保存してから、もう一度「参加」を押すと選べます。")


class DeckPick(ui.DynamicItem[ui.Select[Any]], template=r"p:dk:(?P<match>[0-9a-zA-Z_-]+)"):
    """A player's decks for the match's game; picking one plays it there."""

    def __init__(self, match_id: str, names: list[str] | None = None, locale: str = "en") -> None:
        options = [discord.SelectOption(label=n, value=n) for n in names or ["?"]]
        super().__init__(ui.Select(custom_id=f"p:dk:{match_id}", placeholder=PICK_PLACEHOLDER(locale),
                                   options=options))
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> DeckPick:
        return cls(match["match"])

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        name = str((data.get("values") or [""])[0])
        await interaction.client.parley.decks.pick_deck(interaction, self.match_id, name)  # type: ignore[attr-defined]


DECK_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (DeckPick,)


async def deck_offer(store: Recorder, ms: MatchState, player_id: str, locale: str) -> tuple[str, ui.View | None]:
    """What a player who joined `ms` is offered: a select of their decks for its game
    (nothing for a game without decks)."""
    if not takes_decks(ms.game_id):
        return "", None
    mine = await store.decks(player_id, ms.game_id)
    if not mine:
        return PICK_NONE.format(game=ms.game_id)(locale), None
    view = ui.View(timeout=None)
    view.add_item(DeckPick(ms.match_id, [d.name for d in mine], locale))
    return PICK_OFFER(locale), view


async def with_card_set(store: Recorder, guild_id: int | None, game_id: str,
                        options: dict[str, Any]) -> dict[str, Any]:
    """Options with `cardset=NAME` turned into that server card set's text, carried inline
    in the game's own option (the match never depends on the set changing later)."""
    if "cardset" not in options:
        return options
    if guild_id is None:
        raise Refused(Text("Card sets belong to a server.", "カードセットはサーバーのものです。"))
    rest = {k: v for k, v in options.items() if k != "cardset"}
    found = await decks.find_card_set(store, str(guild_id), game_id, str(options["cardset"]))
    return {**rest, CARD_SET_OPTION: found.text}
