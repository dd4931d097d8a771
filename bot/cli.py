"""`parley`: the command line. Every subcommand works on a database (--db)."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from engine.core import RuleError, Viewer, pick_locale
from engine.registry import available, get_game
from events.export import export_jsonl, import_jsonl
from events.model import Player
from events.selfplay import selfplay
from events.service import MatchService
from events.store import Store
from events.verify import verify_match

from . import render
from .paths import default_db
from .terminal import Terminal, stdin_reader


def _locale(args: argparse.Namespace) -> str:
    return pick_locale(args.lang or os.environ.get("LANG"))


async def _with_service(args: argparse.Namespace, fn: Callable[[MatchService], Awaitable[int]],
                        durable: bool = True) -> int:
    store = await Store.open(args.db, durable=durable)
    try:
        return await fn(MatchService(store))
    finally:
        await store.close()


async def cmd_play(args: argparse.Namespace) -> int:
    async def go(service: MatchService) -> int:
        if args.resume:
            match_id = args.resume
        else:
            names = [n.strip() for n in args.players.split(",") if n.strip()]
            players = [Player(id=f"local:{n}", name=n, locale=_locale(args)) for n in names]
            options = json.loads(args.options) if args.options else {}
            ms = await service.create(args.game, players[0], options, place={"terminal": True})
            for p in players[1:]:
                await service.join(ms.match_id, p)
            for _ in range(args.bots):
                await service.add_bot(ms.match_id, players[0].id)
            await service.start(ms.match_id, players[0].id)
            match_id = ms.match_id
            print(f"match {match_id}  (db {args.db})")
        return await Terminal(service, match_id, _locale(args), stdin_reader(), screen=sys.stdin.isatty()).run()
    return await _with_service(args, go)


async def cmd_selfplay(args: argparse.Namespace) -> int:
    store = await Store.open(args.db or ":memory:", durable=bool(args.db))
    try:
        options = json.loads(args.options) if args.options else None
        results = await selfplay(store, args.game, args.players, args.games, args.seed, options)
    finally:
        await store.close()
    failures = 0
    for r in results:
        winners = ",".join(str(w + 1) for w in r.outcome.winners) if r.outcome else "-"
        ok = r.outcome is not None and r.replay_ok
        failures += not ok
        print(f"{r.match_id}  winners={winners}  events={r.events}  {r.seconds * 1000:.1f} ms"
              f"  replay={'ok' if r.replay_ok else 'MISMATCH'}")
    times = [r.seconds for r in results]
    if times:
        print(f"{len(results)} matches, median {statistics.median(times) * 1000:.1f} ms, "
              f"{failures} failed")
    return 1 if failures else 0


async def cmd_list(args: argparse.Namespace) -> int:
    async def go(service: MatchService) -> int:
        for row in await service.store.matches():
            result = ",".join(str(w + 1) for w in row.result["winners"]) if row.result else "-"
            print(f"{row.id}  {row.game:<10} {row.status:<9} players={','.join(row.players)}  winners={result}"
                  f"  events={row.last_seq}")
        return 0
    return await _with_service(args, go)


async def cmd_replay(args: argparse.Namespace) -> int:
    async def go(service: MatchService) -> int:
        ms = await service.get(args.match)
        locale = _locale(args)
        if args.verify:
            report = await verify_match(service, args.match)
            for line in report.lines:
                print(line(locale))
            return 0 if report.ok else 1
        seq = args.at
        if args.turn is not None:
            seq = await service.turn_start(args.match, args.turn)
        at = await service.state_at(args.match, seq) if seq else ms
        over = ms.status in ("finished", "aborted")
        if args.as_seat is not None:
            viewer = Viewer(all_seeing=True) if over else Viewer.of(args.as_seat - 1)
        else:
            viewer = Viewer(all_seeing=True) if over or args.moderator else Viewer()
        if at.state is None:
            print(f"event {at.seq}: {at.status}")
            return 0
        view = at.game.view(at.state, viewer)
        print(f"event {at.seq}/{ms.seq}  {at.status}")
        print(render.board(at.game_id, view, locale))
        if viewer.seat is not None:
            print(render.private(at.game_id, view, viewer.seat, locale))
        return 0
    return await _with_service(args, go)


async def cmd_export(args: argparse.Namespace) -> int:
    async def go(service: MatchService) -> int:
        ms = await service.get(args.match)
        player = ms.seats[args.as_seat - 1].id if args.as_seat else None
        text = await export_jsonl(service, args.match, player_id=player, moderator=args.moderator)
        if args.output:
            Path(args.output).write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
        return 0
    return await _with_service(args, go)


async def cmd_import(args: argparse.Namespace) -> int:
    async def go(service: MatchService) -> int:
        ms = await import_jsonl(service, Path(args.file).read_text(encoding="utf-8"), match_id=args.match_id)
        print(f"imported {ms.match_id}: {ms.game_id}, {ms.seq} events, {ms.status}")
        return 0
    return await _with_service(args, go)


async def cmd_undo(args: argparse.Namespace) -> int:
    async def go(service: MatchService) -> int:
        if args.redo:
            result = await service.redo(args.match, args.moderator, args.reason)
        else:
            result = await service.undo(args.match, args.moderator, count=args.count, to_seq=args.to,
                                        reason=args.reason)
        print(f"{result.events[-1].type} -> event {result.match.seq}, reverted to {result.events[-1].payload['to_seq']}")
        return 0
    return await _with_service(args, go)


async def cmd_backup(args: argparse.Namespace) -> int:
    async def go(service: MatchService) -> int:
        await service.store.backup(args.target)
        print(f"backed up {args.db} -> {args.target}")
        return 0
    return await _with_service(args, go)


def cmd_list_games(args: argparse.Namespace) -> int:
    locale = _locale(args)
    for game_id in available():
        g = get_game(game_id)
        print(f"{game_id:<10} {g.title(locale)}  ({g.min_seats}-{g.max_seats})")
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="parley", description="Asynchronous tabletop games: terminal, bot and tools.")
    p.add_argument("--db", type=Path, default=None, help="SQLite database (default: $PARLEY_DB or ~/.local/share/parley)")
    p.add_argument("--lang", choices=["en", "ja"], default=None, help="language (default: from $LANG)")
    # The same options after the subcommand too (`parley list --db x`); SUPPRESS keeps
    # a subcommand that omits them from overwriting the ones given before it.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", type=Path, default=argparse.SUPPRESS)
    common.add_argument("--lang", choices=["en", "ja"], default=argparse.SUPPRESS)
    sub = p.add_subparsers(dest="command", required=True)
    original = sub.add_parser

    def add_parser(name: str, **kwargs: Any) -> argparse.ArgumentParser:
        return original(name, parents=[common], **kwargs)

    sub.add_parser = add_parser  # type: ignore[method-assign]

    play = sub.add_parser("play", help="play a hot-seat match in the terminal")
    play.add_argument("game", nargs="?")
    play.add_argument("--players", default="ann,ben", help="comma-separated names, in seat order")
    play.add_argument("--bots", type=int, default=0, help="add N built-in bot players")
    play.add_argument("--options", help="match options as JSON")
    play.add_argument("--resume", metavar="MATCH", help="continue a saved match")

    sp = sub.add_parser("selfplay", help="bots play complete matches; each is replayed from its log")
    sp.add_argument("game")
    sp.add_argument("--players", type=int, default=2)
    sp.add_argument("--games", type=int, default=10)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--options", help="match options as JSON")

    sub.add_parser("list", help="matches in the database")
    sub.add_parser("list-games", help="installed games")

    rp = sub.add_parser("replay", help="show a match at any event, as a viewer may see it")
    rp.add_argument("match")
    rp.add_argument("--at", type=int, help="event number")
    rp.add_argument("--turn", type=int, help="the start of turn T (the first action of that turn)")
    rp.add_argument("--as", dest="as_seat", type=int, help="view as seat N (1-based)")
    rp.add_argument("--moderator", action="store_true", help="all-seeing view of a running match")
    rp.add_argument("--verify", action="store_true", help="rebuild and check the match; non-zero exit on mismatch")

    vf = sub.add_parser("verify", help="same as replay --verify")
    vf.add_argument("match")
    vf.set_defaults(verify=True, at=None, turn=None, as_seat=None, moderator=False)

    ex = sub.add_parser("export", help="JSON Lines export (redacted unless finished or --moderator)")
    ex.add_argument("match")
    ex.add_argument("--as", dest="as_seat", type=int)
    ex.add_argument("--moderator", action="store_true")
    ex.add_argument("-o", "--output")

    im = sub.add_parser("import", help="import a finished match's export")
    im.add_argument("file")
    im.add_argument("--match-id", default=None)

    ud = sub.add_parser("undo", help="moderator undo (appends a revert event)")
    ud.add_argument("match")
    ud.add_argument("--count", type=int, default=1)
    ud.add_argument("--to", type=int, default=None, help="back to the state after event N")
    ud.add_argument("--redo", action="store_true", help="undo the last revert")
    ud.add_argument("--reason", default="")
    ud.add_argument("--moderator", default="cli")

    bk = sub.add_parser("backup", help="consistent copy of the database while it is in use (SQLite online backup)")
    bk.add_argument("target")

    sub.add_parser("bot", help="run the Discord bot (needs PARLEY_DISCORD_TOKEN)")
    sub.add_parser("sync-commands", help="register the slash commands with Discord")
    return p


ASYNC: dict[str, Callable[[argparse.Namespace], Awaitable[int]]] = {
    "play": cmd_play, "selfplay": cmd_selfplay, "list": cmd_list, "replay": cmd_replay, "verify": cmd_replay,
    "export": cmd_export, "import": cmd_import, "undo": cmd_undo, "backup": cmd_backup,
}


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.db is None and args.command != "selfplay":
        args.db = default_db()
    if args.command == "play" and not (args.game or args.resume):
        parser().error("play needs a GAME or --resume MATCH")
    try:
        if args.command == "list-games":
            return cmd_list_games(args)
        if args.command in ("bot", "sync-commands"):
            from .discord import app
            (app.run if args.command == "bot" else app.sync_commands)()
            return 0
        return asyncio.run(ASYNC[args.command](args))
    except RuleError as err:
        print(err.message(_locale(args)), file=sys.stderr)
        return 2
    except OSError as err:  # a file named on the command line: missing, unreadable
        print(f"{err.strerror or err}: {err.filename}" if err.filename else str(err), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
