"""A player's card (events/profile.py) over matches played through the real
service, on both backends. Every expected figure follows from what the test
itself did to each match (who won, who left and how, which deadline passed);
ratings are openskill's own update of the places the test's matches give."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from events.model import Player
from events.profile import profile
from events.service import MatchService

from .conftest import ANN, BEN, CAT, Clock, Raw
from .test_stats import GUILD, new_match, won_by_banking

PL = PlackettLuce()


def _rated(*results: tuple[Player, Player]) -> dict[str, tuple[float, float]]:
    """Ratings after 2-seat matches given as (winner, loser), in order, from fresh ones."""
    now: dict[str, tuple[float, float]] = {}
    for winner, loser in results:
        a, b = (PL.rating(mu=m, sigma=s) for m, s in (now.get(winner.id, (PL.mu, PL.sigma)),
                                                         now.get(loser.id, (PL.mu, PL.sigma))))
        [[a2], [b2]] = PL.rate([[a], [b]], ranks=[1.0, 2.0])
        now[winner.id], now[loser.id] = (a2.mu, a2.sigma), (b2.mu, b2.sigma)
    return now


@pytest.mark.slow
async def test_a_card_counts_results_departures_and_deadlines(timed: MatchService, clock: Clock) -> None:
    s = timed
    won, _ = await won_by_banking(s, clock, ANN, BEN, ANN, BEN)  # Ann wins
    clock.wait(60)
    lost, _ = await won_by_banking(s, clock, BEN, ANN, ANN, BEN)  # Ben wins
    clock.wait(60)
    forfeited = await new_match(s, ANN, BEN)
    await s.remove_player(forfeited, ANN.id, 0, "forfeit")  # two seats, one left: Ben wins
    assert (await s.get(forfeited)).status == "finished"
    clock.wait(60)
    skipped = await new_match(s, ANN, BEN)
    (pending, who), *_ = await s.waiting(skipped)
    assert who.id == ANN.id
    await s.skip(skipped, pending.seat, "deadline")  # Ann's decision played by the deadline; still running
    assert (await s.get(skipped)).status == "running"
    handed = await new_match(s, ANN, BEN)
    await s.hand_over(handed, ANN.id, CAT)  # Cat plays Ann's seat on
    aborted = await new_match(s, ANN, BEN)
    await s.abort(aborted, "mod")
    timed_out = await new_match(s, BEN, ANN)
    await s.remove_player(timed_out, "system", 0, "timeout")  # Ben's seat: a deadline that forfeits
    lobby = (await s.create("toy", ANN, {"goal": 30}, place={"guild": GUILD})).match_id
    elsewhere, _ = await won_by_banking(s, clock, ANN, BEN, ANN, BEN, guild="g2")

    ann = await profile(s.store, ANN.id, GUILD)
    r = ann.reliability
    assert (r.finished, r.forfeit, r.removed, r.timeout, r.handed_over, r.aborted) == (3, 1, 0, 0, 1, 1)
    # Finished: won, lost, and timed_out (Ben left it; Ann stayed to its end).
    assert r.ended == 5 and r.rate == pytest.approx(3 / 5)
    assert r.deadlines_missed == 1
    assert {p.match_id: p.ended for p in ann.current} == {lobby: "lobby", skipped: "running"}
    recent = {p.match_id: (p.ended, p.won) for p in ann.recent}
    assert recent == {timed_out: ("finished", True), forfeited: ("forfeit", False), lost: ("finished", False),
                      won: ("finished", True)}
    assert ann.name == "Ann"

    # Ratings: Ann beat Ben, lost to Ben, left (placed last), then Ben left (Ann first).
    expect = _rated((ANN, BEN), (BEN, ANN), (BEN, ANN), (ANN, BEN))
    got = ann.ratings[GUILD]["toy"]
    assert (got.mu, got.sigma, got.matches) == (pytest.approx(expect[ANN.id][0]),
                                                pytest.approx(expect[ANN.id][1]), 4)

    ben = await profile(s.store, BEN.id, GUILD)
    assert (ben.reliability.timeout, ben.reliability.deadlines_missed, ben.reliability.finished) == (1, 1, 3)
    cat = await profile(s.store, CAT.id, GUILD)
    assert [p.match_id for p in cat.current] == [handed] and cat.reliability.ended == 0

    # The cache of who held which seat carries on with matches written after it was made.
    clock.wait(60)
    again = await new_match(s, ANN, BEN)
    await s.hand_over(again, ANN.id, CAT)
    assert (await profile(s.store, ANN.id, GUILD)).reliability.handed_over == 2

    everywhere = await profile(s.store, ANN.id)
    assert everywhere.reliability.finished == 4 and set(everywhere.ratings) == {GUILD, "g2"}
    assert {p.match_id for p in everywhere.recent} == {elsewhere, timed_out, forfeited, lost, won}


async def test_a_card_from_its_caches_equals_one_rebuilt_from_the_log(timed: MatchService, clock: Clock,
                                                                      raw: Raw) -> None:
    s = timed
    await won_by_banking(s, clock, ANN, BEN, ANN, BEN)
    running = await new_match(s, ANN, CAT)
    first = await profile(s.store, ANN.id, GUILD)  # builds the seat, facts and ladder caches
    clock.wait(60)
    await s.remove_player(running, CAT.id, 1, "forfeit")  # finished after the caches were made
    handed = await new_match(s, ANN, BEN)
    await s.hand_over(handed, ANN.id, CAT)
    cached = await profile(s.store, ANN.id, GUILD)
    await raw.run("DELETE FROM kv")  # every cache gone: the card is rebuilt from the log alone
    rebuilt = await profile(s.store, ANN.id, GUILD)
    assert cached == rebuilt != first
    assert cached.ratings[GUILD]["toy"].matches == 2 and cached.reliability.handed_over == 1
