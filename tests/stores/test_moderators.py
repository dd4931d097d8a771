"""Only a match's moderators moderate it, decided by the service itself
(events/moderators.py) on both backends: a front end, or anything else
calling the service, that passes an id nobody granted is refused with one
bilingual line and nothing is appended."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from events import moderators
from events.errors import Refused
from events.model import Player
from events.service import MatchService
from events.verify import verify_match

from .conftest import ANN, BEN, CAT, play

MIA = "local:mia"  # named by the match's place
DISCORD_MOD = "discord:77"  # granted by a server's front end
GUILD = "g1"

Command = Callable[[MatchService, str, str], Awaitable[Any]]

# Each moderation command, as `who` would issue it.
COMMANDS: dict[str, Command] = {
    "undo": lambda s, m, who: s.undo(m, who, count=1),
    "redo": lambda s, m, who: s.redo(m, who),
    "abort": lambda s, m, who: s.abort(m, who, "closing"),
    "replace": lambda s, m, who: s.replace_player(m, who, 1, Player(id="local:dan", name="Dan"), "away"),
    "remove": lambda s, m, who: s.remove_player(m, f"mod:{who}", 1, "removed"),
}


async def running(service: MatchService, place: dict[str, Any]) -> str:
    ms = await service.create("toy", ANN, {"goal": 30}, place=place)
    for p in (BEN, CAT):
        await service.join(ms.match_id, p)
    await service.start(ms.match_id, ANN.id)
    await play(service, ms.match_id, 3)
    return ms.match_id


async def refused(service: MatchService, match_id: str, attempt: Awaitable[Any]) -> Refused:
    before = await service.store.last_seq(match_id)
    with pytest.raises(Refused) as caught:
        await attempt
    assert await service.store.last_seq(match_id) == before
    return caught.value


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
async def test_a_non_moderator_is_refused(recorder, command: str) -> None:
    service = MatchService(recorder)
    match_id = await running(service, {"guild": GUILD, "moderators": [MIA]})
    # A seated player, a stranger, and the id a front end might pass for a server's moderator
    # whom nobody granted anything.
    for who in (BEN.id, "local:eve", DISCORD_MOD, "cli"):
        err = await refused(service, match_id, COMMANDS[command](service, match_id, who))
        assert "\n" not in err.message("en") and "moderator" in err.message("en")
        assert "モデレーター" in err.message("ja")


async def test_a_player_removes_only_their_own_seat_by_forfeit(recorder) -> None:
    service = MatchService(recorder)
    match_id = await running(service, {"guild": GUILD})
    await refused(service, match_id, service.remove_player(match_id, BEN.id, 2, "forfeit"))
    await refused(service, match_id, service.remove_player(match_id, BEN.id, 1, "removed"))
    await service.remove_player(match_id, BEN.id, 1, "forfeit")
    await service.remove_player(match_id, "system", 2, "timeout")  # a deadline: the system's own
    assert (await service.get(match_id)).forfeited == frozenset({1, 2})


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
async def test_a_moderator_named_by_the_place_moderates(recorder, command: str) -> None:
    service = MatchService(recorder)
    match_id = await running(service, {"guild": GUILD, "moderators": [MIA]})
    if command == "redo":
        await service.undo(match_id, MIA, count=1)
    result = await COMMANDS[command](service, match_id, MIA)
    assert result.events[0].actor == f"mod:{MIA}"


@pytest.mark.slow
async def test_a_server_grant_moderates_that_servers_matches_until_withdrawn(recorder) -> None:
    service = MatchService(recorder)
    here = await running(service, {"guild": GUILD})
    elsewhere = await running(service, {"guild": "g2"})
    terminal = await running(service, {"terminal": True})
    await moderators.record(recorder, GUILD, DISCORD_MOD, {"via": "manage_server"})
    assert (await service.undo(here, DISCORD_MOD, count=1)).events[0].actor == f"mod:{DISCORD_MOD}"
    await refused(service, elsewhere, service.undo(elsewhere, DISCORD_MOD, count=1))
    await refused(service, terminal, service.undo(terminal, DISCORD_MOD, count=1))
    await moderators.record(recorder, GUILD, DISCORD_MOD, None)
    await refused(service, here, service.undo(here, DISCORD_MOD, count=1))


async def test_the_operator_is_the_one_the_process_names(recorder) -> None:
    operator = MatchService(recorder, operator="operator:root")
    match_id = await running(operator, {"guild": GUILD})
    await refused(operator, match_id, operator.undo(match_id, "operator:someone", count=1))
    await operator.undo(match_id, "operator:root", count=1)
    # Another process on the same database that names no operator (the bot) does not take the name.
    bot = MatchService(recorder)
    await refused(bot, match_id, bot.abort(match_id, "operator:root"))
    await bot.abort(match_id, None, "the system may")  # e.g. its thread could not be created
    assert (await bot.get(match_id)).status == "aborted"


async def test_only_the_creator_or_a_moderator_starts(recorder) -> None:
    service = MatchService(recorder)
    for starter, actor in ((ANN.id, ANN.id), (MIA, f"mod:{MIA}")):
        ms = await service.create("toy", ANN, {"goal": 30}, place={"moderators": [MIA]})
        await service.join(ms.match_id, BEN)
        err = await refused(service, ms.match_id, service.start(ms.match_id, BEN.id))
        assert "creator" in err.message("en") and "作成者" in err.message("ja")
        result = await service.start(ms.match_id, starter)
        assert result.events[0].actor == actor and result.match.status == "running"


async def test_logs_from_before_the_check_still_replay(recorder) -> None:
    """An undo by any "mod:" id (as the service used to accept) rebuilds and
    verifies in a process that has granted nobody: replay checks the marker only."""
    old = MatchService(recorder, operator="cli")
    match_id = await running(old, {"guild": GUILD})
    await old.undo(match_id, "cli", count=2)
    await old.abort(match_id, "cli", "old times")
    fresh = MatchService(recorder)
    assert (await fresh.get(match_id)).status == "aborted"
    assert (await verify_match(fresh, match_id)).ok


@pytest.mark.parametrize(("actor", "place", "grant", "operator", "expected"), [
    ("local:mia", {"moderators": ["local:mia"]}, None, None, True),
    ("local:eve", {"moderators": ["local:mia"]}, None, None, False),
    ("discord:7", {"guild": "g1"}, {"via": "manage_server"}, None, True),
    ("discord:7", {"guild": "g1"}, None, None, False),
    ("discord:7", {}, {"via": "manage_server"}, None, False),  # a grant is for a server's matches only
    ("operator:ann", {}, None, "operator:ann", True),
    ("operator:ann", {}, None, None, False),
    ("operator:ann", {}, None, "operator:ben", False),
    ("local:mia", {"moderators": "local:mia"}, None, None, False),  # a list, not a substring
])
def test_the_decision(actor: str, place: dict[str, Any], grant: Any, operator: str | None, expected: bool) -> None:
    assert moderators.is_moderator(actor, place, grant, operator) is expected
