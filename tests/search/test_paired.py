"""The paired search (Budget.paired): every legal action is played from the
same deal with the same luck, so an action that is never worse than another
on any luck is never judged worse, however few the samples. The tree search,
which meets different luck on each action, is the control: at the same
budget it sometimes prefers a worse action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Choice, Game, Outcome, Pending, Rng, Text, Transition, Viewer
from engine.core.search import Budget, Search

from .helpers import rng


@dataclass(frozen=True)
class Bet:
    bonus: int | None = None  # chosen by seat 0
    roll: int | None = None  # a d10, rolled as the bonus is chosen


class Wager(Game[Bet]):
    """Seat 0 takes a bonus of 0-4 (action n=k gives 4 - k, so the best
    action sorts first and a tie would go against it) and a d10 is rolled; the
    position is then judged by `judge`: roll + bonus, so the roll weighs far
    more than the choice, and a larger bonus is better on every roll."""

    id = "wager"
    title = Text("Wager", "賭け")
    ruleset = "wager-1"
    min_seats = max_seats = 2

    def setup(self, seats: int, options: Any, rng: Rng) -> Bet:
        return Bet()

    def apply(self, state: Bet, seat: int, action: Any, rng: Rng) -> Transition[Bet]:
        return Transition(Bet(4 - action["n"], rng.below(10)))

    def pending(self, state: Bet) -> tuple[Pending, ...]:
        return () if state.bonus is not None else (Pending(0, "turn", Text("Bet", "賭け")),)

    def legal_actions(self, state: Bet, seat: int) -> list[Choice]:
        if state.bonus is not None or seat != 0:
            return []
        return [Choice({"kind": "pick", "n": k}, Text(f"{k}", f"{k}")) for k in range(5)]

    def view(self, state: Bet, viewer: Viewer) -> dict[str, Any]:
        return {"bonus": state.bonus, "roll": state.roll}

    def outcome(self, state: Bet) -> Outcome | None:
        return None  # no end: the search judges the position by `judge`


def judge(state: Bet) -> list[float]:
    share = ((state.roll or 0) + (state.bonus or 0)) / 13
    return [share, 1.0 - share]


WAGER = Wager()
SEEDS = range(24)


def _decide(limits: Budget, seed: int) -> Any:
    search = Search(WAGER, 0, limits, rng("paired", seed), deal=lambda s, _seat, _rng: s)
    search.evaluate = judge
    return search.run(WAGER.setup(2, {}, rng("wager")))


def test_the_paired_search_never_prefers_an_action_that_is_worse_on_every_roll() -> None:
    # 15 simulated actions: three rolls for each of the five bets.
    picked = [_decide(Budget(actions=15, paired=True), seed) for seed in SEEDS]
    assert picked == [{"kind": "pick", "n": 0}] * len(SEEDS)


def test_the_tree_at_the_same_budget_meets_different_luck_and_sometimes_prefers_a_worse_bet() -> None:
    picked = [_decide(Budget(actions=15), seed) for seed in SEEDS]
    assert any(p != {"kind": "pick", "n": 0} for p in picked)


def test_rounds_are_never_cut_short_so_every_action_has_as_many_samples() -> None:
    search = Search(WAGER, 0, Budget(actions=12, paired=True), rng("paired-count"),
                    deal=lambda s, _seat, _rng: s)
    search.run(WAGER.setup(2, {}, rng("wager")))
    # Rounds of five are never cut short: 12 actions asked, three rounds played.
    assert search.spent == 15
