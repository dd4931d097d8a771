"""A league is copied by `migrate-db` with the matches it made, and verifies
on the copy: its stream is a row and events like a match's."""

from __future__ import annotations

import pytest

from events.bots import bot_player
from events.league.service import LeagueService
from events.model import Player
from events.service import MatchService
from events.stores import migrate_db, open_store
from events.verify import verify_match

ORG = Player(id="mod", name="Organiser")


@pytest.mark.slow
async def test_a_league_is_migrated_and_verifies_on_the_copy(new_db) -> None:
    source_url, target_url = new_db("sqlite"), new_db("postgresql")
    store = await open_store(source_url)
    try:
        leagues = LeagueService(MatchService(store, operator="mod"))
        league = await leagues.create("toy", ORG, "round-robin", options={"goal": 30})
        for n in (1, 2, 3):
            await leagues.add(league.league_id, ORG.id, bot_player(n))
        done = await leagues.start(league.league_id, ORG.id)
        table = [(s.player, s.score) for s in await leagues.standings(league.league_id)]
    finally:
        await store.close()
    matches = sum(len(r.tables) for r in done.rounds)
    report = await migrate_db(source_url, target_url)
    assert report.ok, [x.en for x in report.lines]
    assert report.matches == matches + 1  # the league's own row among them
    target = await open_store(target_url)
    try:
        service = MatchService(target)
        assert (await verify_match(service, league.league_id)).ok
        copied = LeagueService(service)
        assert [(s.player, s.score) for s in await copied.standings(league.league_id)] == table
        assert [r.id for r in await target.matches(leagues=True)] == [league.league_id]
    finally:
        await target.close()
