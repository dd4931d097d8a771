"""Leagues through the real match service, on SQLite and PostgreSQL: every
expected standing is worked out here from the matches' own rows, not read
back from the league's code."""

from __future__ import annotations

import asyncio
from collections import Counter
from datetime import timedelta

import pytest

from events.bots import bot_player
from events.errors import Refused
from events.league.service import LeagueService
from events.model import NewEvent, Player
from events.service import MatchService
from events.verify import verify_match
from tests.stores.conftest import Clock

ANN = Player(id="local:ann", name="Ann")
BEN = Player(id="local:ben", name="Ben")
CAT = Player(id="local:cat", name="Cat")
DAN = Player(id="local:dan", name="Dan")
ORG = Player(id="mod", name="Organiser")  # the database's operator in `timed`


async def scores_from_rows(service: MatchService, league_id: str) -> tuple[Counter[str], set[frozenset[str]]]:
    """Each player's points from the finished matches' rows (a win 1, else 0;
    a bye 1) and every pair that met, read from the stream's raw events."""
    score: Counter[str] = Counter()
    met: set[frozenset[str]] = set()
    for e in await service.store.events(league_id):
        if e.type != "round_started":
            continue
        for b in e.payload["byes"]:
            score[b] += 1
        for t in e.payload["tables"]:
            row = await service.store.match(t["match"])
            assert row is not None and row.status == "finished"
            a, b = t["players"]
            pair = frozenset((a, b))
            assert pair not in met  # eight players, three rounds: a rematch is always avoidable
            met.add(pair)
            winners = row.result["winners"]
            for seat, player in enumerate(t["players"]):
                score[player] += 1.0 if winners == [seat] else 0.5 if len(winners) == 2 else 0.0
    return score, met


@pytest.mark.slow
async def test_eight_bots_play_a_whole_swiss_league_to_its_final_standings(timed: MatchService) -> None:
    leagues = LeagueService(timed)
    league = await leagues.create("toy", ORG, "swiss", options={"goal": 30}, place={"guild": "g1"})
    for n in range(1, 9):
        await leagues.add(league.league_id, ORG.id, bot_player(n))
    done = await leagues.start(league.league_id, ORG.id)  # bots' matches end as they are made
    assert done.status == "finished"
    assert [len(r.tables) for r in done.rounds] == [4, 4, 4] and all(r.ended for r in done.rounds)
    score, met = await scores_from_rows(timed, league.league_id)
    assert len(met) == 12
    table = await leagues.standings(league.league_id)
    assert {s.player: s.score for s in table} == {p: score[p] for p in score}
    assert [s.score for s in table] == sorted((s.score for s in table), reverse=True)
    assert list(done.final) == [s.player for s in table]
    # The league is its own verified stream, and no listing of matches shows it.
    report = await verify_match(timed, league.league_id)
    assert report.ok, [t.en for t in report.lines]
    rows = await timed.store.matches(limit=100)
    assert league.league_id not in {r.id for r in rows} and len(rows) == 12
    assert [r.id for r in await timed.store.matches(leagues=True)] == [league.league_id]
    assert await timed.warm() == 0  # nothing running; the league is not a match to load


async def humans(leagues: LeagueService, *players: Player, deadline: str | None = None) -> str:
    league = await leagues.create("toy", ORG, "swiss", options={"goal": 30}, deadline=deadline)
    for p in players:
        await leagues.add(league.league_id, p.id, p)
    return league.league_id


@pytest.mark.slow
async def test_an_organiser_ends_a_stalled_match_and_the_deadline_ends_the_rest(timed: MatchService,
                                                                                clock: Clock) -> None:
    leagues = LeagueService(timed)
    league_id = await humans(leagues, ANN, BEN, CAT, DAN, deadline="2d")
    with pytest.raises(Refused):
        await leagues.start(league_id, ANN.id)  # not an organiser
    state = await leagues.start(league_id, ORG.id)
    first = state.current
    assert first is not None and len(first.tables) == 2 and not first.ended
    (a, b), (c, d) = (t.players for t in first.tables)
    # Still played: advancing changes nothing before the deadline.
    assert (await leagues.advance(league_id, clock())).seq == state.seq
    await leagues.end_match(league_id, ORG.id, first.tables[0].match, winner=b)
    assert (await timed.get(first.tables[0].match)).status == "aborted"
    with pytest.raises(Refused):
        await leagues.end_match(league_id, ORG.id, first.tables[0].match, winner=a)  # has a result now
    clock.wait(timedelta(days=2, seconds=1).total_seconds())
    state = await leagues.advance(league_id, clock())
    assert len(state.rounds) == 2 and state.rounds[0].ended
    assert (await timed.get(first.tables[1].match)).status == "aborted"
    table = {s.player: s.score for s in await leagues.standings(league_id)}
    # b won by award; c and d both lost at the deadline; a lost.
    assert table == {a: 0.0, b: 1.0, c: 0.0, d: 0.0}
    second = {frozenset(t.players) for t in state.rounds[1].tables}
    assert not second & {frozenset((a, b)), frozenset((c, d))}


@pytest.mark.slow
async def test_drops_adds_and_an_overridden_pairing(timed: MatchService) -> None:
    leagues = LeagueService(timed)
    league_id = await humans(leagues, ANN, BEN, CAT, DAN)
    state = await leagues.start(league_id, ORG.id)
    assert state.current is not None
    (a, b), (c, d) = (t.players for t in state.current.tables)
    old = [t.match for t in state.current.tables]
    with pytest.raises(Refused):
        await leagues.override(league_id, a, [a, c])
    state = await leagues.override(league_id, ORG.id, [a, c])
    assert state.current is not None
    assert {frozenset(t.players) for t in state.current.tables} == {frozenset((a, c)), frozenset((b, d))}
    assert [(await timed.get(m)).status for m in old] == ["aborted", "aborted"]
    # Dan drops himself; a new player joins the Swiss league while it runs.
    eve = Player(id="local:eve", name="Eve")
    await leagues.drop(league_id, DAN.id, DAN.id)
    with pytest.raises(Refused):
        await leagues.drop(league_id, BEN.id, ANN.id)  # only an organiser drops someone else
    state = await leagues.add(league_id, eve.id, eve)
    for t in state.current.tables:
        await leagues.end_match(league_id, ORG.id, t.match, winner=t.players[0])
    state = await leagues.get(league_id)
    assert len(state.rounds) == 2
    seated = [p for t in state.rounds[1].tables for p in t.players] + list(state.rounds[1].byes)
    assert sorted(seated) == sorted([ANN.id, BEN.id, CAT.id, eve.id])
    assert (await verify_match(timed, league_id)).ok


async def test_a_forged_league_event_fails_verification(timed: MatchService) -> None:
    leagues = LeagueService(timed)
    league_id = await humans(leagues, ANN, BEN)
    state = await leagues.start(league_id, ORG.id)
    # A player appends "round ended" past the service: the store takes it, the fold does not.
    await timed.store.append(league_id, state.seq, [NewEvent(type="round_ended", actor=ANN.id,
                                                             payload={"round": 1})], timed.clock())
    report = await verify_match(timed, league_id)
    assert not report.ok
    assert any("does not replay" in t.en for t in report.lines)


@pytest.mark.slow
async def test_round_robin_and_elimination_of_bots(timed: MatchService) -> None:
    leagues = LeagueService(timed)
    rr = await leagues.create("toy", ORG, "round-robin", options={"goal": 30})
    for n in range(1, 6):
        await leagues.add(rr.league_id, ORG.id, bot_player(n))
    done = await leagues.start(rr.league_id, ORG.id)
    meetings = Counter(frozenset(t.players) for r in done.rounds for t in r.tables)
    assert done.status == "finished" and len(done.rounds) == 5 and len(meetings) == 10
    assert set(meetings.values()) == {1}
    ko = await leagues.create("toy", ORG, "elimination", options={"goal": 30})
    for n in range(1, 7):
        await leagues.add(ko.league_id, ORG.id, bot_player(n))
    done = await leagues.start(ko.league_id, ORG.id)
    assert done.status == "finished" and [len(r.tables) for r in done.rounds] == [2, 2, 1]
    assert [len(r.byes) for r in done.rounds] == [2, 0, 0]
    final = done.rounds[-1].tables[0]
    row = await timed.store.match(final.match)
    assert row is not None
    assert done.final[0] in final.players
    if len(row.result["winners"]) == 1:  # a drawn final goes to the better seed
        assert done.final[0] == final.players[row.result["winners"][0]]


async def test_the_leagues_clock_is_every_matchs(timed: MatchService) -> None:
    leagues = LeagueService(timed)
    league = await leagues.create("toy", ORG, "round-robin", options={"goal": 30, "clock": "move:24h", "window": 30},
                                  place={"guild": "g1", "channel": "c1"})
    for p in (ANN, BEN):
        await leagues.add(league.league_id, p.id, p)
    state = await leagues.start(league.league_id, ORG.id)
    assert state.current is not None
    ms = await timed.get(state.current.tables[0].match)
    assert ms.place["clock"]["mode"] == "move" and ms.place["clock"]["limit_s"] == 24 * 3600
    assert ms.place["window_minutes"] == 30 and ms.place["guild"] == "g1" and ms.place["channel"] == "c1"
    assert ms.place["league"] == league.league_id and ms.place["round"] == 1
    assert ms.options == {"goal": 30, "max_turns": 40}
    with pytest.raises(Refused):
        await leagues.create("toy", ORG, options={"clock": "sometimes"})


@pytest.mark.slow
async def test_two_processes_starting_one_league_leave_no_stray_match(timed: MatchService) -> None:
    first, second = LeagueService(timed), LeagueService(timed)  # two locks: as two processes would hold
    league_id = await humans(first, ANN, BEN, CAT, DAN)
    outcomes = await asyncio.gather(first.start(league_id, ORG.id), second.start(league_id, ORG.id),
                                    return_exceptions=True)
    assert sum(isinstance(o, Refused) for o in outcomes) == 1  # the loser decided again, on a running league
    state = await first.get(league_id)
    named = {t.match for t in state.rounds[0].tables}
    assert len(state.rounds) == 1 and len(named) == 2
    made = [r for r in await timed.store.matches(limit=100)]
    assert {r.id for r in made if r.status == "running"} == named
    # The loser made its two matches and aborted them, or saw the running league before making any.
    assert len(made) in (2, 4) and all(r.status == "aborted" for r in made if r.id not in named)
    assert (await verify_match(timed, league_id)).ok


@pytest.mark.slow
async def test_a_swiss_league_in_pods(timed: MatchService) -> None:
    leagues = LeagueService(timed)
    league = await leagues.create("toy", ORG, "swiss", options={"goal": 30}, pod=3, rounds=2)
    for n in range(1, 8):
        await leagues.add(league.league_id, ORG.id, bot_player(n))
    done = await leagues.start(league.league_id, ORG.id)
    assert done.status == "finished" and len(done.rounds) == 2
    for rnd in done.rounds:
        assert sorted(len(t.players) for t in rnd.tables) == [2, 2, 3] and not rnd.byes
        assert sorted(p for t in rnd.tables for p in t.players) == sorted(p.id for p in done.players)
    # A pod's point shared by places (events/ratings.py: winners first, then by score), worked out
    # here from each match's result: 1 for each opponent placed below, 1/2 for one placed level.
    expected: Counter[str] = Counter()
    for rnd in done.rounds:
        for t in rnd.tables:
            row = await timed.store.match(t.match)
            won = set(row.result["winners"])
            key = {s: (s not in won, -row.result["scores"][str(s)]) for s in range(len(t.players))}
            for seat, p in enumerate(t.players):
                beat = sum(1.0 if key[seat] < key[o] else 0.5 if key[seat] == key[o] else 0.0
                           for o in key if o != seat)
                expected[p] += beat / (len(t.players) - 1)
    table = await leagues.standings(league.league_id)
    assert {s.player: s.score for s in table} == pytest.approx(dict(expected))
    with pytest.raises(Refused):
        await leagues.create("toy", ORG, "elimination", pod=3)
    with pytest.raises(Refused):
        await leagues.create("toy", ORG, "swiss", pod=9)
