from hypothesis import given
from hypothesis import strategies as st

from engine.core import RuleError, Text, first_of_each, format_action, parse_action, pick_locale
from engine.core.errors import UnknownAction

# The text form reads "true"/"false" as booleans, so no string argument may be spelled so.
word = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=8).filter(lambda w: w not in ("true", "false"))
scalar = st.one_of(st.integers(-50, 50), word, st.booleans())


@given(word, st.dictionaries(word.filter(lambda k: k != "kind"), st.one_of(scalar, st.lists(st.one_of(st.integers(0, 9), word), min_size=2, max_size=4))))
def test_action_text_round_trips(kind, args):
    action = {"kind": kind, **args}
    assert parse_action(format_action(action)) == action


def test_list_keys_parse_single_values_as_lists():
    assert parse_action("summon dice=3", frozenset({"dice"})) == {"kind": "summon", "dice": [3]}
    assert parse_action("summon dice=-", frozenset({"dice"})) == {"kind": "summon", "dice": []}


def test_unreadable_argument_is_a_bilingual_error():
    try:
        parse_action("buy dragon")
    except UnknownAction as err:
        assert "dragon" in err.message("en") and "dragon" in err.message("ja")
        assert err.message("en") != err.message("ja")
    else:
        raise AssertionError("expected UnknownAction")


def test_text_picks_language_by_discord_locale():
    text = Text("Hello", "こんにちは")
    assert text("ja") == "こんにちは"
    assert text("en-US") == "Hello"
    assert text(None) == "Hello"
    assert pick_locale("ja_JP.UTF-8") == "ja"


def test_text_format_fills_each_language():
    name = Text("Dragon", "ドラゴン")
    line = Text("{who} buys {card}.", "{who}は{card}を購入。").format(who="Ann", card=name)
    assert line.en == "Ann buys Dragon." and line.ja == "Annはドラゴンを購入。"


def test_rule_error_says_what_and_what_instead():
    err = RuleError(Text("Not enough quiddity.", "魔力が足りません。"), Text("You have 2.", "あなたは2持っています。"))
    assert err.message("en") == "Not enough quiddity. You have 2."
    assert err.message("ja") == "魔力が足りません。あなたは2持っています。"  # no space after 。


def test_identical_cards_make_one_choice_the_first_of_them() -> None:
    names = {"c3": "spear", "c1": "farmer", "c7": "spear", "c2": "clerk", "c9": "farmer"}
    hand = ["c3", "c1", "c7", "c2", "c9"]
    assert first_of_each(hand, names.__getitem__) == ["c3", "c1", "c2"]
    assert first_of_each([], names.__getitem__) == []
