"""A match's seat names are worked out once per seats, style and language (bot/discord/names.py): the same
names as made afresh, and new ones as soon as the seats change (a player replaced, a bot renamed)."""

from __future__ import annotations

from types import SimpleNamespace

from bot.discord import names
from events.model import Player

ALICE = Player(id="discord:1", name="alice **bold**", locale="en")
BOT = Player(id="bot:easy:2", name="Easy bot", locale="en")
CAROL = Player(id="discord:3", name="carol_", locale="ja")


def test_seat_names_are_those_made_afresh_and_follow_the_seats() -> None:
    first = SimpleNamespace(seats=(ALICE, BOT))
    for style in ("bold", "inside-bold", "plain"):
        for locale in ("en", "ja"):
            kept = names.seat_names(first, style, locale)  # type: ignore[arg-type]
            assert kept == names._seat_names(first.seats, style, locale)  # type: ignore[arg-type]
            kept.append("changed by a caller")  # a copy: what is kept is not changed
            assert names.seat_names(first, style, locale) == names._seat_names(first.seats, style, locale)  # type: ignore[arg-type]
    replaced = SimpleNamespace(seats=(ALICE, CAROL))
    assert names.seat_names(replaced, "bold", "en") == ["**alice \\*\\*bold\\*\\***", "**carol\\_**"]  # type: ignore[arg-type]
    assert names.named("⟦1⟧ attacks ⟦0⟧", replaced, "en", "plain") == "carol_ attacks alice **bold**"  # type: ignore[arg-type]
    listed = SimpleNamespace(seats=[ALICE, BOT])  # seats that can change in place are never kept
    assert names.seat_names(listed, "plain", "en") == ["alice **bold**", "Easy bot"]  # type: ignore[arg-type]
    listed.seats[1] = CAROL
    assert names.seat_names(listed, "plain", "en") == ["alice **bold**", "carol_"]  # type: ignore[arg-type]
