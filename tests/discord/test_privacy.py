"""Hidden information never reaches a channel, and nobody acts for another's seat."""

from __future__ import annotations

import copy
import io
import random
from typing import Any

import pytest
from PIL import Image

from bot import render
from bot.discord import drawing
from engine.registry import available
from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.harness import FakeDiscord, Harness, custom_ids
from tests.discord.helpers import all_public_text, board_message, open_match, state


def _secrets(ms: Any) -> set[str]:
    """Toy cards nobody may see publicly right now: every hand and the deck."""
    return {c for hand in ms.state.hands for c in hand} | set(ms.state.deck)


@pytest.mark.slow
async def test_a_whole_game_never_shows_hands_or_deck_publicly(harness: Harness) -> None:
    h = harness
    rng = random.Random(7)
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=25")
    users = {f"discord:{u.id}": u for u in (ALICE, BOB)}
    for _ in range(60):
        ms = await state(h, match_id)
        if ms.status != "running":
            break
        public = all_public_text(h)
        leaked = {c for c in _secrets(ms) if c in public}
        assert not leaked, f"hidden cards in a channel: {leaked}"
        [pending] = ms.game.pending(ms.state)
        user = users[ms.seats[pending.seat].id]
        choices = ms.game.legal_actions(ms.state, pending.seat)
        pick = rng.randrange(len(choices))
        if rng.random() < 0.5:  # half by the DM menu, half by the slash command
            dm = [m for m in h.fake.dms(user.id) if m["_interaction"] is None][-1]  # not a reply to a click
            ids = custom_ids(dm)
            if ids[0].startswith("p:s:"):
                await h.click(user, dm, ids[0], values=[str(pick)])
            else:  # five or fewer: one button each
                await h.click(user, dm, ids[pick])
        else:
            options = await h.autocomplete(user, "act", "action", channel=thread, action="")
            await h.slash(user, "act", channel=thread, action=options[pick]["value"])
        assert (await state(h, match_id)).seq > ms.seq
    assert (await state(h, match_id)).seq > 20


async def test_nobody_acts_for_another_seat(harness: Harness) -> None:
    h = harness
    match_id, _ = await open_match(h, ALICE, BOB)
    ms = await state(h, match_id)
    owner = [ALICE, BOB][ms.state.active]
    intruder = CAROL
    dm = copy.deepcopy(h.fake.dms(owner.id)[-1])  # say the custom id leaked
    ex = await h.click(intruder, dm, custom_ids(dm)[0], values=["0"])
    assert "not seated" in h.reply_text(ex)
    other = BOB if owner is ALICE else ALICE
    ex = await h.click(other, dm, custom_ids(dm)[0], values=["0"])
    assert (await state(h, match_id)).seq == ms.seq
    assert h.last_reply(ex)["_visible_to"] == other.id


async def test_grid_games_get_a_board_image(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(buf, format="PNG")
    async def drawn(game_id: str, view: object, names: object, locale: str = "en") -> bytes:
        return buf.getvalue()

    monkeypatch.setattr(drawing, "board_image", drawn)
    match_id, thread = await open_match(harness, ALICE, BOB)
    board = board_message(harness, thread)
    assert [a["filename"] for a in board["attachments"]] == ["board.png"]
    ms = await state(harness, match_id)
    await harness.slash([ALICE, BOB][ms.state.active], "act", channel=thread, action="roll")
    board = board_message(harness, thread)
    assert [a["filename"] for a in board["attachments"]] == ["board.png"] and board["edited_timestamp"]


@pytest.mark.slow
async def test_every_installed_game_opens_within_discord_limits(harness: Harness) -> None:
    """Smoke: each installed game can be created, filled with a bot and started, and its
    board, hand and suggestions fit Discord (the fixture fails on any broken limit)."""
    h = harness
    games = [g for g in available() if g not in ("toy", "wide")]
    for game in games:
        ex = await h.slash(ALICE, "new", game=game, rated=True)
        text = h.reply_text(ex)
        assert "created" in text, text
        match_id = text.split("`")[1]
        await h.slash(ALICE, "addbot", match=match_id)
        started = h.reply_text(await h.slash(ALICE, "start", match=match_id))
        if "Sorry" in started:
            pytest.fail(f"{game}: could not start (see the log)")
        ms = await state(h, match_id)
        assert ms.status in ("running", "finished")
        hand = await h.slash(ALICE, "hand", match=match_id)
        assert h.last_reply(hand)["_visible_to"] == ALICE.id
        if ms.status == "running":
            choices = await h.autocomplete(ALICE, "act", "action", match=match_id, action="")
            assert len(choices) <= 25
    assert FakeDiscord.text  # the limits themselves are checked by the harness on every call


def test_a_board_image_names_the_players_and_is_drawn_once_per_view() -> None:
    """Boards name players, images too; an unchanged view is not drawn again."""
    from engine.core import SPECTATOR, Rng
    from engine.registry import get_game
    game = get_game("naru")
    view = game.view(game.setup(2, game.options({}, 2), Rng(b"s" * 32)), SPECTATOR)
    named = render.image("naru", view, ["Alice", "Bob"])
    assert named is not None and named != render.image("naru", view, ["Carol", "Dan"])
    assert render.image("naru", view, ["Alice", "Bob"]) is named  # the cached bytes, not a new drawing
