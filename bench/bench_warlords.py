"""Warlords figures: self-play match time, replay rate, and the match statistics
reported in docs/rules/warlords.md (turns, battle losses, card types played).

Run: python3 bench/bench_warlords.py [players] [matches]
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import Rng
from engine.core.play import step
from engine.core.selfplay import derive_secret, play_bots, replay_moves
from engine.warlords.game import GAME
from engine.warlords.state import cdef

LOSSES = re.compile(r"Losses: attacker (\d+), defender (\d+)\.")


def logged_match(seats: int, seed: int) -> tuple[int, str, list[str], Counter[str]]:
    secret = derive_secret(seed)
    rng = Rng(secret, 0)
    state = GAME.setup(seats, GAME.options({}, seats), rng)
    counter = rng.counter
    bots = Rng(derive_secret(seed, "bots"))
    lines: list[str] = []
    played: Counter[str] = Counter()
    while GAME.pending(state):
        seat = min(GAME.pending(state), key=lambda p: (p.order, p.seat)).seat
        action = GAME.bot_action(state, seat, bots)
        card = action.get("card") or action.get("reward")
        if isinstance(card, str) and action["kind"] != "sell":
            played[cdef(state, card).type] += 1
        for c in action.get("cards", []):
            played[cdef(state, c).type + " (battle)"] += 1
        result = step(GAME, state, seat, action, secret, counter)
        state, counter = result.transition.state, result.counter
        # Mark the lines of battle actions, to tell stacks destroyed in battle from other causes.
        tag = "[battle] " if action["kind"] in ("attack", "intercept", "assign") else ""
        lines += [tag + t.en for t in result.transition.log]
    return state.turn, state.end_reason, lines, played


def stats(seats: int, matches: int) -> None:
    turns: list[int] = []
    reasons: Counter[str] = Counter()
    a_loss: list[int] = []
    d_loss: list[int] = []
    played: Counter[str] = Counter()
    events: Counter[str] = Counter()
    for seed in range(matches):
        turn, reason, lines, types = logged_match(seats, seed)
        turns.append(turn)
        reasons[reason] += 1
        played.update(types)
        for line in lines:
            m = LOSSES.search(line)
            if m:
                a_loss.append(int(m.group(1)))
                d_loss.append(int(m.group(2)))
            for key, pat in (("battles", "Battle: "), ("sudden death", "Sudden death"), ("stack destroyed", "is destroyed"),
                             ("castle captured", " captures "), ("unguarded castle fell", "no garrison and falls"),
                             ("siege", " besieges "), ("eliminated", " is out"), ("interception", " intercepts"),
                             ("starvation", "starves under siege")):
                if pat in line:
                    events[key] += 1
            if line.startswith("[battle] ") and "is destroyed" in line:
                events["stack destroyed in battle"] += 1
    print(f"== {seats} players, {matches} matches ==")
    print(f"player-turns per match: median {statistics.median(turns)}, min {min(turns)}, max {max(turns)}; "
          f"rounds median {statistics.median(turns) / seats:.1f}")
    print(f"end: {dict(reasons)}")
    battles = max(1, events["battles"])
    print(f"per oracle battle: sudden death {events['sudden death'] * 100 / battles:.0f}%, a stack destroyed "
          f"{events['stack destroyed in battle'] * 100 / battles:.0f}% (counting each stack)")
    print(f"battles per match: {events['battles'] / matches:.1f}; " + ", ".join(
        f"{k} {v}" for k, v in sorted(events.items()) if k != "battles"))
    if a_loss:
        print(f"loss per battle (attacker): median {statistics.median(a_loss)}, mean {statistics.mean(a_loss):.1f}, "
              f"zero in {sum(1 for x in a_loss if x == 0) * 100 // len(a_loss)}%")
        print(f"loss per battle (defender): median {statistics.median(d_loss)}, mean {statistics.mean(d_loss):.1f}, "
              f"zero in {sum(1 for x in d_loss if x == 0) * 100 // len(d_loss)}%")
    total = sum(played.values())
    print("cards played by type: " + ", ".join(f"{k} {v * 100 / total:.1f}%" for k, v in played.most_common()))


def timing(seats: int, matches: int) -> None:
    times: list[float] = []
    moves = 0
    replay_time = 0.0
    for seed in range(matches):
        t0 = time.perf_counter()
        played = play_bots(GAME, seats, seed)
        times.append(time.perf_counter() - t0)
        t1 = time.perf_counter()
        replay_moves(GAME, seats, seed, played.moves)
        replay_time += time.perf_counter() - t1
        moves += len(played.moves)
    print(f"engine-only self-play, {seats} players: median {statistics.median(times) * 1000:.0f} ms per match, "
          f"{moves / matches:.0f} actions per match")
    print(f"replay (rebuild): {moves / replay_time:.0f} actions per second")


if __name__ == "__main__":
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    timing(players, n)
    stats(players, n)
