"""Layout messages made as JSON (bot/discord/laid.py) send exactly what discord.py's items would: the
DM's and the board's messages are compared with the same messages built the plain way, item by item."""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from bot.discord import handlayout, layout, views
from bot.discord.i18n import M
from bot.discord.menus import Entry, cards, stages
from bot.discord.views import ActButton, HandButton, OpenButton
from engine.core import Choice, Text, with_names
from tests.discord.helpers import item_row


def choice(n: int, group: str | None = None) -> Choice:
    return Choice({"kind": "pass", "n": n}, Text(f"Play {n} on ⟦1⟧ *now*", f"⟦1⟧に{n}を出す"),
                  group=Text(group, f"{group}札") if group else None)


def hand(choices: list[Choice], text: str, locale: str, seat: int) -> handlayout.Hand:
    decision = handlayout.Decision("m1", 7, seat, tuple(choices), locale, ("alice", "bob"))
    return handlayout.Hand(seat, text, decision if choices else None)


def _section_items(d: handlayout.Decision, entry: Entry) -> ui.Section[Any]:
    def text(t: Text) -> str:
        return discord.utils.escape_markdown(with_names(t(d.locale), d.names, d.locale))
    first = entry.indices[0]
    if len(entry.indices) == 1:
        button: ui.Item[Any] = ActButton(d.match_id, d.seq, d.seat, first, M.btn_card_play(d.locale))
        detail = text(d.choices[first].label)
    else:
        button = OpenButton(d.match_id, d.seq, d.seat, M.btn_card_open(d.locale), first)
        detail = "-# " + M.n_choices.format(n=len(entry.indices))(d.locale)
    return ui.Section(ui.TextDisplay(f"**{text(entry.label)}**\n{detail}"), accessory=button)


def dm_by_items(h: handlayout.Hand, part: str, last: bool, note: str) -> list[dict[str, Any]]:
    """`handlayout.view` the plain way: a container, its text, a section per card, the rows, as items."""
    decision = h.decision if last else None
    sections = [_section_items(decision, e) for e in handlayout._cards(decision)] if decision is not None else []
    length = sum(len(c.content) for s in sections for c in s.children if isinstance(c, ui.TextDisplay))
    rows = handlayout.menu_rows(decision, True) if decision is not None else []
    below = max(handlayout.ROWS_ROOM, sum(len(r) + 1 for r in rows))
    if 3 + 3 * len(sections) + below > handlayout.COMPONENT_LIMIT or len(part) + length > layout.TEXT_LIMIT:
        sections, length = [], 0
    view = ui.LayoutView(timeout=None)
    box = ui.Container(accent_colour=layout.accent(h.seat))
    room = layout.TEXT_LIMIT - len(part) - length
    box.add_item(ui.TextDisplay(f"{note}\n{part}" if note and len(note) < room else part))
    if sections:
        box.add_item(ui.Separator())
        for section in sections:
            box.add_item(section)
    view.add_item(box)
    for items in handlayout.menu_rows(decision, bool(sections)) if decision is not None else []:
        view.add_item(item_row([part.item() for part in items]))
    return view.to_components()


def board_by_items(board: layout.Board, part: str, index: int, count: int, image: bool) -> list[dict[str, Any]]:
    """`layout.view` the plain way."""
    view = ui.LayoutView(timeout=None)
    box = ui.Container(accent_colour=layout.accent(board.seat))
    first, *rest = part.split("\n", 1) if index == 0 else ("", part)
    if first:
        box.add_item(ui.TextDisplay(first))
    if index == 0 and image:
        box.add_item(ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{layout.IMAGE}",
                                                              description=layout.alt(board))))
        box.add_item(ui.Separator())
    body = rest[0] if rest else ""
    if body.strip():
        box.add_item(ui.TextDisplay(body))
    view.add_item(box)
    if board.hand_button and index == count - 1:
        view.add_item(item_row([HandButton(board.match_id, board.locale)]))
    return view.to_components()


def test_a_dm_as_json_is_what_its_items_would_send() -> None:
    shapes = 0
    for count, size, loose in [(0, 1, 0), (0, 1, 3), (0, 1, 30), (2, 1, 2), (3, 2, 0), (12, 2, 0), (1, 30, 8)]:
        choices = [choice(i) for i in range(loose)] + \
            [choice(loose + c * size + i, f"Card {c}") for c in range(count) for i in range(size)]
        for text in ("Your hand **bold** ⟦1⟧", "z" * 3990, "line\n" * 1500):
            for locale, seat in (("en", 0), ("ja", 1), ("en", 5)):
                h = hand(choices, text, locale, seat)
                parts = handlayout.parts(h)
                for i, part in enumerate(parts):
                    for note in ("", "Done: you moved"):
                        last = i == len(parts) - 1
                        sent = handlayout.view(h, part, last, note)
                        assert sent.has_components_v2()
                        assert sent.to_components() == dm_by_items(h, part, last, note), (count, size, loose, i)
                        shapes += 1
    assert shapes > 7 * 3 * 3 * 2  # every shape, a long text in several messages


def test_a_board_as_json_is_what_its_items_would_send() -> None:
    for seat, button, locale in ((0, True, "en"), (None, False, "ja"), (3, True, "ja")):
        for body in ("", "a board", "a\nlong\nboard " * 600):
            board = layout.Board("m1", "**Game** · match `m1`", body, "Waiting for **bob**.", "alt " * 400, seat,
                                 button, locale)
            parts = layout.parts(board)
            for i, part in enumerate(parts):
                for image in (True, False):
                    sent = layout.view(board, part, i, len(parts), image)
                    assert sent.has_components_v2()
                    assert sent.to_components() == board_by_items(board, part, i, len(parts), image), (seat, i)


def test_each_button_as_json_is_what_its_item_would_send() -> None:
    long = "a label far longer than any button may show " * 3
    for label in ("Choose", long, "これにする"):
        for item, spec in ((ActButton("m1", 7, 0, 3, label), ActButton.spec("m1", 7, 0, 3, label)),
                           (OpenButton("m1", 7, 1, label, 4), OpenButton.spec("m1", 7, 1, label, 4)),
                           (OpenButton("m1", 7, 1, label), OpenButton.spec("m1", 7, 1, label))):
            assert spec.json() == item.to_component_dict()
    for locale in ("en", "ja"):
        assert HandButton.spec("m1", locale).json() == HandButton("m1", locale).to_component_dict()


def test_each_menu_part_as_json_is_what_its_item_would_send() -> None:
    coded = [Choice({"kind": "pass", "n": n}, Text(f"Play {n} on ⟦1⟧", f"⟦1⟧に{n}を出す"), shown=f"play n={n}" if n % 2 else "")
             for n in range(3)]
    long = [Choice({"kind": "deploy"}, Text("Deploy " + "x" * 90, "配置"))]
    big = [Choice({"kind": kind, "square": sq, "pay": pay}, Text(f"{kind} {sq} {pay}", f"{kind} {sq} {pay}"),
                  group=Text("General", "武将"), subgroup=Text(f"{kind} on {sq}", f"{sq}番に{kind}"))
           for kind in ("place", "facedown") for sq in range(1, 9) for pay in "abc"]
    grouped = [choice(i, f"Card {i % 9}") for i in range(40)]
    parts = 0
    for choices in (coded, coded + long, [choice(i) for i in range(20)], big, grouped, [choice(0), *big]):
        for locale in ("en", "ja"):
            rows = [views.choice_rows("m1", 7, 0, choices, locale, ("alice", "bob")) or []]
            rows += [views.group_rows("m1", 7, 0, choices, e, locale, ("alice", "bob"), back=True)
                     for e in [*cards(choices), *(stages(choices) or [])] if e.group]
            for menu in rows:
                for row in menu:
                    for part in row:
                        assert part.to_component_dict() == part.item().to_component_dict(), part
                        parts += 1
    assert parts > 30
