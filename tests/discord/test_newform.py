"""`/parley new` as a form (bot/discord/newform.py): typed with only the game it
opens a modal of Label-wrapped inputs within Discord's limits; typed bare it
first offers the games; typed with anything more it creates the match at once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.registry import available
from tests.discord.conftest import ALICE, BOB, MOD
from tests.discord.harness import Harness, custom_ids
from tests.discord.helpers import lobby_message, state

SPEC = Path(__file__).resolve().parents[3] / "shared" / "data" / "discord-openapi.json"
MODAL_TOP_LEVEL = 5  # Discord: at most five components in a modal
LABEL_TEXT = 45


def _inputs(modal: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The form's inputs by their label, each checked to sit in a Label within Discord's limits."""
    assert 1 <= len(modal["components"]) <= MODAL_TOP_LEVEL
    out = {}
    for row in modal["components"]:
        assert row["type"] == 18, "every input sits in a Label (action rows in modals are deprecated)"
        assert 1 <= len(row["label"]) <= LABEL_TEXT and len(row.get("description") or "") <= 100
        out[row["label"]] = row["component"]
    return out


async def test_the_game_alone_opens_the_form_and_its_answers_make_the_match(harness: Harness) -> None:
    h = harness
    opened = await h.slash(ALICE, "new", game="toy")
    assert opened.ack_type == 9 and opened.modal is not None
    assert len(opened.modal["title"]) <= LABEL_TEXT
    inputs = _inputs(opened.modal)
    kinds = {label: c["type"] for label, c in inputs.items()}
    assert sorted(kinds.values()) == [3, 4, 4, 21, 23]  # select, two text inputs, radio group, checkbox
    assert await h.parley.service.store.matches() == []  # nothing made until the form is sent
    sent = await h.submit(ALICE, opened, **{"Deadline in hours, or a clock": "24",
                                            "When a deadline passes": "forfeit",
                                            "Game options (key=value)": "goal=40",
                                            "Bot seats": "1", "Rated on the ladder": False})
    reply = h.reply_text(sent)
    assert "created" in reply
    match_id = reply.split("`")[1]
    ms = await state(h, match_id)
    assert ms.options == {"goal": 40}
    assert (ms.place["deadline_hours"], ms.place["deadline_action"], ms.place["rated"]) == (24, "forfeit", False)
    assert ms.lobby[0].id == f"discord:{ALICE.id}" and ms.lobby[1].is_bot and len(ms.lobby) == 2
    assert "`goal=40`" in lobby_message(h, match_id)["content"]


async def test_typed_bare_it_offers_the_games_first_and_a_clock_goes_in_the_form(harness: Harness) -> None:
    h = harness
    first = await h.slash(BOB, "new")
    [offer] = h.replies(first)
    assert offer["_visible_to"] == BOB.id and "p:ng" in custom_ids(offer)
    assert [o["value"] for o in offer["components"][0]["components"][0]["options"]] == available()
    picked = await h.click(BOB, offer, "p:ng", values=["toy"])
    assert picked.ack_type == 9 and picked.modal is not None
    assert "新しい対戦" in picked.modal["title"]  # Bob's client is Japanese
    inputs = _inputs(picked.modal)
    sent = await h.submit(BOB, picked, **{next(k for k in inputs if "期限" in k and "過ぎ" not in k): "bank:1d+1h grace=2h",
                                          next(k for k in inputs if "レーティング" in k): True})
    assert "作成しました" in h.reply_text(sent)
    [row] = await h.parley.service.store.matches()
    ms = await state(h, row.id)
    assert ms.place["clock"]["mode"] == "bank" and ms.place["clock"]["grace_s"] == 7200
    assert ms.place["rated"] is True and len(ms.lobby) == 1


async def test_a_bad_answer_is_one_clear_line_and_makes_nothing(harness: Harness) -> None:
    h = harness
    opened = await h.slash(ALICE, "new", game="toy")
    sent = await h.submit(ALICE, opened, **{"Deadline in hours, or a clock": "fortnightly"})
    text = h.reply_text(sent)
    assert text and "Traceback" not in text and "clock" in text.lower()
    opened = await h.slash(ALICE, "new", game="toy")
    sent = await h.submit(ALICE, opened, **{"Deadline in hours, or a clock": "9000"})
    assert "720" in h.reply_text(sent)
    assert await h.parley.service.store.matches() == []


async def test_typed_options_skip_the_form(harness: Harness) -> None:
    h = harness
    ex = await h.slash(ALICE, "new", game="toy", options="goal=40")
    assert ex.ack_type == 5 and ex.modal is None
    assert "created" in h.reply_text(ex)
    unknown = await h.slash(ALICE, "new", game="chess")
    assert unknown.modal is None and "Unknown game 'chess'" in h.reply_text(unknown)
    assert len(await h.parley.service.store.matches()) == 1


@pytest.mark.slow
async def test_every_form_is_one_discords_spec_accepts(harness: Harness) -> None:
    """The modal payloads against the request schema of Discord's published OpenAPI spec."""
    jsonschema = pytest.importorskip("jsonschema")
    if not SPEC.exists():
        pytest.skip(f"no {SPEC}")
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(
        {"$ref": "#/components/schemas/ModalInteractionCallbackRequestData", "components": spec["components"]})
    h = harness
    opened = [await h.slash(ALICE, "new", game=g) for g in available()]
    opened.append(await h.slash(BOB, "deck save", game="naru", name="x" * 40))
    opened.append(await h.slash(MOD, "deck cardset", game="musou", name="house"))
    for ex in opened:
        assert ex.modal is not None
        assert [e.message for e in validator.iter_errors(ex.modal)] == []
        _inputs(ex.modal)
    broken = {**opened[0].modal, "title": "x" * 46}  # the control: a title over Discord's 45
    assert list(validator.iter_errors(broken))


async def test_a_form_opened_before_a_restart_still_works_after_it(harness: Harness) -> None:
    h = harness
    opened = await h.slash(ALICE, "new", game="toy")
    deck_form = await h.slash(BOB, "deck save", game="naru", name="Later")
    await h.restart()
    sent = await h.submit(ALICE, opened, **{"Game options (key=value)": "goal=33", "Rated on the ladder": True})
    match_id = h.reply_text(sent).split("`")[1]
    assert (await state(h, match_id)).options == {"goal": 33}
    paste = next(row["label"] for row in deck_form.modal["components"] if row["component"]["type"] == 4)
    kept = await h.submit(BOB, deck_form, **{paste: "1 No Such Card"})
    assert "1行目" in h.reply_text(kept)  # read and answered after the restart
