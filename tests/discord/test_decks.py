"""Decks and card sets through Discord (bot/discord/decks.py): saved in a form
(pasted or uploaded), refused with every line-numbered problem, private to
their owner; picked on joining and dealt by the match without any other seat
seeing it; a server's card set uploaded by a manager and played by a match."""

from __future__ import annotations

import copy
import json

import pytest

from engine.core import Viewer
from engine.core.bundled import bundled_text
from engine.registry import get_game
from events import decks
from events.export import export_jsonl
from events.seal import SEALED
from tests.discord.conftest import ALICE, BOB, MOD
from tests.discord.harness import FakeDiscord, Harness, custom_ids
from tests.discord.helpers import all_public_text, lobby_message, state
from tests.stores.test_decks import naru_deck

SAVE = "デッキを保存"


def _labels(modal: dict) -> dict[str, int]:  # type: ignore[type-arg]
    assert 1 <= len(modal["components"]) <= 5 and len(modal["title"]) <= 45
    assert all(row["type"] == 18 and len(row["label"]) <= 45 for row in modal["components"])
    return {row["label"]: row["component"]["type"] for row in modal["components"]}


async def test_a_deck_with_errors_then_a_good_one(harness: Harness) -> None:
    h = harness
    opened = await h.slash(BOB, "deck save", game="naru", name="冬の陣")
    assert opened.ack_type == 9 and SAVE in opened.modal["title"]
    labels = _labels(opened.modal)
    assert sorted(labels.values()) == [4, 19]  # a text input and a file upload
    paste = next(k for k, t in labels.items() if t == 4)
    upload = next(k for k, t in labels.items() if t == 19)
    bad = await h.submit(BOB, opened, **{paste: "3 No Such Card\n2 Rice Paddy\nxx yy zz"})
    said = h.reply_text(bad)
    assert "1行目" in said and "No Such Card" in said and "3行目" in said and "Traceback" not in said
    assert all(m["_visible_to"] == BOB.id for m in h.replies(bad))
    assert await h.parley.service.store.decks(f"discord:{BOB.id}") == []

    again = await h.slash(BOB, "deck save", game="naru", name="冬の陣")
    text = naru_deck("winter")
    good = await h.submit(BOB, again, files={upload: ("winter.txt", text.encode())}, **{paste: "ignored"})
    assert "保存しました" in h.reply_text(good)
    [kept] = await h.parley.service.store.decks(f"discord:{BOB.id}")
    assert (kept.name, kept.game, kept.text) == ("冬の陣", "naru", text)  # the file won over the paste

    listed = h.reply_text(await h.slash(BOB, "deck list"))
    assert "naru: 冬の陣" in listed
    shown = await h.slash(BOB, "deck show", game="naru", name="冬の陣")
    assert text.splitlines()[0] in h.reply_text(shown)
    assert all(m["_visible_to"] == BOB.id for m in h.replies(shown))
    # private: Alice neither lists nor reads it
    assert "冬の陣" not in h.reply_text(await h.slash(ALICE, "deck list"))
    assert "no naru deck" in h.reply_text(await h.slash(ALICE, "deck show", game="naru", name="冬の陣"))
    names = await h.autocomplete(BOB, "deck show", "name", game="naru", name="冬")
    assert [c["value"] for c in names] == ["冬の陣"]
    await h.slash(BOB, "deck delete", game="naru", name="冬の陣")
    assert await h.parley.service.store.decks(f"discord:{BOB.id}") == []


@pytest.mark.slow
async def test_a_long_deck_is_shown_as_a_file_and_join_again_after_the_start_offers_nothing(
        harness: Harness) -> None:
    from engine.warlords.decks import export_deck, starter, starter_ids

    h = harness
    text = export_deck(starter(starter_ids()[0]))
    assert len(text) > 1800  # the control: too long for one message with its title
    await decks.save_deck(h.parley.service.store, f"discord:{ALICE.id}", "warlords", "Big", text, "2026-12-02")
    shown = await h.slash(ALICE, "deck show", game="warlords", name="Big")
    files = [f for c in h.fake.calls if c.files for f in c.files]
    assert ("deck.txt", text.encode()) in files and "**Big**" in h.reply_text(shown)
    await decks.save_deck(h.parley.service.store, f"discord:{BOB.id}", "warlords", "Big", text, "2026-12-02")
    created = await h.slash(ALICE, "new", game="warlords", rated=True)
    match_id = h.reply_text(created).split("`")[1]
    lobby = lobby_message(h, match_id)
    assert f"p:dk:{match_id}" in custom_ids(h.last_reply(created))  # Alice's decks, offered as she creates it
    await h.click(BOB, lobby, f"p:l:{match_id}:join")
    seen = copy.deepcopy(lobby)  # Bob's client, showing the lobby as it was before the start
    await h.click(ALICE, lobby, f"p:l:{match_id}:start")
    late = await h.click(BOB, seen, f"p:l:{match_id}:join")
    assert h.replies(late) and all(f"p:dk:{match_id}" not in custom_ids(m) for m in h.replies(late))


async def test_a_deck_picked_at_join_is_dealt_and_no_other_seat_sees_it(harness: Harness) -> None:
    h = harness
    store = h.parley.service.store
    text = naru_deck("winter")
    await decks.save_deck(store, f"discord:{BOB.id}", "naru", "Secret plan", text, "2026-12-02T12:00:00+00:00")
    created = await h.slash(ALICE, "new", game="naru", rated=True)
    assert "you play the match's default" in h.reply_text(created)  # Alice has no deck saved
    match_id = h.reply_text(created).split("`")[1]
    lobby = lobby_message(h, match_id)
    joined = await h.click(BOB, lobby, f"p:l:{match_id}:join")
    offer = h.last_reply(joined)
    assert offer["_visible_to"] == BOB.id and f"p:dk:{match_id}" in custom_ids(offer)
    picked = await h.click(BOB, offer, f"p:dk:{match_id}", values=["Secret plan"])
    assert "Secret plan" in h.reply_text(picked) and "見えません" in h.reply_text(picked)
    again = await h.click(BOB, lobby, f"p:l:{match_id}:join")  # Join again: the picker again, not a refusal
    assert f"p:dk:{match_id}" in custom_ids(h.last_reply(again))
    await h.click(ALICE, lobby, f"p:l:{match_id}:start")

    ms = await state(h, match_id)
    assert ms.status == "running"
    start = next(e for e in await store.events(match_id) if e.type == "match_started")
    assert SEALED in start.payload and start.payload["decks"]["decks"][1] == text
    winter = get_game("naru").starters["winter"]  # type: ignore[attr-defined]
    dealt = sorted(ms.state.cards[c] for c, owner in ms.state.owner.items() if owner == 1)
    assert dealt == sorted(k for k, n in winter.cards.items() for _ in range(n))

    # Lines of the list itself (a card name alone may be played in the open), as text and as JSON writes them.
    body = "\n".join(text.splitlines()[1:4])
    forms = (body, json.dumps(body, ensure_ascii=False)[1:-1], "Secret plan")
    assert json.dumps(body, ensure_ascii=False)[1:-1] in json.dumps(start.payload, ensure_ascii=False)  # the control
    seen_by_alice = [all_public_text(h), *(FakeDiscord.text(m) for m in h.fake.dms(ALICE.id)),
                     await export_jsonl(h.parley.service, match_id, player_id=f"discord:{ALICE.id}"),
                     json.dumps(ms.game.view(ms.state, Viewer.of(0)), ensure_ascii=False)]
    for seen in seen_by_alice:
        assert not any(form in seen for form in forms)


async def test_a_server_card_set_is_uploaded_by_a_manager_and_played(harness: Harness) -> None:
    h = harness
    refused = await h.slash(ALICE, "deck cardset", game="musou", name="House")
    assert refused.modal is None and "Manage Server" in h.reply_text(refused)
    opened = await h.slash(MOD, "deck cardset", game="musou", name="House")
    labels = _labels(opened.modal)
    [upload] = labels
    assert labels[upload] == 19 and opened.modal["components"][0]["component"].get("required", True)
    broken = await h.submit(MOD, opened, files={upload: ("house.json", b'{"title": 1}')})
    assert h.reply_text(broken).startswith("Line 1 (title): ")  # each problem by its line, as for the other games
    data = json.loads(bundled_text("engine.musou", "data/sample_cards.json"))
    data["title"] = {"en": "House rules set", "ja": "ハウスルールのセット"}
    raw = json.dumps(data, ensure_ascii=False)
    opened = await h.slash(MOD, "deck cardset", game="musou", name="House")
    saved = await h.submit(MOD, opened, files={upload: ("house.json", raw.encode())})
    assert "cardset=House" in h.reply_text(saved)

    missing = await h.slash(ALICE, "new", game="musou", options="cardset=Nope")
    assert "no musou card set named 'Nope'" in h.reply_text(missing)
    created = await h.slash(ALICE, "new", game="musou", options="cardset=House")
    match_id = h.reply_text(created).split("`")[1]
    lobby = lobby_message(h, match_id)
    await h.click(BOB, lobby, f"p:l:{match_id}:join")
    await h.click(ALICE, lobby, f"p:l:{match_id}:start")
    ms = await state(h, match_id)
    assert ms.status == "running" and ms.options["cards"] == raw and ms.state.card_set == raw


@pytest.mark.slow
async def test_the_deck_group_is_published_in_japanese_too(harness: Harness) -> None:
    h = harness
    await h.bot.tree.sync()
    [parley] = [c for c in h.fake.commands if c["name"] == "parley"]
    deck = next(o for o in parley["options"] if o["name"] == "deck")
    assert {s["name"] for s in deck["options"]} == {"save", "list", "show", "delete", "cardset"}
    for item in [deck, *deck["options"], *(o for s in deck["options"] for o in s.get("options") or [])]:
        assert (item.get("name_localizations") or {}).get("ja"), item["name"]
        assert (item.get("description_localizations") or {}).get("ja"), item["name"]
