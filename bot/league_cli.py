"""`parley league ...`: leagues and tournaments in the terminal
(events/league/). The command line acts as the database's operator, so it
organises every league; `join` and `drop` act for a terminal player (`--as`)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime
from typing import Any

from engine.core import Text, pick_locale
from engine.core.options import MAX_OPTIONS
from engine.core.search import LEVELS
from engine.core.userjson import BadJson, load_json
from events.bots import bot_player
from events.errors import Refused
from events.league.fold import FORMATS
from events.league.service import LeagueService
from events.model import Player
from events.service import MatchService
from events.stores import open_store

from . import leaguetext as lt
from .clihelp import say
from .records_cli import player_id

CREATED = Text("League {id} created: add players with `parley league add {id} NAME...`, then "
               "`parley league start {id}`.",
               "リーグ {id} を作成しました。`parley league add {id} 名前...` で参加者を加え、"
               "`parley league start {id}` で開始します。")
ADDED = Text("{names} joined league {id}.", "{names}がリーグ {id} に参加しました。")
DROPPED = Text("{name} left league {id}; they are not paired again.", "{name}がリーグ {id} から抜けました。以後の組み合わせには入りません。")
NO_LEAGUES = Text("No leagues yet: `parley league new GAME` makes one.", "リーグはまだありません。`parley league new ゲーム` で作成できます。")
BAD_OPTIONS = Text("--options must be a JSON object ({...}).", "--options は JSON のオブジェクト（{...}）です。")
OPTIONS_HINT = Text("Write the matches' options as for `parley play`, e.g. --options '{\"clock\": \"move:24h\"}'.",
                    "`parley play` と同じく対戦のオプションを書いてください（例: --options '{\"clock\": \"move:24h\"}'）。")


def _me() -> str:
    return os.environ.get("USER") or os.environ.get("LOGNAME") or "player"


def _player(name: str) -> Player:
    return Player(id=player_id(name), name=name.split(":", 1)[-1])


def _operator(args: argparse.Namespace) -> str:
    return f"operator:{args.operator or _me()}"


def _options(raw: str | None) -> dict[str, Any]:
    if not raw:
        return {}
    try:
        options = load_json(raw, MAX_OPTIONS)
    except BadJson as err:
        raise Refused(Text("--options ", "--options ") + err.what + Text(".", "。"), OPTIONS_HINT) from None
    if not isinstance(options, dict):
        raise Refused(BAD_OPTIONS, OPTIONS_HINT)
    return options


async def cmd_league(args: argparse.Namespace) -> int:
    locale = pick_locale(args.lang or os.environ.get("LANG"))
    store = await open_store(args.db)
    try:
        leagues = LeagueService(MatchService(store, operator=_operator(args)))
        return await ACTIONS[args.action](args, leagues, locale)
    finally:
        await store.close()


async def _new(args: argparse.Namespace, leagues: LeagueService, locale: str) -> int:
    me = _operator(args)
    state = await leagues.create(args.game, Player(id=me, name=me.split(":", 1)[1]), args.format,
                                 options=_options(args.options), rated=not args.casual, pod=args.pod,
                                 rounds=args.rounds, deadline=args.deadline, name=args.name or "")
    print(CREATED.format(id=state.league_id)(locale))
    return 0


async def _join(args: argparse.Namespace, leagues: LeagueService, locale: str) -> int:
    who = _player(args.operator or _me())
    league_id = await leagues.resolve(args.league)
    state = await leagues.add(league_id, who.id, who)
    print(ADDED.format(names=lt.name_of(state, who.id, locale), id=league_id)(locale))
    return 0


async def _add(args: argparse.Namespace, leagues: LeagueService, locale: str) -> int:
    league_id = await leagues.resolve(args.league)
    state = await leagues.get(league_id)
    bots = sum(1 for p in state.players if p.is_bot)
    players = [_player(n) for n in args.players] + [bot_player(bots + k, args.level) for k in range(1, args.bots + 1)]
    for p in players:
        state = await leagues.add(league_id, _operator(args), p)
    sep = "、" if locale == "ja" else ", "
    print(ADDED.format(names=sep.join(lt.name_of(state, p.id, locale) for p in players), id=league_id)(locale))
    return 0


async def _drop(args: argparse.Namespace, leagues: LeagueService, locale: str) -> int:
    league_id = await leagues.resolve(args.league)
    state = await leagues.drop(league_id, _operator(args), player_id(args.player), args.reason)
    print(DROPPED.format(name=lt.name_of(state, player_id(args.player), locale), id=league_id)(locale))
    return 0


async def _show(args: argparse.Namespace, leagues: LeagueService, locale: str) -> int:
    league_id = await leagues.resolve(args.league)
    state = await leagues.get(league_id)
    results = await leagues.results(state)
    for line in lt.heading(state, locale):
        print(line)
    if state.rounds:
        for line in lt.standing_lines(state, await leagues.standings(league_id), locale):
            print("  " + line)
    if state.status == "running":
        for line in lt.round_lines(state, state.current, results, locale):
            print("  " + line)
    return 0


async def _after(leagues: LeagueService, league_id: str, locale: str) -> int:
    """What the organiser sees after a command that moves the league on."""
    state = await leagues.get(league_id)
    print(lt.heading(state, locale)[0])
    if state.status == "finished":
        for line in lt.standing_lines(state, await leagues.standings(league_id), locale):
            print("  " + line)
    else:
        for line in lt.round_lines(state, state.current, await leagues.results(state), locale):
            print("  " + line)
    return 0


async def _start(args: argparse.Namespace, leagues: LeagueService, locale: str) -> int:
    league_id = await leagues.resolve(args.league)
    await leagues.start(league_id, _operator(args))
    return await _after(leagues, league_id, locale)


async def _advance(args: argparse.Namespace, leagues: LeagueService, locale: str) -> int:
    league_id = await leagues.resolve(args.league)
    await leagues.advance(league_id, datetime.now(UTC).isoformat(), _operator(args))
    return await _after(leagues, league_id, locale)


async def _pairings(args: argparse.Namespace, leagues: LeagueService, locale: str) -> int:
    league_id = await leagues.resolve(args.league)
    state = await leagues.get(league_id)
    rounds = [r for r in state.rounds if args.round is None or r.number == args.round]
    results = await leagues.results(state)
    for rnd in rounds or [None]:
        for line in lt.round_lines(state, rnd, results, locale):
            print(line)
    return 0


async def _explain(args: argparse.Namespace, leagues: LeagueService, locale: str) -> int:
    league_id = await leagues.resolve(args.league)
    state = await leagues.get(league_id)
    for line in lt.explain_lines(state, await leagues.explain(league_id), locale):
        print(line)
    return 0


async def _override(args: argparse.Namespace, leagues: LeagueService, locale: str) -> int:
    league_id = await leagues.resolve(args.league)
    await leagues.override(league_id, _operator(args), [player_id(p) for p in args.players])
    return await _after(leagues, league_id, locale)


async def _end(args: argparse.Namespace, leagues: LeagueService, locale: str) -> int:
    league_id = await leagues.resolve(args.league)
    state = await leagues.get(league_id)
    rnd = state.current
    typed = args.match.strip()
    found = [t.match for t in (rnd.tables if rnd else ()) if t.match.startswith(typed)] if typed else []
    match = found[0] if len(found) == 1 else typed
    await leagues.end_match(league_id, _operator(args), match, player_id(args.winner) if args.winner else None,
                            args.reason)
    return await _after(leagues, league_id, locale)


async def _list(args: argparse.Namespace, leagues: LeagueService, locale: str) -> int:
    rows = await leagues.leagues()
    if not rows:
        print(NO_LEAGUES(locale))
    for row in rows:
        print(lt.heading(await leagues.get(row.id), locale)[0])
    return 0


ACTIONS: dict[str, Callable[[argparse.Namespace, LeagueService, str], Coroutine[Any, Any, int]]] = {
    "new": _new, "join": _join, "add": _add, "drop": _drop, "start": _start, "show": _show, "pairings": _pairings,
    "explain": _explain, "advance": _advance, "override": _override, "end": _end, "list": _list}

AS_HELP = "who you are: the organiser's name (the operator:NAME the log records), or the player who joins or drops"


def add_parsers(sub: Any) -> None:
    league = sub.add_parser("league", help="leagues and tournaments: Swiss, round robin, single elimination")
    acts = league.add_subparsers(dest="action", required=True, parser_class=league.subcommand_class())

    def act(name: str, text: str, with_league: bool = True) -> Any:
        p = acts.add_parser(name, help=say(text, league.locale), description=text)
        # --db and --lang after the action too, as after any other subcommand.
        p.add_argument("--db", type=str, default=argparse.SUPPRESS)
        p.add_argument("--lang", choices=["en", "ja"], default=argparse.SUPPRESS)
        if with_league:
            p.add_argument("league", help="the league's id, or enough of its start")
        p.add_argument("--as", dest="operator", metavar="NAME", help=AS_HELP)
        return p

    new = act("new", "make a league of a game (the command line organises it)", with_league=False)
    new.add_argument("game")
    new.add_argument("--format", choices=FORMATS, default="swiss", help="swiss (default), round-robin or elimination")
    new.add_argument("--rounds", type=int, help="how many rounds (default: the format's own for the field)")
    new.add_argument("--pod", type=int, help="players per table: 2, or a pod of 3-8 for the multi-seat games")
    new.add_argument("--deadline", metavar="TIME", help="how long a round may take, e.g. 7d or 36h")
    new.add_argument("--options", help="each match's options as a JSON object, as for parley play (a clock among them)")
    new.add_argument("--casual", action="store_true", help="the league's matches are not rated")
    new.add_argument("--name", help="a name to show beside the league's id")
    act("join", "join a league yourself (--as NAME, default: you)")
    add = act("add", "add players (terminal names or ids) and bots to a league")
    add.add_argument("players", nargs="*", help="terminal names or ids like discord:1234")
    add.add_argument("--bots", type=int, default=0, help="add N built-in bots")
    add.add_argument("--level", choices=LEVELS, default="easy", help="the bots' level: easy, normal or hard")
    drop = act("drop", "take a player out of a league: never paired again")
    drop.add_argument("player", help="a terminal name or an id like discord:1234")
    drop.add_argument("--reason", default="", help="why, for the log")
    act("start", "pair round 1 and make its matches")
    act("show", "the league: its standings and the round being played")
    pairings = act("pairings", "a league's tables, round by round")
    pairings.add_argument("--round", type=int, help="only round N")
    act("explain", "why the current round is paired as it is")
    act("advance", "end the round if its matches are over or its deadline passed, and pair the next")
    override = act("override", "seat these players together this round (their matches are made again)")
    override.add_argument("players", nargs="+", help="terminal names or ids like discord:1234")
    end = act("end", "end a stalled match of the round: awarded to --winner, or to nobody")
    end.add_argument("match", help="the match's id, or enough of its start")
    end.add_argument("--winner", help="the player the match is awarded to")
    end.add_argument("--reason", default="", help="why, for the log")
    act("list", "every league in the database", with_league=False)


COMMANDS: dict[str, Callable[[argparse.Namespace], Coroutine[Any, Any, int]]] = {"league": cmd_league}

__all__ = ["COMMANDS", "add_parsers"]
