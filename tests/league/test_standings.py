"""Standings: scores, Buchholz and Sonneborn-Berger worked out by hand on
small events, and against a plain two-seat implementation written here."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from events.league.standings import Played, standings


def won(r: int, winner: str, loser: str) -> Played:
    return Played(r, ((winner, 1), (loser, 2)))


def drew(r: int, a: str, b: str) -> Played:
    return Played(r, ((a, 1), (b, 1)))


def test_sonneborn_berger_breaks_what_buchholz_cannot() -> None:
    # A four-player round robin: a beat b and c, lost to d; b beat c and d; c beat d.
    played = [won(1, "a", "b"), won(1, "c", "d"), won(2, "a", "c"), won(2, "b", "d"),
              won(3, "d", "a"), won(3, "b", "c")]
    # Scores a 2, b 2, c 1, d 1. Buchholz (every other score): a 4, b 4, c 5, d 5.
    # Sonneborn-Berger (scores of those beaten): a 2+1 = 3, b 1+1 = 2, c 1, d 2.
    # The seeds alone would put b first and c before d.
    table = standings(["b", "a", "c", "d"], played)
    assert [(s.player, s.score, s.buchholz, s.sonneborn_berger) for s in table] == [
        ("a", 2, 4, 3), ("b", 2, 4, 2), ("d", 1, 5, 2), ("c", 1, 5, 1)]


def test_byes_draws_and_seed_order() -> None:
    # Five players, two rounds: a beat b, c drew d, e's bye; a beat c, b drew e, d's bye.
    played = [won(1, "a", "b"), drew(1, "c", "d"), Played(1, (("e", 1),)),
              won(2, "a", "c"), drew(2, "b", "e"), Played(2, (("d", 1),))]
    # Scores a 2, b .5, c .5, d 1.5, e 1.5; a bye has no opponent, so it adds to neither tie-break.
    # Buchholz: a .5+.5, b 2+1.5, c 1.5+2, d .5, e .5. SB: a .5+.5, b .5*1.5, c .5*1.5, d .5*.5, e .5*.5.
    table = standings(["a", "b", "c", "d", "e"], played, dropped={"c"})
    assert [(s.player, s.score, s.buchholz, s.sonneborn_berger, s.byes, s.dropped) for s in table] == [
        ("a", 2, 1, 1, 0, False), ("d", 1.5, 0.5, 0.25, 1, False), ("e", 1.5, 0.5, 0.25, 1, False),
        ("b", 0.5, 3.5, 0.75, 0, False), ("c", 0.5, 3.5, 0.75, 0, True)]


def test_a_pod_shares_its_point_by_places() -> None:
    pod = Played(1, (("x", 1), ("y", 2), ("z", 2), ("w", None)))
    # x beat all three; y and z beat w and tied each other: (1 + .5) / 3; w lost to all (no result).
    assert [pod.points(p) for p in "xyzw"] == [1.0, pytest.approx(0.5), pytest.approx(0.5), 0.0]
    table = standings(["w", "x", "y", "z"], [pod])
    # Buchholz per pod is the mean of the opponents' scores: x (.5+.5+0)/3, w (1+.5+.5)/3.
    assert {s.player: s.buchholz for s in table} == pytest.approx(
        {"x": 1 / 3, "y": 1.5 / 3, "z": 1.5 / 3, "w": 2 / 3})
    # SB: x took 1 from each: (.5+.5+0)/3; y took .5 from z and 1 from w: (.25+0)/3.
    assert {s.player: s.sonneborn_berger for s in table} == pytest.approx(
        {"x": 1 / 3, "y": 0.25 / 3, "z": 0.25 / 3, "w": 0.0})


games = st.lists(st.tuples(st.sampled_from("abcdef"), st.sampled_from("abcdef"), st.sampled_from([0.0, 0.5, 1.0]))
                 .filter(lambda g: g[0] != g[1]), max_size=12)


@given(games)
def test_two_seat_tie_breaks_match_the_textbook_sums(played: list[tuple[str, str, float]]) -> None:
    score = dict.fromkeys("abcdef", 0.0)
    for a, b, r in played:
        score[a] += r
        score[b] += 1 - r
    bh = dict.fromkeys("abcdef", 0.0)
    sb = dict.fromkeys("abcdef", 0.0)
    for a, b, r in played:
        bh[a] += score[b]
        bh[b] += score[a]
        sb[a] += r * score[b]
        sb[b] += (1 - r) * score[a]
    tables = [Played(1, ((a, 1 if r >= 0.5 else 2), (b, 1 if r <= 0.5 else 2))) for a, b, r in played]
    table = standings(list("abcdef"), tables)
    assert {s.player: (s.score, s.buchholz, s.sonneborn_berger) for s in table} == {
        p: (pytest.approx(score[p]), pytest.approx(bh[p]), pytest.approx(sb[p])) for p in "abcdef"}
    keys = [(-s.score, -s.buchholz, -s.sonneborn_berger) for s in table]
    assert keys == sorted(keys)
