"""Naru starter balance: for every pair of sample starters, matches of the
built-in bot against itself (equal players, so the result measures the decks),
each deck taking each seat in turn; prints the first deck's win rate per
pairing and the largest skew from 50%. The starters are the project's own
sample decks: with mono-attribute decks one pairing went 91% to 9% (politics
doubles against every force unit), which no player could play out of.

Run: python3 bench/bench_naru_balance.py [matches per pairing, default 300]
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.selfplay import play_bots
from engine.naru.game import GAME


def rate(a: str, b: str, matches: int) -> float:
    """Deck `a`'s share of wins against deck `b` (a shared win counts half)."""
    won = 0.0
    for m in range(matches):
        seat = m % 2
        decks = [a, b] if seat == 0 else [b, a]
        played = play_bots(GAME, 2, f"naru-balance-{a}-{b}-{m}", {"decks": decks})
        assert played.outcome is not None
        winners = played.outcome.winners
        if seat in winners:
            won += 1.0 / len(winners)
    return won / matches


def main(matches: int = 300) -> None:
    skews = []
    for a, b in itertools.combinations(sorted(GAME.starters), 2):
        r = rate(a, b, matches)
        skews.append(abs(r - 0.5))
        print(f"{a} vs {b}: {r:.2f}", flush=True)
    print(f"largest skew from 50%: {max(skews):.2f} ({matches} matches per pairing, "
          f"95% interval about ±{1.96 * (0.25 / matches) ** 0.5:.2f})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
