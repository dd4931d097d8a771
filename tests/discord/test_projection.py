"""What each place of a match should show, with no Discord at all: the projection
(bot/discord/projection.py) of real toy matches, in English and Japanese."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from bot.discord import layout, projection
from engine.core import SPECTATOR, Viewer
from events import replay
from events.model import Event, Player
from events.replay import MatchState
from events.service import MatchService
from events.store import Store
from tests.discord.harness import custom_ids, walk

ANN = Player(id="discord:101", name="ann", locale="en")
BEN = Player(id="discord:102", name="ben", locale="ja")


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[MatchService]:
    store = await Store.open(tmp_path / "p.sqlite", durable=False)
    try:
        yield MatchService(store)
    finally:
        await store.close()


async def _running(service: MatchService) -> MatchState:
    ms = await service.create("toy", ANN, {"goal": 50})
    await service.join(ms.match_id, BEN)
    await service.start(ms.match_id, ANN.id)
    return await service.get(ms.match_id)


def _inputs(service: MatchService, ms: MatchState, events: Sequence[Event] = ()) -> projection.Inputs:
    return projection.Inputs(public=service.view_of(ms, SPECTATOR),
                             private={s: service.view_of(ms, Viewer.of(s)) for s in range(len(ms.seats))},
                             events=events)


def _dm_message(service: MatchService, ms: MatchState, shown: projection.Dm) -> projection.DmMessage:
    # The choices as the delivery passes them in: the service's, only while the seat is awaited.
    choices = service.choices_of(ms, shown.seat) if shown.waiting else []
    return projection.dm_message(ms, shown, "900", [], choices)


def _dm_text(service: MatchService, ms: MatchState, shown: projection.Dm) -> str:
    return "\n".join(_dm_message(service, ms, shown).parts)


async def test_a_lobby_shows_its_buttons_and_a_started_match_does_not(service: MatchService) -> None:
    lobby = await service.create("toy", ANN, {"goal": 50})
    before = projection.lobby(lobby, "en")
    assert before.view is not None and "<@101>" in before.content
    ids = [c["custom_id"] for row in before.view.to_components() for c in row["components"]]
    assert f"p:l:{lobby.match_id}:join" in ids
    ms = await _running(service)
    for locale in ("en", "ja"):
        after = projection.lobby(ms, locale)
        assert after.view is None and "<@102>" in after.content
        assert after.digest != projection.lobby(lobby, locale).digest
    assert projection.lobby(ms, "en").content != projection.lobby(ms, "ja").content


async def test_the_ping_names_the_seat_to_move_and_only_it(service: MatchService) -> None:
    ms = await _running(service)
    awaited = [p.seat for p in ms.game.pending(ms.state)]
    assert awaited == [0]
    for locale in ("en", "ja"):
        ping = projection.ping(ms, locale)
        assert ping is not None
        assert ping.users == (101,) and "<@101>" in ping.text and "<@102>" not in ping.text
    assert projection.ping(ms, "en").text != projection.ping(ms, "ja").text  # type: ignore[union-attr]
    await service.act(ms.match_id, ANN.id, "pass")
    moved = await service.get(ms.match_id)
    after = projection.ping(moved, "en")
    assert after is not None and after.users == (102,) and after.key != projection.ping(ms, "en").key  # type: ignore[union-attr]


async def test_a_state_is_asked_who_it_awaits_once_however_many_places_read_it(
        service: MatchService, monkeypatch: pytest.MonkeyPatch) -> None:
    ms = await _running(service)
    inputs = _inputs(service, ms)
    asked: list[object] = []
    game = type(ms.game)
    real = game.pending
    monkeypatch.setattr(game, "pending", lambda self, state: asked.append(state) or real(self, state))
    monkeypatch.setattr(replay, "_awaited", None)
    projection.project(ms, inputs, "en")  # the board, the ping, the DMs
    projection.waiting_key(ms)
    projection.awaited(ms, 0, [], "ja")  # the awaited seat's prompt
    assert asked == [ms.state]
    await service.act(ms.match_id, ANN.id, "pass")
    moved = await service.get(ms.match_id)
    asked.clear()
    ping = projection.ping(moved, "en")  # a new state is asked anew, not answered from the last
    assert asked == [moved.state] and ping is not None and ping.users == (102,)


async def test_a_seats_dm_shows_its_own_hand_and_never_another_seats(service: MatchService) -> None:
    ms = await _running(service)
    surfaces = projection.project(ms, _inputs(service, ms), "en")
    assert [d.seat for d in surfaces.dms] == [0, 1]
    assert surfaces.thread and surfaces.thread.board, "a running match's board, to look for the hands in"
    board = "\n".join(surfaces.thread.board.parts)
    for shown in surfaces.dms:
        text = _dm_text(service, ms, shown)
        other = 1 - shown.seat
        assert all(card in text for card in ms.state.hands[shown.seat])
        assert not any(card in text or card in board for card in ms.state.hands[other])
    ann, ben = (_dm_text(service, ms, d) for d in surfaces.dms)
    assert "<#900>" in ann and "<#900>" in ben
    assert ann != ben and any("\u3040" <= ch <= "\u30ff" for ch in ben)  # ben reads Japanese
    assert surfaces.dms[0].waiting and not surfaces.dms[1].waiting
    # A layout message in the seat's colour; the awaited seat's last one carries the decision at this seq.
    awaited, idle = (_dm_message(service, ms, d) for d in surfaces.dms)
    shown = [m.view(len(m.parts) - 1, True).to_components() for m in (awaited, idle)]
    assert [box[0]["type"] for box in shown] == [17, 17] and shown[0][0]["accent_color"] != shown[1][0]["accent_color"]
    assert custom_ids({"components": shown[0]}) and all(
        i.startswith("p:") and f":{ms.public_seq}:0" in i for i in custom_ids({"components": shown[0]}))
    assert custom_ids({"components": shown[1]}) == []
    assert not any(c["type"] == 1 for c in walk(awaited.view(len(awaited.parts) - 1, False).to_components()))


async def test_an_ended_dm_keeps_its_text_without_controls(service: MatchService) -> None:
    ms = await _running(service)
    message = _dm_message(service, ms, projection.dm(ms, 0, "hand: 7", True))
    ended = projection.ended_dm(0, message.parts[-1])
    assert ended is not None
    components = ended.to_components()
    assert custom_ids({"components": components}) == [] and components[0]["accent_color"] == \
        message.view(len(message.parts) - 1, True).to_components()[0]["accent_color"]
    assert "hand: 7" in "".join(c["content"] for c in walk(components) if c["type"] == 10)
    assert projection.ended_dm(0, "") is None  # sent before layouts: it only loses its menu


async def test_the_log_covers_every_new_event_once(service: MatchService) -> None:
    ms = await _running(service)
    await service.act(ms.match_id, ANN.id, "pass")
    ms = await service.get(ms.match_id)
    events = await service.events(ms.match_id)
    for locale in ("en", "ja"):
        thread = projection.project(ms, _inputs(service, ms, events), locale).thread
        assert thread is not None
        chunks = thread.log
        assert chunks[0].first == events[0].seq and chunks[-1].last == events[-1].seq
        text = "\n".join(line for c in chunks for line in c.lines)
        assert "ann" in text and "ben" in text
        mark = projection.footer(chunks[-1], locale, "https://x", sealed=True)
        assert mark.startswith(f"-# #{chunks[-1].first}–{chunks[-1].last}") and "(<https://x>)" in mark
        assert f"⛓ `{events[-1].seq}:{(events[-1].hash or '')[:projection.HEAD_DIGITS]}`" in mark
        assert "⛓" not in projection.footer(chunks[-1], locale, None, sealed=False)


async def test_a_long_log_is_cut_into_messages_that_fit(service: MatchService) -> None:
    ms = await _running(service)
    await service.act(ms.match_id, ANN.id, "pass")
    ms = await service.get(ms.match_id)
    note = (await service.events(ms.match_id))[-1].model_copy(update={"type": "note", "payload": {"text": "x" * 1500}})
    events = [note.model_copy(update={"seq": i + 1}) for i in range(4)]
    chunks = projection.log_chunks(ms, events, "en")
    assert [(c.first, c.last) for c in chunks] == [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert all(sum(len(x) + 1 for x in c.lines) <= projection.LOG_CHUNK for c in chunks)


async def test_nothing_but_the_lobby_before_the_match_starts(service: MatchService) -> None:
    ms = await service.create("toy", ANN, {"goal": 50})
    surfaces = projection.project(ms, projection.Inputs(), "ja")
    thread = surfaces.thread
    assert thread is not None and thread.board is None and thread.ping is None and surfaces.dms == ()
    assert thread.log == () and thread.takeback is None
    lobby = projection.lobby(ms, "ja")
    assert surfaces.lobby.content == lobby.content and surfaces.lobby.digest == lobby.digest
    assert surfaces.lobby.view is not None and lobby.view is not None
    assert surfaces.lobby.view.to_components() == lobby.view.to_components()


async def test_an_open_takeback_request_names_the_asker_with_its_buttons(service: MatchService) -> None:
    ms = await _running(service)
    await service.act(ms.match_id, ANN.id, "mark")  # the turn goes on: a takeback may be asked
    await service.request_takeback(ms.match_id, ANN.id)
    ms = await service.get(ms.match_id)
    assert ms.takeback is not None
    for locale in ("en", "ja"):
        request = projection.takeback(ms, locale)
        assert request is not None and request.of == ms.takeback[1] and "ann" in request.text
        ids = [c["custom_id"] for row in request.view.to_components() for c in row["components"]]
        assert len(ids) == 2 and all(i.startswith(f"p:t:{ms.match_id}:{request.of}:") for i in ids)
    assert projection.takeback(ms, "en").text != projection.takeback(ms, "ja").text  # type: ignore[union-attr]


async def test_a_match_opens_in_its_channel_until_it_ends_and_reminds_only_whom_it_names(
        service: MatchService) -> None:
    ms = await service.create("toy", ANN, {"goal": 50}, place={"via": "discord", "channel": "6", "locale": "ja"})
    opening = projection.opening(ms, "ja")
    assert opening is not None and opening.channel == 6 and opening.forum is None
    assert opening.name == f"{ms.game.title('ja')} · {ms.match_id}" and opening.lobby.view is not None
    await service.join(ms.match_id, BEN)
    await service.start(ms.match_id, ANN.id)
    ms = await service.get(ms.match_id)
    reminded = {locale: projection.reminder(ms, [0], locale, "k") for locale in ("en", "ja")}
    for shown in reminded.values():
        assert shown is not None and shown.users == (101,) and "<@101>" in shown.text and "<@102>" not in shown.text
    assert reminded["en"].text != reminded["ja"].text  # type: ignore[union-attr]
    assert projection.reminder(ms, [], "en", "k") is None  # nobody due: nothing to post
    told = projection.dm_closed(ms, BEN, 102)
    assert told.user == 102 and "<@102>" in told.text and "/parley hand" in told.text
    await service.abort(ms.match_id, None, "test")  # as the system does when it cannot open the thread
    assert projection.opening(await service.get(ms.match_id), "ja") is None  # ended before a thread: none
    assert projection.opening(await _running(service), "en") is None  # not a Discord match


def test_the_boards_digest_and_keys_are_the_formula_records_hold() -> None:
    """Records keep them, so they are what `digest` makes of the parts' list, the picture, the seat and
    the button, and of each part (the picture on the first, the button on the last), however the board
    is cut into messages and whatever its text holds (quotes of both kinds, backslashes, line ends,
    tabs, Japanese, control characters: all that a repr escapes or keeps)."""
    lines = [f"line {i} 'it''s' \"quoted\" \\path\t⟦{i % 2}⟧ 盤面 🂠 \x07" for i in range(400)]
    for body, image, seat, hand in [("\n".join(lines), b"\x89PNG" + bytes(range(256)) * 40, 1, True),
                                    ("\n".join(lines[:3]), None, None, False),
                                    ("only 'single' quotes", b"png", 0, True)]:
        board = layout.Board("m1", "Header", body, "tail", "alt", seat, hand, "ja")
        surface = projection.BoardSurface(board, image)
        parts = list(surface.parts)
        assert len(parts) > 1 or len(body) < layout.TEXT_LIMIT
        assert surface.digest == projection.digest(parts, image or b"", seat, hand)
        last = len(parts) - 1
        assert surface.keys == [projection.digest(part, image or b"" if i == 0 else b"", hand and i == last, seat)
                                for i, part in enumerate(parts)]
