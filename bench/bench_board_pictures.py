"""CPU time to draw every game's board picture: the SVG text (the replay page's
frame) and the PNG Discord gets (resvg), per picture, over the states of a bot
match, beside the targets. Pictures are cached by view digest and drawn in the
bot's drawing process, off a move's path. Printed, never asserted.

    python3 bench/bench_board_pictures.py [--seed S] [--states N]"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.render import musou, naru, quarriors, warlords
from engine.core import SPECTATOR, Rng
from engine.core.play import step
from engine.core.selfplay import derive_secret
from engine.registry import get_game

GAMES = {"quarriors": (quarriors, 4), "naru": (naru, 2), "musou": (musou, 2), "warlords": (warlords, 4)}
TARGET_SVG_MS, TARGET_PNG_MS = 10.0, 60.0  # a board edit per move stays well under a second of CPU


def views(game_id: str, seats: int, seed: int, count: int) -> list[dict]:
    game = get_game(game_id)
    secret = derive_secret(seed)
    rng = Rng(secret, 0)
    state = game.setup(seats, game.options({}, seats), rng)
    counter, out = rng.counter, []
    for n in range(count * 10):
        pending = game.pending(state)
        if not pending:
            break
        if n % 10 == 0:
            out.append(game.view(state, SPECTATOR))
        p = min(pending, key=lambda p: (p.order, p.seat))
        result = step(game, state, p.seat, game.bot_action(state, p.seat, rng), secret, counter)
        state, counter = result.transition.state, result.counter
    return out


def cpu_ms(work, items) -> float:
    began = time.process_time()
    for item in items:
        work(item)
    return (time.process_time() - began) * 1000 / max(len(items), 1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--states", type=int, default=20)
    args = parser.parse_args()
    names = ["Ann", "Bjørn", "Chiyo", "Dee"]
    print(f"{'game':<10} {'states':>6} {'svg ms':>8} {'target':>7} {'png ms':>8} {'target':>7} {'png KiB':>8}")
    for game_id, (mod, seats) in GAMES.items():
        vs = views(game_id, seats, args.seed, args.states)
        mod.image(vs[0], names=names)  # fonts loaded once, not counted
        svg_ms = cpu_ms(lambda v, mod=mod: mod.svg(v, names), vs)
        pngs: list[bytes] = []
        png_ms = cpu_ms(lambda v, mod=mod, pngs=pngs: pngs.append(mod.image(v, names=names)), vs)
        sizes = [len(p) for p in pngs]
        print(f"{game_id:<10} {len(vs):>6} {svg_ms:>8.1f} {TARGET_SVG_MS:>7.0f} {png_ms:>8.1f} {TARGET_PNG_MS:>7.0f} "
              f"{sum(sizes) / len(sizes) / 1024:>8.1f}")


if __name__ == "__main__":
    main()
