"""Custom card-set benchmarks: what a group's own card file costs a match.

    python3 bench/bench_card_sets.py [--repeats 7] [--kib 64]

For Naru, Musou and Warlords: a bot match played with the game's sample cards
brought as a custom set of about --kib KiB (the sample re-indented), then,
timed: its state thawed from a snapshot (as a service that starts, or finds the
match gone from its cache, loads it) and every move applied through `step`
with each seat's view after it, as the service does; then the same with the
game's own set (the path most matches take), which must not get slower. A thawed state's text is
an equal copy of the one its set was read from, so every card look-up of the
old cache compared the whole file. Prints CPU-time medians per match.
With BENCH_CODE=/path/to/a/checkout the same run measures that checkout's code.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(os.environ.get("BENCH_CODE", Path(__file__).resolve().parent.parent))))

from engine.core import Rng, Viewer
from engine.core.bundled import bundled_text
from engine.core.play import step
from engine.core.selfplay import derive_secret, play_bots
from engine.registry import get_game

SAMPLES = {"naru": ("engine.naru", "data/sample_cards.json"), "musou": ("engine.musou", "data/sample_cards.json"),
           "warlords": ("engine.warlords", "data/cards.json")}


def custom_text(game_id: str, kib: int) -> str:
    """The sample's cards as a text of at least `kib` KiB (deeper indents: the same set)."""
    data = json.loads(bundled_text(*SAMPLES[game_id]))
    for indent in range(1, 200):
        text = json.dumps(data, ensure_ascii=False, indent=indent)
        if len(text.encode()) >= kib * 1024:
            return text
    raise ValueError("cannot pad the set that far")


def one_match(game_id: str, text: str, seed: int) -> tuple[Any, list[tuple[int, Any]], bytes]:
    game = get_game(game_id)
    options = game.options({"cards": text} if text else {}, 2)
    moves = play_bots(game, 2, seed, options).moves
    return options, moves, derive_secret(seed)


def timed(game_id: str, options: Any, moves: list[tuple[int, Any]], secret: bytes) -> float:
    game = get_game(game_id)
    codec = game.state_codec()
    rng = Rng(secret, 0)
    blob = codec.dumps(game.setup(2, options, rng))
    counter = rng.counter
    start = time.process_time()
    state = codec.loads(blob)
    for seat, action in moves:
        done = step(game, state, seat, action, secret, counter)
        state, counter = done.transition.state, done.counter
        for viewer in (Viewer.of(0), Viewer.of(1)):
            game.view(state, viewer)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--kib", type=int, default=64)
    args = parser.parse_args()
    print(f"code: {os.environ.get('BENCH_CODE', 'this checkout')}")
    for game_id in SAMPLES:
        for text in (custom_text(game_id, args.kib), ""):
            options, moves, secret = one_match(game_id, text, 11)
            times = [timed(game_id, options, moves, secret) for _ in range(args.repeats)]
            which = f"{len(text) // 1024:3} KiB set" if text else "own set    "
            print(f"{game_id:9} {which}, {len(moves):4} moves: "
                  f"{statistics.median(times) * 1000:8.1f} ms CPU per match (median of {args.repeats})")


if __name__ == "__main__":
    main()
