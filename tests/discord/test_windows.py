"""Response windows (events/window.py) through the bot: `window=MINUTES` in a
match's options or as the server's default, shown on the board, closed by the
real scheduler (whose `now` is the test's) with the pass, in English and
Japanese; a click racing the close lands once; the close time is the same
whether the seat holds a response or not; and the log replays and verifies."""

from __future__ import annotations

import asyncio
import copy
import sys
from datetime import UTC, datetime, timedelta
from types import ModuleType
from typing import Any, ClassVar

import pytest

from engine import registry
from engine.core import Choice, Text
from events.errors import Refused, ReplayError
from events.replay import rebuild
from events.verify import verify_match
from tests.discord import games
from tests.discord.conftest import ALICE, BOB, MOD
from tests.discord.harness import Harness, custom_ids
from tests.discord.helpers import board_text, open_match, state, thread_text
from tests.toygame import ToyState


class ParryGame(games.SeatedGame):
    """The seated toy, where a bank can be challenged only by a seat holding an
    `a` card: a seat without one has a lone accept, forced by its own hidden hand."""

    id: ClassVar[str] = "parry"
    title: ClassVar[Text] = Text("Parry", "受け流し")
    ruleset: ClassVar[str] = "parry-1"

    def legal_actions(self, state: ToyState, seat: int) -> list[Choice]:
        choices = super().legal_actions(state, seat)
        if state.responder is None or holds_response(state, seat):
            return choices
        return choices[:1]


def holds_response(state: ToyState, seat: int) -> bool:
    return any(card.endswith("-a") for card in state.hands[seat])


@pytest.fixture
def parry(monkeypatch: pytest.MonkeyPatch) -> None:
    game = ParryGame()
    monkeypatch.setitem(registry._LOADED, game.id, game)
    module = ModuleType(f"bot.render.{game.id}")
    module.board = games._board  # type: ignore[attr-defined]
    module.private = games._private  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)


async def _bank(h: Harness, match_id: str, thread: int) -> tuple[Any, datetime]:
    """The active seat banks a card; the other seat must answer it in a turn not
    its own (a response). Returns the state and about when the window opened."""
    ms = await state(h, match_id)
    active = ms.state.active
    bank = next(c for c in ms.game.legal_actions(ms.state, active) if c.action["kind"] == "bank")
    await h.slash([ALICE, BOB][active], "act", channel=thread, action=bank.code)
    ms = await state(h, match_id)
    assert ms.state.responder == 1 - active
    return ms, datetime.fromisoformat((await h.parley.service.events(match_id))[-1].at)


async def _verified(h: Harness, match_id: str) -> None:
    report = await verify_match(h.parley.service, match_id)
    assert report.ok, [x.en for x in report.lines if x.en.startswith("✗")]


@pytest.mark.slow
@pytest.mark.parametrize(("language", "closed"), [("en", "The response window closed for"),
                                                  ("ja", "の応答の受付時間が終わりました")])
async def test_a_response_window_closes_with_the_pass(harness: Harness, language: str, closed: str) -> None:
    h = harness
    await h.slash(MOD, "settings", language=language)
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=50 window=30")
    ms = await state(h, match_id)
    assert "window" not in ms.options and ms.place["window_minutes"] == 30  # the table's, not the game's
    shown = {"en": "⌛ Response window: 30 min", "ja": "⌛ 応答の受付時間: 30分"}[language]
    assert shown in board_text(h, thread)
    # The active seat's own turn is no response: no window closes it.
    await h.bot.scheduler.tick(datetime.now(UTC) + timedelta(hours=2))
    assert (await state(h, match_id)).seq == ms.seq
    ms, opened = await _bank(h, match_id, thread)
    responder = ms.state.responder
    await h.bot.scheduler.tick(opened + timedelta(minutes=29))
    assert (await state(h, match_id)).seq == ms.seq
    await h.bot.scheduler.tick(opened + timedelta(minutes=30, seconds=1))
    last = (await h.parley.service.events(match_id))[-1]
    assert last.actor == "system" and last.payload["auto"] == "window" and last.payload["seat"] == responder
    assert last.payload["action"] == ms.game.default_action(ms.state, responder)  # the pass: accept
    await h.settle()
    text = thread_text(h, thread)
    assert closed in text and "⌛" in text
    await _verified(h, match_id)
    h.parley.service.forget(match_id)
    assert (await state(h, match_id)).seq == last.seq  # rebuilt from the log


async def test_a_bad_window_is_refused_and_nothing_is_made(harness: Harness) -> None:
    h = harness
    for user, words in ((ALICE, "'abc' is not a response window."), (BOB, "「abc」は応答の受付時間として読めません。")):
        ex = await h.slash(user, "new", game="toy", options="goal=50 window=abc")
        assert words in h.reply_text(ex) and "window=30" in h.reply_text(ex)
    ex = await h.slash(ALICE, "new", game="toy", options="goal=50 window=20000")
    assert "whole minutes from 1 to 10080" in h.reply_text(ex)
    assert await h.parley.service.store.matches() == []


async def test_the_server_default_window_and_a_match_without_one(harness: Harness) -> None:
    h = harness
    ex = await h.slash(MOD, "settings", window=45)
    assert "New matches: ⌛ Response window: 45 min" in h.reply_text(ex)
    match_id, thread = await open_match(h, ALICE, BOB)
    assert (await state(h, match_id)).place["window_minutes"] == 45
    assert "⌛ Response window: 45 min" in board_text(h, thread)
    # The creator's `window=off` wins over the server's.
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=50 window=off")
    assert "window_minutes" not in (await state(h, match_id)).place
    ms, opened = await _bank(h, match_id, thread)
    await h.bot.scheduler.tick(opened + timedelta(days=3))
    assert (await state(h, match_id)).seq == ms.seq
    ex = await h.slash(MOD, "settings", window=0)
    assert "Response window" not in h.reply_text(ex)


@pytest.mark.slow
@pytest.mark.parametrize("away", ["quiet hours", "vacation"])
async def test_quiet_hours_and_vacations_do_not_hold_a_window_open(harness: Harness, away: str) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, options="goal=50 window=30")
    ms = await state(h, match_id)
    responder, now = [ALICE, BOB][1 - ms.state.active], datetime.now(UTC)
    # The responder sleeps (or is away) from now on: the window closes all the same.
    if away == "vacation":
        await h.slash(responder, "vacation", days=2)
    else:
        await h.slash(responder, "hours", quiet=f"{now:%H:%M}-{now + timedelta(hours=10):%H:%M}", zone="UTC")
    ms, opened = await _bank(h, match_id, thread)
    await h.bot.scheduler.tick(opened + timedelta(minutes=31))
    assert (await h.parley.service.events(match_id))[-1].payload.get("auto") == "window"


@pytest.mark.slow
async def test_a_click_and_the_window_closing_at_once_land_once(harness: Harness) -> None:
    h = harness
    outcomes = set()
    for delay in (0, 3, 10, 30, 60, 100, 200):  # shift where the close starts relative to the click
        match_id, thread = await open_match(h, ALICE, BOB, options="goal=50 window=30")
        ms, _ = await _bank(h, match_id, thread)
        seat = ms.state.responder
        who = [ALICE, BOB][seat]
        dm = copy.deepcopy(h.fake.dms(who.id)[-1])
        challenge = custom_ids(dm)[1]  # accept, challenge: the response, not the pass

        async def close(delay: int = delay, match_id: str = match_id, seq: int = ms.seq, seat: int = seat) -> None:
            for _ in range(delay):
                await asyncio.sleep(0)
            await h.bot.scheduler._deadline(match_id, seq, [seat], "skip", "window")

        click, _ = await asyncio.gather(h.click(who, dm, challenge, wait=False), close())
        await h.settle()
        answers = [e for e in await h.parley.service.events(match_id)
                   if e.seq > ms.seq and e.type == "action" and e.payload["seat"] == seat]
        assert len(answers) == 1, f"delay {delay}: both the click and the close took effect: {answers}"
        if answers[0].actor == "system":
            assert answers[0].payload["auto"] == "window" and "もう有効ではありません" in h.reply_text(click)  # Bob reads Japanese
        else:
            assert answers[0].payload["action"]["kind"] == "challenge"
        outcomes.add(answers[0].actor == "system")
        await _verified(h, match_id)
    assert outcomes


@pytest.mark.slow
async def test_the_close_time_does_not_depend_on_the_hand(harness: Harness, parry: None) -> None:
    """Bob holds a response (an `a` card) in one match and only a forced accept in
    the other: the same ticks of the scheduler close both windows at the same time.
    Secrets are fixed so the deals are the same every run."""
    h = harness
    closes: dict[bool, list[bool]] = {}
    for n in range(40):
        h.parley.service.new_secret = lambda n=n: bytes([n]) * 32
        match_id, thread = await open_match(h, ALICE, BOB, game="parry", options="goal=50 window=30")
        ms, opened = await _bank(h, match_id, thread)
        holds = holds_response(ms.state, ms.state.responder)
        if holds in closes:
            await h.parley.service.abort(match_id, None, "not needed")
            continue
        assert len(ms.game.legal_actions(ms.state, ms.state.responder)) == (2 if holds else 1)
        seen = []
        for minutes in (1, 15, 29, 30.02, 31):
            await h.bot.scheduler.tick(opened + timedelta(minutes=minutes))
            seen.append((await state(h, match_id)).seq > ms.seq)
        closes[holds] = seen
        await _verified(h, match_id)
        if len(closes) == 2:
            break
    assert closes[True] == closes[False] == [False, False, False, True, True], closes


async def test_a_window_closes_only_a_response(harness: Harness) -> None:
    h = harness
    match_id, _ = await open_match(h, ALICE, BOB, options="goal=50 window=30")
    ms = await state(h, match_id)
    with pytest.raises(Refused, match="not a response"):
        await h.parley.service.skip(match_id, ms.state.active, "window")
    # Nor does a log that says a window closed a seat's own turn replay.
    await h.parley.service.skip(match_id, ms.state.active, "deadline")
    events = await h.parley.service.events(match_id)
    forged = [e.model_copy(update={"payload": {**e.payload, "auto": "window"}}) if e.seq == events[-1].seq else e
              for e in events]
    secret = await h.parley.service.store.secret(match_id)
    rebuild(events, secret)
    with pytest.raises(ReplayError, match="response window"):
        rebuild(forged, secret)
