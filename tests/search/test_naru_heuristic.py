"""The Naru heuristic sees keep danger: a unit next to an undefended enemy
keep is worth most to the seat about to move it, a guarded keep is judged by
the battle as it is fought, a raider waiting beside the bot's own keep weighs
more for hard than for normal, and the rollout policy takes an undefended
keep rather than leave the threat unpunished."""

from __future__ import annotations

from engine.core import Rng
from engine.naru.board import neighbours, parse_square
from engine.naru.heuristic import evaluate, evaluate_normal, fought_odds, rollout
from engine.naru.state import Land, NaruState, Unit
from engine.naru.units import BEATS
from engine.registry import get_game

from .helpers import match_states


def _action_state() -> NaruState:
    for state in match_states("naru", seed=1, every=1):
        if state.phase == "action" and all(p.keep_sq is not None for p in state.players):
            return state
    raise AssertionError("no action phase with both keeps placed in the sample match")


def _raider(s: NaruState, seat: int) -> tuple[NaruState, int]:
    """`s` with the board cleared but for one unit of `seat` next to the
    enemy keep, free to move, and the squares around it laid with land."""
    game = get_game("naru")
    keep = s.players[1 - seat].keep_sq
    assert keep is not None
    out = s.copy()
    out.units = [None] * len(out.units)
    out.battle = None
    card = next(c for c, who in sorted(s.owner.items())
                if who == seat and game.defs[s.cards[c]].kind in ("general", "commoner"))
    land = next(c for c, who in sorted(s.owner.items()) if who == seat and game.defs[s.cards[c]].kind == "land")
    lands = list(out.lands)
    sq = next(q for q in neighbours(keep) if q != s.players[seat].keep_sq)
    for q in (sq, *neighbours(sq)):
        if lands[q] is None:
            lands[q] = Land(land, seat)
    out.lands = lands
    out.units[sq] = Unit(seat, [card], False, summoned_turn=-1)
    return out, sq


def _far(raided: NaruState, sq: int, seat: int) -> NaruState:
    """`raided` with its raider moved to a land well away from the enemy keep."""
    far = raided.copy()
    far.units = [None] * len(far.units)
    keep = raided.players[1 - seat].keep_sq
    home = next(q for q in range(len(far.units)) if far.lands[q] is not None and q != keep
                and keep not in neighbours(q) and q != raided.players[seat].keep_sq)
    far.units[home] = raided.units[sq]
    return far


def test_a_raider_next_to_the_undefended_enemy_keep_raises_its_side() -> None:
    s = _action_state()
    seat = s.active
    raided, sq = _raider(s, seat)
    assert evaluate(raided)[seat] > evaluate(_far(raided, sq, seat))[seat] + 0.1


def test_a_raider_waiting_beside_the_keep_costs_hard_more_than_normal() -> None:
    """The seat to move faces an enemy unit beside its keep, which strikes
    next turn unless it is met: hard counts that threat at 0.55 of a life,
    normal (a player who lets raiders stand) at 0.35."""
    s = _action_state()
    raider_seat = 1 - s.active
    raided, sq = _raider(s, raider_seat)
    far = _far(raided, sq, raider_seat)
    hard = evaluate(raided)[raider_seat] - evaluate(far)[raider_seat]
    normal = evaluate_normal(raided)[raider_seat] - evaluate_normal(far)[raider_seat]
    assert normal > 0.02
    assert hard > normal + 0.02


def test_the_rollout_takes_an_undefended_enemy_keep() -> None:
    game = get_game("naru")
    s = _action_state()
    seat = s.active
    raided, _ = _raider(s, seat)
    keep = raided.players[1 - seat].keep_sq
    for n in range(20):
        action = rollout(game, raided, seat, Rng(b"naru-raid" * 4, n))
        assert action["kind"] == "move" and parse_square(action["to"]) == keep


def test_a_keep_guard_is_judged_by_the_battle_as_fought() -> None:
    """A guard with more printed defense than the raider's attack still falls
    when the raider's attribute beats its own (the attack doubles, and the
    defender loses ties): the evaluation counts the raider's threat as real."""
    game = get_game("naru")
    s = _action_state()
    seat = s.active
    units = [c for c in sorted(s.owner) if game.defs[s.cards[c]].kind in ("general", "commoner")]
    pairs = [(a, g) for a in units for g in units
             if s.owner[a] == seat and s.owner[g] != seat
             and game.defs[s.cards[a]].attribute is not None
             and BEATS[game.defs[s.cards[a]].attribute] == game.defs[s.cards[g]].attribute
             and game.defs[s.cards[a]].attack < game.defs[s.cards[g]].defense <= 2 * game.defs[s.cards[a]].attack]
    assert pairs, "the sample decks hold such a pair"
    raider, guard = pairs[0]
    attacker, defender = Unit(seat, [raider], False, -1), Unit(1 - seat, [guard], False, -1)
    assert fought_odds(s, attacker, defender) > 0.5
    assert fought_odds(s, defender, attacker) < 0.5  # the other way round, the doubling defends
    raided, sq = _raider(s, seat)
    raided.units[sq] = attacker
    keep = raided.players[1 - seat].keep_sq
    assert keep is not None
    raided.units[keep] = defender
    unarmed = raided.copy()
    unarmed.units = list(raided.units)
    unarmed.units[sq] = None
    assert evaluate(raided)[seat] > evaluate(unarmed)[seat] + 0.1
