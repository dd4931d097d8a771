"""A click runs its item once, from its custom id (bot/discord/views.clicked), and only when
the message clicked shows that component, as discord.py's dynamic items would have it."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness, walk
from tests.discord.helpers import lobby_message, open_match, state


def responses(h: Harness, interaction_id: int) -> int:
    return sum(1 for c in h.fake.calls if c.path.startswith(f"/interactions/{interaction_id}/"))


async def test_a_click_runs_its_item_once(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    match_id, _thread = await open_match(h, ALICE, start=False)
    play = h.bot.parley.play  # type: ignore[union-attr]
    runs: list[str] = []
    real = play.lobby_click

    async def counted(interaction: Any, *args: Any) -> None:
        runs.append(args[1])
        await real(interaction, *args)
    monkeypatch.setattr(play, "lobby_click", counted)
    joined = await h.click(BOB, lobby_message(h, match_id), f"p:l:{match_id}:join")
    assert runs == ["join"]  # not a second time by discord.py's own dispatch of dynamic items
    assert responses(h, joined.id) == 1
    assert [p.id for p in (await state(h, match_id)).lobby] == [f"discord:{ALICE.id}", f"discord:{BOB.id}"]


async def test_a_click_on_a_component_the_message_does_not_show_runs_nothing(harness: Harness) -> None:
    h = harness
    match_id, _thread = await open_match(h, ALICE, start=False)
    join = f"p:l:{match_id}:join"
    lobby = copy.deepcopy(lobby_message(h, match_id))
    payload, ex = h._base(3, BOB, int(lobby["channel_id"]))
    payload["data"] = {"custom_id": join, "component_type": 2}
    shown = h.fake.public(lobby)
    for row in shown["components"]:
        row["components"] = [c for c in row["components"] if c.get("custom_id") != join]
    assert join not in [c.get("custom_id") for c in walk(shown["components"])]
    payload["message"] = shown
    await h._dispatch(payload, ex)
    assert responses(h, ex.id) == 0 and ex.acked_at == -1  # never answered (the harness says so: taken back)
    assert h.fake.violations == [f"interaction {ex.id} was never acknowledged"]
    h.fake.violations.clear()
    assert [p.id for p in (await state(h, match_id)).lobby] == [f"discord:{ALICE.id}"]
