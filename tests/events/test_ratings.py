"""The ratings fold (events/ratings.py) on hand-built match rows and logs.
Every expected rating is openskill's own update, computed here from the
places the definitions in events/ratings.py give, never read back from it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from openskill.models import PlackettLuce

from events.model import Event
from events.ratings import PROVISIONAL, Ladder, RatedMatch, fold, identity, rated_match
from events.store import MatchRow

PL = PlackettLuce()


def log(mid: str, seats: list[str], at: str, *, place: dict[str, Any] | None = None,
        removed: tuple[int, ...] = (), replaced: dict[int, str] | None = None, note: bool = False) -> list[Event]:
    """A match's log: created, joined, started, the removals and substitutes, then a move."""
    kinds: list[tuple[str, str, dict[str, Any]]] = [("match_created", seats[0], {"place": place or {}})]
    kinds += [("player_joined", s, {"player": {"id": s, "name": s.split(":")[-1].title()}}) for s in seats]
    kinds.append(("match_started", seats[0], {"seats": seats}))
    for seat in removed:
        kinds.append(("player_removed", seats[seat], {"seat": seat, "reason": "forfeit"}))
        if replaced and seat in replaced:
            who = replaced[seat]
            kinds.append(("player_replaced", "mod", {"seat": seat, "player": {"id": who, "name": "Sub"}, "back": True}))
    kinds.append(("action", seats[-1], {}))
    if note:
        kinds.append(("note", "mod", {"text": "gg"}))
    return [Event(match_id=mid, seq=i + 1, type=t, actor=a, at=f"{at}:{i:02d}", payload=p)  # type: ignore[arg-type]
            for i, (t, a, p) in enumerate(kinds)]


def row(mid: str, players: list[str], result: dict[str, Any] | None, *, status: str = "finished",
        imported: bool = False, guild: str | None = "g1", game: str = "toy") -> MatchRow:
    return MatchRow(mid, game, "r1", "2026-01-01", "2026-01-02", status, "c", guild, None, players, result, 9,
                    imported)


def rated(mid: str, seats: list[str], result: dict[str, Any] | None, at: str = "2026-01-01T10:00", **kw: Any
          ) -> RatedMatch | None:
    status = kw.pop("status", "finished")
    imported = kw.pop("imported", False)
    players = list(seats)
    for seat, who in (kw.get("replaced") or {}).items():
        players[seat] = who
    return rated_match(row(mid, players, result, status=status, imported=imported), log(mid, seats, at, **kw))


def expected(places: list[int]) -> list[tuple[float, float]]:
    """openskill's update of fresh players at these places."""
    out = PL.rate([[PL.rating()] for _ in places], ranks=[float(p) for p in places])
    return [(t[0].mu, t[0].sigma) for t in out]


def rated_now(matches: list[RatedMatch | None]) -> Ladder:
    return fold([m for m in matches if m is not None], Ladder("g1", "toy"))


def check(ladder: Ladder, players: list[str], places: list[int]) -> None:
    for pid, (mu, sigma) in zip(players, expected(places), strict=True):
        got = ladder.ratings[pid]
        assert (got.mu, got.sigma) == (pytest.approx(mu), pytest.approx(sigma)), pid


A, B, C = "discord:1", "discord:2", "discord:3"


@pytest.mark.parametrize("n", range(2, 9))
def test_two_to_eight_seats_placed_by_winner_then_score(n: int) -> None:
    seats = [f"discord:{i}" for i in range(n)]
    # Seat 1 wins; the rest by score, seats 2 and 3 tied (when there are both).
    scores = {str(i): (100 if i == 1 else 50 if i in (2, 3) else i) for i in range(n)}
    m = rated("m", seats, {"winners": [1], "scores": scores})
    assert m is not None
    order = sorted({(0 if i == 1 else 1, -scores[str(i)]) for i in range(n)})
    places = [1 + order.index((0 if i == 1 else 1, -scores[str(i)])) for i in range(n)]
    assert dict(m.places) == dict(zip(seats, places, strict=True))
    check(rated_now([m]), seats, places)


def test_a_draw_ties_everyone() -> None:
    m = rated("m", [A, B, C], {"winners": [], "scores": {"0": 3, "1": 3, "2": 3}})
    assert m is not None and {p for _, p in m.places} == {1}
    check(rated_now([m]), [A, B, C], [1, 1, 1])


def test_a_shared_win_ties_the_winners() -> None:
    m = rated("m", [A, B, C], {"winners": [0, 2], "scores": {}})
    check(rated_now([m]), [A, B, C], [1, 2, 1])


def test_a_forfeit_is_last_whatever_the_score() -> None:
    # A leaves with the best score; B wins; C stays: A is placed below C.
    m = rated("m", [A, B, C], {"winners": [1], "scores": {"0": 90, "1": 50, "2": 10}}, removed=(0,))
    assert m is not None and dict(m.places) == {B: 1, C: 2, A: 3}
    check(rated_now([m]), [B, C, A], [1, 2, 3])


def test_a_taken_over_seat_is_its_players_loss_and_not_the_bots() -> None:
    result = {"winners": [0], "scores": {"0": 5, "1": 9, "2": 1}, "taken_over": {"1": "normal"}}
    m = rated("m", [A, B, C], result, removed=(1,))
    assert m is not None and dict(m.places) == {A: 1, C: 2, B: 3}
    assert not any(p.startswith("bot:") for p, _ in m.places)


def test_a_substitute_takes_the_seats_place_and_the_leaver_is_last() -> None:
    m = rated("m", [A, B], {"winners": [1], "scores": {}}, removed=(1,), replaced={1: C})
    assert m is not None and dict(m.places) == {C: 1, A: 2, B: 3}


@pytest.mark.parametrize("why", ["aborted", "imported", "casual", "running"])
def test_unrated_matches(why: str) -> None:
    result = None if why in ("aborted", "running") else {"winners": [0], "scores": {}}
    kw: dict[str, Any] = {"aborted": {"status": "aborted"}, "running": {"status": "running"},
                          "imported": {"imported": True}, "casual": {"place": {"rated": False}}}[why]
    assert rated("m", [A, B], result, **kw) is None
    assert rated("m", [A, B], {"winners": [0], "scores": {}}, place={"rated": True}) is not None


def test_bots_are_one_player_per_level_on_the_same_ladder() -> None:
    assert (identity("bot:1"), identity("bot:hard:2"), identity("bot:normal:3"), identity(A)) == (
        "bot:easy", "bot:hard", "bot:normal", A)
    # Person, hard bot, two easy bots: the easy level's rating is the mean of its two seats'.
    m = rated("m", [A, "bot:hard:1", "bot:2", "bot:3"], {"winners": [1], "scores": {"0": 3, "2": 2, "3": 1}})
    assert m is not None
    ladder = rated_now([m])
    after = expected([1, 2, 3, 4])
    assert (ladder.ratings["bot:hard"].mu, ladder.ratings[A].mu) == (pytest.approx(after[0][0]), pytest.approx(after[1][0]))
    easy = ladder.ratings["bot:easy"]
    assert easy.mu == pytest.approx((after[2][0] + after[3][0]) / 2)
    assert easy.sigma == pytest.approx((after[2][1] + after[3][1]) / 2)
    assert easy.matches == 1
    # Only one player in every seat (easy bots among themselves): nothing to learn.
    assert rated("m2", ["bot:1", "bot:2"], {"winners": [0], "scores": {}}) is None


def test_a_player_rated_in_one_match_and_in_two_seats_of_the_next_is_rated_from_the_same_prior_twice() -> None:
    first = rated("m1", [A, "bot:1"], {"winners": [1], "scores": {}}, at="2026-01-01T10:00")
    second = rated("m2", ["bot:2", A, "bot:3"], {"winners": [1], "scores": {"0": 2, "2": 1}}, at="2026-01-02T10:00")
    [[a], [easy]] = PL.rate([[PL.rating()], [PL.rating()]], ranks=[2.0, 1.0])
    # Each easy seat from its own copy of the same prior (openskill corrects each seat's sigma once).
    [[e1], [a2], [e2]] = PL.rate([[PL.rating(mu=easy.mu, sigma=easy.sigma)], [PL.rating(mu=a.mu, sigma=a.sigma)],
                                  [PL.rating(mu=easy.mu, sigma=easy.sigma)]], ranks=[2.0, 1.0, 3.0])
    ladder = rated_now([first, second])
    assert ladder.ratings[A].mu == pytest.approx(a2.mu)
    got = ladder.ratings["bot:easy"]
    assert (got.mu, got.sigma, got.matches) == (pytest.approx((e1.mu + e2.mu) / 2),
                                                 pytest.approx((e1.sigma + e2.sigma) / 2), 2)


def test_the_fold_follows_the_order_matches_ended_not_the_order_given() -> None:
    first = rated("m1", [A, B], {"winners": [0], "scores": {}}, at="2026-01-01T10:00", note=True)
    second = rated("m0", [B, C], {"winners": [0], "scores": {}}, at="2026-01-02T10:00")
    assert first is not None and second is not None
    # The note after the end does not move the end.
    assert first.ended_at == "2026-01-01T10:00:04"  # the move, not the note after it
    [[a], [b]] = PL.rate([[PL.rating()], [PL.rating()]], ranks=[1.0, 2.0])
    [[b2], [c]] = PL.rate([[PL.rating(mu=b.mu, sigma=b.sigma)], [PL.rating()]], ranks=[1.0, 2.0])
    for order in ([first, second], [second, first]):
        ladder = rated_now(list(order))
        assert ladder.ratings[B].mu == pytest.approx(b2.mu)
        assert ladder.ratings[C].mu == pytest.approx(c.mu)
        assert ladder.ratings[A].mu == pytest.approx(a.mu)
        assert ladder.through == second.key
    # Folding on from a ladder skips what it already holds.
    assert fold([first, second], rated_now([first, second])).ratings[B].matches == 2


def test_provisional_until_enough_matches_and_the_table_order() -> None:
    rng = random.Random(4)
    ms = [rated(f"m{i}", [A, B] if i % 2 else [B, A], {"winners": [rng.randrange(2)], "scores": {}},
                at=f"2026-01-{i + 1:02d}T10:00") for i in range(PROVISIONAL - 1)]
    ms.append(rated("mc", [A, C], {"winners": [1], "scores": {}}, at="2026-02-01T10:00"))
    ladder = rated_now(ms)
    assert (ladder.ratings[A].provisional, ladder.ratings[B].provisional) == (False, True)
    assert ladder.ratings[A].matches == PROVISIONAL
    table = ladder.table()
    assert table[0].player == A and {r.player for r in table[1:]} == {B, C}
    assert ladder.ratings[B].name == "2"
    assert Ladder.from_json("g1", "toy", ladder.to_json()).to_json() == ladder.to_json()
