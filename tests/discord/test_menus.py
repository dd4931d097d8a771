"""Long menus in two stages (the groups, then a group's choices), a hand's cards each with its own
button (bot/discord/handlayout.py), and no label twice in a menu."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.discord.layout import accent, text_of
from bot.discord.menus import OTHER, entry_for, stages, substages, unique_labels
from bot.discord.views import choice_view, group_view
from engine.core import Choice, Text
from tests.discord import games
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness, User, custom_ids, walk
from tests.discord.helpers import open_match, state


def options(msg: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of the message's one select menu (in a layout message, below its container)."""
    [select] = [c for c in walk(msg["components"]) if c.get("type") == 3]
    return list(select["options"])


def sections(msg: dict[str, Any]) -> list[tuple[str, str]]:
    """A layout message's sections: each one's text and its button's custom id."""
    return [("\n".join(t["content"] for t in c["components"]), c["accessory"]["custom_id"])
            for c in walk(msg["components"]) if c.get("type") == 9]


@pytest.mark.usefixtures("seated")
async def test_more_than_25_grouped_choices_offer_the_groups_first(harness: Harness,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    monkeypatch.setitem(games.MENU_CARDS, "n", 12)  # twelve cards: too many for the hand's sections
    match_id, _ = await open_match(h, ALICE, BOB, game="menus")
    ms = await state(h, match_id)
    assert len(ms.game.legal_actions(ms.state, 0)) == 67
    dm = copy.deepcopy(h.fake.dms(ALICE.id)[-1])
    assert custom_ids(dm) == [f"p:g:{match_id}:{ms.seq}:0"] and not sections(dm)
    first = options(dm)
    assert [o["label"] for o in first] == ["Pass", "Roll", "Mark (keeps the turn)", "Draw",
                                           *(f"Bank {c}" for c in ms.state.hands[0]),
                                           *(f"Card {n}" for n in range(1, 13))]
    assert first[-1]["description"] == "5 choices" and first[-1]["value"] == "g:62"
    assert "/parley act" not in text_of(dm)  # the menu fits: no pointer to typing
    # Card 3: its five places, in a second menu taking the groups' place on the DM, with a way back
    opened = await h.click(ALICE, dm, custom_ids(dm)[0], values=["g:17"])
    second = copy.deepcopy(h.last_reply(opened))
    assert second["id"] == dm["id"] and text_of(second) == text_of(dm)
    assert custom_ids(second) == [f"p:s:{match_id}:{ms.seq}:0", f"p:b:{match_id}:{ms.seq}:0"]
    assert [o["label"] for o in options(second)] == ["to the left", "to the centre", "to the right", "to the front",
                                                     "to the back"]
    assert [o["value"] for o in options(second)] == ["17", "18", "19", "20", "21"]
    assert (await state(h, match_id)).seq == ms.seq  # opening a group plays nothing
    back = await h.click(ALICE, second, f"p:b:{match_id}:{ms.seq}:0")
    assert options(h.last_reply(back)) == first and (await state(h, match_id)).seq == ms.seq
    await h.click(ALICE, dm, custom_ids(dm)[0], values=["g:17"])
    since = len(h.fake.calls)
    played = await h.click(ALICE, second, custom_ids(second)[0], values=["19"])
    assert "Done" in h.reply_text(played)
    # The DM itself shows the new position, through the click's answer: no edit of its own.
    assert not [c for c in h.fake.calls[since:] if c.path.endswith(f"/messages/{dm['id']}")]
    assert f"p:s:{match_id}:{ms.seq}:0" not in custom_ids(h.fake.messages[int(dm["id"])])
    events = await h.parley.service.events(match_id)
    assert events[-1].payload["action"] == {"kind": "pass", "card": 2, "place": 2}
    # The first menu, still on the old DM, is stale now.
    stale = await h.click(ALICE, dm, custom_ids(dm)[0], values=["g:22"])
    assert "no longer current" in h.reply_text(stale)


@pytest.mark.slow
@pytest.mark.usefixtures("seated")
async def test_a_hand_shows_each_card_beside_a_button_opening_its_choices(harness: Harness) -> None:
    h = harness
    match_id, _ = await open_match(h, ALICE, BOB, game="menus")
    ms = await state(h, match_id)
    choices = ms.game.legal_actions(ms.state, 0)
    dm = copy.deepcopy(h.fake.dms(ALICE.id)[-1])
    assert dm["flags"] & (1 << 15) and not dm["content"]
    # A section per card, in the order of the choices; the choices of no card in a select below.
    assert sections(dm) == [(f"**Card {n}**\n-# 5 choices", f"p:b:{match_id}:{ms.seq}:0:{7 + 5 * (n - 1)}")
                            for n in range(1, 9)]
    loose = [str(i) for i, c in enumerate(choices) if c.group is None]
    assert [o["value"] for o in options(dm)] == loose and len(loose) == 7
    # Card 3's button: its five places in the select's stead, the cards still there, and a way back
    opened = await h.click(ALICE, dm, f"p:b:{match_id}:{ms.seq}:0:17")
    second = copy.deepcopy(h.last_reply(opened))
    assert second["id"] == dm["id"] and text_of(second) == text_of(dm) and sections(second) == sections(dm)
    assert [o["value"] for o in options(second)] == ["17", "18", "19", "20", "21"]
    assert custom_ids(second)[-2:] == [f"p:s:{match_id}:{ms.seq}:0", f"p:b:{match_id}:{ms.seq}:0"]
    assert [c["label"] for c in second["components"][-1]["components"]] == ["Back"]
    back = await h.click(ALICE, second, f"p:b:{match_id}:{ms.seq}:0")
    assert custom_ids(h.last_reply(back)) == custom_ids(dm) and (await state(h, match_id)).seq == ms.seq
    since = len(h.fake.calls)
    await h.click(ALICE, second, f"p:s:{match_id}:{ms.seq}:0", values=["19"])
    assert (await h.parley.service.events(match_id))[-1].payload["action"] == {"kind": "pass", "card": 2, "place": 2}
    # The DM shows the new position through the click's answer, and the old card buttons are stale.
    assert not [c for c in h.fake.calls[since:] if c.path.endswith(f"/messages/{dm['id']}")]
    assert text_of(h.fake.messages[int(dm["id"])]).startswith("Done")
    stale = await h.click(ALICE, dm, f"p:b:{match_id}:{ms.seq}:0:22")
    assert "no longer current" in h.reply_text(stale)


@pytest.mark.usefixtures("seated")
@pytest.mark.parametrize(("locale", "header", "open_label", "opened", "done"),
                         [("en", "Your view of match", "Choose…", "Card 3: choose one.", "Done: "),
                          ("ja", "のあなたの画面", "選ぶ…", "カード3: 1つ選んでください。", "実行しました: ")])
async def test_the_hand_command_answers_with_the_dms_layout_whose_card_buttons_open_and_play(
        harness: Harness, locale: str, header: str, open_label: str, opened: str, done: str) -> None:
    h = harness
    dana = User(111_000_000_000_000_005, "dana", locale)
    match_id, thread = await open_match(h, dana, BOB, game="menus")
    ms = await state(h, match_id)
    [reply] = h.replies(await h.slash(dana, "hand", channel=thread))
    # A private layout message in the seat's colour, the DM's cards beside the same buttons.
    assert reply["_visible_to"] == dana.id and reply["flags"] & (1 << 15) and not reply["content"]
    assert reply["components"][0]["type"] == 17 and reply["components"][0]["accent_color"] == accent(0)
    assert header in text_of(reply).split("\n")[0]
    assert sections(reply) == sections(h.fake.dms(dana.id)[-1]) and len(sections(reply)) == 8
    labels = {c["accessory"]["label"] for c in walk(reply["components"]) if c.get("type") == 9}
    assert labels == {open_label}
    # Card 3's button opens its five places in a private reply of their own; picking one plays it.
    shown = await h.click(dana, reply, f"p:b:{match_id}:{ms.seq}:0:17")
    places = h.last_reply(shown)
    assert places["_visible_to"] == dana.id and text_of(places) == opened
    assert [o["value"] for o in options(places)] == ["17", "18", "19", "20", "21"]
    await h.click(dana, places, custom_ids(places)[0], values=["19"])
    events = await h.parley.service.events(match_id)
    assert events[-1].payload["action"] == {"kind": "pass", "card": 2, "place": 2}
    # That message now shows the hand as it is, as a layout, what the move did on top.
    now = h.fake.messages[int(places["id"])]
    assert now["flags"] & (1 << 15) and not now["content"] and text_of(now).startswith(done)
    assert header in text_of(now).split("\n")[1]


@pytest.mark.usefixtures("seated")
async def test_a_loose_choice_in_the_first_menu_plays_at_once(harness: Harness,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    monkeypatch.setitem(games.MENU_CARDS, "n", 12)
    match_id, _ = await open_match(h, ALICE, BOB, game="menus")
    ms = await state(h, match_id)
    dm = h.fake.dms(ALICE.id)[-1]
    mark = next(o["value"] for o in options(dm) if o["label"].startswith("Mark"))
    await h.click(ALICE, dm, custom_ids(dm)[0], values=[mark])
    after = await state(h, match_id)
    assert after.seq == ms.seq + 1 and after.state.marks[0] == 1


@pytest.mark.usefixtures("seated")
async def test_suggestions_carry_the_group_so_typing_a_card_finds_its_choices(harness: Harness) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, BOB, game="menus")
    found = await h.autocomplete(ALICE, "act", "action", channel=thread, action="card 3")
    assert [s["name"] for s in found] == ["Card 3 · to the left", "Card 3 · to the centre", "Card 3 · to the right",
                                          "Card 3 · to the front", "Card 3 · to the back"]
    everything = await h.autocomplete(ALICE, "act", "action", channel=thread, action="")
    assert len(everything) == 25 and len({s["name"] for s in everything}) == 25


@pytest.mark.usefixtures("seated")
async def test_the_same_label_twice_in_one_menu_is_told_apart_by_its_group(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, game="twins")
    # In a menu (the one a hand gets when its cards do not fit beside it), the card tells them apart ...
    ms = await state(h, match_id)
    menu = choice_view(match_id, ms.seq, 0, h.parley.service.choices_of(ms, 0), "en")
    assert menu is not None
    labels = [o["label"] for c in walk(menu.to_components()) if c.get("type") == 3 for o in c["options"]]
    assert labels[-2:] == ["Play it (Knight)", "Play it (Dragon)"]
    # ... in the DM and the reply to /parley hand, each is beside its card, whose button plays it at once.
    beside = [("**Knight**\nPlay it", f"p:a:{match_id}:{ms.seq}:0:7"),
              ("**Dragon**\nPlay it", f"p:a:{match_id}:{ms.seq}:0:8")]
    assert sections(h.fake.dms(ALICE.id)[-1]) == beside
    reply = h.last_reply(await h.slash(ALICE, "hand", channel=thread))
    assert sections(reply) == beside
    ja = h.reply_text(await h.slash(BOB, "hand", channel=thread))  # Bob waits: no menu, who he waits for
    assert ja.endswith("\n**alice** の選択待ち。")
    # Dragon's button on that private reply plays it, and the reply shows the new position in its place.
    await h.click(ALICE, reply, f"p:a:{match_id}:{ms.seq}:0:8")
    assert (await h.parley.service.events(match_id))[-1].payload["action"] == {"kind": "pass", "card": 1}
    refreshed = h.fake.messages[int(reply["id"])]
    assert text_of(refreshed).startswith("Done") and refreshed["flags"] & (1 << 15)
    assert f"p:a:{match_id}:{ms.seq}:0:8" not in custom_ids(refreshed)


def test_unique_labels_use_hints_then_numbers() -> None:
    labels = unique_labels(["Pass", "Play it", "Play it", "Play it", "x" * 120],
                           [[""], ["Knight", "play card=1"], ["Knight", "play card=2"], ["Dragon", "play card=3"],
                            [""]], 100)
    assert labels == ["Pass", "Play it (play card=1)", "Play it (play card=2)", "Play it (Dragon)", "x" * 99 + "…"]
    assert unique_labels(["Go", "Go", "Go"], [[], [], []], 80) == ["Go", "Go #2", "Go #3"]


def test_stages_page_a_big_group_and_fold_loose_choices_when_needed() -> None:
    def choice(n: int, group: Text | None) -> Choice:
        return Choice({"kind": "pass", "n": n}, Text(f"c{n}", f"c{n}"), group=group)
    big = Text("Big", "大")
    entries = stages([choice(i, None) for i in range(3)] + [choice(i, big) for i in range(3, 33)])
    assert entries is not None
    assert [(e.label.en, len(e.indices), e.group) for e in entries] == [
        ("c0", 1, False), ("c1", 1, False), ("c2", 1, False), ("Big (1/2)", 25, True), ("Big (2/2)", 5, True)]
    assert entries[4].label.ja == "大（2/2）"
    groups = [Text(f"G{g}", f"G{g}") for g in range(20)]
    crowded = stages([choice(i, None) for i in range(10)] + [choice(i, groups[i % 20]) for i in range(10, 50)])
    assert crowded is not None and crowded[0].label == OTHER and len(crowded[0].indices) == 10
    assert stages([choice(i, None) for i in range(30)]) is None  # no groups: typing with suggestions instead
    assert stages([choice(i, groups[0]) for i in range(20)]) is None  # fits one menu as it is


def test_issue_21_a_group_too_long_for_one_menu_is_staged_by_its_subgroups_not_paged() -> None:
    """A Musou general: 8 squares x (face up, face down) x 3 discards, 48 choices
    of one card: the card, then the square, then what pays."""
    big = [Choice({"kind": kind, "square": sq, "pay": pay}, Text(f"{kind} {sq} {pay}", f"{kind} {sq} {pay}"),
                  group=Text("General", "武将"), subgroup=Text(f"{kind} on {sq}", f"{sq}番に{kind}"))
           for kind in ("place", "facedown") for sq in range(1, 9) for pay in "abc"]
    choices = [Choice({"kind": "pass"}, Text("Pass", "パス")), *big]
    top = stages(choices)
    assert top is not None and [(e.label.en, len(e.indices)) for e in top] == [("Pass", 1), ("General", 48)]
    within = substages(choices, top[1].indices)
    assert within is not None and len(within) == 16 and all(e.group and len(e.indices) == 3 for e in within)
    assert entry_for(choices, top[1].value) == top[1] and entry_for(choices, within[5].value) == within[5]
    assert within[5].value.startswith("s:") and within[5].value != top[1].value
    square = group_view("m1", 3, 0, choices, top[1], "en")
    assert [type(i).__name__ for i in square.children] == ["GroupSelect"]
    assert [o.label for o in square.children[0].item.options][:2] == ["place on 1", "place on 2"]
    pays = group_view("m1", 3, 0, choices, within[5], "en")
    assert [type(i).__name__ for i in pays.children] == ["ActSelect"]
    assert [o.label for o in pays.children[0].item.options] == ["place 6 a", "place 6 b", "place 6 c"]


def test_a_label_too_long_for_a_button_puts_the_few_choices_in_a_select() -> None:
    short = [Choice({"kind": "pass"}, Text("Pass", "パス")), Choice({"kind": "end"}, Text("End", "終了"))]
    long = [*short, Choice({"kind": "deploy"}, Text("Deploy " + "x" * 90, "配置"))]
    buttons = choice_view("m1", 3, 0, short, "en")
    assert buttons is not None and [type(i).__name__ for i in buttons.children] == ["ActButton", "ActButton"]
    select = choice_view("m1", 3, 0, long, "en")
    assert select is not None and [type(i).__name__ for i in select.children] == ["ActSelect"]
    assert choice_view("m1", 3, 0, long, "ja") is not None
