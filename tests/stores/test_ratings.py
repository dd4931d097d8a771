"""Ladders read from the log (events/ratings.py) of matches played through the
service, on both backends: what is rated, the cache continuing the same fold
as a rebuild, and seasons as windows over the log."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from events.ratings import CACHE, cached_ladder, end_season, ladder, player_ratings, seasons, start_season
from events.service import MatchService

from .conftest import ANN, BEN, CAT, Clock
from .test_stats import GUILD, new_match, won_by_banking

PL = PlackettLuce()


async def test_what_is_rated_and_the_cache_equals_a_rebuild(timed: MatchService, clock: Clock) -> None:
    store = timed.store
    await won_by_banking(timed, clock, ANN, BEN, ANN, BEN)  # rated: Ann over Ben
    # Casual, aborted, another server's: none moves this ladder.
    casual = await timed.create("toy", ANN, {"goal": 30}, place={"guild": GUILD, "rated": False})
    await timed.join(casual.match_id, BEN)
    await timed.start(casual.match_id, ANN.id)
    await timed.remove_player(casual.match_id, ANN.id, 0, "forfeit")
    aborted = await new_match(timed, BEN, ANN)
    await timed.abort(aborted, "mod")
    await won_by_banking(timed, clock, BEN, ANN, ANN, BEN, guild="g2")

    [[ann], [ben]] = PL.rate([[PL.rating()], [PL.rating()]], ranks=[1.0, 2.0])
    first = await cached_ladder(store, GUILD, "toy")
    assert {p: (r.mu, r.matches) for p, r in first.ratings.items()} == {
        ANN.id: (pytest.approx(ann.mu), 1), BEN.id: (pytest.approx(ben.mu), 1)}
    assert first.ratings[ANN.id].name == "Ann"
    assert (await store.get_kv(CACHE, f"{GUILD}|toy"))["through"] == list(first.through)

    # Cat forfeits to the easy bot: the bot is rated, Cat placed last; Ben beats Ann again.
    clock.wait(60)
    vs_bot = await timed.create("toy", CAT, {"goal": 30}, place={"guild": GUILD})
    await timed.add_bot(vs_bot.match_id, CAT.id)
    await timed.start(vs_bot.match_id, CAT.id)
    clock.wait(60)
    await timed.remove_player(vs_bot.match_id, CAT.id, 0, "forfeit")
    clock.wait(60)
    await won_by_banking(timed, clock, BEN, ANN, ANN, BEN)

    cached = await cached_ladder(store, GUILD, "toy")  # continued from the first cache
    rebuilt = await ladder(store, GUILD, "toy")
    assert cached.to_json() == rebuilt.to_json()
    assert cached.ratings["bot:easy"].mu > 25 > cached.ratings[CAT.id].mu
    [[ben2], [ann2]] = PL.rate([[PL.rating(mu=ben.mu, sigma=ben.sigma)], [PL.rating(mu=ann.mu, sigma=ann.sigma)]],
                               ranks=[1.0, 2.0])
    assert (cached.ratings[BEN.id].mu, cached.ratings[ANN.id].mu) == (pytest.approx(ben2.mu), pytest.approx(ann2.mu))
    mine = await player_ratings(store, GUILD, ANN.id)
    assert set(mine) == {"toy"} and mine["toy"].matches == 2


async def test_a_closed_seasons_table_is_kept_and_a_window_over_the_log(timed: MatchService, clock: Clock) -> None:
    store = timed.store
    await won_by_banking(timed, clock, ANN, BEN, ANN, BEN)  # before any season
    clock.wait(60)
    season = await start_season(store, GUILD, clock())
    assert season["number"] == 1
    clock.wait(60)
    await won_by_banking(timed, clock, BEN, ANN, ANN, BEN)  # the season's only match
    clock.wait(60)
    closed = await end_season(store, GUILD, clock())
    assert closed is not None
    [[ben], [ann]] = PL.rate([[PL.rating()], [PL.rating()]], ranks=[1.0, 2.0])
    table = closed["tables"]["toy"]
    assert [(r[0], r[3]) for r in table] == [(BEN.id, 1), (ANN.id, 1)]
    assert (table[0][1], table[1][1]) == (pytest.approx(ben.mu), pytest.approx(ann.mu))
    clock.wait(60)
    await won_by_banking(timed, clock, ANN, BEN, ANN, BEN)  # after it: the kept table stays
    record = await seasons(store, GUILD)
    assert record["current"] is None and record["closed"][0]["tables"] == closed["tables"]
    assert (await ladder(store, GUILD, "toy")).ratings[ANN.id].matches == 3
    again = await ladder(store, GUILD, "toy", closed["started"], closed["ended"])
    assert [r.to_json() for r in again.table()] == table
    assert (await start_season(store, GUILD, clock()))["number"] == 2
