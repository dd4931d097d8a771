"""Golden renderings of the layout messages, the board's and a hand's, per game, in English and Japanese.

Each file in tests/discord/golden/ is what Discord was sent for a board after
a few moves of a seeded match (its flags, components and the picture's alt
text), or for the DM of the seat then asked a decision (hand-*.json: its
cards as sections, each with its button), with the match id, the thread's id
and the players' ids written as placeholders. A change to how they look
shows here as a diff to read. To accept a change on
purpose, regenerate and review the diff:

    PARLEY_REGOLD=1 .venv/bin/python -m pytest -q tests/discord/test_golden.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import COMPONENTS_V2, Harness, User, is_layout, walk
from tests.discord.helpers import open_match, state
from tests.discord.moves import move, seed_secrets

GOLDEN = Path(__file__).with_name("golden")
MOVES = 4
HAND_MOVES = 40  # at most, until the seat asked has a decision with cards


def placeholders(value: Any, match_id: str, thread: int = 0) -> Any:
    """The rendering with what changes from run to run (the match id, the thread's, user ids) named instead."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    for real, name in ((match_id, "{match}"), (str(thread or match_id), "{thread}"), (str(ALICE.id), "{alice}"),
                       (str(BOB.id), "{bob}")):
        text = text.replace(real, name)
    return json.loads(text)


async def board_sent(h: Harness, game: str, locale: str) -> dict[str, Any]:
    seed_secrets(h, 11)
    match_id, thread = await open_match(h, ALICE, BOB, game=game, options="", guild_locale=locale)
    for _ in range(MOVES):
        ms = await state(h, match_id)
        pending = ms.game.pending(ms.state)[0]
        choices = ms.game.legal_actions(ms.state, pending.seat)
        user = {f"discord:{u.id}": u for u in (ALICE, BOB)}[ms.seats[pending.seat].id]
        await move(h, user, thread, match_id, ms.seq, pending.seat, 0, choices)
    rec = await h.parley.delivery.record(match_id)
    msg = h.fake.messages[int(rec["board_msg"])]
    sent = {"flags": msg["flags"], "components": msg["components"],
            "attachments": [{"filename": a["filename"], "description": msg["_alt"].get(a["filename"])}
                            for a in msg["attachments"]]}
    return placeholders(sent, match_id)


async def hand_sent(h: Harness, game: str, locale: str) -> dict[str, Any]:
    """The DM of the seat asked to decide, once a few moves in and asked about cards, both players in `locale`."""
    seed_secrets(h, 11)
    players = tuple(User(u.id, u.name, "en-US" if locale == "en" else "ja") for u in (ALICE, BOB))
    match_id, thread = await open_match(h, *players, game=game, options="", guild_locale=locale)
    for made in range(HAND_MOVES):
        ms = await state(h, match_id)
        pending = ms.game.pending(ms.state)[0]
        choices = ms.game.legal_actions(ms.state, pending.seat)
        user = {f"discord:{u.id}": u for u in players}[ms.seats[pending.seat].id]
        if made >= MOVES and any(c.group is not None for c in choices):
            break
        await move(h, user, thread, match_id, ms.seq, pending.seat, 0, choices)
    msg = h.fake.dms(user.id)[-1]
    return placeholders({"flags": msg["flags"], "components": msg["components"]}, match_id, thread)


def matches_golden(sent: dict[str, Any], name: str) -> bool:
    """Whether `sent` is the golden rendering `name` (written first, with PARLEY_REGOLD set)."""
    path = GOLDEN / name
    if os.environ.get("PARLEY_REGOLD"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(sent, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return bool(sent == json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game", ["quarriors", "naru", "musou", "warlords"])
async def test_the_board_layout_is_the_golden_one(harness: Harness, game: str, locale: str) -> None:
    sent = await board_sent(harness, game, locale)
    assert is_layout(sent) and sent["flags"] & COMPONENTS_V2
    name = f"board-{game}-{locale}.json"
    assert matches_golden(sent, name), f"the {game} board ({locale}) differs from {name}; if meant, regenerate (see above)"


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game", ["quarriors", "naru", "musou", "warlords"])
async def test_the_hand_layout_is_the_golden_one(harness: Harness, game: str, locale: str) -> None:
    sent = await hand_sent(harness, game, locale)
    assert is_layout(sent) and sent["flags"] & COMPONENTS_V2
    assert any(c.get("type") == 9 for c in walk(sent["components"])), "the decision's cards, as sections"
    name = f"hand-{game}-{locale}.json"
    assert matches_golden(sent, name), f"the {game} hand ({locale}) differs from {name}; if meant, regenerate (see above)"
