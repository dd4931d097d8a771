"""`/parley deck`: save, list, show and delete your decks, and (Manage Server)
upload this server's card set; thin typed handlers over `decks.Decks`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from engine.deckgames import CARD_SET_GAMES, DECK_GAMES
from engine.registry import get_game

from .i18n import locale_of

if TYPE_CHECKING:
    from .decks import Decks

GAME = _("Which game")
NAME = _("The deck's name")


def _choices(interaction: discord.Interaction, current: str, games: list[str]) -> list[app_commands.Choice[str]]:
    locale = locale_of(interaction)
    return [app_commands.Choice(name=f"{get_game(g).title(locale)} ({g})", value=g)
            for g in games if current.casefold() in g.casefold()][:25]


class DeckGroup(app_commands.Group):
    def __init__(self, decks: Decks) -> None:
        super().__init__(name=_("deck"), description=_("Your decks, and this server's card sets"))
        self.decks = decks

    async def _deck_game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return _choices(interaction, current, sorted(DECK_GAMES))

    async def _set_game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return _choices(interaction, current, sorted(CARD_SET_GAMES))

    async def _name(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        return [app_commands.Choice(name=n, value=n) for n in await self.decks.deck_names(interaction, game, current)]

    @app_commands.command(name=_("save"), description=_("Save a deck: paste its list or upload its file in a form"))
    @app_commands.describe(game=GAME, name=NAME)
    @app_commands.rename(game=_("game"), name=_("name"))
    async def save(self, interaction: discord.Interaction, game: str, name: str) -> None:
        await self.decks.deck_save(interaction, game, name)

    @app_commands.command(name=_("list"), description=_("List your decks and this server's card sets"))
    @app_commands.describe(game=_("Only this game's"))
    @app_commands.rename(game=_("game"))
    async def list(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.decks.deck_list(interaction, game)

    @app_commands.command(name=_("show"), description=_("Show one of your decks privately"))
    @app_commands.describe(game=GAME, name=NAME)
    @app_commands.rename(game=_("game"), name=_("name"))
    async def show(self, interaction: discord.Interaction, game: str, name: str) -> None:
        await self.decks.deck_show(interaction, game, name)

    @app_commands.command(name=_("delete"), description=_("Delete one of your decks"))
    @app_commands.describe(game=GAME, name=NAME)
    @app_commands.rename(game=_("game"), name=_("name"))
    async def delete(self, interaction: discord.Interaction, game: str, name: str) -> None:
        await self.decks.deck_delete(interaction, game, name)

    @app_commands.command(name=_("cardset"),
                          description=_("Manage Server: upload a card file this server's matches may choose"))
    @app_commands.describe(game=GAME, name=_("One word; matches choose it with cardset=NAME"))
    @app_commands.rename(game=_("game"), name=_("name"))
    async def cardset(self, interaction: discord.Interaction, game: str, name: str) -> None:
        await self.decks.deck_card_set(interaction, game, name)

    for _cmd in (save, list, show, delete):
        _cmd.autocomplete("game")(_deck_game)
    for _cmd in (show, delete):
        _cmd.autocomplete("name")(_name)
    cardset.autocomplete("game")(_set_game)
    del _cmd
