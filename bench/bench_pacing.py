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
from engine.core.play import step
from engine.core.selfplay import derive_secret
from engine.registry import get_game

ROWS = [("quarriors", 2), ("quarriors", 4), ("naru", 2), ("musou", 2), ("warlords", 2), ("warlords", 4)]
REPLIES = (9.0, 13.0, 18.5, 22.0)  # hours of a player's day at which they look at Discord
TARGET_DAYS = 14
TARGET_PER_TURN = 1.2


@dataclass
class Tally:
    decisions: int = 0
    handovers: int = 0
    player_turns: int = 0
    public_forced: int = 0  # hand-overs for a lone choice fixed by public facts
    hidden_forced: int = 0  # hand-overs for a lone choice fixed by the seat's own hidden cards
    sittings: list[int] = field(default_factory=list)  # the person of each sitting, in order


def play(game: Game[Any], seats: int, seed: int, auto_forced: bool) -> Tally:
    secret = derive_secret(f"pacing-{game.id}-{seats}-{seed}")
    rng = Rng(secret, 0)
    state = game.setup(seats, game.options({}, seats), rng)
    counter, last, turn = rng.counter, None, None
    tally = Tally()
    for _ in range(20_000):
        pending = game.pending(state)
        if not pending:
            break
        p = min(pending, key=lambda p: (p.order, p.seat))
        if game.turn(state) != turn:
            turn = game.turn(state)
            tally.player_turns += 1
        forced = forced_action(game, state, p.seat)
        if forced is not None and auto_forced:
            action = forced
        else:
            tally.decisions += 1
            if p.seat != last:
                tally.handovers += 1
                tally.sittings.append(p.seat)
                single = len(game.legal_actions(state, p.seat)) == 1
                tally.public_forced += forced is not None
                tally.hidden_forced += single and forced is None
            last = p.seat
            action = game.bot_action(state, p.seat, rng)
        result = step(game, state, p.seat, action, secret, counter)
        state, counter = result.transition.state, result.counter
    return tally


def days(sittings: list[int], seats: int, seed: int) -> float:
    """Each sitting waits for that player's next reply time (their day shifted
    by up to three hours from the others', a little jitter each reply)."""
    rnd = Rng(derive_secret(f"calendar-{seed}"), 0)
    shift = [rnd.below(181) / 60 for _ in range(seats)]
    now = 9.0
    for seat in sittings:
        day = int(now // 24)
        for d in (day, day + 1, day + 2):
            times = sorted(24 * d + h + shift[seat] + rnd.below(41) / 60 for h in REPLIES)
            later = [t for t in times if t > now]
            if later:
                now = later[0]
                break
    return now / 24


def main(matches: int = 10) -> None:
    print(f"{'game':<10} {'seats':>5} {'forced':>6} {'decisions':>9} {'hand-overs':>10} {'per turn':>8} "
          f"{'public 1':>8} {'hidden 1':>8} {'days':>6}")
    for game_id, seats in ROWS:
        game = get_game(game_id)
        for auto in (False, True):
            tallies = [play(game, seats, seed, auto) for seed in range(matches)]
            mean = lambda key: statistics.mean(getattr(t, key) for t in tallies)  # noqa: E731
            per_turn = statistics.mean(t.handovers / max(1, t.player_turns) for t in tallies)
            cal = statistics.median(days(t.sittings, seats, i) for i, t in enumerate(tallies))
            print(f"{game_id:<10} {seats:>5} {'on' if auto else 'off':>6} {mean('decisions'):>9.0f} "
                  f"{mean('handovers'):>10.0f} {per_turn:>8.2f} {mean('public_forced'):>8.1f} "
                  f"{mean('hidden_forced'):>8.1f} {cal:>6.1f}")
    print(f"targets: public 1 = 0 with forced play on; per turn <= {TARGET_PER_TURN} with standing orders "
          f"(not yet built); days <= {TARGET_DAYS} (median, {len(REPLIES)} replies a day per player)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
