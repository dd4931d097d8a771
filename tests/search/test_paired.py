"""The paired search (Budget.paired): every legal action is played from the
same deal with the same luck, so an action that is never worse than another
on any luck is never judged worse, however few the samples. The tree search,
which meets different luck on each action, is the control: at the same
budget it sometimes prefers a worse action. With caution, an action must
show its gain over the passive answer by more than its standard error: the
best of several noisy means is otherwise often a gamble worth less than a
sure gain."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from engine.core import Choice, Game, Outcome, Pending, Rng, Text, Transition, Viewer
from engine.core.search import Budget, Search, gain

from .helpers import rng


@dataclass(frozen=True)
class Played:
    points: int | None = None  # what seat 0's choices came to
    first: str | None = None  # a first move still to be followed (TwoSteps)


class OneChoice(Game[Played]):
    """Seat 0 makes one choice of `kinds` and `resolve(action, rng)` scores
    it, luck included; the search judges the result with `points`."""

    min_seats = max_seats = 2
    kinds: ClassVar[tuple[dict[str, Any], ...]] = ()

    def resolve(self, action: dict[str, Any], rng: Rng) -> int:
        raise NotImplementedError

    def setup(self, seats: int, options: Any, rng: Rng) -> Played:
        return Played()

    def apply(self, state: Played, seat: int, action: Any, rng: Rng) -> Transition[Played]:
        return Transition(Played(self.resolve(action, rng)))

    def pending(self, state: Played) -> tuple[Pending, ...]:
        return () if state.points is not None else (Pending(0, "turn", Text("Choose", "選択")),)

    def legal_actions(self, state: Played, seat: int) -> list[Choice]:
        if state.points is not None or seat != 0:
            return []
        return [Choice(a, Text(str(a), str(a))) for a in self.kinds]

    def view(self, state: Played, viewer: Viewer) -> dict[str, Any]:
        return {"points": state.points}

    def outcome(self, state: Played) -> Outcome | None:
        return None  # no end: the search judges the position


def points(scale: float, base: float) -> Callable[[Played], list[float]]:
    def judge(state: Played) -> list[float]:
        share = base + (state.points or 0) / scale
        return [share, 1.0 - share]
    return judge


# Wager: a bonus of 0-4 (action n=k gives 4 - k, so the best action sorts
# first and a tie would go against it) and a d10 rolled with it: the roll
# weighs far more than the choice, and a larger bonus is better on every roll.
class Wager(OneChoice):
    id, ruleset, title = "wager", "wager-1", Text("Wager", "賭け")
    kinds = tuple({"kind": "pick", "n": k} for k in range(5))

    def resolve(self, action: dict[str, Any], rng: Rng) -> int:
        bonus: int = 4 - action["n"]
        return bonus + rng.below(10)


WAGER = Wager()
judge = points(13, 0.0)
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


# Gamble: pass (listed first: the passive answer), take a sure point, or toss
# a coin for six points won or lost: the toss's mean is nothing, below the
# sure point's, but on few tosses it often looks better.
class Gamble(OneChoice):
    id, ruleset, title = "gamble", "gamble-1", Text("Gamble", "賭け事")
    kinds = tuple({"kind": k} for k in ("pass", "sure", "toss"))

    def resolve(self, action: dict[str, Any], rng: Rng) -> int:
        if action["kind"] == "toss":
            return rng.choice([-6, 6])
        return 0 if action["kind"] == "pass" else 1


GAMBLE = Gamble()
judge_points = points(20, 0.5)


def _gamble(caution: float, seed: int) -> str:
    # 24 simulated actions: eight tosses of the coin.
    search = Search(GAMBLE, 0, Budget(actions=24, paired=True, caution=caution), rng("gamble", seed),
                    deal=lambda s, _seat, _rng: s)
    search.evaluate = judge_points
    picked: str = search.run(GAMBLE.setup(2, {}, rng("gamble")))["kind"]
    return picked


def test_without_caution_the_best_of_noisy_means_is_often_a_gamble_worth_less_than_a_sure_gain() -> None:
    picked = [_gamble(0.0, seed) for seed in SEEDS]
    assert "toss" in picked and "sure" in picked


def test_with_caution_a_gamble_must_show_its_gain_and_the_sure_point_is_taken() -> None:
    picked = [_gamble(1.0, seed) for seed in SEEDS]
    assert picked.count("sure") > len(SEEDS) * 3 // 4
    assert picked.count("toss") < [_gamble(0.0, seed) for seed in SEEDS].count("toss")
    assert "pass" not in picked  # a sure gain has no spread: its lower bound is the gain itself


def test_a_gain_is_measured_against_the_passive_answer_round_by_round() -> None:
    rounds = [{"pass": 0.5, "sure": 0.55, "toss": 0.2}, {"pass": 0.6, "sure": 0.65, "toss": 1.0}]
    assert gain(rounds, "pass", "pass", 1.0) == 0.0
    assert gain(rounds, "sure", "pass", 1.0) == pytest.approx(0.05)  # the same gain on both rounds
    assert gain(rounds, "toss", "pass", 0.0) == pytest.approx(0.05)
    assert gain(rounds, "toss", "pass", 1.0) == pytest.approx(0.05 - 0.35)  # spread 0.4950/sqrt 2
    assert gain([{"pass": 0.5}], "toss", "pass", 0.0) == -math.inf  # never sampled beside it


class TwoSteps(OneChoice):
    """Seat 0 moves twice: a sure point, or a preparation worth nothing alone;
    then it passes (listed first) or, if prepared, strikes for three."""

    id, ruleset, title = "twosteps", "twosteps-1", Text("Two steps", "二手")

    def apply(self, state: Played, seat: int, action: Any, rng: Rng) -> Transition[Played]:
        if state.first is None:
            return Transition(Played(first=action["kind"]))
        sure = 1 if state.first == "sure" else 0
        return Transition(Played(sure + (3 if action["kind"] == "strike" else 0), state.first))

    def legal_actions(self, state: Played, seat: int) -> list[Choice]:
        if state.points is not None or seat != 0:
            return []
        kinds = ("sure", "prepare") if state.first is None else \
            ("pass", "strike") if state.first == "prepare" else ("pass",)
        return [Choice({"kind": k}, Text(k, k)) for k in kinds]


def _plan(limits: Budget) -> str:
    game = TwoSteps()
    search = Search(game, 0, limits, rng("twosteps"), deal=lambda s, _seat, _rng: s)
    search.evaluate = points(10, 0.5)
    picked: str = search.run(game.setup(2, {}, rng("twosteps")))["kind"]
    return picked


def test_after_its_action_the_seat_takes_its_passive_answer_so_a_two_move_plan_is_not_seen() -> None:
    # The paired search judges one action: after it the seat answers passively
    # (it will search again for its next action when it comes).
    assert _plan(Budget(actions=40, paired=True)) == "sure"
    # The tree, which searches the seat's own next move, sees the strike.
    assert _plan(Budget(actions=200)) == "prepare"
