"""Ladders read from the log (events/ratings.py) of matches played through the
service, on both backends: what is rated, the cache continuing the same fold
as a rebuild, and seasons as windows over the log."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from events.model import NewEvent
from events.ratings import (
    CACHE,
    FACTS,
    SEAT_EVENTS,
    cached_ladder,
    end_season,
    facts,
    ladder,
    player_ratings,
    rated_matches,
    seasons,
    start_season,
)
from events.rows import Peek
from events.service import MatchService
from events.store import MatchRow

from .conftest import ANN, BEN, CAT, Clock
from .test_stats import GUILD, new_match, won_by_banking

PL = PlackettLuce()


@pytest.mark.slow
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


@pytest.mark.slow
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


async def test_the_cached_facts_continue_as_a_rebuild_from_the_log(timed: MatchService, clock: Clock) -> None:
    store = timed.store
    first_id, _ = await won_by_banking(timed, clock, ANN, BEN, ANN, BEN)
    [first] = await facts(store, GUILD)
    assert (first.match_id, first.places) == (first_id, ((ANN.id, 1), (BEN.id, 2)))
    clock.wait(60)
    forfeited = await new_match(timed, BEN, CAT)
    await timed.remove_player(forfeited, BEN.id, 0, "forfeit")  # Cat over Ben, who left
    running = await new_match(timed, ANN, CAT)  # not rated while it runs
    await won_by_banking(timed, clock, BEN, ANN, ANN, BEN, guild="g2")  # another server's
    cached = await facts(store, GUILD)  # continued from the first cache
    assert {m.match_id: m.places for m in cached} == {
        first_id: ((ANN.id, 1), (BEN.id, 2)), forfeited: ((CAT.id, 1), (BEN.id, 2))}
    assert sorted(cached, key=lambda m: m.key) == sorted(await rated_matches(store, GUILD), key=lambda m: m.key)
    clock.wait(60)
    await timed.remove_player(running, ANN.id, 0, "forfeit")
    again = await facts(store, GUILD)
    assert {m.match_id for m in again} == {first_id, forfeited, running}
    assert sorted(again, key=lambda m: m.key) == sorted(await rated_matches(store, GUILD), key=lambda m: m.key)
    assert (await store.get_kv(FACTS, GUILD))["through"] == (await store.match(running)).updated_at  # type: ignore[union-attr]


async def test_written_since_answers_by_server_game_status_and_time(timed: MatchService, clock: Clock) -> None:
    store = timed.store
    early = await new_match(timed, ANN, BEN)
    clock.wait(60)
    mark = clock()
    late = await new_match(timed, BEN, CAT)
    clock.wait(60)
    other = await new_match(timed, ANN, CAT, guild="g2")
    clock.wait(60)
    local = (await timed.create("toy", ANN, {"goal": 30})).match_id  # a lobby on no server

    def ids(rows: list[MatchRow]) -> list[str]:
        return [r.id for r in rows]

    assert ids(await store.written_since("", guild=GUILD)) == [early, late]
    assert ids(await store.written_since(mark, guild=GUILD)) == [late]
    assert ids(await store.written_since("", local=True)) == [local]
    assert ids(await store.written_since(mark)) == [late, other, local]
    assert ids(await store.written_since("", status=("lobby",))) == [local]
    assert ids(await store.written_since("", guild=GUILD, game="nothing")) == []
    logs = await store.logs([early, local, "no such match"])
    assert logs == {early: await store.events(early), local: await store.events(local)}


async def test_peeks_at_seat_events_keep_the_last_event_but_notes(timed: MatchService, clock: Clock) -> None:
    store = timed.store
    mid, _ = await won_by_banking(timed, clock, ANN, BEN, ANN, BEN)  # moves, then the move that ends it
    whole = await store.events(mid)
    clock.wait(60)
    await store.append(mid, whole[-1].seq, [NewEvent(type="note", actor=ANN.id, payload={"text": "gg"})], clock())
    [seats] = (await store.peeks([mid, "no such match"], SEAT_EVENTS)).values()
    assert seats[:-1] == [Peek(e.type, e.at, e.payload) for e in whole if e.type in SEAT_EVENTS]
    # The move that ended it, only for when (the note after it is left out): its payload is not read.
    assert whole[-1].type == "action" and seats[-1] == Peek("action", whole[-1].at, {})
