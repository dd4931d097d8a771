"""Decks and card sets through Discord (`/parley deck ...`, bot/discord/deckgroup.py).

A player saves a deck in a form: the list pasted, or a text file uploaded
(`FileUpload`); it is read by the game's own deck rules (events/decks.py), and
a list with problems is answered with every problem, one a line, naming its
line. Decks are private: every answer is ephemeral and only their owner lists,
shows, picks or deletes them. On joining a match that takes decks (Naru, Musou,
Warlords) the player is offered a select of their decks for that game
(bot/discord/matchdecks.py). A server manager uploads a card file for a game whose
matches may change their set (Musou); a match of that server names it with
the `cardset=NAME` option.

Forms are answered by custom id (ParleyBot.on_interaction), like the replay's,
so a form opened before a restart still works after it.
"""

from __future__ import annotations

import io
from datetime import UTC, datetime
from typing import Any

import discord
from discord import ui

from engine.core import Text
from engine.core.text import echo
from engine.deckgames import CARD_SET_GAMES
from events import decks
from events.errors import Refused

from .base import Reply, Room
from .ops import Ops
from .permissions import is_manager
from .views import form_fields

DECK_FORM = "p:ds:"  # + game + ":" + deck name
CARD_SET_FORM = "p:cs:"  # + game + ":" + card set name
PASTED, UPLOADED = "list", "file"
MAX_UPLOAD = 2_000_000  # bytes: a card file's bound (engine.musou.cards), far above any deck list
TEXT_INPUT_LIMIT = 4000  # Discord's longest text input; a longer list comes as a file
TITLE_LIMIT = 45  # a form's title and a label's text
SHOWN_INLINE = 1800  # a deck list longer than this is shown as a file (a message holds 2,000 characters)

SAVE_TITLE = Text("Save deck: {name}", "デッキを保存：{name}")
CARD_SET_TITLE = Text("Card set: {name}", "カードセット：{name}")
PASTE_LABEL = Text("Deck list", "デッキリスト")
PASTE_HELP = Text("One card a line, like `3 Card Name`; `#` starts a note", "1行に1種類（例：`3 カード名`）。`#` 以降はメモ")
FILE_LABEL = Text("…or a text file of it", "…またはそのテキストファイル")
FILE_HELP = Text("Used instead of the pasted list when given", "指定すると貼り付けたリストの代わりに使います")
CARD_FILE_LABEL = Text("Card file (.json)", "カードファイル（.json）")
CARD_FILE_HELP = Text("The game's card file format, at most 2 MB", "ゲームのカードファイル形式、2MBまで")
NOTHING_GIVEN = Text("The form was empty: paste a deck list or attach its file.",
                     "フォームが空です。デッキリストを貼り付けるか、ファイルを添付してください。")
NOT_TEXT = Text("The file is not UTF-8 text.", "ファイルがUTF-8のテキストではありません。")
TOO_BIG = Text("The file is over 2 MB.", "ファイルが2MBを超えています。")
NO_FILE = Text("The file could not be fetched from Discord; please try again.",
               "Discordからファイルを取得できませんでした。もう一度お試しください。")
SAVED = Text("Deck **{name}** saved for {game}. Pick it when you join a {game} match.",
             "{game}のデッキ **{name}** を保存しました。{game}の対戦に参加するときに選べます。")
CARD_SET_SAVED = Text("Card set **{name}** saved for {game} on this server: matches choose it with `cardset={name}`.",
                      "このサーバーの{game}のカードセット **{name}** を保存しました。対戦では `cardset={name}` で選びます。")
MANAGERS_ONLY = Text("Only members with Manage Server can upload a server's card set.",
                     "サーバーのカードセットをアップロードできるのは「サーバー管理」権限のあるメンバーだけです。")
DELETED = Text("Deck **{name}** ({game}) deleted.", "デッキ **{name}**（{game}）を削除しました。")
NO_DECKS = Text("You have no saved decks. `/parley deck save` saves one.",
                "保存したデッキはありません。`/parley deck save` で保存します。")
YOUR_DECKS = Text("Your decks", "あなたのデッキ")
SERVER_SETS = Text("This server's card sets", "このサーバーのカードセット")
PICKED = Text("You play **{name}** in match `{match}`; nobody else sees it before the match ends.",
              "対戦 `{match}` では **{name}** を使います。対戦の終了まで他の人には見えません。")


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class DeckForm(ui.Modal):
    """Paste a deck list, or upload it: the file wins when both are given."""

    def __init__(self, game_id: str, name: str, locale: str) -> None:
        super().__init__(title=_clip(SAVE_TITLE.format(name=name)(locale), TITLE_LIMIT), timeout=None,
                         custom_id=f"{DECK_FORM}{game_id}:{name}")
        self.add_item(ui.Label(text=PASTE_LABEL(locale), description=PASTE_HELP(locale),
                               component=ui.TextInput(custom_id=PASTED, style=discord.TextStyle.paragraph,
                                                      required=False, max_length=TEXT_INPUT_LIMIT)))
        self.add_item(ui.Label(text=FILE_LABEL(locale), description=FILE_HELP(locale),
                               component=ui.FileUpload(custom_id=UPLOADED, required=False, max_values=1)))


class CardSetForm(ui.Modal):
    def __init__(self, game_id: str, name: str, locale: str) -> None:
        super().__init__(title=_clip(CARD_SET_TITLE.format(name=name)(locale), TITLE_LIMIT), timeout=None,
                         custom_id=f"{CARD_SET_FORM}{game_id}:{name}")
        self.add_item(ui.Label(text=CARD_FILE_LABEL(locale), description=CARD_FILE_HELP(locale),
                               component=ui.FileUpload(custom_id=UPLOADED, required=True, max_values=1)))


def _form_target(custom_id: str, prefix: str) -> tuple[str, str]:
    game_id, _, name = custom_id[len(prefix):].partition(":")
    return game_id, name


class Decks:
    """`/parley deck ...`: players' decks, servers' card sets, and the deck picked for a match."""

    def __init__(self, room: Room) -> None:
        self.room = room

    # -- forms: opened by the commands, answered by custom id --------------------------------------

    async def deck_save(self, interaction: discord.Interaction, game_id: str, name: str) -> None:
        try:
            decks.check_deck_game(game_id)
            name = decks.check_name(name)
        except Refused as err:
            await Ops.reply(interaction, err.message(self.room.locale(interaction)))
            return
        form = DeckForm(game_id, name, self.room.locale(interaction))
        await Ops.modal(interaction, form)
        form.stop()  # answered by custom id (ParleyBot.on_interaction), not kept in memory

    async def deck_card_set(self, interaction: discord.Interaction, game_id: str, name: str) -> None:
        locale = self.room.locale(interaction)
        try:
            if not is_manager(interaction):
                raise Refused(MANAGERS_ONLY)
            decks.check_card_set_game(game_id)
            name = decks.check_name(name, word=True)
        except Refused as err:
            await Ops.reply(interaction, err.message(locale))
            return
        form = CardSetForm(game_id, name, locale)
        await Ops.modal(interaction, form)
        form.stop()

    async def _submitted_text(self, interaction: discord.Interaction, data: dict[str, Any]) -> str:
        """The uploaded file's text if there is one, else the pasted text."""
        fields = form_fields(data)
        ids = (fields.get(UPLOADED) or {}).get("values") or []
        attachments = ((data.get("resolved") or {}).get("attachments") or {})
        if ids and str(ids[0]) in attachments:
            attachment = attachments[str(ids[0])]
            if int(attachment.get("size") or 0) > MAX_UPLOAD:
                raise Refused(TOO_BIG)
            got = await Ops.download(interaction, str(attachment["url"]))
            if not got.ok:
                raise Refused(NO_FILE)
            try:
                return bytes(got.data).decode("utf-8-sig")
            except UnicodeDecodeError:
                raise Refused(NOT_TEXT) from None
        text = str((fields.get(PASTED) or {}).get("value") or "")
        if not text.strip():
            raise Refused(NOTHING_GIVEN)
        return text

    async def deck_submitted(self, interaction: discord.Interaction, data: dict[str, Any]) -> None:
        async def work() -> Reply:
            game_id, name = _form_target(str(data.get("custom_id")), DECK_FORM)
            text = await self._submitted_text(interaction, data)
            guild = str(interaction.guild_id) if interaction.guild_id is not None else None
            deck = await decks.save_deck(self.room.service.store, self.room.player(interaction).id, game_id, name, text,
                                         datetime.now(UTC).isoformat(), guild)
            return Reply(SAVED.format(name=echo(deck.name), game=game_id)(self.room.locale(interaction)))
        await self.room.run(interaction, work)

    async def card_set_submitted(self, interaction: discord.Interaction, data: dict[str, Any]) -> None:
        async def work() -> Reply:
            if not is_manager(interaction) or interaction.guild_id is None:
                raise Refused(MANAGERS_ONLY)
            game_id, name = _form_target(str(data.get("custom_id")), CARD_SET_FORM)
            text = await self._submitted_text(interaction, data)
            saved = await decks.save_card_set(self.room.service.store, str(interaction.guild_id), game_id, name, text,
                                              self.room.player(interaction).id, datetime.now(UTC).isoformat())
            return Reply(CARD_SET_SAVED.format(name=echo(saved.name), game=game_id)(self.room.locale(interaction)))
        await self.room.run(interaction, work)

    # -- the other commands ------------------------------------------------------------------------------

    async def deck_list(self, interaction: discord.Interaction, game_id: str | None) -> None:
        async def work() -> Reply:
            locale = self.room.locale(interaction)
            mine = await self.room.service.store.decks(self.room.player(interaction).id, game_id)
            lines = [f"**{YOUR_DECKS(locale)}**"] + [f"- {d.game}: {echo(d.name)}" for d in mine] \
                if mine else [NO_DECKS(locale)]
            if interaction.guild_id is not None and (game_id is None or game_id in CARD_SET_GAMES):
                sets = await self.room.service.store.card_sets(str(interaction.guild_id), game_id)
                if sets:
                    lines += [f"**{SERVER_SETS(locale)}**"] + [f"- {c.game}: `cardset={echo(c.name)}`"
                                                               for c in sets]
            return Reply("\n".join(lines))
        await self.room.run(interaction, work)

    async def deck_show(self, interaction: discord.Interaction, game_id: str, name: str) -> None:
        async def work() -> Reply:
            deck = await decks.find_deck(self.room.service.store, self.room.player(interaction).id, game_id, name)
            title = f"**{echo(deck.name)}** ({deck.game})"
            if len(deck.text) > SHOWN_INLINE:  # a long list as a file, not a code block cut across messages
                return Reply(title, files=[discord.File(io.BytesIO(deck.text.encode()), filename="deck.txt")])
            body = deck.text.replace("```", "'''")
            return Reply(f"{title}\n```\n{body}\n```")
        await self.room.run(interaction, work)

    async def deck_delete(self, interaction: discord.Interaction, game_id: str, name: str) -> None:
        async def work() -> Reply:
            me = self.room.player(interaction).id
            deck = await decks.find_deck(self.room.service.store, me, game_id, name)
            await self.room.service.store.delete_deck(me, deck.game, deck.name)
            return Reply(DELETED.format(name=echo(deck.name), game=deck.game)(self.room.locale(interaction)))
        await self.room.run(interaction, work)

    async def deck_names(self, interaction: discord.Interaction, game_id: str | None, current: str) -> list[str]:
        """The player's deck names for autocomplete (of one game when it is chosen)."""
        mine = await self.room.service.store.decks(self.room.player(interaction).id, game_id or None)
        return [d.name for d in mine if current.casefold() in d.name.casefold()][:25]

    async def pick_deck(self, interaction: discord.Interaction, match_id: str, name: str) -> None:
        async def work() -> Reply:
            ms = await self.room.service.get(match_id)
            deck = await decks.pick(self.room.service.store, ms, self.room.player(interaction).id, name)
            return Reply(PICKED.format(name=echo(deck.name), match=match_id)(self.room.locale(interaction)))
        await self.room.run(interaction, work, match_id=match_id)
