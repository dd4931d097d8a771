"""The replay loop's own cost per action, apart from the games' rules (issue 25).

    python3 bench/bench_replay_loop.py [--events N] [--rounds R] [--against DIR] [--profile]

Bots play each game's matches through the real service until the logs hold at
least N events; the logs are saved once, then timed in fresh processes, so the
tree under test and the one in --against (another checkout, e.g. main's) replay
the very same events, alternating round by round (the machine is shared: CPU
time of the process, medians printed). First a game with next to no rules (two seats taking
turns, one draw per action), whose 10,000-action rebuild less its rules is the loop's cost alone
(the best of five in each process);
then per game:
  rebuild  events.replay.rebuild of every match (the events already decoded);
  rules    the game's apply_owned alone over the same actions, with one Rng;
  loop     rebuild - rules: what the framework adds around the rules;
  snapshot + second half  each match's middle state read back from a snapshot (engine.core.statecodec)
           and the rest of its log rebuilt on it: a cold load's replay, whose speed hangs on the
           layout decoding gives the state's objects (CPython 3.11 reads attributes of an instance
           whose __dict__ was filled in whole markedly slower).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pickle
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any, ClassVar

HERE = Path(__file__).resolve().parents[1]
GAMES = ("quarriors", "naru", "musou", "warlords")
clock = time.process_time


def _root() -> Path:
    """The tree whose code is timed: --root when given, else this file's."""
    if "--root" in sys.argv:
        return Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
    return HERE


sys.path.insert(0, str(_root()))

from engine.core import Action, Choice, Game, Outcome, Pending, Rng, Text, Transition, Viewer  # noqa: E402
from engine.core.rng import commitment  # noqa: E402
from engine.core.selfplay import derive_secret  # noqa: E402
from engine.registry import get_game, register  # noqa: E402
from events.gcpause import gc_paused  # noqa: E402
from events.model import Event  # noqa: E402
from events.replay import all_seeing_digest, rebuild, replace  # noqa: E402

Logs = dict[str, list[tuple[list[Event], bytes]]]


async def build(events: int) -> Logs:
    from events.selfplay import selfplay
    from events.store import Store
    logs: Logs = {}
    with tempfile.TemporaryDirectory() as d:
        for game_id in GAMES:
            store = await Store.open(Path(d) / f"{game_id}.sqlite", durable=False)
            seats = min(4, get_game(game_id).max_seats)
            logs[game_id], total, seed = [], 0, 0
            while total < events:
                for result in await selfplay(store, game_id, seats, 1, seed):
                    logs[game_id].append((await store.events(result.match_id), await store.secret(result.match_id)))
                    total += result.events
                seed += 1
            await store.close()
    return logs


def rebuild_ms(matches: list[tuple[list[Event], bytes]]) -> float:
    began = clock()
    for events, secret in matches:
        rebuild(events, secret)
    return (clock() - began) * 1000


def rules_ms(matches: list[tuple[list[Event], bytes]]) -> float:
    """The rules alone: each match's set-up, then its actions through apply_owned on the state set up,
    one Rng per match (between actions the counter only carries on), no checks, no envelopes."""
    total = 0.0
    for events, secret in matches:
        started = next(e.payload for e in events if e.type == "match_started")
        game, options = get_game(events[0].payload["game"]), {**started["options"], **started.get("decks", {})}
        actions = [(e.payload["seat"], e.payload["action"]) for e in events if e.type == "action"]
        with gc_paused():
            began = clock()
            rng = Rng(secret, 0)
            state = game.setup(len(started["seats"]), options, rng)
            for seat, action in actions:
                state = game.apply_owned(state, seat, action, rng)
            total += clock() - began
    return total * 1000


class Idle(Game[list[int]]):
    """A game with no rules to speak of, so a rebuild of its log is the loop alone: two seats
    take turns, each action one draw (as many real actions make) and a count."""

    id: ClassVar[str] = "bench-idle"
    title: ClassVar[Text] = Text("Idle", "Idle")
    ruleset: ClassVar[str] = "bench-idle-1"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> list[int]:
        return [0]

    def apply(self, state: list[int], seat: int, action: Action, rng: Rng) -> Transition[list[int]]:
        return Transition(self.apply_owned(list(state), seat, action, rng))

    def apply_owned(self, state: list[int], seat: int, action: Action, rng: Rng) -> list[int]:
        rng.below(6)
        state[0] += 1
        return state

    def waiting(self, state: list[int]) -> Collection[int]:
        return (state[0] % 2,)

    def pending(self, state: list[int]) -> tuple[Pending, ...]:
        return (Pending(state[0] % 2, "turn", Text("Your turn.", "あなたの番です。")),)

    def legal_actions(self, state: list[int], seat: int) -> list[Choice]:
        return [Choice({"kind": "go"}, Text("Go", "進む"))]

    def view(self, state: list[int], viewer: Viewer) -> dict[str, Any]:
        return {"count": state[0]}

    def outcome(self, state: list[int]) -> Outcome | None:
        return None


def idle_log(actions: int) -> list[Event]:
    secret = derive_secret("bench-idle")
    made = [("match_created", "a", {"game": Idle.id, "ruleset": Idle.ruleset, "options": {},
                                     "commitment": commitment(secret)}),
            *[("player_joined", pid, {"player": {"id": pid, "name": pid}}) for pid in ("a", "b")],
            ("match_started", "a", {"seats": ["a", "b"], "options": {}}),
            *[("action", "ab"[n % 2], {"seat": n % 2, "action": {"kind": "go", "to": n}}) for n in range(actions)]]
    return [Event(match_id="idle", seq=seq, type=kind, actor=actor, at="2026-01-01T00:00:00+00:00", payload=p)
            for seq, (kind, actor, p) in enumerate(made, 1)]


def idle_ms(events: list[Event]) -> float:
    """A rebuild of the idle game's log, less its rules (one draw and a count per action)."""
    secret = derive_secret("bench-idle")
    game, rng, actions = Idle(), Rng(secret, 0), [e.payload["action"] for e in events if e.type == "action"]
    with gc_paused():
        began = clock()
        rebuild(events, secret)
        middle = clock()
        state = [0]
        for n, action in enumerate(actions):
            state = game.apply_owned(state, n % 2, action, rng)
        return ((middle - began) - (clock() - middle)) * 1000


def resumed_ms(matches: list[tuple[list[Event], bytes]]) -> float:
    """A cold load's replay: each match's state at its middle written as a snapshot (untimed),
    then read back and the second half of its log rebuilt on it."""
    halves = []
    for events, secret in matches:
        middle = len(events) // 2
        ms, _ = rebuild(events[:middle], secret)
        halves.append((ms, ms.game.state_codec().dumps(ms.state), events[middle:], secret))
    began = clock()
    for ms, blob, rest, secret in halves:
        rebuild(rest, secret, start=replace(ms, state=ms.game.state_codec().loads(blob)))
    return (clock() - began) * 1000


def timed(path: Path, profile: bool) -> None:
    """One round in this process: a line per game, `game rebuild rules resumed digest`."""
    # Before the logs are loaded: with their objects in memory, every figure here comes out higher
    # (the idle one about 2.5x), which would drown the loop's own cost.
    register(Idle())
    idle = idle_log(10_000)
    print("idle", f"{min(idle_ms(idle) for _ in range(5)):.2f}", "0", "0",
          all_seeing_digest(rebuild(idle, derive_secret("bench-idle"))[0])[:12])
    logs: Logs = pickle.loads(path.read_bytes())
    for game_id, matches in logs.items():
        digest = all_seeing_digest(rebuild(*matches[-1])[0])[:12]
        print(game_id, f"{rebuild_ms(matches):.2f}", f"{rules_ms(matches):.2f}", f"{resumed_ms(matches):.2f}",
              digest, flush=True)
    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for matches in logs.values():
            rebuild_ms(matches)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)


def round_of(root: Path, path: Path) -> dict[str, tuple[float, float, float, str]]:
    out = subprocess.run([sys.executable, __file__, "--root", str(root), "--time", str(path)],
                         check=True, capture_output=True, text=True).stdout
    return {g: (float(a), float(b), float(c), d) for g, a, b, c, d in (line.split() for line in out.splitlines())}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=10_000, help="events per game (at least)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--against", type=Path, help="another checkout to time alternately with this one")
    parser.add_argument("--profile", action="store_true", help="print where this tree's rebuild time goes")
    parser.add_argument("--logs", type=Path, help="keep the logs in this file and reuse them when it exists")
    parser.add_argument("--root", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--time", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.time:
        timed(args.time, args.profile)
        return
    with tempfile.TemporaryDirectory() as d:
        path = args.logs or Path(d) / "logs.pickle"
        if path.exists():
            logs = pickle.loads(path.read_bytes())
        else:
            logs = asyncio.run(build(args.events))
            path.write_bytes(pickle.dumps(logs))
        for game_id, matches in logs.items():
            print(f"{game_id}: {len(matches)} matches, {sum(len(e) for e, _ in matches):,} events")
        trees = {"this": HERE, **({"against": args.against.resolve()} if args.against else {})}
        runs: dict[str, list[dict[str, tuple[float, float, float, str]]]] = {name: [] for name in trees}
        for _ in range(args.rounds):
            for name, root in trees.items():
                runs[name].append(round_of(root, path))
        print(f"CPU ms, medians of {args.rounds} alternating rounds (loop = rebuild - rules)")
        for name, root in trees.items():
            idle = statistics.median(r["idle"][0] for r in runs[name])
            print(f"  idle game (10,000 actions, rules subtracted) {name:7} loop {idle:6.1f}  ({root})")
        for game_id in logs:
            for name, root in trees.items():
                rebuilt = statistics.median(r[game_id][0] for r in runs[name])
                rules = statistics.median(r[game_id][1] for r in runs[name])
                loop = statistics.median(r[game_id][0] - r[game_id][1] for r in runs[name])
                resumed = statistics.median(r[game_id][2] for r in runs[name])
                digests = {r[game_id][3] for r in runs[name]}
                print(f"  {game_id:9} {name:7} rebuild {rebuilt:7.1f}  rules {rules:7.1f}  loop {loop:6.1f}  "
                      f"snapshot + second half {resumed:6.1f}  ({root}; final digest {','.join(digests)})")
        if args.profile:
            subprocess.run([sys.executable, __file__, "--root", str(HERE), "--time", str(path), "--profile"],
                           check=True)


if __name__ == "__main__":
    main()
