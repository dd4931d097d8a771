"""Discord calls per move, and the process ceiling of the service with delivery.

    python3 bench/bench_discord.py [--quick] [--moves N] [--games naru,musou] [--profile N]

Plays real two-player matches of each of the four games through the test
harness: the real bot and discord.py client over FakeDiscord (which records
every REST call), on a real SQLite file with synchronous=FULL (one fsync per
move). Moves are random legal choices made as players make them, on the
decision menus of their DMs. A match that ends is followed by a new one.
Match secrets come from the seed, so a run repeats. A move that shows a text
longer than one message (a board or a DM split over several) is counted
apart: each message is a call of its own.

Printed per game: the bot's REST calls per ordinary move (mean, max, by kind)
beside the target of 3; the interaction responses answering the clicks
apart; the same moves made with `/parley act` in the thread instead; and
the ceiling of one process: moves per second and CPU per move of the whole
path (interaction parsed, move decided and appended, board, log line and DMs
rendered and sent to the fake), beside the target of 5 ms, with the share of
the harness and the fake Discord apart (HarnessCPU says what it counts; the
rest is the bot's, the database's and the drawing pool's threads included);
and the move that
ends a match, measured until that move is answered (the match's end, its
summary and replay page, follow in the background)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import io
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Generator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.discord import moves as playing
from tests.discord.harness import Harness, User
from tests.discord.helpers import open_match, state
from tests.discord.moves import is_interaction, kind, seed_secrets, split_over_messages

GAMES = ("quarriors", "naru", "musou", "warlords")
TARGET = 3
CPU_TARGET_MS = 5
# What follows the answer to a match's last move (bot/discord/delivery.py): its end shown (result,
# summary, menus off, archive) and its replay page drawn.
PAGE_TASKS = ("parley-end-", "parley-page-")
ALICE = User(111_000_000_000_000_001, "alice", "en-US")
BOB = User(111_000_000_000_000_002, "bob", "ja")


def drawing_cpu() -> float:
    """CPU seconds the drawing worker process has used (Linux /proc), 0 when there is none:
    the bot's board pictures, not in this process's own CPU time."""
    from bot.discord import drawing

    total = 0.0
    for pid in [drawing._worker.process.pid] if drawing._worker is not None else []:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


class HarnessCPU:
    """CPU the test harness and the fake Discord spend in this process: the harness's
    share of a move's CPU, not the bot's. Counted as the harness's: the fake's answers
    to REST and webhook calls (and the stand-ins for discord.py's HTTP requests that
    hand them over), the click or command the player makes (finding the menu, building
    the interaction's payload) and `Harness.settle` waiting for the bot's tasks. Of
    those coroutines only their own steps count: what the bot runs while they wait is
    the bot's. Counted as the bot's, even when the harness calls it: discord.py parsing
    the interaction (`parse_interaction_create`), as the gateway would have it do.
    Functions are wrapped while a run lasts; nested calls count once."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._depth = 0  # harness frames open on this thread
        self._start = 0.0
        self._undo: list[tuple[object, str, object]] = []

    def _enter(self) -> None:
        self._depth += 1
        if self._depth == 1:
            self._start = time.thread_time()

    def _leave(self) -> None:
        self._depth -= 1
        if self._depth == 0:
            self.seconds += time.thread_time() - self._start

    def _bot(self, real: Callable[..., object]) -> Callable[..., object]:
        """`real` is the bot's work even inside a harness frame: the harness's clock stops."""
        def timed(*args: object, **kwargs: object) -> object:
            held, self._depth = self._depth, 0
            if held:
                self.seconds += time.thread_time() - self._start
            try:
                return real(*args, **kwargs)
            finally:
                self._depth = held
                if held:
                    self._start = time.thread_time()
        return timed

    def _harness(self, real: Callable[..., object]) -> Callable[..., object]:
        def timed(*args: object, **kwargs: object) -> object:
            self._enter()
            try:
                return real(*args, **kwargs)
            finally:
                self._leave()
        return timed

    def _steps(self, real: Callable[..., Coroutine[Any, Any, Any]]) -> Callable[..., object]:
        """A coroutine function whose own steps count, not what runs while it waits."""
        meter = self

        class Stepped:
            def __init__(self, coro: Coroutine[Any, Any, Any]) -> None:
                self.coro = coro

            def __await__(self) -> Generator[Any, Any, Any]:
                sent: Any = None
                thrown: BaseException | None = None
                while True:
                    meter._enter()
                    try:
                        waits = self.coro.throw(thrown) if thrown is not None else self.coro.send(sent)
                    except StopIteration as done:
                        return done.value
                    finally:
                        meter._leave()
                    try:
                        sent, thrown = (yield waits), None
                    except BaseException as exc:  # handed on to the coroutine, as an await would
                        sent, thrown = None, exc

        def stepped(*args: object, **kwargs: object) -> object:
            return Stepped(real(*args, **kwargs))
        return stepped

    def _wrap(self, owner: object, name: str, how: Callable[[Any], Callable[..., object]]) -> None:
        real = getattr(owner, name)
        self._undo.append((owner, name, real))
        setattr(owner, name, how(real))

    def __enter__(self) -> HarnessCPU:
        from discord.state import ConnectionState

        from tests.discord import harness, moves
        for owner, name in ((harness.FakeDiscord, "rest"), (harness.FakeDiscord, "webhook"),
                            (harness, "_file_parts"), (harness, "custom_ids"), (moves, "custom_ids")):
            self._wrap(owner, name, self._harness)
        for owner, name in ((harness.Harness, "settle"), (harness.Harness, "click"), (harness.Harness, "slash"),
                            (moves, "move")):
            self._wrap(owner, name, self._steps)
        self._wrap(ConnectionState, "parse_interaction_create", self._bot)
        return self

    def __exit__(self, *exc: object) -> None:
        for owner, name, real in reversed(self._undo):
            setattr(owner, name, real)


def verdict(ok: bool) -> str:
    return "meets target" if ok else "MISSES target"


async def run(game: str, moves: int, seed: int, slash: bool,
              profiler: cProfile.Profile | None = None) -> dict[str, object]:
    rng = random.Random(seed)
    per_move: list[int] = []
    long: list[int] = []
    interactions: list[int] = []
    kinds: Counter[str] = Counter()
    made = matches = 0
    endings: list[tuple[float, float]] = []  # (wall, CPU) of each move that ended a match
    users = {f"discord:{u.id}": u for u in (ALICE, BOB)}
    fake_cpu = 0.0  # of it, the harness's own (HarnessCPU)
    with tempfile.TemporaryDirectory() as tmp, HarnessCPU() as harness_cpu:
        async with Harness(Path(tmp) / "parley.sqlite", settle_gc=True) as h:  # the collector as the bot runs it
            seed_secrets(h, seed)
            h.fake.conform = False  # the spec check is the test's cost, not the bot's (tests/discord/spec.py)
            h.background = PAGE_TASKS  # a move is done without what follows its match's end
            wall = cpu = drawn = 0.0
            while made < moves:
                match_id, thread = await open_match(h, ALICE, BOB, game=game, options="")
                matches += 1
                while made < moves:
                    ms = await state(h, match_id)
                    pending = ms.game.pending(ms.state)[0]
                    choices = ms.game.legal_actions(ms.state, pending.seat)
                    idx = rng.randrange(len(choices))
                    user = users[ms.seats[pending.seat].id]
                    split = await split_over_messages(h, match_id, 2)
                    since = len(h.fake.calls)
                    w0, c0, d0, f0 = time.perf_counter(), time.process_time(), drawing_cpu(), harness_cpu.seconds
                    if profiler is not None:
                        profiler.enable()
                    if slash:
                        await h.slash(user, "act", channel=thread, action=f"#{ms.seq}:{idx}")
                    else:
                        await playing.move(h, user, thread, match_id, ms.seq, pending.seat, idx, choices)
                    # The move, not what follows a match's end in the background.
                    await h.settle()
                    if profiler is not None:
                        profiler.disable()
                    wall += time.perf_counter() - w0
                    cpu += time.process_time() - c0
                    fake_cpu += harness_cpu.seconds - f0
                    drawn += drawing_cpu() - d0
                    made += 1
                    if (await state(h, match_id)).status != "running":
                        endings.append((time.perf_counter() - w0, time.process_time() - c0))
                        await h.settle(600, ignore=())  # the end and the page follow, not part of any move
                        break  # the end of a match is not an ordinary move
                    calls = h.fake.calls[since:]
                    rest = [c for c in calls if not is_interaction(c)]
                    if split or await split_over_messages(h, match_id, 2):
                        long.append(len(rest))
                        continue
                    per_move.append(len(rest))
                    interactions.append(len(calls) - len(rest))
                    kinds.update(kind(c) for c in rest)
            assert not h.fake.violations, h.fake.violations
    return {"per_move": per_move, "long": long, "interactions": interactions, "kinds": kinds, "made": made,
            "matches": matches, "wall": wall, "cpu": cpu, "endings": endings, "drawn": drawn, "fake_cpu": fake_cpu}


def report(game: str, dm: dict[str, object], slash: dict[str, object]) -> None:
    per = dm["per_move"]
    assert isinstance(per, list) and per
    inter = dm["interactions"]
    assert isinstance(inter, list)
    kinds = dm["kinds"]
    assert isinstance(kinds, Counter)
    mean, top = statistics.fmean(per), max(per)
    by_kind = ", ".join(f"{k} {n / len(per):.2f}" for k, n in kinds.most_common())
    print(f"{game}: {len(per)} ordinary moves in {dm['matches']} match(es)")
    print(f"  REST calls per move (DM menus): mean {mean:.2f}, max {top}  [target <= {TARGET}: "
          f"{verdict(top <= TARGET)}]; by kind: {by_kind}")
    print(f"  interaction responses per move (answering the click, not the bot's REST): "
          f"mean {statistics.fmean(inter):.2f}")
    long = dm["long"]
    assert isinstance(long, list)
    if long:
        print(f"  moves showing a text longer than one message (board or DM split): {len(long)}, "
              f"REST calls mean {statistics.fmean(long):.2f}, max {max(long)}")
    else:
        print("  moves showing a text longer than one message (board or DM split): none")
    sper = slash["per_move"]
    assert isinstance(sper, list) and sper
    print(f"  REST calls per move made with /parley act in the thread instead: mean {statistics.fmean(sper):.2f}, "
          f"max {max(sper)}")
    made, wall, cpu = dm["made"], dm["wall"], dm["cpu"]
    assert isinstance(made, int) and isinstance(wall, float) and isinstance(cpu, float)
    print(f"  process ceiling (service + delivery, fsync per move, fake Discord in process): "
          f"{made / wall:,.0f} moves/s, CPU {cpu / made * 1000:.2f} ms per move  [target <= {CPU_TARGET_MS} ms: "
          f"{verdict(cpu / made * 1000 <= CPU_TARGET_MS)}], wall {wall / made * 1000:.2f} ms")
    fake = dm["fake_cpu"]
    assert isinstance(fake, float)
    print(f"  of that CPU, the harness's and fake Discord's own (answering calls, making the clicks, settling; HarnessCPU): {fake / made * 1000:.2f} ms; "
          f"the bot's share: {(cpu - fake) / made * 1000:.2f} ms per move")
    drawn = dm["drawn"]
    assert isinstance(drawn, float)
    print(f"  board pictures, drawn in the worker process beside the bot (bot/discord/drawing.py): "
          f"CPU {drawn / made * 1000:.2f} ms per move there")
    endings = dm["endings"]
    assert isinstance(endings, list)
    if endings:
        print(f"  the move that ends a match ({len(endings)}): wall {statistics.fmean(w for w, _ in endings) * 1000:.0f} ms, "
              f"CPU {statistics.fmean(c for _, c in endings) * 1000:.0f} ms  [target: no slower than an ordinary "
              f"move; the result, summary and replay page follow in the background]")
    else:
        print("  the move that ends a match: none in this run (more --moves)")


def print_profile(game: str, profiler: cProfile.Profile, top: int) -> None:
    """The functions a game's moves spent their time in, under cProfile (which slows
    everything it times, small calls most: the shares matter, not the figures)."""
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).strip_dirs().sort_stats(order).print_stats(top)
        print(f"  profile of {game}'s moves by {order}:")
        print("\n".join("    " + line for line in out.getvalue().splitlines() if line.strip()))


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="60 moves per game instead of 300")
    parser.add_argument("--moves", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAMES), help="which games, comma-separated (default: all four)")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="profile the moves and print the N costliest functions per game (own, then cumulative)")
    args = parser.parse_args()
    moves = args.moves or (60 if args.quick else 300)
    print(f"python {sys.version.split()[0]}; {moves} moves per game, seed {args.seed}; two players (alice en, bob ja)")
    worst = 0
    for game in args.games.split(","):
        profiler = cProfile.Profile(time.process_time) if args.profile else None  # CPU, as the bench counts it
        dm = await run(game, moves, args.seed, slash=False, profiler=profiler)
        slash = await run(game, max(20, moves // 3), args.seed, slash=True)
        report(game, dm, slash)
        if profiler is not None:
            print_profile(game, profiler, args.profile)
        per = dm["per_move"]
        assert isinstance(per, list)
        worst = max(worst, max(per))
    print(f"all games: max {worst} REST calls per ordinary move  [target <= {TARGET}: {verdict(worst <= TARGET)}]")


if __name__ == "__main__":
    asyncio.run(main())
