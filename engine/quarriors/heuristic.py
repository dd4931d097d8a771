"""What the search bot knows about Quarriors beyond the rules: how good a
position is for each seat when a rollout stops (glory, creatures about to
score, the strength of the dice each owns), the actions worth searching, its
budgets, and the player of strategy.py: hard's rollout policy and, at both
levels, the decisions a two-turn search judges badly (hard's captures too).
normal keeps the plain greedy rollout."""

from __future__ import annotations

from typing import Any

from engine.core import Game, Rng, RuleError
from engine.core.search import Budget, shares

from . import strategy
from .bot import choose as random_choice
from .payment import available
from .prompts import candidates as prompt_candidates
from .state import ATTACK, CAPTURE, MAIN, OVER, QState, creatures, own_card
from .stats import glory, summon_cost
from .turn import RULES, capture_cost
from .turn import candidates as turn_candidates

Action = dict[str, Any]

# A rollout runs to the start of the bot's next turn: its creatures have then
# scored or been destroyed, and what it captured is in its used pile.
# normal at 200 actions beats easy as often as at 500 (19/32 both), and hard
# beats it 25/32 instead of 20/32 (bench/bench_bots.py, 32 games).
BUDGETS = {
    "normal": Budget(actions=200, turns=2, depth=400),
    "hard": Budget(actions=6000, turns=2, depth=400),
}
SCALE = 3.0  # glory points between two seats that make one ~2.7:1 favourite
BASIC = frozenset({"basic_quiddity", "assistant"})


def worth(s: QState, p: int) -> float:
    total = float(s.glory[p])
    for d in creatures(s, p):
        total += 0.6 * glory(s, d)
    for zone in (s.bag[p], s.pool[p], s.ready[p], s.used[p], s.aside[p]):
        for d in zone:
            card = s.cards[s.dcard[d]]
            if card.kind != "basic":
                total += 0.3 * card.cost
            elif card.id in BASIC:
                total -= 0.15  # every basic die dilutes the bag
    return total


def evaluate(s: QState) -> list[float]:
    """Each seat's share of a softmax over worth: for two seats the logistic
    of the difference."""
    return shares([worth(s, p) / SCALE for p in range(s.seats)])


def candidates(game: Game[Any], s: QState, seat: int) -> list[Action]:
    """The legal actions, without their labels and without the ways to pay
    that name the dice: the engine's own payment wastes the least quiddity,
    so only the amount matters and those variants would only split the search
    (listing them is most of the cost of the game's own list)."""
    if s.step == OVER or s.prompts or s.step == ATTACK:
        raw: list[Action] = game.raw_actions(s, seat)  # type: ignore[attr-defined]
        return raw
    if seat != s.active:
        return []
    out: list[Action] = []
    for a in turn_candidates(s, seat, ways=False):
        try:
            RULES[a["kind"]][0](s, seat, a)
        except RuleError:  # not legal now
            continue
        out.append(a)
    return out


def _capture_value(s: QState, a: Action) -> float:
    slot = s.slots[a["card"]]
    card = s.cards[slot]
    return card.cost + (3 if card.kind == "creature" else 0) + 2 * card.glory


def rollout(game: Game[Any], s: QState, seat: int, rng: Rng) -> Action:
    """The knowing player of strategy.py (the dice supply the randomness)."""
    if s.prompts:
        return strategy.choose([], s, seat, rng)
    if s.step == CAPTURE and not s.ready[seat]:
        # Nothing to cast or discard: only captures, listed without the full menu.
        caps = [{"kind": "capture", "card": c.id} for slot, c in enumerate(s.cards)
                if s.wild[slot] and s.captures > 0 and available(s, seat) >= capture_cost(s, slot)]
        return strategy.capture_choice(s, seat, caps) or {"kind": "end_turn"}
    return strategy.choose(candidates(game, s, seat), s, seat, rng)


def _settled(game: Game[Any], s: QState, seat: int, rng: Rng, *, captures: bool) -> Action | None:
    if s.prompts:
        return strategy.choose([], s, seat, rng)
    if s.step == MAIN and s.active == seat:
        legal = candidates(game, s, seat)
        kinds = {a["kind"] for a in legal}
        if (s.imm and kinds & {"use", "settle"}) or (kinds & {"ready"} and not kinds & {"use", "settle"}):
            return strategy.choose(legal, s, seat, rng)
    if captures and s.step == CAPTURE and s.active == seat:
        return strategy.choose(candidates(game, s, seat), s, seat, rng)
    return None


def settled(game: Game[Any], s: QState, seat: int, rng: Rng) -> Action | None:
    """Decisions the knowing player takes without a search: which die to
    capture and what to cull (a better bag pays off over the whole match,
    which a two-turn search cannot see: searched, captures lost matches),
    the other questions of the rules, drawing more dice while the draw is
    open, and readying spells."""
    return _settled(game, s, seat, rng, captures=True)


def settled_normal(game: Game[Any], s: QState, seat: int, rng: Rng) -> Action | None:
    """normal knows what to cull but searches its captures with the plain
    greedy rollout: the knowledge that most separates hard from it."""
    return _settled(game, s, seat, rng, captures=False)


def rollout_normal(game: Game[Any], s: QState, seat: int, rng: Rng) -> Action:
    """A greedy player with some noise: draw dice, summon the strongest
    creature it can pay for, attack, capture the best die it can afford."""
    if s.prompts:
        return random_choice(s, prompt_candidates(s, s.prompts[0]), rng)
    legal = candidates(game, s, seat)
    if s.step == ATTACK or len(legal) == 1:
        return random_choice(s, legal, rng)
    by: dict[str, list[Action]] = {}
    for a in legal:
        by.setdefault(a["kind"], []).append(a)
    if s.step == CAPTURE:
        caps = by.get("capture", [])
        if caps and s.captures > 0:
            best = max(caps, key=lambda a: (_capture_value(s, a), rng.below(8)))
            if own_card(s, s.wild[s.slots[best["card"]]][0]).kind != "basic" or rng.below(3) == 0:
                return best
        return legal[0]
    if s.imm and "use" in by:
        return by["use"][rng.below(len(by["use"]))]
    if "summon" in by:
        return max(by["summon"], key=lambda a: (summon_cost(s, a["die"], seat), rng.below(8)))
    for kind in ("cast", "ready", "attach"):
        if kind in by and rng.below(2) == 0:
            return by[kind][rng.below(len(by[kind]))]
    if available(s, seat) and rng.below(4) == 0 and "reroll" in by:
        return by["reroll"][rng.below(len(by["reroll"]))]
    return legal[0]
