"""What the search bot knows about Naru beyond the rules: how good a position
is for each seat when a rollout stops (life above all, then the units on the
board by their values and how close they stand to the enemy keep, lands,
resources and cards in hand), and its budgets."""

from __future__ import annotations

import math

from engine.core import Action, Choice, Game, Rng, Text
from engine.core.search import Budget

from .board import COLS, neighbours, parse_square
from .bot import choose
from .choices import actions
from .game import GAME
from .state import NaruState, Unit
from .units import BEATS, attack_of, can_act, defense_of, printed

# A rollout runs to the start of the bot's next turn: the opponent has answered.
# 3300 actions peaked at 0.99 s of CPU for one decision and 2700 at 1.17 s on a
# loaded machine (bench/bench_bots.py), so hard is smaller still. Past a few
# dozen actions more search buys little here (2,900 and 8,000 measured as 2,200),
# so normal at 250 drew nearly level with hard; at 35 it still beats the random
# bot 48 of 64 and hard beats it 29 of 32 (the bench's seeds).
BUDGETS = {
    "normal": Budget(actions=35, turns=2, depth=200),
    "hard": Budget(actions=2200, turns=2, depth=200),
}
SCALE = 3.0
LIFE = 6.0
# A unit next to a keep takes a life unless it is stopped: the seat to move
# strikes before anything can answer, the other seat's threat can still be met.
# Rollouts stop as the bot's turn starts, so THREAT is what the opponent's
# units beside the bot's keep cost it: at 0.35 of a life hard let them stand
# and lost 8 of 64 to the random bot on fresh seeds (200-263); at 0.55, 3.
# normal keeps the lighter fear: a player who lets raiders stand by the keep.
STRIKE = 0.7 * LIFE
THREAT = 0.55 * LIFE
THREAT_NORMAL = 0.35 * LIFE


def _distance(a: int, b: int) -> int:
    return abs(a // COLS - b // COLS) + abs(a % COLS - b % COLS)


def worth(s: NaruState, p: int, threat: float) -> float:
    defs = GAME.defs_of(s)
    me = s.players[p]
    total = LIFE * me.life + 0.15 * min(me.resources, 10) + 0.1 * min(len(me.hand), 7)
    if len(me.deck) < 3:
        total -= 2.0 * (3 - len(me.deck))
    target = s.players[1 - p].keep_sq if s.order_known else None
    for sq, unit in enumerate(s.units):
        if unit is None or unit.owner != p:
            continue
        total += 1.0 + 0.35 * (attack_of(s, defs, unit) + defense_of(s, defs, unit))
        if target is not None:
            d = _distance(sq, target)
            total += 1.2 if d <= 1 else 0.5 if d == 2 else 0.0
    total += 0.3 * sum(1 for land in s.lands if land is not None and land.owner == p and not land.keep)
    if target is not None and s.players[1 - p].life > 0:
        total += _danger(s, p, target, threat)
    return total


def fought_odds(s: NaruState, attacker: Unit, defender: Unit) -> float:
    """The attacker's chance against a keep's guard, the battle counted as it
    is fought: the attribute that beats the other doubles its side, and the
    defender loses ties; a battle tool (unknown) adds about 2 or stops a doubling."""
    defs = GAME.defs_of(s)
    a_attr = printed(s, defs, attacker).attribute
    d_attr = printed(s, defs, defender).attribute
    attack = attack_of(s, defs, attacker) * (2 if a_attr is not None and BEATS[a_attr] == d_attr else 1)
    defense = defense_of(s, defs, defender) * (2 if d_attr is not None and BEATS[d_attr] == a_attr else 1)
    edge = attack - defense
    return 0.85 if edge >= 3 else 0.6 if edge >= 0 else 0.25 if edge >= -2 else 0.05


def _danger(s: NaruState, p: int, keep: int, threat: float) -> float:
    """What `p`'s units next to the enemy keep threaten, the strongest counting."""
    guard = s.units[keep]
    best = 0.0
    for sq in neighbours(keep):
        unit = s.units[sq]
        if unit is None or unit.owner != p:
            continue
        odds = 1.0 if guard is None or guard.owner == p else fought_odds(s, unit, guard)
        now = s.active == p and s.phase != "over" and can_act(s, unit) and not unit.moved
        best = max(best, odds * (STRIKE if now else threat))
    # The last life makes a threat the whole match.
    return best * (1.6 if s.players[1 - p].life <= 1 else 1.0)


def evaluate(s: NaruState, threat: float = THREAT) -> list[float]:
    diff = (worth(s, 0, threat) - worth(s, 1, threat)) / SCALE
    first = 1.0 / (1.0 + math.exp(-diff))
    return [first, 1.0 - first]


def evaluate_normal(s: NaruState) -> list[float]:
    return evaluate(s, THREAT_NORMAL)


def candidates(game: Game[NaruState], s: NaruState, seat: int) -> list[Action]:
    return actions(s, seat, GAME.defs_of(s))


_NO_LABEL = Text("", "")


def rollout(game: Game[NaruState], s: NaruState, seat: int, rng: Rng) -> Action:
    """The built-in bot, but it never passes up a step into an undefended
    enemy keep: a rollout where threats go unpunished cannot see them."""
    options = actions(s, seat, GAME.defs_of(s))
    keep = s.enemy_keep(seat)
    if keep is not None and s.units[keep] is None:
        for action in options:
            if action["kind"] == "move" and parse_square(action["to"]) == keep:
                return action
    # The built-in bot reads only each choice's action: no label is built.
    return choose(s, seat, [Choice(a, _NO_LABEL) for a in options], rng)
