"""Pacing benchmark: what a match by message costs in waits (issue 22, item 7).

Every seat is played by the game's own random bot as if it were a person, on
the engine alone (the service's automatic moves are the same rule:
engine.core.forced). For each game and table size it prints, per match:
decisions a person made, hand-overs (the decision passing to another person,
each a wait of hours), hand-overs per player-turn, and how many hand-overs
were for a lone choice fixed by public facts (which the service now plays at
once) or by the seat's own hidden cards (which must still wait, or the timing
would tell the table); then a simulated calendar: the days a match takes when
every player answers four times a day inside waking hours.

With standing orders on (engine.core.orders), each seat, as its sitting ends,
sets the orders a sensible player would set knowing its own hand (`SENSIBLE`,
one model per game); the orders then answer that seat's decisions exactly as
the service plays them, and a seat's own next decision cancels them.

With response windows on as well (events/window.py, `window=WINDOW_MINUTES`),
a response handed over to another person passes when its window closes: with
replies hours apart, nobody answers within minutes. It costs the calendar the
window, not a reply, and the next person's decision waits for them as usual.

Run: python3 bench/bench_pacing.py [matches per row]
"""

from __future__ import annotations

import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import Game, Rng
from engine.core.forced import forced_action
from engine.core.orders import Order, make_order, ordered_action, standing
from engine.core.ordertags import RESPONSE
from engine.core.play import step
from engine.core.selfplay import derive_secret
from engine.registry import get_game

ROWS = [("quarriors", 2), ("quarriors", 4), ("naru", 2), ("musou", 2), ("warlords", 2), ("warlords", 4)]
REPLIES = (9.0, 13.0, 18.5, 22.0)  # hours of a player's day at which they look at Discord
TARGET_DAYS = 14
TARGET_PER_TURN = 1.2
WINDOW_MINUTES = 30
CLOSED = -1  # in a calendar's sittings: a response window that closed


@dataclass
class Tally:
    decisions: int = 0
    handovers: int = 0
    player_turns: int = 0
    public_forced: int = 0  # hand-overs for a lone choice fixed by public facts
    hidden_forced: int = 0  # hand-overs for a lone choice fixed by the seat's own hidden cards
    ordered: int = 0  # decisions a standing order answered
    windowed: int = 0  # responses a closing window passed
    sittings: list[int] = field(default_factory=list)  # the person of each sitting, in order


def _musou_live(state: Any, seat: int) -> tuple[bool, bool]:
    """Would the Musou seat act in the other player's main phases, or against
    an attack? In their main phases only with a stratagem it can pay for that
    strikes their generals (damage, exhaust, destroy before they attack): what
    adds to its own side (draws, provisions, boosts that end with the turn)
    serves as well in its own turn, and an ambush is best sprung on an attack.
    Against an attack, with a stratagem for it or a face-down trap or ambush
    general it can pay to reveal. The seat knows its own cards, as a person would."""
    from engine.musou.secrecy import can_pay
    from engine.musou.state import cdef
    main = respond = False
    for c in state.hands[seat]:
        card = cdef(state, c)
        if card.type == "stratagem" and can_pay(state, seat, card.cost, from_hand=True):
            strikes = any(e.target.startswith("enemy") for e in card.effects)
            main = main or (card.timing != "response" and strikes)
            respond = respond or card.timing != "main"
    for slot in state.field[seat]:
        card = None if slot is None or not slot.face_down else cdef(state, slot.card)
        if card is not None and (card.type == "trap" or card.ambush) and can_pay(state, seat, card.cost, False):
            respond = True
    return main, respond


def _naru_toolless(game: Any, state: Any, seat: int) -> bool:
    """No battle tool in the Naru seat's hand that its resources pay for (they
    do not grow in the other player's turn, where it would answer)."""
    player = state.players[seat]
    return all(game.defs[state.cards[c]].kind != "battle_tool" or game.defs[state.cards[c]].cost > player.resources
               for c in player.hand)


def sensible(game: Game[Any], state: Any, seat: int, idle: bool) -> list[str]:
    """The orders a player sets as a sitting ends, knowing its own hand: the
    condition reads hidden cards, but only the seat's own, as a person would.
    `idle`: its last decision offered it nothing but one action."""
    if game.id == "quarriors":
        return ["responses"]  # absorb attacks in the listed order, skip optional guards
    if game.id == "naru":
        # Holding a tool it can pay for, it still keeps it when no tool could change a battle.
        return ["no-tool"] if _naru_toolless(game, state, seat) else ["settled"]
    if game.id == "musou":
        # Holding only cards for attacks or as good in its own turn, it lets their main phases run.
        main, respond = (False, False) if idle else _musou_live(state, seat)
        return [] if main else ["their-main"] if respond else ["responses"]
    if game.id == "warlords":
        return ["no-obstruct", "decline intercept", "decline terrain_response"]
    return []


def leaving(game: Game[Any], state: Any, seat: int, lone: dict[int, bool]) -> tuple[Order, ...]:
    """The orders `seat` leaves as its sitting ends."""
    return tuple(make_order(game, state, words) for words in sensible(game, state, seat, lone.get(seat, False)))


def play(game: Game[Any], seats: int, seed: int, auto_forced: bool, orders_on: bool = False,
         windows: bool = False) -> Tally:
    secret = derive_secret(f"pacing-{game.id}-{seats}-{seed}")
    rng = Rng(secret, 0)
    state = game.setup(seats, game.options({}, seats), rng)
    counter, last, turn = rng.counter, None, None
    orders: dict[int, tuple[Order, ...]] = {}
    lone: dict[int, bool] = {}
    tally = Tally()
    for _ in range(20_000):
        pending = game.pending(state)
        if not pending:
            break
        # Decisions due at once (both mulligans, both keeps) go first to whoever is already
        # sitting: a person answers their own while here, not after the other's wait.
        p = min(pending, key=lambda p: (p.order, p.seat != last, p.seat))
        if game.turn(state) != turn:
            turn = game.turn(state)
            tally.player_turns += 1
        forced = forced_action(game, state, p.seat)
        ordered = ordered_action(game, state, p, orders.get(p.seat, ())) if orders_on and forced is None else None
        if forced is not None and auto_forced:
            action = forced
        elif ordered is not None:
            action = ordered
            tally.ordered += 1
        elif windows and p.seat != last and RESPONSE in game.order_tags(state, p):
            if orders_on and last is not None:
                orders[last] = leaving(game, state, last, lone)
            action = game.default_action(state, p.seat)
            tally.windowed += 1
            tally.sittings.append(CLOSED)
            last = None  # whoever decides next comes back for it
        else:
            if orders_on and last is not None and p.seat != last:
                # The sitting of `last` ended with its previous decision: it leaves its orders.
                orders[last] = leaving(game, state, last, lone)
            tally.decisions += 1
            single = len(game.legal_actions(state, p.seat)) == 1
            if p.seat != last:
                tally.handovers += 1
                tally.sittings.append(p.seat)
                tally.public_forced += forced is not None
                tally.hidden_forced += single and forced is None
            lone[p.seat] = single
            last = p.seat
            orders.pop(p.seat, None)  # the seat's own command cancels its orders
            action = game.bot_action(state, p.seat, rng)
        result = step(game, state, p.seat, action, secret, counter)
        state, counter = result.transition.state, result.counter
        orders = dict(standing(game, state, orders))
    return tally


def days(sittings: list[int], seats: int, seed: int) -> float:
    """Each sitting waits for that player's next reply time (their day shifted
    by up to three hours from the others', a little jitter each reply)."""
    rnd = Rng(derive_secret(f"calendar-{seed}"), 0)
    shift = [rnd.below(181) / 60 for _ in range(seats)]
    now = 9.0
    for seat in sittings:
        if seat == CLOSED:
            now += WINDOW_MINUTES / 60
            continue
        day = int(now // 24)
        for d in (day, day + 1, day + 2):
            times = sorted(24 * d + h + shift[seat] + rnd.below(41) / 60 for h in REPLIES)
            later = [t for t in times if t > now]
            if later:
                now = later[0]
                break
    return now / 24


def main(matches: int = 10) -> None:
    print(f"{'game':<10} {'seats':>5} {'mode':>7} {'decisions':>9} {'hand-overs':>10} {'per turn':>8} "
          f"{'public 1':>8} {'hidden 1':>8} {'ordered':>7} {'closed':>6} {'days':>6}")
    for game_id, seats in ROWS:
        game = get_game(game_id)
        for mode, auto, orders_on, windows in (("off", False, False, False), ("forced", True, False, False),
                                               ("orders", True, True, False), ("windows", True, True, True)):
            tallies = [play(game, seats, seed, auto, orders_on, windows) for seed in range(matches)]

            def mean(key: str, tallies: list[Tally] = tallies) -> float:
                return statistics.mean(getattr(t, key) for t in tallies)
            per_turn = statistics.mean(t.handovers / max(1, t.player_turns) for t in tallies)
            cal = statistics.median(days(t.sittings, seats, i) for i, t in enumerate(tallies))
            print(f"{game_id:<10} {seats:>5} {mode:>7} {mean('decisions'):>9.0f} "
                  f"{mean('handovers'):>10.0f} {per_turn:>8.2f} {mean('public_forced'):>8.1f} "
                  f"{mean('hidden_forced'):>8.1f} {mean('ordered'):>7.0f} {mean('windowed'):>6.0f} {cal:>6.1f}")
    print(f"targets: public 1 = 0 with forced play on; per turn <= {TARGET_PER_TURN} with standing orders; "
          f"days <= {TARGET_DAYS} (median, {len(REPLIES)} replies a day per player; windows: {WINDOW_MINUTES} min)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
