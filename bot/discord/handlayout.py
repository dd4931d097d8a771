"""A seat's DM, its hand and the decision it is asked, as layout messages (components v2).

Like the board (layout.py), the DM's text goes in a `Container` in the seat's
colour, up to 4,000 characters a message instead of a classic message's 2,000,
so a hand rarely needs a second message. Under the last message's text, each
card the decision offers (a group of its choices, `Choice.group`) is a
`Section`: the card beside its own button, which plays the card's only choice
at once or opens its choices as a staged menu's group does. Choices tied to no
card are buttons or a select below. The cards come after the whole text, the
prompt last, so what is asked and what answers it stay together, and a hand
split over messages keeps them under its last part. When the cards do not fit
one message (its 4,000 characters, its 40 components) the decision gets the
usual menu instead (views.choice_rows), inside the layout. Every button and select
carries the decision's seq, so a click on an old one is refused as stale.

A layout message has no `content` and keeps its flag: a move's note goes in
its text, and a finished match's DM keeps its text with no controls (`view`
with no decision).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import discord
from discord import ui

from engine.core import Choice, Text, with_names

from . import laid
from .i18n import M
from .layout import TEXT_LIMIT, accent
from .menus import Entry, cards, grouped, listable
from .split import split_message
from .views import ActButton, OpenButton, Rows, choice_rows, pick_rows

COMPONENT_LIMIT = 40  # all the components of one layout message, nested ones included
# The most components the rows under the container may take: five buttons in a row (six),
# which a card opened in place replaces with its select and a way back (four).
ROWS_ROOM = 6


@dataclass(frozen=True)
class Decision:
    """What the seat is asked: the choices offered at event `seq`."""

    match_id: str
    seq: int
    seat: int
    choices: tuple[Choice, ...]
    locale: str
    names: tuple[str, ...]  # the seats' players, for seat tokens in labels

    # Made once per decision, though the prompt (whether it is all listed) and each view of it ask:
    # the items carry all they need in their custom ids, so a view made again may show them again.
    @cached_property
    def menu(self) -> Rows | None:
        """The whole decision's menu (views.choice_rows); None when even a staged one cannot list it."""
        return choice_rows(self.match_id, self.seq, self.seat, self.choices, self.locale, self.names)

    @cached_property
    def groups(self) -> tuple[dict[Text, list[int]], list[int]]:
        """The choices' positions by card, and those tied to none (menus.grouped)."""
        return grouped(self.choices)

    @cached_property
    def loose(self) -> Rows | None:
        """The rows of the choices tied to no card: none when there are none, None when they do not fit."""
        loose = self.groups[1]
        return pick_rows(self.match_id, self.seq, self.seat, self.choices, loose, self.locale, self.names) \
            if loose else []


@dataclass(frozen=True)
class Hand:
    """The DM before it is cut into messages: its whole text (header, catch-up, the seat's
    private view, the prompt) and the decision, if the seat is asked one."""

    seat: int
    text: str
    decision: Decision | None


def parts(hand: Hand) -> list[str]:
    """The DM's text per message, cut at line ends, at most TEXT_LIMIT characters each."""
    return split_message(hand.text, TEXT_LIMIT)


def views(hand: Hand, note: str = "") -> list[ui.LayoutView]:
    """Every message of the hand at once, the decision under the last and `note` on the first:
    `/parley hand`'s private reply."""
    texts = parts(hand)
    return [view(hand, part, i == len(texts) - 1, note if i == 0 else "") for i, part in enumerate(texts)]


def view(hand: Hand, part: str, last: bool, note: str = "") -> ui.LayoutView:
    """One message of the DM: its part of the text in the seat's colour and, under the last,
    the decision's cards and menu; `note` (what a move did) on top when it fits."""
    decision = hand.decision if last else None
    sections = _sections(decision, len(part)) if decision is not None else []
    room = TEXT_LIMIT - len(part) - sum(_text_length(s) for s in sections)
    inside = [laid.text(f"{note}\n{part}" if note and len(note) < room else part)]
    if sections:
        inside += [laid.separator(), *sections]
    return laid.Laid([laid.container(accent(hand.seat), inside)],
                     menu_rows(decision, bool(sections)) if decision is not None else [])


def menu_rows(decision: Decision, sectioned: bool) -> Rows:
    """The rows under the container: the choices tied to no card when the cards have sections,
    else the whole decision's menu (none when even a staged one cannot list it)."""
    return (decision.loose if sectioned else decision.menu) or []


def listed(decision: Decision) -> bool:
    """Whether the DM offers every choice (else the player is pointed to `/parley act`): `listable`,
    the rule `decision.menu` is built by too, asked without building a menu a DM showing cards never
    sends; cards that fit as sections always fit a staged menu too (at most ten, each one entry)."""
    return listable(decision.choices)


def reopened(message: discord.Message, rows: Rows) -> ui.LayoutView:
    """The DM message as shown, with `rows` in place of its menu rows: a card's choices
    opened, or the menu back (the text and the cards stay as they are). Its components' own
    dicts, not `LayoutView.from_message`, which rebuilds the text and every card as items (a
    section, its text, its button) only to make the same dicts of them again, on each click on
    a card or on Back: several times the cost of reading the dicts."""
    return laid.Laid([c.to_dict() for c in message.components if not isinstance(c, discord.ActionRow)], rows)


def sectioned(message: discord.Message) -> bool:
    """Whether a DM message shows the decision's cards as sections."""
    stack: list[Any] = list(message.components)
    while stack:
        c = stack.pop()
        if isinstance(c, discord.components.SectionComponent):
            return True
        stack.extend(getattr(c, "children", []))
    return False


def _cards(decision: Decision) -> list[Entry]:
    """The cards, when they and the loose choices can all be offered; else none."""
    found = cards(decision.choices)
    if len(found) != len(decision.groups[0]) or decision.loose is None:
        return []
    return found


def _sections(decision: Decision, used: int) -> list[dict[str, Any]]:
    """A section per card, when they fit beside `used` characters of text; else none."""
    found = _cards(decision)
    rows = menu_rows(decision, True)
    below = max(ROWS_ROOM, sum(len(row) + 1 for row in rows))
    # The container, its text, the separator; three per section (itself, its text, its button).
    if not found or 3 + 3 * len(found) + below > COMPONENT_LIMIT:
        return []
    sections = [_section(decision, entry) for entry in found]
    if used + sum(_text_length(s) for s in sections) > TEXT_LIMIT:
        return []
    return sections


def _section(decision: Decision, entry: Entry) -> dict[str, Any]:
    d = decision

    def text(t: Text) -> str:
        return discord.utils.escape_markdown(with_names(t(d.locale), d.names, d.locale))
    first = entry.indices[0]
    if len(entry.indices) == 1:
        button = ActButton.spec(d.match_id, d.seq, d.seat, first, M.btn_card_play(d.locale))
        detail = text(d.choices[first].label)
    else:
        button = OpenButton.spec(d.match_id, d.seq, d.seat, M.btn_card_open(d.locale), first)
        detail = "-# " + M.n_choices.format(n=len(entry.indices))(d.locale)
    return laid.section(f"**{text(entry.label)}**\n{detail}", button.json())


def _text_length(section: dict[str, Any]) -> int:
    return sum(len(c["content"]) for c in section["components"])
