"""Shared steps for the Discord tests: open a toy match, find things users see."""

from __future__ import annotations

from typing import Any

from discord import ui

from bot.discord import layout
from engine.core import Viewer
from tests.discord.harness import FakeDiscord, Harness, User, custom_ids


def item_row(items: Any) -> ui.ActionRow[ui.LayoutView]:
    """An action row of discord.py items, as layout messages held them before `bot/discord/laid.py`
    made them as JSON: the plain way the tests build a message to compare with."""
    found: ui.ActionRow[ui.LayoutView] = ui.ActionRow()
    for item in items:
        found.add_item(item)
    return found


def lobby_message(h: Harness, match_id: str) -> dict[str, Any]:
    return next(m for m in h.fake.public_messages()
                if any(c.startswith(f"p:l:{match_id}:") for c in custom_ids(m)))


def thread_of(h: Harness, match_id: str) -> int:
    return next(c["id"] for c in h.fake.channels.values() if c["type"] == 11 and c["name"].endswith(match_id))


def thread_text(h: Harness, thread: int) -> str:
    return "\n".join(FakeDiscord.text(m) for m in h.fake.thread_messages(thread))


def all_public_text(h: Harness) -> str:
    return "\n".join(FakeDiscord.text(m) for m in h.fake.public_messages())


async def open_match(h: Harness, creator: User, *others: User, options: str = "goal=50",
                     start: bool = True, game: str = "toy", **kw: Any) -> tuple[str, int]:
    ex = await h.slash(creator, "new", game=game, options=options, **kw)
    text = h.reply_text(ex)
    match_id = text.split("`")[1]
    lobby = lobby_message(h, match_id)
    for user in others:
        await h.click(user, lobby, f"p:l:{match_id}:join")
    if start:
        await h.click(creator, lobby, f"p:l:{match_id}:start")
    return match_id, thread_of(h, match_id)


async def state(h: Harness, match_id: str) -> Any:
    return await h.parley.service.get(match_id)


async def hands(h: Harness, match_id: str) -> list[list[str]]:
    ms = await state(h, match_id)
    return [list(x) for x in ms.state.hands]


def view_for(ms: Any, seat: int) -> dict[str, Any]:
    return ms.game.view(ms.state, Viewer.of(seat))


def board_message(h: Harness, thread: int) -> dict[str, Any]:
    """The board: a layout message, its text in its text displays (FakeDiscord.text reads them)."""
    return next(m for m in h.fake.thread_messages(thread) if " · match `" in FakeDiscord.text(m).split("\n")[0]
                or " · 対戦 `" in FakeDiscord.text(m).split("\n")[0])


def board_text(h: Harness, thread: int) -> str:
    """The board's text, as its text displays show it (no button labels)."""
    return layout.text_of(board_message(h, thread))
