"""`/parley addbot level:` seats a bot of that level: its player id and name
carry the level, its moves come from the search, and a level the game has no
search for is refused in one line."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.discord.i18n import ParleyTranslator
from tests.discord.conftest import ALICE
from tests.discord.harness import Harness, custom_ids
from tests.discord.helpers import lobby_message, state


async def _new(h: Harness, game: str) -> str:
    return h.reply_text(await h.slash(ALICE, "new", game=game, rated=True)).split("`")[1]


@pytest.mark.slow
async def test_addbot_with_a_level_seats_a_search_bot_that_plays(harness: Harness) -> None:
    h = harness
    match_id = await _new(h, "naru")
    added = await h.slash(ALICE, "addbot", match=match_id, level="hard")
    assert "A bot joined" in h.reply_text(added)
    bot = (await state(h, match_id)).lobby[1]
    assert (bot.id, bot.name) == ("bot:hard:1", "Bot 1 (hard)")
    await h.slash(ALICE, "start", match=match_id)
    ms = await state(h, match_id)
    assert ms.status == "running" and ms.seats[1].id == "bot:hard:1"
    # Naru opens with both seats' mulligan decisions: the bot has already made its own.
    assert all(p.seat == 0 for p in ms.game.pending(ms.state))
    moves = [e for e in await h.parley.service.store.events(match_id) if e.type == "action"]
    assert [(e.actor, e.payload["seat"], e.payload.get("auto")) for e in moves][:1] == [("system", 1, "bot")]


async def test_addbot_without_a_level_is_the_easy_bot(harness: Harness) -> None:
    h = harness
    match_id = await _new(h, "naru")
    await h.slash(ALICE, "addbot", match=match_id)
    bot = (await state(h, match_id)).lobby[1]
    assert (bot.id, bot.name) == ("bot:1", "Bot 1")


async def test_a_level_the_game_has_no_search_for_is_refused(harness: Harness) -> None:
    h = harness
    match_id = await _new(h, "toy")
    refused = h.reply_text(await h.slash(ALICE, "addbot", match=match_id, level="hard"))
    assert "There is no bot level 'hard'" in refused and "easy" in refused
    assert len((await state(h, match_id)).lobby) == 1


async def test_the_level_choices_are_named_in_japanese() -> None:
    translator = ParleyTranslator()
    names = {}
    for english in ("level", "easy", "normal", "hard", "How well the bot plays (default: easy)"):
        names[english] = await translator.translate(app_commands.locale_str(english), discord.Locale.japanese,
                                                    app_commands.TranslationContext(
                                                        app_commands.TranslationContextLocation.other, None))
    assert names["easy"] == "かんたん" and names["hard"] == "むずかしい" and all(names.values())


async def test_the_lobby_has_an_add_bot_button_per_level_and_each_seats_its_level(harness: Harness) -> None:
    h = harness
    match_id = await _new(h, "quarriors")  # up to 4 seats: room for two bots
    lobby = lobby_message(h, match_id)
    bots = [c for c in custom_ids(lobby) if c.startswith(f"p:l:{match_id}:bot")]
    assert bots == [f"p:l:{match_id}:bot", f"p:l:{match_id}:bot-normal", f"p:l:{match_id}:bot-hard"]
    labels = [c["label"] for row in lobby["components"] for c in row["components"]
              if c.get("custom_id", "").startswith(f"p:l:{match_id}:bot")]
    assert labels == ["Add bot: easy", "Add bot: normal", "Add bot: hard"]
    await h.click(ALICE, lobby, f"p:l:{match_id}:bot-hard")
    await h.click(ALICE, lobby_message(h, match_id), f"p:l:{match_id}:bot")
    seated = [(p.id, p.name) for p in (await state(h, match_id)).lobby[1:]]
    assert seated == [("bot:hard:1", "Bot 1 (hard)"), ("bot:2", "Bot 2")]


async def test_a_game_with_only_the_easy_bot_keeps_one_plain_add_bot_button(harness: Harness) -> None:
    h = harness
    match_id = await _new(h, "toy")
    lobby = lobby_message(h, match_id)
    assert [c for c in custom_ids(lobby) if ":bot" in c] == [f"p:l:{match_id}:bot"]
    await h.click(ALICE, lobby, f"p:l:{match_id}:bot")
    assert [p.id for p in (await state(h, match_id)).lobby[1:]] == ["bot:1"]
