"""`/parley new` as a form: typed with only the game (or with nothing), the
command opens a modal of Discord's own inputs instead of asking for a
`key=value` string (which stays for power users: anything more typed skips
the form and creates the match at once, as before).

Two steps, because a modal cannot change once open and cannot open another:
with no game typed, the first answer is a private select of the games; the
pick opens that game's form, which can then say what the game takes (its
options, whether players bring decks, whether a server card set applies).
The form has Discord's limit of five inputs, each in a `Label`:

1. the deadline in hours, or a clock (`bank:3d+6h grace=2h`); empty: the server's;
2. what a missed deadline does (a radio group: skip, or forfeit the seat);
3. the game's options as `key=value` (the example and the option names in the hint);
4. bot seats: easy bots seated at once (a select, 0 to the table's size less one);
5. rated or casual (a checkbox, ticked as the server's default says).

Decks are not in the form: each player picks their own on joining
(bot/discord/decks.py), so no one's list passes through the creator.
The submission is answered by custom id (ParleyBot.on_interaction).
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord
from discord import ui

from engine.core import Text
from engine.core.actions import typed_number
from engine.deckgames import CARD_SET_GAMES, takes_decks
from engine.registry import available, get_game
from events.errors import Refused

from .base import Reply, Room
from .i18n import M
from .ops import Ops
from .views import form_fields

FORM = "p:nf:"  # + game id
CLOCK, ACTION, OPTIONS, BOTS, RATED = "clock", "action", "options", "bots", "rated"
HINT_LIMIT = 100  # a label's description and a text input's placeholder
TITLE_LIMIT = 45

TITLE = Text("New match: {game}", "新しい対戦：{game}")
CLOCK_LABEL = Text("Deadline in hours, or a clock", "期限（時間）または持ち時間")
CLOCK_HINT = Text("Like 24, or bank:3d+6h grace=2h. Empty: the server's default",
                  "例：24、bank:3d+6h grace=2h。空欄：サーバーの既定")
ACTION_LABEL = Text("When a deadline passes", "期限を過ぎたとき")
SKIP = Text("Skip the turn (the default move)", "手番を飛ばす（既定の行動）")
FORFEIT = Text("Forfeit the seat", "その席は投了")
OPTIONS_LABEL = Text("Game options (key=value)", "ゲームのオプション（key=value）")
NO_OPTIONS = Text("This game has no options.", "このゲームにオプションはありません。")
OPTION_NAMES = Text("Options: {names}", "オプション：{names}")
DECKS_NOTE = Text("Players pick their own decks on joining.", "デッキは各自が参加時に選びます。")
CARD_SET_NOTE = Text("cardset=NAME plays a server card set.", "cardset=名前 でサーバーのカードセットを使います。")
BOTS_LABEL = Text("Bot seats", "ボットの席")
BOTS_HINT = Text("Easy bots seated now; players join with the button", "今すぐ座る簡単なボット。人は参加ボタンで")
BOTS_OPTION = Text("{n} bot(s)", "ボット{n}体")
NO_BOTS = Text("No bots", "ボットなし")
RATED_LABEL = Text("Rated on the ladder", "ラダーのレーティング対象")
RATED_HINT = Text("Unticked: a casual match", "チェックなし：カジュアル対戦")
PICK_GAME = Text("Which game? Pick one to open its form.", "どのゲームにしますか？選ぶとフォームが開きます。")
GAME_PLACEHOLDER = Text("Game", "ゲーム")
BAD_HOURS = Text("A deadline is 0 to 720 hours.", "期限は0〜720時間です。")


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _example(value: Any) -> str:
    return ",".join(str(v) for v in value) if isinstance(value, list | tuple) else str(value)


def option_hint(game_id: str, locale: str) -> str:
    """What the options field says the game takes (one line of at most 100 characters)."""
    game = get_game(game_id)
    parts = []
    if game.options_example:
        names = [k for k in game.options_example if not (takes_decks(game_id) and k.startswith("deck"))]
        if names:
            parts.append(OPTION_NAMES.format(names=", ".join(names))(locale))
    if takes_decks(game_id):
        parts.append(DECKS_NOTE(locale))
    if game_id in CARD_SET_GAMES:
        parts.append(CARD_SET_NOTE(locale))
    return _clip(" ".join(parts) or NO_OPTIONS(locale), HINT_LIMIT)


class NewMatchForm(ui.Modal):
    def __init__(self, game_id: str, locale: str, rated: bool) -> None:
        game = get_game(game_id)
        super().__init__(title=_clip(TITLE.format(game=game.title)(locale), TITLE_LIMIT), timeout=None,
                         custom_id=f"{FORM}{game_id}")
        self.add_item(ui.Label(text=CLOCK_LABEL(locale), description=CLOCK_HINT(locale),
                               component=ui.TextInput(custom_id=CLOCK, required=False, max_length=100)))
        self.add_item(ui.Label(text=ACTION_LABEL(locale), component=ui.RadioGroup(
            custom_id=ACTION, required=False,
            options=[discord.RadioGroupOption(label=SKIP(locale), value="skip", default=True),
                     discord.RadioGroupOption(label=FORFEIT(locale), value="forfeit")])))
        example = " ".join(f"{k}={_example(v)}" for k, v in (game.options_example or {}).items()
                           if not (takes_decks(game_id) and k.startswith("deck")))
        self.add_item(ui.Label(text=OPTIONS_LABEL(locale), description=option_hint(game_id, locale),
                               component=ui.TextInput(custom_id=OPTIONS, style=discord.TextStyle.paragraph,
                                                      required=False, max_length=1000,
                                                      placeholder=_clip(example, HINT_LIMIT) or None)))
        bots = [discord.SelectOption(label=NO_BOTS(locale), value="0", default=True)] + [
            discord.SelectOption(label=BOTS_OPTION.format(n=n)(locale), value=str(n))
            for n in range(1, min(game.max_seats, 25))]
        self.add_item(ui.Label(text=BOTS_LABEL(locale), description=BOTS_HINT(locale),
                               component=ui.Select(custom_id=BOTS, options=bots, required=False)))
        self.add_item(ui.Label(text=RATED_LABEL(locale), description=RATED_HINT(locale),
                               component=ui.Checkbox(custom_id=RATED, default=rated)))


class GamePick(ui.DynamicItem[ui.Select[Any]], template=r"p:ng"):
    """The first step of `/parley new` typed bare: the games; a pick opens that game's form."""

    def __init__(self, locale: str = "en", games: list[str] | None = None) -> None:
        # Rebuilt from its custom id on a click without its games: importing every game
        # there could pass the three seconds the form (the first answer) has.
        options = [discord.SelectOption(label=_clip(f"{get_game(g).title(locale)} ({g})", 100), value=g)
                   for g in (games or [])[:25]] or [discord.SelectOption(label="?", value="?")]
        super().__init__(ui.Select(custom_id="p:ng", placeholder=GAME_PLACEHOLDER(locale), options=options))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> GamePick:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        game = str((data.get("values") or [""])[0])
        await interaction.client.parley.form.new_form(interaction, game)  # type: ignore[attr-defined]


FORM_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (GamePick,)


class Creates(Protocol):
    """Match creation (bot/discord/play.Play.create), named here rather than imported:
    the form is one more way into it, not a command module that needs the others."""

    async def create(self, interaction: discord.Interaction, game_id: str, options: str | None,
                     deadline_hours: float | None, deadline_action: str | None,
                     reminder_hours: float | None, takeover: str | None = ..., rated: bool | None = ...,
                     bots: int = ...) -> None: ...


class NewForm:
    """`/parley new` typed bare: the form (or the select of games) in front of match creation."""

    def __init__(self, room: Room, play: Creates) -> None:
        self.room = room
        self.play = play

    async def new_form(self, interaction: discord.Interaction, game_id: str | None) -> None:
        """Open the game's form (or, with no game, the select of games)."""
        locale = self.room.locale(interaction)
        if interaction.guild_id is None:
            await Ops.reply(interaction, M.guild_only(locale))
            return
        if game_id is None:
            async def games() -> Reply:  # acknowledged first: listing imports every game
                view = ui.View(timeout=None)
                view.add_item(GamePick(locale, available()))
                return Reply(PICK_GAME(locale), view=view)
            await self.room.run(interaction, games)
            return
        try:
            get_game(game_id)  # this game alone: the form must be the answer within three seconds
        except (KeyError, ImportError, AttributeError):
            async def unknown() -> Reply:
                games = ", ".join(f"`{g}`" for g in available())
                raise Refused(M.unknown_game.format(game=game_id), M.games_available.format(games=games))
            await self.room.run(interaction, unknown)
            return
        defaults = await self.room.server_settings(interaction)
        form = NewMatchForm(game_id, locale, defaults.rated)
        await Ops.modal(interaction, form)
        form.stop()  # answered by custom id (ParleyBot.on_interaction), not kept in memory

    async def new_form_submitted(self, interaction: discord.Interaction, data: dict[str, Any]) -> None:
        fields = form_fields(data)
        game_id = str(data.get("custom_id"))[len(FORM):]
        clock = " ".join(str((fields.get(CLOCK) or {}).get("value") or "").split())
        options = str((fields.get(OPTIONS) or {}).get("value") or "").strip()
        hours = typed_number(clock) if clock else None
        if clock and hours is None:
            options = f"clock={clock} {options}".strip()  # a clock is options' `clock=` and its `grace=`...
        action = (fields.get(ACTION) or {}).get("value")
        bots = int(((fields.get(BOTS) or {}).get("values") or ["0"])[0])
        rated = bool((fields.get(RATED) or {}).get("value"))
        if hours is not None and not 0 <= hours <= 720:
            async def refuse() -> Reply:
                raise Refused(BAD_HOURS)
            await self.room.run(interaction, refuse)
            return
        await self.play.create(interaction, game_id, options or None, float(hours) if hours is not None else None,
                          str(action) if action else None, None, None, rated, bots=bots)
