"""The search bot: information-set Monte Carlo tree search (single-observer
ISMCTS) over the game contract, with levels easy (the game's own biased random
bot), normal and hard (the search with a small and a large budget).

The bot never reads what its seat may not see: every iteration starts from the
game's determinization (engine/<game>/determinize.py), which puts everything
hidden from the seat in a canonical order and deals it again at random, so what
the search sees depends only on the seat's view and the Rng it is handed. The
budget counts simulated actions, never time (the engine reads no clock).
Per-game knowledge is optional and lives in engine/<game>/heuristic.py:
`evaluate(state) -> one value in [0, 1] per seat` judges a position when a
rollout is cut short, `rollout(game, state, seat, rng) -> Action` replaces the
game's `bot_action` as the rollout policy, `candidates(game, state, seat)`
lists actions without building labels, `settled(game, state, seat, rng) ->
Action | None` takes decisions the search cannot judge (it judges positions,
so e.g. between-games deck changes), and `BUDGETS` overrides the defaults.
Any of these may be given for one level alone as `NAME_LEVEL` (e.g.
`rollout_hard`): levels may differ in knowledge as well as in budget.

A budget may ask for the paired search instead of the tree (`Budget.paired`):
every legal action is played from the same determinizations with the same
luck, which suits a game where chance decides much within one turn.
"""

from __future__ import annotations

import hashlib
import importlib
import math
import struct
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from types import ModuleType
from typing import Any, TypeVar

from .actions import Action, format_action
from .contract import Game, Pending
from .errors import RuleError
from .play import step
from .rng import Rng

S = TypeVar("S")
T = TypeVar("T")

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class Budget:
    """How much one decision may search: `actions` simulated actions in all
    (tree and rollouts). A rollout stops once the game's turn counter is
    `turns` past the decision's (every sample judged at the same horizon), or
    after `depth` actions, and the game's heuristic judges the position (a
    game without one plays rollouts to the end)."""

    actions: int
    turns: int = 1 << 30
    depth: int = 10_000
    explore: float = 0.7  # the UCB exploration constant (rewards are in [0, 1])
    # Judge the root's actions side by side instead of growing a tree: see Search.paired.
    paired: bool = False
    # The paired search leaves the passive answer only for an action whose gain
    # over it exceeds `caution` standard errors (see Search.paired).
    caution: float = 0.0


DEFAULT_BUDGETS: Mapping[str, Budget] = {
    "normal": Budget(actions=500),
    "hard": Budget(actions=4000),
}


class _Node:
    __slots__ = ("action", "actor", "avail", "children", "value", "visits")

    def __init__(self, actor: int, action: Action | None) -> None:
        self.actor = actor
        self.action = action
        self.visits = 0
        self.avail = 1
        self.value = 0.0
        self.children: dict[tuple[int, str], _Node] = {}


def _module(game_id: str, name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"engine.{game_id}.{name}")
    except ModuleNotFoundError as e:
        # A game defined outside engine/ (a test's toy game) has no such module either.
        if e.name not in (f"engine.{game_id}", f"engine.{game_id}.{name}"):
            raise
        return None


_CACHE: dict[tuple[str, str], ModuleType | None] = {}


def _lookup(game_id: str, name: str) -> ModuleType | None:
    key = (game_id, name)
    if key not in _CACHE:
        _CACHE[key] = _module(game_id, name)
    return _CACHE[key]


Determinize = Callable[[Any, int, Rng], Any]


def determinizer(game: Game[Any]) -> Determinize:
    """The game's determinization; LookupError for a game without one (the
    search may not run on a state holding what the seat may not see)."""
    module = _lookup(game.id, "determinize")
    if module is None:
        raise LookupError(f"{game.id}: no engine.{game.id}.determinize, so no search bot")
    fn: Determinize = module.determinize
    return fn


def levels(game: Game[Any]) -> tuple[str, ...]:
    """The levels a game offers: the search ones need its determinization."""
    return LEVELS if _lookup(game.id, "determinize") is not None else LEVELS[:1]


def budget(game: Game[Any], level: str) -> Budget:
    heuristic = _lookup(game.id, "heuristic")
    table: Mapping[str, Budget] = getattr(heuristic, "BUDGETS", DEFAULT_BUDGETS)
    return table[level]


def shares(values: Sequence[float]) -> list[float]:
    """Each seat's share of a softmax over `values` (worths already divided by
    the game's scale): what a heuristic's `evaluate` returns for many seats."""
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def next_actor(pending: Sequence[Pending]) -> int:
    """The seat that moves next when several are waited on (as self-play does)."""
    return min(pending, key=lambda p: (p.order, p.seat)).seat


def shuffled(rng: Rng, items: Sequence[T]) -> list[T]:
    """A uniform random order of `items` from one draw of the Rng: the items
    sorted by 64-bit keys read off SHAKE-128 of that draw (keys collide with
    odds below n**2 / 2**64; the sort is stable, so even then the order is
    fixed). Determinizations shuffle whole decks at every iteration, and a
    Fisher-Yates shuffle costs one draw, an HMAC, per few cards."""
    n = len(items)
    if n < 2:
        return list(items)
    stream = hashlib.shake_128(rng.below(1 << 62).to_bytes(8, "big")).digest(8 * n)
    keys = struct.unpack(f">{n}Q", stream)
    return [items[i] for i in sorted(range(n), key=keys.__getitem__)]


def derive_secret(rng: Rng) -> bytes:
    """A secret for the simulated matches, drawn from the bot's own Rng."""
    return b"".join(rng.below(1 << 32).to_bytes(4, "big") for _ in range(8))


def check_level(level: str) -> str:
    """`level` itself, or ValueError naming the levels there are."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}: one of {', '.join(LEVELS)}")
    return level


def choose(game: Game[S], state: S, seat: int, rng: Rng, level: str = "hard",
           limits: Budget | None = None) -> Action:
    """The bot's action for `seat` at `level` (easy, normal or hard);
    `limits` replaces the level's budget (tests search briefly)."""
    if check_level(level) == "easy":
        return game.bot_action(state, seat, rng)
    return Search(game, seat, limits or budget(game, level), rng, level=level).run(state)


class Search:
    """One decision's search. Randomness comes from the Rng alone: one stream
    for determinizations and choices, and a derived secret for the simulated
    matches' own draws, so the same Rng and view give the same decision."""

    def __init__(self, game: Game[Any], seat: int, limits: Budget, rng: Rng,
                 deal: Determinize | None = None, level: str = "hard") -> None:
        self.game = game
        self.deal = deal or determinizer(game)
        self.seat = seat
        self.limits = limits
        self.rng = rng
        self.secret = derive_secret(rng)
        self.counter = 0
        self.spent = 0
        knows = _knowledge(game.id, level)
        self.evaluate: Callable[[Any], Sequence[float]] | None = knows("evaluate", None)
        self.policy: Callable[[Game[Any], Any, int, Rng], Action] = knows(
            "rollout", lambda g, s, p, r: g.bot_action(s, p, r))
        self.candidates: Callable[[Game[Any], Any, int], list[Action]] = knows(
            "candidates", lambda g, s, p: [c.action for c in g.legal_actions(s, p)])
        self.settled: Callable[[Game[Any], Any, int, Rng], Action | None] | None = knows("settled", None)

    def run(self, state: Any) -> Action:
        game, seat = self.game, self.seat
        legal = {format_action(a): a for a in self.candidates(game, state, seat)}
        if len(legal) <= 1:
            return next(iter(legal.values())) if legal else game.default_action(state, seat)
        if self.settled is not None:
            fixed = self.settled(game, state, seat, self.rng)
            if fixed is not None:
                return fixed
        deal = self.deal
        self.horizon = game.turn(state) + self.limits.turns
        if self.limits.paired:
            return self.paired(state, legal)
        root = _Node(seat, None)
        while self.spent < self.limits.actions:
            before = self.spent
            self.iterate(root, deal(state, seat, self.rng), legal)
            if self.spent == before:  # an iteration always costs something, so the loop ends
                self.spent += 1
        best = max(((child.visits, child.value, key) for (_, key), child in root.children.items()
                    if key in legal), default=None)
        return legal[best[2]] if best is not None else legal[min(legal)]

    def paired(self, state: Any, legal: Mapping[str, Action]) -> Action:
        """Flat Monte Carlo with common random numbers: each round deals one
        determinization and plays every legal action from it, each with the
        same simulation secret and the same rollout draws; after it the seat
        takes its passive answer (the game's first candidate: the contract
        lists it first) and the others play the rollout policy up to the
        horizon. Where chance decides much (a battle, a draw), a tree compares
        actions on different luck and needs many samples to see a small
        difference; here every action meets the same deal, the same checks and
        the same replies, so the difference between two actions is theirs
        alone. Rounds are never cut short, so every action has as many samples
        as the others.

        Each action is judged by its gain over the passive answer, round by
        round, less `Budget.caution` standard errors of that gain (the passive
        answer gains nothing). Taking the best of many noisy means favours the
        action whose luck varies most (a battle) over one whose gain is sure
        (a deployment): the lower bound asks a gamble to show its gain."""
        seat = self.seat
        keys = sorted(legal)
        passive = next(iter(legal))  # `legal` keeps the candidates' order: the passive answer first
        rounds: list[dict[str, float]] = []
        while self.spent < self.limits.actions:
            before = self.spent
            dealt = self.deal(state, seat, self.rng)
            secret, draws = derive_secret(self.rng), derive_secret(self.rng)
            got: dict[str, float] = {}
            for key in keys:
                self.secret, self.counter = secret, 0
                try:
                    s = self._apply(dealt, seat, legal[key])
                    rewards, other = self.rollout(s, partial(self._passing, draws=Rng(draws)))
                except RuleError:
                    continue  # a determinization the rules refuse somewhere: no sample
                got[key] = rewards.get(seat, other)
            if passive in got:
                rounds.append(got)
            if self.spent == before:
                self.spent += 1
        scores = {key: gain(rounds, key, passive, self.limits.caution) for key in keys}
        return legal[max(keys, key=lambda k: (scores[k], k))]

    def _passing(self, s: Any, actor: int, draws: Rng) -> Action:
        """The seat's passive answer, the others' rollout policy on `draws`."""
        if actor == self.seat:
            own = self.candidates(self.game, s, actor)
            return own[0] if own else self.game.default_action(s, actor)
        return self.policy(self.game, s, actor, draws)

    def _apply(self, s: Any, actor: int, action: Action) -> Any:
        result = step(self.game, s, actor, action, self.secret, self.counter)
        self.counter = result.counter
        self.spent += 1
        return result.transition.state

    def iterate(self, root: _Node, s: Any, legal: Mapping[str, Action]) -> None:
        game = self.game
        node = root
        path = [root]
        try:
            while True:
                pending = game.pending(s)
                if not pending:
                    break
                actor = self.seat if node is root else next_actor(pending)
                actions = self.candidates(game, s, actor)
                if node is root:
                    actions = [a for a in actions if format_action(a) in legal]
                if not actions:
                    break
                if len(actions) == 1:  # a forced move is no decision: no node for it
                    s = self._apply(s, actor, actions[0])
                    continue
                keyed = {format_action(a): a for a in actions}
                children = node.children
                untried = []
                for key in sorted(keyed):
                    child = children.get((actor, key))
                    if child is None:
                        untried.append(key)
                    else:
                        child.avail += 1
                if untried:
                    key = self._expansion(s, actor, untried)
                    child = children[(actor, key)] = _Node(actor, keyed[key])
                    s = self._apply(s, actor, keyed[key])
                    path.append(child)
                    break
                child = self._select(node, actor, keyed)
                s = self._apply(s, actor, keyed[_key(child)])
                path.append(child)
                node = child
            rewards, other = self.rollout(s)
        except RuleError:
            return  # a determinization the rules refuse somewhere: this sample says nothing
        for n in path[1:]:
            n.visits += 1
            n.value += rewards.get(n.actor, other)

    def _expansion(self, s: Any, actor: int, untried: list[str]) -> str:
        """Which untried action to try first: the rollout policy's pick when it
        is untried (its bias toward progress orders the search), else any."""
        preferred = format_action(self.policy(self.game, s, actor, self.rng))
        return preferred if preferred in untried else untried[self.rng.below(len(untried))]

    def _select(self, node: _Node, actor: int, keyed: Mapping[str, Action]) -> _Node:
        c = self.limits.explore
        best: _Node | None = None
        score = -1.0
        for key in sorted(keyed):
            child = node.children[(actor, key)]
            ucb = child.value / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if ucb > score:
                best, score = child, ucb
        assert best is not None
        return best

    def rollout(self, s: Any, pick: Callable[[Any, int], Action] | None = None) -> tuple[Mapping[int, float], float]:
        """Plays on to the horizon, each action chosen by `pick(state, actor)`
        (by default the rollout policy on the search's own Rng), and judges it."""
        game = self.game
        for _ in range(self.limits.depth):
            pending = game.pending(s)
            if not pending or game.turn(s) >= self.horizon:
                break
            actor = next_actor(pending)
            action = pick(s, actor) if pick is not None else self.policy(game, s, actor, self.rng)
            s = self._apply(s, actor, action)
        return self.rewards(s)

    def rewards(self, s: Any) -> tuple[Mapping[int, float], float]:
        """Each seat's reward in [0, 1], and the reward of a seat not named: a
        win (shared among the winners, nothing for the others), or the
        heuristic's judgement of an unfinished match (even without one)."""
        outcome = self.game.outcome(s)
        if outcome is not None:
            share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
            return {p: share for p in outcome.winners}, 0.0
        if self.evaluate is None:
            return {}, 0.5
        return dict(enumerate(self.evaluate(s))), 0.5


def gain(rounds: Sequence[Mapping[str, float]], key: str, passive: str, caution: float) -> float:
    """The mean gain of `key` over `passive` across the rounds that sampled
    both, less `caution` standard errors; -inf for an action never sampled
    with it (twice, when caution asks for a spread), 0 for `passive` itself."""
    if key == passive:
        return 0.0
    diffs = [r[key] - r[passive] for r in rounds if key in r]
    n = len(diffs)
    if n == 0 or (caution and n < 2):
        return -math.inf
    mean = sum(diffs) / n
    if not caution:
        return mean
    spread = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean - caution * math.sqrt(spread / n)


def _knowledge(game_id: str, level: str) -> Callable[[str, Any], Any]:
    """Looks up one piece of the game's heuristic, the level's own first."""
    heuristic = _lookup(game_id, "heuristic")

    def knows(name: str, default: Any) -> Any:
        return getattr(heuristic, f"{name}_{level}", getattr(heuristic, name, default))
    return knows


def _key(node: _Node) -> str:
    assert node.action is not None
    return format_action(node.action)
