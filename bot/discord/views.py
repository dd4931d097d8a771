"""Buttons and select menus whose custom ids carry everything needed to act on them.

Each item is a `discord.ui.DynamicItem`: its custom id encodes the match and,
for decisions, the event sequence the choice was offered at. A click is run
from its custom id alone (`clicked`, called by the client), so a button posted
before a restart keeps working after it, and a click on a choice offered at
an older sequence is answered as stale instead of making a different move.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Protocol

import discord
from discord import ui

from engine.core import Choice, Text, with_names

from .i18n import M, locale_of
from .menus import SELECT_LIMIT, Entry, listable, stages, substages, unique_labels
from .ops import Ops

log = logging.getLogger("parley.discord")


class Clicks(Protocol):
    """What a component of a match asks of the bot when clicked (bot/discord/play.Play does all of it).
    Named here rather than imported, so the views need nothing from the commands that post them."""

    async def lobby_click(self, interaction: discord.Interaction, match_id: str, op: str,
                          level: str = ...) -> None: ...

    async def show_hand(self, interaction: discord.Interaction, match_id: str) -> None: ...

    async def choose(self, interaction: discord.Interaction, match_id: str, seq: int, seat: int, idx: int) -> None: ...

    async def open_group(self, interaction: discord.Interaction, match_id: str, seq: int, seat: int,
                         value: str) -> None: ...

    async def answer_takeback(self, interaction: discord.Interaction, match_id: str, of_seq: int,
                              accept: bool) -> None: ...


class ReplayClicks(Protocol):
    """What the replay viewer's buttons ask of the bot (bot/discord/records.Records)."""

    async def replay_move(self, interaction: discord.Interaction, match_id: str, seq: int, op: str) -> None: ...


CUSTOM_ID_LIMIT = 100
BUTTON_CHOICES = 5  # up to this many choices are buttons; more go in a select menu
BUTTON_LABEL = 80  # Discord's limit for a button's label (a select option's is 100)


def _play(interaction: discord.Interaction) -> Clicks:
    return interaction.client.parley.play  # type: ignore[attr-defined,no-any-return]


def _replays(interaction: discord.Interaction) -> ReplayClicks:
    return interaction.client.parley.records  # type: ignore[attr-defined,no-any-return]


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ButtonSpec(NamedTuple):
    """A button as posted: made into discord.py's item for a classic view (`item`), or straight
    into the JSON that item would send (`json`) for a layout message built as JSON (laid.py),
    which a DM or a board makes on every move."""

    label: str
    style: discord.ButtonStyle
    custom_id: str
    emoji: str | None = None  # a unicode emoji

    def item(self) -> ui.Button[Any]:
        return ui.Button(label=self.label, style=self.style, custom_id=self.custom_id, emoji=self.emoji)

    def json(self) -> dict[str, Any]:
        """`item().to_component_dict()` (discord.py's ButtonComponent.to_dict, its keys in its order)."""
        sent: dict[str, Any] = {"type": 2, "style": self.style.value, "disabled": False, "label": self.label,
                                "custom_id": self.custom_id}
        if self.emoji:
            sent["emoji"] = {"id": None, "name": self.emoji}  # PartialEmoji.to_dict of a unicode emoji
        return sent


class LobbyButton(ui.DynamicItem[ui.Button[Any]],
                  template=r"p:l:(?P<match>[0-9a-zA-Z_-]+):(?P<op>join|leave|start|bot)(?:-(?P<level>normal|hard))?"):
    """`bot` adds an easy bot (the id lobbies posted before levels existed
    still carry); `bot-normal` and `bot-hard` add a searching one."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "start": discord.ButtonStyle.primary, "bot": discord.ButtonStyle.secondary}
    LABELS: ClassVar[dict[str, Text]] = {"join": M.btn_join, "leave": M.btn_leave, "start": M.btn_start, "bot": M.btn_bot}

    def __init__(self, match_id: str, op: str, locale: str = "en", level: str | None = None,
                 row: int | None = None) -> None:
        label = M.btn_bot_level[level or "easy"] if op == "bot" and level is not None else self.LABELS[op]
        suffix = f"-{level}" if op == "bot" and level not in (None, "easy") else ""
        super().__init__(ui.Button(label=label(locale), style=self.STYLES[op],
                                   custom_id=f"p:l:{match_id}:{op}{suffix}", row=row))
        self.match_id, self.op, self.level = match_id, op, level or "easy"

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> LobbyButton:
        return cls(match["match"], match["op"], level=match["level"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _play(interaction).lobby_click(interaction, self.match_id, self.op, self.level)


class HandButton(ui.DynamicItem[ui.Button[Any]], template=r"p:h:(?P<match>[0-9a-zA-Z_-]+)"):
    def __init__(self, match_id: str, locale: str = "en") -> None:
        super().__init__(self.spec(match_id, locale).item())
        self.match_id = match_id

    @staticmethod
    def spec(match_id: str, locale: str = "en") -> ButtonSpec:
        return ButtonSpec(M.btn_hand(locale), discord.ButtonStyle.secondary, f"p:h:{match_id}", "🂠")

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> HandButton:
        return cls(match["match"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _play(interaction).show_hand(interaction, self.match_id)


class ActButton(ui.DynamicItem[ui.Button[Any]],
                template=r"p:a:(?P<match>[0-9a-zA-Z_-]+):(?P<seq>\d+):(?P<seat>\d+):(?P<idx>\d+)"):
    def __init__(self, match_id: str, seq: int, seat: int, idx: int, label: str = "?") -> None:
        super().__init__(self.spec(match_id, seq, seat, idx, label).item())
        self.match_id, self.seq, self.seat, self.idx = match_id, seq, seat, idx

    @staticmethod
    def spec(match_id: str, seq: int, seat: int, idx: int, label: str = "?") -> ButtonSpec:
        return ButtonSpec(_clip(label, 80), discord.ButtonStyle.primary, f"p:a:{match_id}:{seq}:{seat}:{idx}")

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> ActButton:
        return cls(match["match"], int(match["seq"]), int(match["seat"]), int(match["idx"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _play(interaction).choose(interaction, self.match_id, self.seq, self.seat, self.idx)


class ActSelect(ui.DynamicItem[ui.Select[Any]], template=r"p:s:(?P<match>[0-9a-zA-Z_-]+):(?P<seq>\d+):(?P<seat>\d+)"):
    def __init__(self, match_id: str, seq: int, seat: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(ui.Select(custom_id=self.custom_id_of(match_id, seq, seat), placeholder=placeholder,
                                   options=options or [discord.SelectOption(label="?", value="0")]))
        self.match_id, self.seq, self.seat = match_id, seq, seat

    @staticmethod
    def custom_id_of(match_id: str, seq: int, seat: int) -> str:
        return f"p:s:{match_id}:{seq}:{seat}"

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> ActSelect:
        return cls(match["match"], int(match["seq"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or ["-1"]
        await _play(interaction).choose(interaction, self.match_id, self.seq, self.seat, int(values[0]))


class GroupSelect(ui.DynamicItem[ui.Select[Any]],
                  template=r"p:g:(?P<match>[0-9a-zA-Z_-]+):(?P<seq>\d+):(?P<seat>\d+)"):
    """The first stage of a long menu: a group opens its choices; a single choice plays."""

    def __init__(self, match_id: str, seq: int, seat: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(ui.Select(custom_id=self.custom_id_of(match_id, seq, seat), placeholder=placeholder,
                                   options=options or [discord.SelectOption(label="?", value="0")]))
        self.match_id, self.seq, self.seat = match_id, seq, seat

    @staticmethod
    def custom_id_of(match_id: str, seq: int, seat: int) -> str:
        return f"p:g:{match_id}:{seq}:{seat}"

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> GroupSelect:
        return cls(match["match"], int(match["seq"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        value = str((data.get("values") or ["-1"])[0])
        play = _play(interaction)
        if value.startswith(("g:", "s:")):
            await play.open_group(interaction, self.match_id, self.seq, self.seat, value)
        else:
            await play.choose(interaction, self.match_id, self.seq, self.seat,
                                int(value) if value.lstrip("-").isdigit() else -1)


class TakebackButton(ui.DynamicItem[ui.Button[Any]],
                     template=r"p:t:(?P<match>[0-9a-zA-Z_-]+):(?P<of>\d+):(?P<ans>[yn])"):
    def __init__(self, match_id: str, of_seq: int, accept: bool, locale: str = "en") -> None:
        super().__init__(ui.Button(label=(M.btn_accept if accept else M.btn_decline)(locale),
                                   style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
                                   custom_id=f"p:t:{match_id}:{of_seq}:{'y' if accept else 'n'}"))
        self.match_id, self.of_seq, self.accept = match_id, of_seq, accept

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> TakebackButton:
        return cls(match["match"], int(match["of"]), match["ans"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _play(interaction).answer_takeback(interaction, self.match_id, self.of_seq, self.accept)


REPLAY_OPS = {"f": "⏮", "p": "◀", "n": "▶", "l": "⏭", "j": "#", "m": "↩"}


class ReplayButton(ui.DynamicItem[ui.Button[Any]],
                   template=r"p:r:(?P<match>[0-9a-zA-Z_-]+):(?P<seq>\d+):(?P<op>[fpnljm])"):
    def __init__(self, match_id: str, seq: int, op: str, disabled: bool = False, label: str | None = None) -> None:
        super().__init__(ui.Button(label=label or REPLAY_OPS[op], style=discord.ButtonStyle.secondary,
                                   custom_id=f"p:r:{match_id}:{seq}:{op}", disabled=disabled))
        self.match_id, self.seq, self.op = match_id, seq, op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> ReplayButton:
        return cls(match["match"], int(match["seq"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.op == "j":
            modal = JumpModal(self.match_id, locale_of(interaction))
            await Ops.modal(interaction, modal)
            # Not kept in memory: the submission is handled by custom id (ParleyBot.on_interaction),
            # so a form opened before a restart still works after it.
            modal.stop()
            return
        await _replays(interaction).replay_move(interaction, self.match_id, self.seq, self.op)


JUMP_PREFIX = "p:j:"


class JumpModal(ui.Modal):
    """The jump-to-turn form; its submission is dispatched by `modal_value` in the client."""

    def __init__(self, match_id: str, locale: str) -> None:
        super().__init__(title=M.replay_jump(locale), timeout=None, custom_id=f"{JUMP_PREFIX}{match_id}")
        # In a Label, as Discord now asks: a text input's own label inside an action row is deprecated.
        self.turn: ui.TextInput[JumpModal] = ui.TextInput(max_length=6, custom_id="turn")
        self.add_item(ui.Label(text=M.replay_turn(locale), component=self.turn))


def form_fields(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A raw form submission's inputs by custom id (in action rows, or each in a label)."""
    out: dict[str, dict[str, Any]] = {}
    for row in data.get("components") or []:
        for item in [*(row.get("components") or []), *([row["component"]] if "component" in row else [])]:
            if item.get("custom_id"):
                out[str(item["custom_id"])] = item
    return out


def modal_value(data: dict[str, Any], custom_id: str) -> str:
    """A text input's value from a raw modal submission."""
    return str(form_fields(data).get(custom_id, {}).get("value") or "")


BACK = "back"  # the group an OpenButton without a card opens: the groups themselves
BACK_LABEL = Text("Back to the groups", "グループ一覧に戻る")
BACK_FROM_CARD = Text("Back", "戻る")  # under a hand's card opened in place: the menu it replaced


class OpenButton(ui.DynamicItem[ui.Button[Any]],
                 template=r"p:b:(?P<match>[0-9a-zA-Z_-]+):(?P<seq>\d+):(?P<seat>\d+)(?::(?P<first>\d+))?"):
    """Opens choices in place of a DM's menu: beside a card of a hand (bot/discord/handlayout.py)
    that offers several, that card's (`first`: its first choice names it); with no card, under
    a group's choices shown in place of the groups, the groups again."""

    def __init__(self, match_id: str, seq: int, seat: int, label: str = "?", first: int | None = None) -> None:
        super().__init__(self.spec(match_id, seq, seat, label, first).item())
        self.match_id, self.seq, self.seat, self.first = match_id, seq, seat, first

    @staticmethod
    def spec(match_id: str, seq: int, seat: int, label: str = "?", first: int | None = None) -> ButtonSpec:
        card = f":{first}" if first is not None else ""
        return ButtonSpec(_clip(label, BUTTON_LABEL), discord.ButtonStyle.secondary,
                          f"p:b:{match_id}:{seq}:{seat}{card}", "↩" if first is None else None)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> OpenButton:
        return cls(match["match"], int(match["seq"]), int(match["seat"]),
                   first=int(match["first"]) if match["first"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        value = BACK if self.first is None else f"c:{self.first}"
        await _play(interaction).open_group(interaction, self.match_id, self.seq, self.seat, value)


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (LobbyButton, HandButton, ActButton, ActSelect,
                                                         GroupSelect, TakebackButton, ReplayButton, OpenButton)


def _find(components: Iterable[discord.Component], kind: int, custom_id: str) -> discord.Component | None:
    """The component of this type and custom id among a message's, however deep (in rows,
    containers, sections and their accessories); Discord keeps a message's custom ids unique."""
    stack = list(components)
    while stack:
        component = stack.pop()
        if getattr(component, "custom_id", None) == custom_id and component.type.value == kind:
            return component
        stack.extend(getattr(component, "children", ()))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            stack.append(accessory)
    return None


async def clicked(interaction: discord.Interaction, items: Iterable[type[ui.DynamicItem[Any]]]) -> None:
    """Run the click if its custom id is one of `items`', as discord.py runs a dynamic item:
    built by `from_custom_id` from the component clicked, found on the message (nothing runs
    when it is not there), then its check and its callback. Without discord.py's View of the
    whole message, items and all, rebuilt to find that one component: so the item's `view` is
    None and a select's `values` unset; callbacks read the interaction."""
    data: dict[str, Any] = interaction.data  # type: ignore[assignment]  # a component's: custom_id, component_type
    custom_id = data["custom_id"]
    for factory in items:
        match = factory.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is not None:
            break
    else:
        return
    message = interaction.message
    found = None if message is None else _find(message.components, data["component_type"], custom_id)
    if isinstance(found, discord.Button):
        base: ui.Item[Any] = ui.Button.from_component(found)
    elif isinstance(found, discord.SelectMenu):
        base = ui.Select.from_component(found)
    else:
        return
    try:
        item = await factory.from_custom_id(interaction, base, match)
        if await item.interaction_check(interaction):
            await item.callback(interaction)
    except Exception:
        log.exception("click %s (%s) failed", interaction.id, custom_id)


def lobby_view(match_id: str, locale: str, bot_levels: Sequence[str] = ("easy",)) -> ui.View:
    """Join, leave and start on the first row; one add-bot button per level
    the game offers on the second (one plain "Add bot" when only easy)."""
    view = ui.View(timeout=None)
    for op in ("join", "leave", "start"):
        view.add_item(LobbyButton(match_id, op, locale, row=0))
    for level in bot_levels:
        view.add_item(LobbyButton(match_id, "bot", locale, level if len(bot_levels) > 1 else None, row=1))
    return view


def hand_view(match_id: str, locale: str) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(HandButton(match_id, locale))
    return view


def takeback_view(match_id: str, of_seq: int, locale: str) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(TakebackButton(match_id, of_seq, True, locale))
    view.add_item(TakebackButton(match_id, of_seq, False, locale))
    return view


def _labels(choices: Sequence[Choice], locale: str, names: Sequence[str], limit: int) -> list[str]:
    """Each choice's label with players' names, none twice in one menu."""
    def text(t: Text) -> str:
        return with_names(t(locale), names, locale)
    hints = [[text(c.group) if c.group is not None else "", c.code] for c in choices]
    return unique_labels([text(c.label) for c in choices], hints, limit)


@dataclass(frozen=True)
class Pick:
    """A choice's button in a menu (an ActButton), or the way back (an OpenButton, `idx` None)."""

    match_id: str
    seq: int
    seat: int
    idx: int | None
    label: str

    def item(self) -> ui.Item[Any]:
        if self.idx is None:
            return OpenButton(self.match_id, self.seq, self.seat, self.label)
        return ActButton(self.match_id, self.seq, self.seat, self.idx, self.label)

    def to_component_dict(self) -> dict[str, Any]:
        if self.idx is None:
            return OpenButton.spec(self.match_id, self.seq, self.seat, self.label).json()
        return ActButton.spec(self.match_id, self.seq, self.seat, self.idx, self.label).json()


@dataclass(frozen=True)
class Menu:
    """A select menu of choices (ActSelect) or of a staged menu's groups (GroupSelect, `groups`):
    its options as (label, value, description)."""

    match_id: str
    seq: int
    seat: int
    options: tuple[tuple[str, str, str], ...]
    placeholder: str
    groups: bool = False

    def item(self) -> ui.Item[Any]:
        options = [discord.SelectOption(label=label, value=value, description=about)
                   for label, value, about in self.options]
        kind = GroupSelect if self.groups else ActSelect
        return kind(self.match_id, self.seq, self.seat, options, placeholder=self.placeholder)

    def to_component_dict(self) -> dict[str, Any]:
        """`item().to_component_dict()` (discord.py's SelectMenu.to_dict and SelectOption.to_dict,
        keys in their order), without the item, its select and an object per option."""
        kind = GroupSelect if self.groups else ActSelect
        sent: dict[str, Any] = {"type": 3, "custom_id": kind.custom_id_of(self.match_id, self.seq, self.seat),
                                "min_values": 1, "max_values": 1, "disabled": False, "required": True}
        if self.placeholder:
            sent["placeholder"] = self.placeholder
        sent["options"] = [{"label": label, "value": value, "default": False, **({"description": about} if about else {})}
                           for label, value, about in self.options or (("?", "0", ""),)]  # as the items' own default
        return sent


# A menu's parts, row by row: each made into discord.py's item for a classic view (`_rows_view`),
# or straight into its JSON under a layout message (laid.Laid), as a DM's menu is on every move.
Rows = list[list[Pick | Menu]]


def _rows_view(rows: Rows) -> ui.View:
    view = ui.View(timeout=None)
    for row in rows:
        for part in row:
            view.add_item(part.item())
    return view


def choice_view(match_id: str, seq: int, seat: int, choices: Sequence[Choice], locale: str,
                names: Sequence[str] = ()) -> ui.View | None:
    """Buttons for a few short choices, a select menu for up to 25, the groups first for
    more (menus.stages), nothing when even that does not fit (the caller then
    points to `/parley act`, whose autocomplete filters). `names` are the seats'
    players, for the seat tokens in labels."""
    rows = choice_rows(match_id, seq, seat, choices, locale, names)
    return _rows_view(rows) if rows is not None else None


def choice_rows(match_id: str, seq: int, seat: int, choices: Sequence[Choice], locale: str,
                names: Sequence[str] = ()) -> Rows | None:
    """`choice_view`'s parts, row by row (a layout message puts them in its own rows); None exactly
    when the choices are not `listable`, the one rule of what a menu can offer."""
    if not listable(choices):
        return None
    rows = pick_rows(match_id, seq, seat, choices, range(len(choices)), locale, names)
    if rows is not None:
        return rows
    entries = stages(choices)
    assert entries is not None  # listable: over 25 choices, their groups fit
    return [[Menu(match_id, seq, seat, _stage_options(choices, entries, locale, names), M.choose_group(locale), True)]]


def pick_rows(match_id: str, seq: int, seat: int, choices: Sequence[Choice], indices: Sequence[int], locale: str,
              names: Sequence[str] = ()) -> Rows | None:
    """Choices `indices` as buttons when a few short ones, else a select menu; None beyond 25."""
    picked = [choices[i] for i in indices]
    if len(picked) <= BUTTON_CHOICES:
        labels = _labels(picked, locale, names, 1000)
        if all(len(label) <= BUTTON_LABEL for label in labels):  # a longer one reads better in a select menu
            return [[Pick(match_id, seq, seat, i, label) for i, label in zip(indices, labels, strict=True)]]
    if len(picked) > SELECT_LIMIT:
        return None
    return [[Menu(match_id, seq, seat, _options(choices, indices, locale, names), M.choose(locale))]]


def _options(choices: Sequence[Choice], indices: Sequence[int], locale: str,
             names: Sequence[str]) -> tuple[tuple[str, str, str], ...]:
    """A select's options for choices `indices`: each one's label, its index, its code."""
    labels = _labels([choices[i] for i in indices], locale, names, 100)
    return tuple((label, str(i), _clip(choices[i].code, 100)) for i, label in zip(indices, labels, strict=True))


def _stage_options(choices: Sequence[Choice], entries: Sequence[Entry], locale: str,
                   names: Sequence[str]) -> tuple[tuple[str, str, str], ...]:
    """A staging menu's options: a group opens its choices (or subgroups), a single choice plays."""
    labels = unique_labels([with_names(e.label(locale), names, locale) for e in entries],
                           [[choices[e.indices[0]].code if not e.group else ""] for e in entries], 100)
    return tuple((label, e.value, _clip(M.n_choices.format(n=len(e.indices))(locale) if e.group
                                        else choices[e.indices[0]].code, 100))
                 for e, label in zip(entries, labels, strict=True))


def group_view(match_id: str, seq: int, seat: int, choices: Sequence[Choice], entry: Entry, locale: str,
               names: Sequence[str] = (), back: bool = False) -> ui.View:
    """The second stage: the choices of one group, each playing its own action; `back`:
    with a button to the groups (when it took their place)."""
    return _rows_view(group_rows(match_id, seq, seat, choices, entry, locale, names, back))


def group_rows(match_id: str, seq: int, seat: int, choices: Sequence[Choice], entry: Entry, locale: str,
               names: Sequence[str] = (), back: bool = False) -> Rows:
    """`group_view`'s parts, row by row."""
    placeholder = _clip(with_names(entry.label(locale), names, locale), 150)
    within = substages(choices, entry.indices) if entry.depth == 0 else None
    rows: Rows
    if within is not None:  # a group too long for one menu, staged once more by its subgroups
        rows = [[Menu(match_id, seq, seat, _stage_options(choices, within, locale, names), placeholder, True)]]
    else:
        rows = [[Menu(match_id, seq, seat, _options(choices, entry.indices, locale, names), placeholder)]]
    if back:
        rows.append([Pick(match_id, seq, seat, None, (BACK_FROM_CARD if entry.card else BACK_LABEL)(locale))])
    return rows


def replay_view(match_id: str, seq: int, first: bool, last: bool, locale: str, seated: bool = False) -> ui.View:
    """The viewer's controls; a player of the match also gets "back to my last move"."""
    view = ui.View(timeout=None)
    view.add_item(ReplayButton(match_id, seq, "f", disabled=first))
    view.add_item(ReplayButton(match_id, seq, "p", disabled=first))
    view.add_item(ReplayButton(match_id, seq, "n", disabled=last))
    view.add_item(ReplayButton(match_id, seq, "l", disabled=last))
    view.add_item(ReplayButton(match_id, seq, "j", label=M.replay_jump(locale)))
    if seated:
        view.add_item(ReplayButton(match_id, seq, "m", label=M.replay_mine(locale)))
    return view
