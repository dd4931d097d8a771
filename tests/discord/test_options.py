import pytest

from bot.discord.base import parse_options
from events.errors import Refused


def test_options_parse_numbers_and_booleans():
    assert parse_options("goal=5, fast=true deck=shu") == {"goal": 5, "fast": True, "deck": "shu"}


def test_a_card_file_cannot_be_named_from_discord():
    with pytest.raises(Refused) as err:
        parse_options("cards=/etc/parley/secret.json")
    assert "operator" in err.value.message("en") and "運営者" in err.value.message("ja")
