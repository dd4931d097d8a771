"""A bot's name is read in the reader's language (issue 21), while its player
id and the name in the log stay what older logs hold."""

from events.bots import bot_player, shown_name
from events.model import Player


def test_bot_names_are_bilingual_and_ids_unchanged() -> None:
    easy, hard = bot_player(1), bot_player(2, "hard")
    assert (easy.id, easy.name, hard.id, hard.name) == ("bot:1", "Bot 1", "bot:hard:2", "Bot 2 (hard)")
    assert shown_name(easy, "ja") == "ボット1" and shown_name(hard, "ja") == "ボット2（むずかしい）"
    assert shown_name(hard, "en") == "Bot 2 (hard)"


def test_only_a_bot_named_as_bots_are_named_is_translated() -> None:
    assert shown_name(Player(id="local:bot", name="Bot 1"), "ja") == "Bot 1"  # a person may call themselves that
    assert shown_name(Player(id="bot:3", name="Robo"), "ja") == "Robo"  # a bot renamed keeps its name
