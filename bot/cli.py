"""`parley`: the command line. Every subcommand works on a database (--db).

Whoever runs it holds the database, so it acts as the database's operator: the
service it builds names "operator:NAME" (NAME from `--as`, else $USER), who
moderates every match (events/moderators.py). `undo` and `abort` record that
identity as the moderator; no other id is taken from the command line.

An ordinary mistake (a missing file, bad JSON, a seat that does not exist)
is told in one line on stderr with exit code 2, never as a traceback."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import statistics
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TextIO

from engine.core import RuleError, Text, Viewer, pick_locale, with_names
from engine.core.options import MAX_OPTIONS
from engine.core.search import LEVELS
from engine.core.userjson import BadJson, load_json
from engine.registry import available, get_game
from events.bots import shown_name
from events.clockconfig import clock_place
from events.errors import ReplayError, not_replayable
from events.export import MAX_IMPORT, export_jsonl, import_jsonl
from events.history import lineage
from events.model import Player
from events.recorder import Recorder
from events.replay import MatchState
from events.selfplay import selfplay
from events.service import MatchService
from events.store import LEAGUE
from events.stores import is_postgres, open_store, sqlite_path
from events.verify import parse_head, verify_match
from events.window import parse_window, window_place

from . import league_cli, match_ids, profile_cli, ratings_cli, records_cli, render
from .cardfile import UnreadableCardFile, with_card_file_read
from .clihelp import Parser, argv_locale, say
from .listing import match_table, whose_turn
from .paths import default_db
from .replaypage.write import write_replay_page
from .terminal import Terminal, refusal, resume_command, revert_lines, saved_hint, stdin_reader


class CliError(RuleError):
    """A command line that cannot be carried out, told in one line like a refusal."""


def _locale(args: argparse.Namespace) -> str:
    return pick_locale(args.lang or os.environ.get("LANG"))


async def _with_service(args: argparse.Namespace, fn: Callable[[MatchService], Awaitable[int]],
                        durable: bool = True) -> int:
    """Run `fn` on the database, with the match id typed (whole or a unique
    prefix of it) replaced by the match's full id."""
    store = await open_store(args.db, durable=durable)
    try:
        # `verify` checks a league's stream too; every other command takes matches only.
        leagues = None if getattr(args, "verify", False) else False
        for name in ("match", "resume"):
            if getattr(args, name, None):
                setattr(args, name, await match_ids.resolve(store, getattr(args, name), leagues))
        return await fn(MatchService(store, operator=_operator(args)))
    finally:
        await store.close()


def _options_hint(game_id: str | None) -> Text:
    """How to write --options, with an example of the game's own options: an
    example from another game would suggest an option this one refuses."""
    try:
        example = get_game(game_id).options_example if game_id else None
    except KeyError:
        example = None
    if example is None:
        return Text("Write a JSON object ({...}) of the game's options; see docs/rules/ for each game's.",
                    "ゲームのオプションを JSON のオブジェクト（{...}）で書いてください。各ゲームのオプションは docs/rules/ にあります。")
    shown = json.dumps(example, ensure_ascii=False)
    return Text(f"Write an object, e.g. --options '{shown}'.", f"オブジェクトで書いてください（例: --options '{shown}'）。")


# The same minutes for every hand, so when a window closes tells the table nothing (events/window.py).
OPTIONS_HELP = ("match options as a JSON object; the table's: \"clock\", and \"window\": minutes after which an "
                "unanswered response passes, the same for every hand (closed only while the match is open here)")


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """`--options` as a JSON object (a card file's path read into its text), or a
    one-line error saying what is wrong with it."""
    if not args.options:
        return {}
    hint = _options_hint(getattr(args, "game", None))
    try:
        options = load_json(args.options, MAX_OPTIONS)
    except BadJson as err:
        raise CliError(Text("--options", "--options ") + err.what + Text(".", "。"),
                       hint) from None
    if not isinstance(options, dict):
        raise CliError(Text("--options must be a JSON object ({...}).", "--options は JSON のオブジェクト（{...}）です。"),
                       hint)
    try:
        return with_card_file_read(options, getattr(args, "game", None))
    except UnreadableCardFile as err:
        raise CliError(err.what) from None


def _seat(ms: MatchState, as_seat: int) -> int:
    """A 1-based seat from the command line, as a 0-based seat of this match."""
    seats = len(ms.seats)
    if not 1 <= as_seat <= seats:
        which = (Text(f"This match has seats 1-{seats}.", f"この対戦の席は1〜{seats}番です。") if seats else
                 Text("This match has not started, so it has no seats yet.", "この対戦はまだ始まっていないため、席がありません。"))
        raise CliError(Text(f"There is no seat {as_seat}.", f"{as_seat}番席はありません。"), which)
    return as_seat - 1


def _names(ms: MatchState, locale: str) -> list[str]:
    return [shown_name(p, locale) for p in ms.seats]


# -- play -------------------------------------------------------------------

def _me() -> str:
    return os.environ.get("USER") or os.environ.get("LOGNAME") or os.environ.get("USERNAME") or "player"


def _operator(args: argparse.Namespace) -> str:
    return f"operator:{getattr(args, 'operator', None) or _me()}"


def _table(args: argparse.Namespace, min_seats: int) -> tuple[list[str], int]:
    """The humans (in seat order) and how many bots. Without --players: you
    (named from $USER) and --bots bots, by default enough for the game's minimum."""
    if args.players is None:
        return [_me()], args.bots if args.bots is not None else max(min_seats - 1, 0)
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    if not names:
        raise CliError(Text("--players names nobody.", "--players に名前がありません。"),
                       Text("Give comma-separated names, e.g. --players ann,ben.", "カンマ区切りで名前を書きます（例: --players ann,ben）。"))
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise CliError(Text(f"Each player needs a different name: {', '.join(twice)} appears twice.",
                            f"プレイヤー名はそれぞれ別にしてください: {'、'.join(twice)}が重複しています。"))
    return names, args.bots or 0


async def _new_match(service: MatchService, args: argparse.Namespace) -> tuple[str, int]:
    """Create and start a match; returns it and the event before its start (so
    the terminal shows what bots did first). On failure, nothing half-made stays."""
    try:
        game = get_game(args.game)
    except (KeyError, ImportError):
        raise CliError(Text(f"There is no game '{args.game}'.", f"ゲーム「{args.game}」はありません。"),
                       Text(f"Games: {', '.join(available())}.", f"ゲーム: {'、'.join(available())}。")) from None
    names, bots = _table(args, game.min_seats)
    if bots < 0:
        raise CliError(Text("--bots cannot be negative.", "--bots は0以上です。"))
    total = len(names) + bots
    if not game.min_seats <= total <= game.max_seats:
        span = str(game.min_seats) if game.min_seats == game.max_seats else f"{game.min_seats}-{game.max_seats}"
        raise CliError(Text(f"{game.title.en} takes {span} players; that is {total} ({len(names)} named, {bots} bots).",
                            f"{game.title.ja}は{span}人用です。指定は{total}人（名前{len(names)}人、ボット{bots}体）です。"),
                       Text("Change --players or --bots.", "--players か --bots を変えてください。"))
    options = _options(args)
    players = [Player(id=f"local:{n}", name=n, locale=_locale(args)) for n in names]
    # A clock or a response window in --options is the table's, not the game's.
    place = {"terminal": True, **clock_place(options), **window_place(parse_window(options))}
    # Rated unless said otherwise; written into the log so the ladder never has to guess.
    place["rated"] = not args.casual
    ms = await service.create(args.game, players[0], options, place=place)
    try:
        for p in players[1:]:
            await service.join(ms.match_id, p)
        for _ in range(bots):
            await service.add_bot(ms.match_id, players[0].id, level=args.level)
        before = (await service.get(ms.match_id)).seq
        await service.start(ms.match_id, players[0].id)
    except Exception as err:
        why = err.message("en") if isinstance(err, RuleError) else type(err).__name__
        with contextlib.suppress(RuleError):
            await service.abort(ms.match_id, None, f"could not start from the terminal: {why}")
        raise
    return ms.match_id, before


async def _resume(service: MatchService, args: argparse.Namespace, read: Callable[[], str | None]) -> int | None:
    """A match left in the lobby (a play that stopped half-way): start it when
    asked (--start, or yes on a terminal), else say how. Returns the event
    before the start when it started it."""
    ms = await service.get(args.resume)
    if ms.status != "lobby":
        return None
    who = ", ".join(p.name for p in ms.lobby) or "-"
    if not args.start and sys.stdin.isatty():
        print(Text(f"Match {ms.match_id} has not started (players: {who}). Start it now? [y/N]",
                   f"対戦 {ms.match_id} はまだ始まっていません（参加者: {who}）。今すぐ開始しますか？ [y/N]")(_locale(args)))
        args.start = (read() or "").strip().lower() in ("y", "yes", "はい")
    if not args.start:
        hint = resume_command(ms.match_id, args.db_given)
        raise CliError(Text(f"Match {ms.match_id} has not started: it is still in the lobby ({who}).",
                            f"対戦 {ms.match_id} はまだ始まっていません（募集中: {who}）。"),
                       Text(f"Start it with `{hint} --start`, or remove it with `parley abort {ms.match_id}`.",
                            f"`{hint} --start` で開始するか、`parley abort {ms.match_id}` で削除できます。"))
    await service.start(ms.match_id, ms.creator)
    return ms.seq


async def cmd_play(args: argparse.Namespace) -> int:
    async def go(service: MatchService) -> int:
        read = stdin_reader()
        since = None
        if args.resume:
            match_id = args.resume
            since = await _resume(service, args, read)
        else:
            match_id, since = await _new_match(service, args)
            print(f"match {match_id}  (db {args.db})")
        args.resume_hint = saved_hint(match_id, args.db_given)
        terminal = Terminal(service, match_id, _locale(args), read, screen=sys.stdin.isatty(), db=args.db_given,
                            since=since)
        return await terminal.run()
    return await _with_service(args, go)


# -- selfplay ----------------------------------------------------------------

class Progress:
    """Selfplay's progress on stderr: a bar with the time left on a terminal,
    else a line per finished match (stdout keeps the results)."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.tty = stream.isatty()
        self.done = 0
        self.began = time.perf_counter()
        self.match_began = self.began

    def started(self) -> None:
        self.match_began = time.perf_counter()

    def finished(self, match_id: str, events: int) -> None:
        self.done += 1
        now = time.perf_counter()
        if self.tty:
            left = (now - self.began) / self.done * (self.total - self.done)
            width = max(10, min(40, shutil.get_terminal_size().columns - 40))
            filled = width * self.done // max(self.total, 1)
            bar = "#" * filled + "-" * (width - filled)
            eta = f"{int(left) // 60}:{int(left) % 60:02d}"
            self.stream.write(f"\r[{bar}] {self.done}/{self.total}  ETA {eta} ")
            if self.done == self.total:
                self.stream.write("\n")
        else:
            self.stream.write(f"[{self.done}/{self.total}] {match_id} finished: {events} events, "
                              f"{(now - self.match_began) * 1000:.1f} ms\n")
        self.stream.flush()


class _Watched:
    """The store as the selfplay loop sees it, reporting each match as it
    ends (a match ends in the command that finishes it)."""

    def __init__(self, store: Recorder, progress: Progress) -> None:
        self._store = store
        self._progress = progress

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def create_match(self, *args: Any, **kwargs: Any) -> Any:
        self._progress.started()
        return await self._store.create_match(*args, **kwargs)

    async def append(self, match_id: str, *args: Any, **kwargs: Any) -> Any:
        events = await self._store.append(match_id, *args, **kwargs)
        if kwargs.get("status") == "finished":
            self._progress.finished(match_id, events[-1].seq)
        return events


def _seat_levels(given: str, players: int) -> list[str]:
    """`--level hard` for every seat, or one per seat: `--level hard,easy`."""
    levels = given.split(",")
    levels = levels * players if len(levels) == 1 else levels
    wrong = [x for x in levels if x not in LEVELS]
    if wrong or len(levels) != players:
        raise CliError(Text(f"--level takes one of {', '.join(LEVELS)}, or one per seat ({players}), comma-separated.",
                            f"--level は{'、'.join(LEVELS)}のどれか、または席ごとに{players}個をカンマ区切りで指定します。"))
    return levels


async def cmd_selfplay(args: argparse.Namespace) -> int:
    options = _options(args) or None
    store = await open_store(args.db or ":memory:", durable=args.db is not None)
    try:
        watched: Any = _Watched(store, Progress(args.games, sys.stderr))
        results = await selfplay(watched, args.game, args.players, args.games, args.seed, options,
                                 _seat_levels(args.level, args.players))
        locale = _locale(args)
        names = {r.match_id: await _joined_names(store, r.match_id, locale) for r in results}
    finally:
        await store.close()
    failures = 0
    for r in results:
        winners = ",".join(str(w + 1) for w in r.outcome.winners) if r.outcome else "-"
        ok = r.outcome is not None and r.replay_ok
        failures += not ok
        reason = f"  {with_names(r.outcome.reason(locale), names[r.match_id], locale)}" if r.outcome else ""
        print(f"{r.match_id}  winners={winners}  events={r.events}  {r.seconds * 1000:.1f} ms"
              f"  replay={'ok' if r.replay_ok else 'MISMATCH'}{reason}")
    times = [r.seconds for r in results]
    if times:
        print(f"{len(results)} matches, median {statistics.median(times) * 1000:.1f} ms, "
              f"{failures} failed")
    return 1 if failures else 0


async def _joined_names(store: Recorder, match_id: str, locale: str) -> list[str]:
    """Players' names in seat order, from the lobby events that precede the start,
    as a reader of `locale` sees them (a bot named in that language)."""
    names = []
    for e in await store.events(match_id, upto=64):
        if e.type == "match_started":
            break
        if e.type == "player_joined":
            names.append(shown_name(Player.model_validate(e.payload["player"]), locale))
    return names


# -- records -----------------------------------------------------------------

async def cmd_list(args: argparse.Namespace) -> int:
    async def go(service: MatchService) -> int:
        for line in await match_table(service, _locale(args)):
            print(line)
        return 0
    return await _with_service(args, go)


async def cmd_replay(args: argparse.Namespace) -> int:
    async def go(service: MatchService) -> int:
        locale = _locale(args)
        row = await service.store.match(args.match)
        if args.verify and row is not None and row.game == LEAGUE:  # a league's stream (events/league/verify.py)
            report = await verify_match(service, args.match)
            for line in report.lines:
                print(line(locale))
            return 0 if report.ok else 1
        ms = await service.get(args.match)
        names = _names(ms, locale)
        if getattr(args, "html", None):
            return await write_replay_page(service, args.match, args.html, locale)
        if args.verify:
            heads = [parse_head(h) for h in getattr(args, "head", None) or []]
            report = await verify_match(service, args.match, heads)
            for line in report.lines:
                print(with_names(line(locale), names, locale))
            return 0 if report.ok else 1
        seat = _seat(ms, args.as_seat) if args.as_seat is not None else None
        seq = args.at
        if args.turn is not None:
            seq = await service.turn_start(args.match, args.turn)
        at = await service.state_at(args.match, seq) if seq is not None else ms
        over = ms.status in ("finished", "aborted")
        if seat is not None:
            viewer = Viewer(all_seeing=True) if over else Viewer.of(seat)
        else:
            viewer = Viewer(all_seeing=True) if over or args.moderator else Viewer()
        if at.state is None:
            print(f"event {at.seq}: {at.status}")
            return 0
        view = at.game.view(at.state, viewer)
        print(f"event {at.seq}/{ms.seq}  {at.status}")
        print(with_names(render.board(at.game_id, view, locale), names, locale))
        if seat is not None:
            print(with_names(render.private(at.game_id, view, seat, locale), names, locale))
        return 0
    return await _with_service(args, go)


async def cmd_export(args: argparse.Namespace) -> int:
    async def go(service: MatchService) -> int:
        ms = await service.get(args.match)
        player = ms.seats[_seat(ms, args.as_seat)].id if args.as_seat is not None else None
        text = await export_jsonl(service, args.match, player_id=player, moderator=args.moderator)
        if args.output:
            Path(args.output).write_text(text, encoding="utf-8")
            n = text.count("\n") - 1  # a line per event after the heading line
            print(Text(f"Wrote {n} events of match {args.match} to {args.output}.",
                       f"対戦 {args.match} のイベント{n}件を {args.output} に書き出しました。")(_locale(args)))
        else:
            sys.stdout.write(text)
        return 0
    return await _with_service(args, go)


def _read_export(path: str) -> str:
    try:
        size = Path(path).stat().st_size
        if size > MAX_IMPORT:  # before reading: a file of any size would be read whole
            raise CliError(Text(f"{path} is {size:,} bytes; a match export of more than {MAX_IMPORT:,} is not read.",
                                f"{path} は{size:,}バイトあります。{MAX_IMPORT:,}バイトを超える対戦エクスポートは読み込みません。"))
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CliError(Text(f"{path} is not a text file, so not a match export.",
                            f"{path} はテキストファイルではないため、対戦のエクスポートではありません。"),
                       Text("Import the .jsonl file that `parley export` wrote.",
                            "`parley export` が書き出した .jsonl ファイルを取り込んでください。")) from None
    except OSError as err:
        raise CliError(Text(f"Cannot read {path}: {err.strerror or err}.", f"{path} を読めません: {err.strerror or err}。")
                       ) from None


async def cmd_import(args: argparse.Namespace) -> int:
    text = _read_export(args.file)

    async def go(service: MatchService) -> int:
        ms = await import_jsonl(service, text, match_id=args.match_id)
        print(f"imported {ms.match_id}: {ms.game_id}, {ms.seq} events, {ms.status}")
        return 0
    return await _with_service(args, go)


async def cmd_undo(args: argparse.Namespace) -> int:
    async def go(service: MatchService) -> int:
        if args.redo:
            result = await service.redo(args.match, _operator(args), args.reason)
        else:
            result = await service.undo(args.match, _operator(args), count=args.count, to_seq=args.to,
                                        reason=args.reason)
        locale, names = _locale(args), _names(result.match, _locale(args))
        lin = lineage(await service.events(args.match))
        for line in revert_lines(result.events[-1], lin):
            print(with_names(line(locale), names, locale))
        now = whose_turn(result.match, locale)
        print(with_names(Text(f"Now: {now}.", f"現在: {now}。")(locale), names, locale))
        return 0
    return await _with_service(args, go)


async def cmd_abort(args: argparse.Namespace) -> int:
    async def go(service: MatchService) -> int:
        result = await service.abort(args.match, _operator(args), args.reason)
        print(f"aborted {args.match} at event {result.match.seq}")
        return 0
    return await _with_service(args, go)


async def cmd_backup(args: argparse.Namespace) -> int:
    if Path(args.target).exists() and not args.force:
        raise CliError(Text(f"{args.target} already exists: nothing was written.",
                            f"{args.target} はすでに存在します。何も書き込んでいません。"),
                       Text("Choose a new file, or add --force to overwrite it.",
                            "新しいファイル名にするか、上書きするなら --force を付けてください。"))

    async def go(service: MatchService) -> int:
        await service.store.backup(args.target)
        print(f"backed up {args.db} -> {args.target}")
        return 0
    return await _with_service(args, go)


async def cmd_migrate_db(args: argparse.Namespace) -> int:
    from events.stores import migrate_db

    def progress(done: int, total: int) -> None:
        if done == total or done % 500 == 0:
            print(f"copied {done}/{total} matches", file=sys.stderr)
    report = await migrate_db(args.source, args.target, replay=not args.no_replay, progress=progress)
    for line in report.lines:
        print(line(_locale(args)))
    return 0 if report.ok else 1


def cmd_list_games(args: argparse.Namespace) -> int:
    locale = _locale(args)
    for game_id in available():
        g = get_game(game_id)
        print(f"{game_id:<10} {g.title(locale)}  ({g.min_seats}-{g.max_seats})")
    return 0


def cmd_card(args: argparse.Namespace) -> int:
    try:
        game = get_game(args.game)
    except (KeyError, ImportError):
        raise CliError(Text(f"There is no game '{args.game}'.", f"ゲーム「{args.game}」はありません。"),
                       Text(f"Games: {', '.join(available())}.", f"ゲーム: {'、'.join(available())}。")) from None
    options = game.options(_options(args), game.min_seats)
    found, text = render.card_lookup(game.card_catalog(options), " ".join(args.name), _locale(args))
    print(text)
    return 0 if found else 1


def _discord(args: argparse.Namespace) -> int:
    """`bot` and `sync-commands`: a missing token or no way to reach Discord is one line, not a traceback."""
    try:
        import aiohttp
        import discord

        from .discord import app
    except ImportError as err:
        raise CliError(Text(f"The Discord bot cannot load: {err}.", f"Discord ボットを読み込めません: {err}。"),
                       Text("Install Parley with its dependencies: pip install -e .",
                            "依存関係ごとインストールしてください: pip install -e .")) from None
    if args.db_given:
        os.environ["PARLEY_DB"] = str(args.db_given)
    try:
        (app.run if args.command == "bot" else app.sync_commands)()
    except (OSError, aiohttp.ClientError, discord.GatewayNotFound, discord.ConnectionClosed) as err:
        raise CliError(Text(f"Cannot reach Discord: {err}.", f"Discord に接続できません: {err}。"),
                       Text("Check the network connection and try again.", "ネットワーク接続を確認してもう一度お試しください。")
                       ) from None
    return 0


AS_OPERATOR = "the operator the log names as moderator: operator:NAME (default: you, from $USER)"


def parser(locale: str = "en") -> argparse.ArgumentParser:
    p = Parser(prog="parley", description="Asynchronous tabletop games: terminal, bot and tools.", locale=locale)
    p.add_argument("--db", type=str, default=None,
                   help="SQLite file or postgresql:// URL (default: $PARLEY_DB or ~/.local/share/parley)")
    p.add_argument("--lang", choices=["en", "ja"], default=None, help="language (default: from $LANG)")
    # The same options after the subcommand too (`parley list --db x`); SUPPRESS keeps
    # a subcommand that omits them from overwriting the ones given before it.
    common = Parser(add_help=False, locale=locale)
    common.add_argument("--db", type=str, default=argparse.SUPPRESS)
    common.add_argument("--lang", choices=["en", "ja"], default=argparse.SUPPRESS)
    sub = p.add_subparsers(dest="command", required=True, parser_class=p.subcommand_class())
    original = sub.add_parser

    def add_parser(name: str, **kwargs: Any) -> Parser:
        if "help" in kwargs:  # the one line listed under `parley --help`
            kwargs["help"] = say(kwargs["help"], locale)
        return original(name, parents=[common], **kwargs)

    sub.add_parser = add_parser  # type: ignore[method-assign]

    play = sub.add_parser("play", help="play a match in the terminal (hot seat and/or against bots)")
    play.add_argument("game", nargs="?")
    play.add_argument("--players", default=None,
                      help="comma-separated names of the people at this keyboard, in seat order "
                           "(default: you, named from $USER)")
    play.add_argument("--bots", type=int, default=None,
                      help="add N built-in bots after the players (default: 0 with --players; "
                           "without it, enough for the game's smallest table)")
    play.add_argument("--options", help=OPTIONS_HELP)
    play.add_argument("--level", choices=LEVELS, default="easy",
                      help="how well the bots play: easy (random), normal or hard (search; up to ~1 s a move)")
    play.add_argument("--casual", action="store_true",
                      help="not rated: the match stays off the terminal's ladder (parley ladder)")
    play.add_argument("--resume", metavar="MATCH", help="continue a saved match")
    play.add_argument("--start", action="store_true", help="with --resume: start a match still in the lobby")

    sp = sub.add_parser("selfplay", help="bots play complete matches; each is replayed from its log")
    sp.add_argument("game")
    sp.add_argument("--players", type=int, default=2)
    sp.add_argument("--games", type=int, default=10)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--options", help="match options as a JSON object")
    sp.add_argument("--level", default="easy",
                    help="bot level for every seat (easy, normal, hard), or one per seat: hard,easy")

    sub.add_parser("list", help="matches in the database")
    sub.add_parser("list-games", help="installed games")

    cd = sub.add_parser("card", help="a card (or die) in full, by name, part of a name or key")
    cd.add_argument("game")
    cd.add_argument("name", nargs="+")
    cd.add_argument("--options", help="match options as a JSON object (e.g. the card set)")

    rp = sub.add_parser("replay", help="show a match at any event, as a viewer may see it")
    rp.add_argument("match")
    rp.add_argument("--at", type=int, help="event number")
    rp.add_argument("--turn", type=int, help="the start of turn T (the first action of that turn)")
    rp.add_argument("--as", dest="as_seat", type=int, help="view as seat N (1-based)")
    rp.add_argument("--moderator", action="store_true", help="all-seeing view of a running match")
    rp.add_argument("--verify", action="store_true", help="rebuild and check the match; non-zero exit on mismatch")
    rp.add_argument("--html", metavar="FILE", help="write a finished match as one self-contained HTML replay page")

    vf = sub.add_parser("verify", help="same as replay --verify")
    vf.add_argument("match")
    for parser in (rp, vf):
        parser.add_argument("--head", action="append", metavar="SEQ:HASH",
                            help="a chain head posted in the match's thread; verify fails if the log no longer has it")
    vf.set_defaults(verify=True, at=None, turn=None, as_seat=None, moderator=False)

    ex = sub.add_parser("export", help="JSON Lines export (redacted unless finished or --moderator)")
    ex.add_argument("match")
    ex.add_argument("--as", dest="as_seat", type=int, help="as seat N (1-based) may read it")
    ex.add_argument("--moderator", action="store_true")
    ex.add_argument("-o", "--output")

    im = sub.add_parser("import", help="import a finished match's export")
    im.add_argument("file")
    im.add_argument("--match-id", default=None)

    ud = sub.add_parser("undo", help="moderator undo (appends a revert event)")
    ud.add_argument("match")
    ud.add_argument("--count", type=int, default=1, help="how many actions to take back (at least 1)")
    ud.add_argument("--to", type=int, default=None, help="back to the state after event N")
    ud.add_argument("--redo", action="store_true", help="take back the latest undo not yet redone (none once a move was made since)")
    ud.add_argument("--reason", default="")
    ud.add_argument("--as", dest="operator", metavar="NAME", help=AS_OPERATOR)

    ab = sub.add_parser("abort", help="end a match without a result (e.g. one left in the lobby)")
    ab.add_argument("match")
    ab.add_argument("--reason", default="aborted by the operator")
    ab.add_argument("--as", dest="operator", metavar="NAME", help=AS_OPERATOR)

    bk = sub.add_parser("backup", help="consistent copy of the database while it is in use (SQLite online backup)")
    bk.add_argument("target")
    bk.add_argument("--force", action="store_true", help="overwrite the target if it exists")

    mg = sub.add_parser("migrate-db", help="copy the whole database to another (SQLite <-> PostgreSQL), then verify")
    mg.add_argument("--from", dest="source", required=True, metavar="DB", help="sqlite:PATH, a path, or postgresql://...")
    mg.add_argument("--to", dest="target", required=True, metavar="DB", help="an empty database: sqlite:PATH or postgresql://...")
    mg.add_argument("--no-replay", action="store_true", help="skip replaying every match (rows, secrets, chains compared)")

    sub.add_parser("bot", help="run the Discord bot (needs PARLEY_DISCORD_TOKEN)")
    sub.add_parser("sync-commands", help="register the slash commands with Discord")
    records_cli.add_parsers(sub)  # parley mine
    ratings_cli.add_parsers(sub)  # parley rating, ladder, season
    profile_cli.add_parsers(sub)  # parley profile
    league_cli.add_parsers(sub)  # parley league ...
    return p


ASYNC: dict[str, Callable[[argparse.Namespace], Coroutine[Any, Any, int]]] = {
    "play": cmd_play, "selfplay": cmd_selfplay, "list": cmd_list, "replay": cmd_replay, "verify": cmd_replay,
    "export": cmd_export, "import": cmd_import, "undo": cmd_undo, "abort": cmd_abort, "backup": cmd_backup,
    "migrate-db": cmd_migrate_db,
}
ASYNC.update(records_cli.COMMANDS)
ASYNC.update(ratings_cli.COMMANDS)
ASYNC.update(profile_cli.COMMANDS)
ASYNC.update(league_cli.COMMANDS)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def _interruptible() -> Iterator[None]:
    """Ctrl-C raises at once, even while the terminal waits for a line: asyncio's
    own handler would only cancel the task and leave input() blocking. (asyncio
    keeps a handler that is not Python's default one.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _one_line(text: str) -> str:
    """A message on one line; a heading and its list of points become "heading: a; b"."""
    lines = [re.sub(r"^\s*(- )?", "", line).rstrip() for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and lines[0].endswith(":"):
        return f"{lines[0]} {'; '.join(lines[1:])}"
    return " ".join(lines)


# Commands that may make the database: those that make matches (the bot too)
# and those that read none. Every other one works on matches already saved, so
# a database that is not there is a mistyped name, refused rather than made
# into an empty file.
MAY_CREATE = ("play", "import", "selfplay", "bot", "sync-commands", "list-games", "card")


def _check_exists(args: argparse.Namespace) -> None:
    where = args.source if args.command == "migrate-db" else args.db
    creates = (args.command in MAY_CREATE and not (args.command == "play" and args.resume)) or \
        (args.command == "league" and args.action == "new")
    if creates or where is None or is_postgres(where) or Path(sqlite_path(where)).expanduser().exists():
        return
    raise CliError(Text(f"There is no database {where}: nothing was opened or created.",
                        f"データベース {where} はありません。何も開かず、作成もしていません。"),
                   Text("Check --db (or $PARLEY_DB); `parley play`, `import` and `selfplay` create one.",
                        "--db（または $PARLEY_DB）を確認してください。データベースは `parley play`・`import`・"
                        "`selfplay` で作成されます。"))


def main(argv: list[str] | None = None) -> int:
    try:
        code = _command(argv)
        sys.stdout.flush()  # so a reader that left is found here, not at exit
        return code
    except BrokenPipeError:
        # The reader stopped early (`parley list | head -1`): stop quietly, as Unix
        # tools do, with the status of a process ended by SIGPIPE; stdout points at
        # nothing so the flush at exit cannot complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + signal.SIGPIPE


def _command(argv: list[str] | None) -> int:
    args = parser(argv_locale(sys.argv[1:] if argv is None else argv)).parse_args(argv)
    # The database named on the command line, for hints that must name it again.
    if args.db is not None and not is_postgres(args.db):
        args.db = str(Path(sqlite_path(args.db)).expanduser())
    args.db_given = (args.db if is_postgres(args.db) else Path(args.db).resolve()) if args.db is not None else None
    args.resume_hint = None
    # Self-play keeps its throwaway matches in memory unless a database is named.
    if args.db is None and args.command != "migrate-db" and (args.command != "selfplay" or os.environ.get("PARLEY_DB")):
        args.db = default_db()
    if args.command == "play" and not (args.game or args.resume):
        parser().error("play needs a GAME or --resume MATCH")
    locale = _locale(args)
    try:
        _check_exists(args)
        if args.command == "list-games":
            return cmd_list_games(args)
        if args.command == "card":
            return cmd_card(args)
        if args.command in ("bot", "sync-commands"):
            return _discord(args)
        with _interruptible() if args.command == "play" else contextlib.nullcontext():
            return asyncio.run(ASYNC[args.command](args))
    except RuleError as err:
        print(_one_line(refusal(err, locale)), file=sys.stderr)
        return 2
    except BrokenPipeError:
        raise
    except ReplayError as err:
        print(_one_line(refusal(not_replayable(err), locale)), file=sys.stderr)
        return 2
    except OSError as err:  # a file named on the command line: missing, unreadable
        print(f"{err.strerror or err}: {err.filename}" if err.filename else _one_line(str(err)), file=sys.stderr)
        return 2
    except SystemExit as exc:  # the Discord bot's refusal to start, e.g. no token
        if isinstance(exc.code, str):
            print(_one_line(exc.code), file=sys.stderr)
            return 2
        raise
    except KeyboardInterrupt:
        print()
        if args.resume_hint is not None:
            print((Text("Interrupted. ", "中断しました。") + args.resume_hint)(locale))
        return 130


if __name__ == "__main__":
    sys.exit(main())
