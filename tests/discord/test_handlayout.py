"""A hand's layout message (bot/discord/handlayout.py), built as the JSON Discord receives: a section
per card with its own button, the menu when the cards do not fit, and Discord's limits kept."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from discord import ui
from discord.components import _component_factory

from bot.discord import handlayout
from bot.discord.menus import cards
from bot.discord.views import choice_rows, group_rows
from engine.core import Choice, Text
from engine.registry import get_game, installed
from tests.contract.matches import walk as bot_match
from tests.discord.harness import walk
from tests.discord.helpers import item_row


def choice(n: int, group: str | None = None) -> Choice:
    return Choice({"kind": "pass", "n": n}, Text(f"Play {n} on ⟦1⟧", f"⟦1⟧に{n}を出す"),
                  group=Text(group, f"{group}札") if group else None)


def decision(choices: list[Choice], locale: str = "en") -> handlayout.Decision:
    return handlayout.Decision("m1", 7, 0, tuple(choices), locale, ("alice", "bob"))


def hand(choices: list[Choice], text: str = "Your hand", locale: str = "en") -> handlayout.Hand:
    return handlayout.Hand(0, text, decision(choices, locale))


def sent(h: handlayout.Hand, note: str = "") -> list[dict[str, Any]]:
    return handlayout.view(h, handlayout.parts(h)[-1], True, note).to_components()


def text(components: list[dict[str, Any]]) -> str:
    return "\n".join(c["content"] for c in walk(components) if c["type"] == 10)


def within_limits(components: list[dict[str, Any]]) -> bool:
    ids = [c["custom_id"] for c in walk(components) if "custom_id" in c]
    labels = [c["label"] for c in walk(components) if c["type"] == 2]
    rows = [c for c in walk(components) if c["type"] == 1]
    characters = sum(len(c["content"]) for c in walk(components) if c["type"] == 10)
    return (len(list(walk(components))) <= 40 and characters <= 4000 and len(set(ids)) == len(ids)
            and all(len(i) <= 100 for i in ids) and all(len(label) <= 80 for label in labels) and len(rows) <= 5)


def test_each_card_is_a_section_beside_its_own_button() -> None:
    choices = [choice(0), choice(1, "Knight"), choice(2, "Dragon"), choice(3, "Dragon"), choice(4)]
    components = sent(hand(choices))
    [box, row] = components
    assert box["type"] == 17 and box["accent_color"] == 0x466EC8  # seat 1's colour
    sections = [(c["components"][0]["content"], c["accessory"]["custom_id"], c["accessory"]["label"])
                for c in walk(components) if c["type"] == 9]
    # One choice: played by the button; several: the button opens them. Seat tokens read as names.
    assert sections == [("**Knight**\nPlay 1 on bob", "p:a:m1:7:0:1", "Choose"),
                        ("**Dragon**\n-# 2 choices", "p:b:m1:7:0:2", "Choose…")]
    assert [c["custom_id"] for c in row["components"]] == ["p:a:m1:7:0:0", "p:a:m1:7:0:4"]  # the loose ones
    assert within_limits(components)
    ja = sent(hand(choices, locale="ja"))
    assert "**Dragon札**\n-# 2件の選択肢" in text(ja) and "これにする" in [c.get("label") for c in walk(ja)]


def test_cards_that_do_not_fit_give_the_menu_instead() -> None:
    many = [choice(n, f"Card {n // 2}") for n in range(24)]  # twelve cards: 36 components of sections alone
    crowded = sent(hand(many))
    assert not [c for c in walk(crowded) if c["type"] == 9]
    assert [c["custom_id"] for c in walk(crowded) if "custom_id" in c] == ["p:s:m1:7:0"]  # all 24 in one select
    few = [choice(0, "Knight"), choice(1, "Dragon"), choice(2)]
    assert [c for c in walk(sent(hand(few))) if c["type"] == 9]
    full = sent(hand(few, "x" * 3990))  # no room left beside the text: the buttons of the menu
    assert not [c for c in walk(full) if c["type"] == 9] and len(text(full)) == 3990
    assert [c["custom_id"] for c in walk(full) if "custom_id" in c] == ["p:a:m1:7:0:0", "p:a:m1:7:0:1",
                                                                         "p:a:m1:7:0:2"]


def test_a_note_goes_on_top_only_where_it_fits() -> None:
    few = [choice(0, "Knight"), choice(1)]
    assert text(sent(hand(few), "Done: you moved")).startswith("Done: you moved\nYour hand")
    assert text(sent(hand(few, "y" * 3990), "Done: you moved")).startswith("y")


def test_every_shape_keeps_discords_limits_also_with_a_card_opened() -> None:
    for count in (0, 1, 5, 9, 10, 11, 15):  # around the most cards that fit (ten)
        for size in (1, 2, 30):
            for loose in (0, 8):
                for length in (10, 3900):
                    choices = [choice(i) for i in range(loose)] + \
                        [choice(loose + c * size + i, f"Card {c}") for c in range(count) for i in range(size)]
                    components = sent(hand(choices, "z" * length))
                    assert within_limits(components), (count, size, loose, length)
                    top = [c for c in components if c["type"] != 1]
                    for entry in cards(choices)[:1]:  # a card opened: its choices in the menu rows' place
                        opened = [*top, *({"type": 1, "components": [i.to_component_dict() for i in row]}
                                          for row in group_rows("m1", 7, 0, choices, entry, "en", back=True))]
                        assert within_limits(opened), (count, size, loose, length)


def _as_discord_shows(components: list[dict[str, Any]]) -> Any:
    """A DM message as a click hands it over: the components Discord sent back (each with the id it
    gives them), parsed by discord.py (`Message.components`)."""
    ids = iter(range(1, 1000))
    for c in walk(components):
        c["id"] = next(ids)
    return SimpleNamespace(components=[_component_factory(c) for c in components])


def _reopened_from_items(message: Any, rows: list[list[ui.Item[Any]]]) -> list[dict[str, Any]]:
    """What `reopened` sends, the plain way: the message rebuilt as items, its rows swapped."""
    layout = ui.LayoutView.from_message(message, timeout=None)
    for item in [c for c in layout.children if isinstance(c, ui.ActionRow)]:
        layout.remove_item(item)
    for items in rows:
        layout.add_item(item_row([part.item() for part in items]))
    assert layout.has_components_v2()
    return layout.to_components()


def test_a_card_opened_or_the_menu_back_shows_the_message_as_items_rebuilt_would() -> None:
    for count, size, loose, length in [(2, 3, 2, 10), (5, 1, 0, 3900), (3, 2, 8, 100), (15, 2, 0, 10), (0, 1, 30, 10)]:
        choices = [choice(i) for i in range(loose)] + \
            [choice(loose + c * size + i, f"Card {c}") for c in range(count) for i in range(size)]
        message = _as_discord_shows(sent(hand(choices, "z" * length + " **bold** ⟦1⟧ 盤面")))
        d = decision(choices)
        swaps = [handlayout.menu_rows(d, handlayout.sectioned(message)),
                 *(group_rows("m1", 7, 0, choices, entry, "en", back=True) for entry in cards(choices)[:2])]
        for rows in swaps:
            shown = handlayout.reopened(message, rows)
            assert shown.has_components_v2()
            assert shown.to_components() == _reopened_from_items(message, rows), (count, size, loose, length)


def test_a_decision_listed_by_no_menu_is_said_so() -> None:
    loose = [choice(n) for n in range(30)]  # no cards, more than a select holds
    assert not handlayout.listed(decision(loose))
    crowded = [choice(n, f"Card {n}") for n in range(30)]  # thirty cards: neither sections nor stages
    assert not handlayout.listed(decision(crowded))
    assert not [c for c in walk(sent(hand(crowded))) if "custom_id" in c]
    few = [*loose[:20], *(choice(n, f"Card {n % 4}") for n in range(20, 40))]
    assert handlayout.listed(decision(few))


def test_a_decision_shown_again_shows_the_same_cards_and_menu() -> None:
    """A decision makes its menu once (the prompt asks whether it lists everything, then each view
    shows it): a DM shown again, with a move's note or by a REST edit after its click's answer
    failed, carries the same cards and menu as the first time."""
    for choices in ([choice(0), choice(1, "Knight"), choice(2, "Dragon"), choice(3, "Dragon"), choice(4)],
                    [choice(n, f"Card {n // 2}") for n in range(24)],  # no sections: the menu alone
                    [choice(n) for n in range(3)]):
        h = hand(choices)
        assert h.decision is not None and handlayout.listed(h.decision)
        first = sent(h)
        ids = [c["custom_id"] for c in walk(first) if "custom_id" in c]
        assert ids and sent(h) == first
        again = sent(h, "Done: you played.")
        assert [c["custom_id"] for c in walk(again) if "custom_id" in c] == ids
        assert text(again).startswith("Done: you played.\n")


@pytest.mark.parametrize("game_id", installed())
def test_listed_answers_as_the_menu_built_would_on_bot_matches(game_id: str) -> None:
    """`listed` asks the choices alone (menus.listable) whether a menu can offer them all; it must
    answer what building the whole menu (views.choice_rows) answers, for every decision of real
    bot matches and for choices past a select's 25, grouped or not."""
    game = get_game(game_id)
    decisions: list[list[Choice]] = []
    for seed in (1, 2):
        for state, seat, _, _ in bot_match(game_id, seed, 120):
            decisions.append(list(game.legal_actions(state, seat)))
    decisions += [[choice(n) for n in range(k)] for k in (0, 1, 5, 25, 26)]
    decisions += [[choice(n, f"Card {n % g}") for n in range(k)] for k in (26, 60, 700) for g in (3, 30)]
    for choices in decisions:
        built = choice_rows("m1", 7, 0, choices, "en", ("alice", "bob")) is not None
        assert handlayout.listed(decision(choices)) == built, (game_id, len(choices))
