"""Record corpus matches with the code that introduced a ruleset, in two steps:

    git worktree add /tmp/old COMMIT
    PYTHONPATH=/tmp/old python tests/corpus/record.py play naru --db /tmp/naru.sqlite
    PYTHONPATH=$PWD python tests/corpus/record.py export --db /tmp/naru.sqlite --commit COMMIT

`play` uses only what old commits already had (the service, its bots, the SQLite
store), so the moves, deals, log lines and digests are the old code's own. `export`
runs with today's code, which opens the old database as any upgrade does (the
migration adds what the old schema lacked, such as the hash chain) and writes each
match as events/export.py writes it for a moderator, to
tests/corpus/<game>/<ruleset>/<commit>-<match>.jsonl, beside a .states.json: the
state as the recording code had it after the deal, half-way and at the end (a digest
per field), which the test compares with today's replay. A running match's export has no secret
(a real one never leaves the server); a corpus secret is derived from a public label
(engine.core.selfplay.derive_secret), so it is added, or the match could not replay.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import functools
import hashlib
import json
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from engine.core import Rng
from engine.core.selfplay import derive_secret
from events.model import Player
from events.service import MatchService
from events.store import Store

SEATS = {"quarriors": 3, "naru": 2, "musou": 2, "warlords": 3}
HUMAN = Player(id="local:ann", name="Ann")


async def play(service: MatchService, game_id: str, kind: str, seed: int, moves: int) -> bool:
    """One match, kept when it ended as `kind` says: a finished one is all bots,
    a running one stops after `moves` of Ann's (a bot's choice in her name)."""
    match_id = f"{kind}-{seed}"
    rng = Rng(derive_secret(f"corpus:{game_id}:{match_id}", "ann"))
    creator = Player(id="bot:1", name="Bot 1") if kind == "finished" else HUMAN
    await service.create(game_id, creator, {}, match_id=match_id)
    for _ in range(SEATS[game_id] - 1):
        await service.add_bot(match_id, creator.id)
    await service.start(match_id, creator.id)
    for _ in range(moves if kind == "running" else 0):
        ms = await service.get(match_id)
        if ms.status != "running":
            break
        seat = next(p.seat for p in ms.game.pending(ms.state) if ms.seats[p.seat].id == HUMAN.id)
        await service.act(match_id, HUMAN.id, ms.game.bot_action(ms.state, seat, rng), seat=seat)
    ms = await service.get(match_id)
    return ms.status == kind


def _unworded(value: Any) -> Any:
    """Without wording, which may change within a ruleset: Text values and *_en/*_ja fields."""
    if isinstance(value, dict):
        if set(value) == {"en", "ja"}:
            return None
        return {k: _unworded(v) for k, v in value.items() if not k.endswith(("_en", "_ja"))}
    if isinstance(value, list):
        return [_unworded(v) for v in value]
    return value


def _plain(value: Any) -> Any:
    """Sets in a stable order (their own order varies with the process's hash seed)."""
    return sorted(value, key=str) if isinstance(value, (set, frozenset)) else str(value)


def state_fields(state: Any) -> dict[str, str]:
    """Each field of a game state as a short digest of its JSON (wording left out):
    small enough to keep, and comparable field by field with a later version's state."""
    plain = _unworded(json.loads(json.dumps(dataclasses.asdict(state), default=_plain, sort_keys=True)))
    return {name: hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]
            for name, value in plain.items()}


async def checkpoints(service: MatchService, match_id: str) -> dict[str, Any]:
    """The state as the recording code had it just after the deal, half-way and at the end."""
    events = await service.store.events(match_id)
    started = next(e.seq for e in events if e.type == "match_started")
    seqs = sorted({started, (started + events[-1].seq) // 2, events[-1].seq})
    return {str(seq): state_fields((await service.state_at(match_id, seq)).state) for seq in seqs}


def played_at(start: str) -> Any:
    """A clock from `start`, a second a call: a corpus match recorded today by an
    older commit's code carries the time that code was in use, as a real one
    would (replay breaks a tie between unpinned data sets by it)."""
    now = datetime.fromisoformat(start)

    def clock() -> str:
        nonlocal now
        now += timedelta(seconds=1)
        return now.isoformat(timespec="milliseconds")
    return clock


def states_path(db: Path) -> Path:
    return db.with_name(db.name + ".states.json")


async def play_all(args: argparse.Namespace) -> None:
    store = await Store.open(args.db)
    states: dict[str, Any] = json.loads(states_path(args.db).read_text()) if states_path(args.db).exists() else {}
    try:
        for kind, wanted in (("finished", args.finished), ("running", args.running)):
            made = 0
            for seed in range(1, 200):
                if made == wanted:
                    break
                label = f"corpus:{args.game}:{kind}-{seed}"
                extra = {"clock": played_at(args.at)} if args.at else {}
                service = MatchService(store, new_secret=functools.partial(derive_secret, label),
                                       bot_rng=Rng(derive_secret(label, "bots")), **extra)
                kept = await play(service, args.game, kind, seed, args.moves)
                events = await store.events(f"{kind}-{seed}")
                if kept and len(events) <= args.max_events:
                    made += 1
                    states[f"{args.game}:{kind}-{seed}"] = await checkpoints(service, f"{kind}-{seed}")
                    print(f"{kind}-{seed}: {len(events)} events")
    finally:
        await store.close()
        states_path(args.db).write_text(json.dumps(states, ensure_ascii=False, sort_keys=True))


async def export_all(args: argparse.Namespace) -> None:
    from events.export import export_jsonl

    recorded = json.loads(states_path(args.db).read_text())
    store = await Store.open(args.db)
    try:
        service = MatchService(store)
        for row in await store.matches(status=("finished", "running")):
            if f"{row.game}:{row.id}" not in recorded:
                continue
            text = await export_jsonl(service, row.id, moderator=True)
            lines = text.splitlines()
            header = json.loads(lines[0])
            header["secret"] = (await store.secret(row.id)).hex()
            path = args.out / row.game / row.ruleset / f"{args.commit}-{row.id}.jsonl"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("\n".join([json.dumps(header, ensure_ascii=False, sort_keys=True), *lines[1:]]) + "\n",
                            encoding="utf-8")
            path.with_suffix(".states.json").write_text(
                json.dumps(recorded[f"{row.game}:{row.id}"], sort_keys=True, indent=1) + "\n", encoding="utf-8")
            print(path, len(lines), "lines")
    finally:
        await store.close()


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    steps = parser.add_subparsers(dest="step", required=True)
    p = steps.add_parser("play")
    p.add_argument("game", choices=sorted(SEATS))
    p.add_argument("--db", type=Path, required=True)
    p.add_argument("--finished", type=int, default=2)
    p.add_argument("--running", type=int, default=1)
    p.add_argument("--moves", type=int, default=12, help="Ann's moves in a running match")
    p.add_argument("--max-events", type=int, default=200, help="longer matches are not kept (corpus size)")
    p.add_argument("--at", help="the time the matches were played (ISO 8601 UTC): when that commit was in use")
    e = steps.add_parser("export")
    e.add_argument("--db", type=Path, required=True)
    e.add_argument("--commit", required=True, help="the commit whose code played them (names the files)")
    e.add_argument("--out", type=Path, default=Path(__file__).parent)
    args = parser.parse_args(argv)
    asyncio.run(play_all(args) if args.step == "play" else export_all(args))


if __name__ == "__main__":
    main(sys.argv[1:])
