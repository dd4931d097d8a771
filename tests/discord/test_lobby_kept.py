"""The lobby message's surface a sync keeps between moves (`Delivery._lobby`) is the one
`projection.lobby` makes, whatever it is made of changes: a player joining, the start,
the options, the place's settings, the language; and it is kept while none does."""

from __future__ import annotations

from dataclasses import replace

from bot.discord import projection
from events.model import Player
from events.replay import MatchState
from tests.discord.harness import Harness

ANN = Player(id="discord:101", name="ann", locale="en")
BEN = Player(id="discord:102", name="ben", locale="ja")


def _same(kept: projection.Lobby, made: projection.Lobby) -> bool:
    return (kept.content, kept.view is None, kept.digest) == (made.content, made.view is None, made.digest)


async def test_the_kept_lobby_is_the_one_the_projection_makes(harness: Harness) -> None:
    delivery, service = harness.parley.delivery, harness.parley.service
    lobby = await service.create("toy", ANN, {"goal": 50})
    await service.join(lobby.match_id, BEN)
    joined = await service.get(lobby.match_id)
    await service.start(lobby.match_id, ANN.id)
    started = await service.get(lobby.match_id)
    changed: list[MatchState] = [
        lobby, joined,
        replace(started, options={"goal": 40}),
        replace(started, place={**started.place, "deadline_hours": 24, "deadline_action": "forfeit"}),
        replace(started, place={**started.place, "takeover": "easy"}),
        replace(started, place={**started.place, "rated": False}),
        replace(started, seats=(started.seats[0], Player(id="discord:103", name="cy", locale="en"))),
        replace(started, status="aborted"),
    ]
    for locale in ("en", "ja", "en"):
        # Each right after the started match's is kept, and that right after each; a player joining the lobby.
        for before, ms in [*((started, ms) for ms in changed), (lobby, joined)]:
            for shown in (before, ms, before):
                assert _same(delivery._lobby(shown, locale), projection.lobby(shown, locale)), (shown.status, locale)
    for ms in (lobby, started):  # the same match, read in another language right after
        for locale in ("en", "ja", "en"):
            assert _same(delivery._lobby(ms, locale), projection.lobby(ms, locale)), (ms.status, locale)
    # Kept while nothing it is made of changes: the same surface, its digest taken once.
    assert delivery._lobby(started, "en") is delivery._lobby(replace(started, seq=started.seq + 1), "en")
