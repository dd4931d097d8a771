"""CPU per board picture for Discord (Naru and Musou): drawing the board and
encoding it as PNG, per distinct view, as `bot.render.<game>.image` does it.

    python3 bench/bench_board_images.py [--views N] [--seed S]

The pictures are cached by view digest and drawn off the event loop, so this
is not on a move's path; the figure is printed to compare drawings (Pillow
before, SVG through resvg now), never asserted."""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import SPECTATOR, Rng
from engine.core.play import step
from engine.core.selfplay import derive_secret, play_bots
from engine.registry import get_game

GAMES = ("naru", "musou")


def views(game_id: str, seed: int, count: int) -> list[dict]:
    """`count` spectator views spread over one bots' match."""
    game = get_game(game_id)
    played = play_bots(game, 2, seed)
    secret = derive_secret(seed)
    rng = Rng(secret, 0)
    state = game.setup(2, game.options({}, 2), rng)
    counter, every, out = rng.counter, max(1, len(played.moves) // count), []
    for n, (seat, action) in enumerate(played.moves):
        if n % every == 0:
            out.append(game.view(state, SPECTATOR))
        result = step(game, state, seat, action, secret, counter)
        state, counter = result.transition.state, result.counter
    return out[:count]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--views", type=int, default=40)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    for game_id in GAMES:
        module = importlib.import_module(f"bot.render.{game_id}")
        shown = views(game_id, args.seed, args.views)
        module.image(shown[0], names=["Alice", "Bob"])  # fonts and libraries loaded before the clock starts
        times, sizes = [], []
        for view in shown:
            began = time.process_time()
            png = module.image(view, names=["Alice", "Bob"])
            times.append(time.process_time() - began)
            sizes.append(len(png))
        print(f"{game_id:<6} {len(shown)} views: CPU per picture median {statistics.median(times) * 1000:5.1f} ms, "
              f"max {max(times) * 1000:5.1f} ms; PNG median {statistics.median(sizes) / 1024:5.1f} KiB")


if __name__ == "__main__":
    main()
