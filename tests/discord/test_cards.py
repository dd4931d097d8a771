"""`/parley card`: a card's full text, privately, found by either language's name."""

from __future__ import annotations

import pytest

from bot.discord.cards import card_embed
from engine.registry import available, get_game
from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.harness import Harness, User
from tests.discord.helpers import open_match

pytestmark = pytest.mark.usefixtures("seated")
DAN = User(111_000_000_000_000_004, "dan", "ja")  # plays nowhere, Japanese client


def names(suggestions: list[dict[str, str]]) -> list[str]:
    return [s["name"] for s in suggestions]


async def test_card_suggestions_in_english_find_japanese_names_too(harness: Harness) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, BOB, game="seated")
    found = await h.autocomplete(ALICE, "card", "name", channel=thread, name="dra")
    assert names(found) == ["Dragon", "Dragon Egg"]
    assert [s["value"] for s in found] == ["dragon", "dragon-egg"]
    # typed in Japanese by an English client: the English name, and the Japanese one it matched
    found = await h.autocomplete(ALICE, "card", "name", channel=thread, name="ドラゴン")
    assert names(found) == ["Dragon (ドラゴン)", "Dragon Egg (ドラゴンの卵)"]
    everything = await h.autocomplete(ALICE, "card", "name", channel=thread, name="")
    assert names(everything) == ["Dragon", "Dragon Egg", "Fireball", "Knight · knight", "Knight · knight-b"]


async def test_card_suggestions_in_japanese_find_english_names_too(harness: Harness) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, BOB, game="seated")
    found = await h.autocomplete(BOB, "card", "name", channel=thread, name="ドラ")
    assert names(found) == ["ドラゴン", "ドラゴンの卵"]
    found = await h.autocomplete(BOB, "card", "name", channel=thread, name="fire")
    assert names(found) == ["火の玉（Fireball）"] and found[0]["value"] == "fireball"


async def test_card_shows_the_full_card_privately_in_english(harness: Harness) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, BOB, game="seated")
    ex = await h.slash(ALICE, "card", channel=thread, name="dragon")
    reply = h.last_reply(ex)
    assert reply["_visible_to"] == ALICE.id
    [embed] = reply["embeds"]
    assert embed["title"] == "Dragon"
    assert embed["description"] == "Creature · cost 3\nAttack 4 / Defence 2\nWhen it enters: draw a card."
    assert embed["footer"]["text"] == "ドラゴン · dragon · Seated"


async def test_card_shows_the_full_card_privately_in_japanese(harness: Harness) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, BOB, game="seated")
    ex = await h.slash(BOB, "card", channel=thread, name="ドラゴンの卵")  # typed, not picked: found by name
    [embed] = h.last_reply(ex)["embeds"]
    assert embed["title"] == "ドラゴンの卵"
    assert embed["description"] == "クリーチャー・コスト1\n攻撃0／防御1\nあなたのターン開始時: ドラゴンになる。"
    assert embed["footer"]["text"] == "Dragon Egg · dragon-egg · 着席"


async def test_card_outside_a_thread_takes_the_game_option(harness: Harness) -> None:
    h = harness
    found = await h.autocomplete(DAN, "card", "name", name="火", game="seated")
    assert names(found) == ["火の玉"]
    ex = await h.slash(DAN, "card", name="fireball", game="seated")
    [embed] = h.last_reply(ex)["embeds"]
    assert embed["title"] == "火の玉" and "3ダメージ" in embed["description"]
    asked = await h.slash(CAROL, "card", name="fireball")  # no thread, no game, no match of hers
    assert h.reply_text(asked) == ("Which game's cards? Run this in a match's thread, or give the `game` option.")
    assert await h.autocomplete(CAROL, "card", "name", name="fire") == []


async def test_cards_sharing_a_name_are_shown_together(harness: Harness) -> None:
    h = harness
    ex = await h.slash(CAROL, "card", name="knight", game="seated")
    embeds = h.last_reply(ex)["embeds"]
    assert [e["footer"]["text"] for e in embeds] == ["騎士 · knight · Seated", "騎士 · knight-b · Seated"]


async def test_card_not_found_or_ambiguous_says_what_to_do(harness: Harness) -> None:
    h = harness
    missing = await h.slash(CAROL, "card", name="unicorn", game="seated")
    assert h.reply_text(missing) == ("No card of Seated matches 'unicorn'. Start typing a name (English or "
                                     "Japanese) and pick from the suggestions.")
    several = await h.slash(DAN, "card", name="ドラ", game="seated")
    assert h.reply_text(several) == ("「ドラ」に当たるカードが複数あります: ドラゴン（`dragon`）、ドラゴンの卵（`dragon-egg`）。"
                                     "候補から1つ選んでください。")
    none = await h.slash(CAROL, "card", name="x", game="toy")
    assert h.reply_text(none) == "Toy has no cards to look up."
    unknown = await h.slash(CAROL, "card", name="x", game="chess")
    assert "chess" in h.reply_text(unknown) and "`seated`" in h.reply_text(unknown)


async def test_every_installed_games_cards_fit_discord(harness: Harness) -> None:
    """Each real game's catalog: suggestions within Discord's limits, and every card's
    embed (English and Japanese) within the embed limits; one shown through the bot."""
    h = harness
    for game_id in [g for g in available() if g not in ("toy", "seated", "menus", "twins")]:
        game = get_game(game_id)
        catalog = game.card_catalog(game.options({}, game.min_seats))
        if not catalog:
            continue
        for card in catalog:
            for locale in ("en", "ja"):
                embed = card_embed(card, game.title, locale).to_dict()
                assert not embed["title"].endswith("…") and not embed["description"].endswith("…"), card.id
        for user in (CAROL, DAN):
            found = await h.autocomplete(user, "card", "name", name="", game=game_id)
            assert len(found) == min(25, len(catalog))
        first = catalog[0]
        ex = await h.slash(DAN, "card", name=first.id, game=game_id)
        [embed] = h.last_reply(ex)["embeds"]
        assert embed["title"] == first.name.ja and embed["description"] == first.text.ja
