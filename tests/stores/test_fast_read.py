"""Reading skips pydantic (events/rows.py: stored rows are trusted, payloads read as UTF-8 bytes by
pydantic_core's jiter): on both backends, every reader of a store builds from real logs of each game, field by
field, the Event pydantic validates from the same stored row (text payload, json), and the chain
recomputed over what was read holds to the stored head."""

from __future__ import annotations

import json

import pytest

from engine.registry import get_game
from events.chain import GENESIS, canonical_payload, link
from events.model import Event, NewEvent
from events.selfplay import selfplay
from events.upcast import upcast

GAMES = ("quarriors", "naru", "musou", "warlords")
NAMES = tuple(Event.model_fields)


def validated(match_id: str, row: tuple[object, ...]) -> Event:
    """The Event as input from outside is checked: pydantic over the stored text read by json."""
    seq, etype, version, actor, command_id, at, text, chain = row
    version, payload = upcast(str(etype), int(str(version)), json.loads(str(text)))
    return Event.model_validate({"match_id": match_id, "seq": seq, "type": etype, "version": version, "actor": actor,
                                 "command_id": command_id, "at": at, "payload": payload, "hash": chain})


def assert_same(fast: list[Event], checked: list[Event], texts: list[str]) -> None:
    assert len(fast) == len(checked) == len(texts)
    for mine, theirs, text in zip(fast, checked, texts, strict=True):
        assert type(mine) is Event
        for name in NAMES:
            value, expected = getattr(mine, name), getattr(theirs, name)
            assert type(value) is type(expected) and value == expected, (mine.seq, name)
        # The payload writes back to the very bytes stored (1, 1.0 and true stay apart, nested too) ...
        assert canonical_payload(mine.payload) == text, mine.seq
        # ... and an export dumps the same bytes.
        assert mine.model_dump_json() == theirs.model_dump_json()
        assert mine.model_fields_set == theirs.model_fields_set
        assert mine == theirs


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
async def test_every_reader_builds_the_validated_events_and_the_chain_holds(recorder, raw, game_id: str) -> None:
    (played,) = await selfplay(recorder, game_id, 2 if get_game(game_id).max_seats < 3 else 3, 1, seed=5)
    match_id = played.match_id
    # Bots send no command ids: a remark with one, for the reader by command id.
    last = played.events
    await recorder.append(match_id, last, [NewEvent(type="note", actor="mod:ann", command_id="c-1",
                                                    payload={"text": "確認 ✓", "n": 1.0, "big": 2**70 + 1})],
                          "2026-01-01T00:00:00+00:00")
    rows = await raw.run("SELECT seq, type, version, actor, command_id, at, payload, hash FROM events "
                         "WHERE match_id = ? ORDER BY seq", match_id)
    checked = [validated(match_id, r) for r in rows]
    texts = [str(r[6]) for r in rows]
    assert any(not t.isascii() for t in texts)  # the logs' Japanese lines are read too

    fast = await recorder.events(match_id)
    assert len(fast) == last + 1 > 10
    assert_same(fast, checked, texts)
    prev = GENESIS
    for e in fast:
        prev = link(prev, e.seq, e.type, e.version, e.actor, e.command_id, e.at, canonical_payload(e.payload))
        assert prev == e.hash, e.seq
    assert await recorder.chain_break(match_id) == (None, prev)

    # Every other reader decodes through the same path.
    assert_same(await recorder.events(match_id, after=3, upto=len(rows) - 2), checked[3:-2], texts[3:-2])
    assert_same((await recorder.logs([match_id]))[match_id], checked, texts)
    assert_same((await recorder.bulk([match_id]))[match_id][1], checked, texts)
    opened = (await recorder.opening([match_id]))[match_id]
    assert_same(opened.events, checked[opened.after:], texts[opened.after:])
    found = await recorder.find_command(match_id, "c-1")
    assert found is not None and found.payload["big"] == 2**70 + 1  # past 64 bits, read exactly
    assert_same([found], checked[-1:], texts[-1:])
    peeks = (await recorder.peeks([match_id], ["match_started"]))[match_id]
    assert [p.payload for p in peeks[:1]] == [e.payload for e in checked if e.type == "match_started"]
