"""Menus that fit: a long menu offers its groups first, then the choices in
one; a group of one is its choice; identical labels show their codes; a
menu is printed once per decision point."""

from bot.terminal import MENU_LIMIT, Menu, entries
from engine.core import Choice, Text

from .conftest import play

TOP_EN = """\
    1. Pass
    2. Note (keeps the turn)
    3. Wait    [wait mood=calm]
    4. Wait    [wait mood=tense]
    5. Fox (4 choices)
    6. Owl (4 choices)
    7. Crane (4 choices)
    8. Heron (4 choices)
    9. Play Moth to slot 1
  (a number opens a group; an action may be typed at any time)
"""

FOX_EN = """\
Fox (4 choices):
    1. Play Fox to slot 1
    2. Play Fox to slot 2
    3. Play Fox to slot 3
    4. Play Fox to slot 4
  (a number picks; `back` returns to the list)
"""

TOP_JA = """\
    1. パス
    2. メモ（手番継続）
    3. 待つ    [wait mood=calm]
    4. 待つ    [wait mood=tense]
    5. 狐（4件）
    6. 梟（4件）
    7. 鶴（4件）
    8. 鷺（4件）
    9. 蛾を1番に出す
  （番号でグループを開く。行動はいつでも直接入力できます）
"""

FOX_JA = """\
狐（4件）:
    1. 狐を1番に出す
    2. 狐を2番に出す
    3. 狐を3番に出す
    4. 狐を4番に出す
  （番号で選択。`back` で一覧に戻る）
"""


async def test_a_long_menu_offers_groups_first_then_the_choices_in_the_chosen_group(service):
    s = await play(service, ["5", "3"])
    assert TOP_EN in s.out and FOX_EN in s.out
    assert s.out.index(TOP_EN) < s.out.index(FOX_EN) < s.out.index("ann plays Fox to slot 3.")
    assert "Play Fox to slot 1" not in s.out.split(FOX_EN)[0]  # the group's choices wait until it is opened


async def test_the_staged_menu_in_japanese(service):
    s = await play(service, ["5", "3"], locale="ja")
    assert TOP_JA in s.out and FOX_JA in s.out
    assert "annは狐を3番に出した。" in s.out


async def test_back_returns_from_a_group_to_the_groups(service):
    s = await play(service, ["6", "back", "5", "4"])
    after_back = s.out.split("Owl (4 choices):", 1)[1]
    assert TOP_EN in after_back
    assert "ann plays Fox to slot 4." in s.out


async def test_a_group_of_one_choice_is_picked_directly(service):
    s = await play(service, ["9"])
    assert "Moth (" not in s.out
    assert "ann plays Moth to slot 1." in s.out


async def test_an_action_code_works_at_any_stage_of_the_menu(service):
    s = await play(service, ["7", "play card=heron slot=2"])
    assert "ann plays Heron to slot 2." in s.out


async def test_a_number_outside_the_shown_list_says_there_is_no_such_choice(service):
    s = await play(service, ["5", "7"])
    assert "There is no choice 7. Choose a number from 1 to 4, or type an action." in s.out
    assert "plays" not in s.out


async def test_identical_labels_never_appear_twice(service):
    s = await play(service, [])
    menu = [line.split(". ", 1)[1] for line in s.out.splitlines() if line[:6].strip().rstrip(".").isdigit()]
    assert len(menu) == len(set(menu)) == 9
    assert "Wait    [wait mood=calm]" in menu and "Wait    [wait mood=tense]" in menu
    assert "Pass" in menu  # a label no other shares is shown without its code


async def test_the_menu_is_printed_once_per_decision_not_after_every_prompt(service):
    s = await play(service, ["nonsense", "board", "nonsense again"])
    assert s.out.count("    9. Play Moth to slot 1") == 1
    s = await play(service, ["nonsense", "menu"])
    assert s.out.count("    9. Play Moth to slot 1") == 2


async def test_help_lists_every_choice_with_the_code_to_type(service):
    s = await play(service, ["help"])
    assert "    1. Pass    [pass]" in s.out
    assert "    9. Play Moth to slot 1    [play card=moth slot=1]" in s.out


def test_a_short_menu_is_not_staged_even_with_groups():
    choices = [Choice({"kind": "play", "n": i}, Text(f"Play {i}", f"{i}を出す"), group=Text("All", "全部"))
               for i in range(MENU_LIMIT)]
    assert not Menu(1, choices).staged and len(entries(choices)) == MENU_LIMIT
    longer = [*choices, Choice({"kind": "pass"}, Text("Pass", "パス"))]
    assert Menu(1, longer).staged and len(entries(longer)) == 2


def test_issue_21_a_long_group_is_staged_again_by_its_subgroups_and_back_closes_one_stage():
    """Card, then square, then what pays: 7 squares x 3 discards in one card's group."""
    big = [Choice({"kind": "place", "square": sq, "pay": pay}, Text(f"Place on {sq}, discard {pay}", f"{sq}番、{pay}"),
                  group=Text("General", "武将"), subgroup=Text(f"Square {sq}", f"{sq}番"))
           for sq in range(1, 8) for pay in "abc"]
    menu = Menu(1, [Choice({"kind": "pass"}, Text("Pass", "パス")), *big])
    assert [e.label.en for e in menu.top] == ["Pass", "General (21 choices)"]
    menu.opened.append(menu.top[1])
    squares = menu.level()
    assert [e.label.en for e in squares] == [f"Square {sq} (3 choices)" for sq in range(1, 8)]
    menu.opened.append(squares[2])
    assert [e.label.en for e in menu.level()] == ["Place on 3, discard a", "Place on 3, discard b",
                                                  "Place on 3, discard c"]
    assert [menu.choices[e.picks[0]].action["pay"] for e in menu.level()] == ["a", "b", "c"]
    menu.opened.pop()  # `back`
    assert menu.level() == squares
    twelve = Menu(1, [Choice({"kind": "pass"}, Text("Pass", "パス")), *big[:12]])
    twelve.opened.append(twelve.top[1])  # a group that fits the screen is not staged again
    assert len(twelve.level()) == 12 and not any(e.group for e in twelve.level())
