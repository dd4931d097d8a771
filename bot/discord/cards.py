"""`/parley card`: a card's full text, privately, with suggestions as you type.

The cards are the game's catalog (`Game.card_catalog`) for the match played in
this thread (with its options, so a match's card set is the one looked up), or
for the game named in `game:`. Suggestions show names in the asker's language
and find cards by either language's name or by id (`engine.core.find_cards`,
which the terminal's `card` command uses too).
"""

from __future__ import annotations

import json
import logging
import unicodedata
from collections import Counter, OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from engine.core import CardInfo, RuleError, Text, find_cards
from engine.registry import available, get_game
from events.errors import Refused

from .base import Reply, Room
from .i18n import M
from .projection import clip

log = logging.getLogger("parley.discord")

SHOWN_AT_ONCE = 3  # cards sharing a name are all shown (as Warlords' printings may)
_CACHED = 32


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().replace(" ", "").replace("・", "")


def aside(text: str, note: str, locale: str) -> str:
    """`text (note)`, with Japanese brackets in Japanese."""
    return f"{text}（{note}）" if locale == "ja" else f"{text} ({note})"


def card_embed(card: CardInfo, title: Text, locale: str) -> discord.Embed:
    other = "en" if locale == "ja" else "ja"
    embed = discord.Embed(title=clip(card.name(locale), 256), description=clip(card.text(locale), 4096))
    aka = card.name(other)
    footer = f"{aka} · {card.id}" if aka != card.name(locale) else card.id
    embed.set_footer(text=clip(f"{footer} · {title(locale)}", 2048))
    return embed


class Cards:
    """`/parley card`: a card's text, and suggestions as its name is typed."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._catalogs: OrderedDict[str, Sequence[CardInfo]] = OrderedDict()

    def _catalog(self, game_id: str, options: Mapping[str, Any] | None) -> Sequence[CardInfo]:
        """A game's catalog, kept for the last few game and option sets asked about:
        suggestions are asked for at every keystroke."""
        key = json.dumps([game_id, options or {}], sort_keys=True, default=str)
        if key not in self._catalogs:
            self._catalogs[key] = tuple(get_game(game_id).card_catalog(options))
            while len(self._catalogs) > _CACHED:
                self._catalogs.popitem(last=False)
        self._catalogs.move_to_end(key)
        return self._catalogs[key]

    async def _cards_of(self, interaction: discord.Interaction,
                        game: str | None) -> tuple[str, Sequence[CardInfo]]:
        """(game id, catalog): the `game` given, else the match of this thread (or
        the asker's only open match here)."""
        game = (game or "").strip() or None
        if game is not None and game not in available():
            games = ", ".join(f"`{g}`" for g in available())
            raise Refused(M.unknown_game.format(game=game), M.games_available.format(games=games))
        ms = None
        try:
            ms = await self.room.resolve(interaction, None)
        except RuleError:
            if game is None:
                raise Refused(M.card_which_game, M.card_which_game_hint) from None
        if ms is not None and (game is None or game == ms.game_id):
            return ms.game_id, self._catalog(ms.game_id, ms.options)
        assert game is not None
        return game, self._catalog(game, None)

    async def card(self, interaction: discord.Interaction, query: str, game: str | None) -> None:
        async def work() -> Reply:
            locale = self.room.locale(interaction)
            game_id, catalog = await self._cards_of(interaction, game)
            title = get_game(game_id).title
            if not catalog:
                raise Refused(M.card_none_in_game.format(game=title))
            found = find_cards(catalog, query)
            if not found:
                raise Refused(M.card_not_found.format(query=query, game=title), M.card_not_found_hint)
            same = [c for c in found if _fold(c.name.en) == _fold(found[0].name.en)]
            if len(found) == 1 or (len(same) == len(found) and len(found) <= SHOWN_AT_ONCE):
                return Reply(embeds=[card_embed(c, title, locale) for c in found])
            names = M.list_sep(locale).join(aside(c.name(locale), f"`{c.id}`", locale) for c in found[:25])
            more = M.card_more.format(n=len(found) - 25)(locale) if len(found) > 25 else ""
            return Reply(M.card_several.format(query=query, names=names)(locale) + more)
        await self.room.run(interaction, work)

    async def complete_card(self, interaction: discord.Interaction, current: str,
                            game: str | None) -> list[discord.app_commands.Choice[str]]:
        try:
            _, catalog = await self._cards_of(interaction, game)
        except RuleError:
            return []
        except Exception:
            log.exception("card suggestions failed in channel %s", interaction.channel_id)
            return []
        locale = self.room.locale(interaction)
        return suggestions(ranked(catalog, current)[:25], current, locale)


def ranked(catalog: Sequence[CardInfo], typed: str) -> list[CardInfo]:
    """Suggestions for what is typed so far: the cards `find_cards` would show first
    (an exact name, else names starting with it), then every other card whose
    name in either language, or id, contains it."""
    needle = _fold(typed)
    if not needle:
        return list(catalog)
    first = find_cards(catalog, typed)
    return first + [c for c in catalog if c not in first and any(
        needle in _fold(x) for x in (c.name.en, c.name.ja, c.id))]


def suggestions(cards: Sequence[CardInfo], typed: str, locale: str) -> list[discord.app_commands.Choice[str]]:
    """Each card by its name in `locale`; the other language's name follows when
    that is what was typed, and the id when two suggestions would read alike."""
    other = "en" if locale == "ja" else "ja"
    needle = _fold(typed)
    shown = []
    for c in cards:
        label = c.name(locale)
        if needle and needle not in _fold(label) and needle in _fold(c.name(other)):
            label = aside(label, c.name(other), locale)
        shown.append(label)
    counts = Counter(shown)
    return [discord.app_commands.Choice(name=clip(f"{label} · {c.id}" if counts[label] > 1 else label, 100),
                                        value=c.id[:100])
            for c, label in zip(cards, shown, strict=True)]
