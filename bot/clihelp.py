"""The command line's help in the reader's language. The parser is written in
English (bot/cli.py) on a `Parser`; each help text has its Japanese here,
keyed by the English, and the Parser shows it, with argparse's own headings, so
`parley --lang ja play --help` reads in Japanese. A help text with no entry
stays English, which tests/test_cli_help.py refuses."""

from __future__ import annotations

import argparse
import functools
import os
from collections.abc import Sequence
from typing import Any, cast

from engine.core import Text, pick_locale

HELP: dict[str, Text] = {t.en: t for t in (
    Text("a chain head posted in the match's thread; verify fails if the log no longer has it",
         "対戦スレッドに投稿されたチェーンの先頭。ログにもうなければ検証は失敗します"),
    Text("how many actions to take back (at least 1)", "取り消す手数（1以上）"),
    Text("take back the latest undo not yet redone (none once a move was made since)",
         "まだやり直していない直近の取り消しを元に戻します（その後に手が進んでいれば戻せません）"),
    Text("the operator the log names as moderator: operator:NAME (default: you, from $USER)",
         "ログにモデレーターとして記録される運営者: operator:名前（既定: $USER のあなた）"),
    Text("overwrite the target if it exists", "保存先がすでにあれば上書きします"),
    Text("Asynchronous tabletop games: terminal, bot and tools.", "非同期で遊ぶテーブルゲーム：ターミナル、ボット、各種ツール。"),
    Text("show this help message and exit", "このヘルプを表示して終了します"),
    Text("SQLite file or postgresql:// URL (default: $PARLEY_DB or ~/.local/share/parley)",
         "SQLite ファイルか postgresql:// の URL（既定: $PARLEY_DB、なければ ~/.local/share/parley）"),
    Text("language (default: from $LANG)", "表示言語（既定: $LANG に従う）"),
    Text("play a match in the terminal (hot seat and/or against bots)",
         "ターミナルで対戦します（同じ端末での交代プレイ、ボット戦）"),
    Text("bots play complete matches; each is replayed from its log", "ボット同士で対戦を最後まで行い、各対戦をログから再生して確認します"),
    Text("matches in the database", "データベース内の対戦の一覧"),
    Text("installed games", "インストール済みのゲーム"),
    Text("a card (or die) in full, by name, part of a name or key",
         "カード（またはダイス）の全文。名前、名前の一部、キーで指定します"),
    Text("show a match at any event, as a viewer may see it", "任意のイベント時点の対戦を、閲覧者が見られる範囲で表示します"),
    Text("same as replay --verify", "replay --verify と同じです"),
    Text("JSON Lines export (redacted unless finished or --moderator)",
         "JSON Lines で書き出します（終了前の対戦は --moderator がなければ伏せます）"),
    Text("import a finished match's export", "終了した対戦の書き出しファイルを取り込みます"),
    Text("moderator undo (appends a revert event)", "モデレーターによる取り消し（取り消しイベントを追加します）"),
    Text("end a match without a result (e.g. one left in the lobby)",
         "結果なしで対戦を終わらせます（ロビーに残った対戦など）"),
    Text("consistent copy of the database while it is in use (SQLite online backup)",
         "使用中のデータベースの整合したコピーを作ります（SQLite オンラインバックアップ）"),
    Text("copy the whole database to another (SQLite <-> PostgreSQL), then verify",
         "データベース全体を別のデータベースへコピーし（SQLite ⇔ PostgreSQL）、検証します"),
    Text("run the Discord bot (needs PARLEY_DISCORD_TOKEN)", "Discord ボットを起動します（PARLEY_DISCORD_TOKEN が必要です）"),
    Text("register the slash commands with Discord", "スラッシュコマンドを Discord に登録します"),
    Text("the matches waiting for a player's move", "プレイヤーの手番を待っている対戦"),
    Text("comma-separated names of the people at this keyboard, in seat order (default: you, named from $USER)",
         "この端末で遊ぶ人の名前を席順にカンマ区切りで（既定: あなた。名前は $USER から）"),
    Text("add N built-in bots after the players (default: 0 with --players; without it, enough for the game's "
         "smallest table)",
         "プレイヤーの後に組み込みボットを N 体加えます（既定: --players があれば 0、なければゲームの最少人数に足りる数）"),
    Text("match options as a JSON object", "対戦オプション（JSON のオブジェクト）"),
    Text("match options as a JSON object; the table's: \"clock\", and \"window\": minutes after which an "
         "unanswered response passes, the same for every hand (closed only while the match is open here)",
         "対戦オプション（JSON のオブジェクト）。卓の設定として \"clock\"（持ち時間）と \"window\"（答えのない応答が"
         "パスになるまでの分数。手札に関わらず同じ。締め切るのはこの端末で対戦を開いている間だけ）も書けます"),
    Text("how well the bots play: easy (random), normal or hard (search; up to ~1 s a move)",
         "ボットの強さ: easy（ランダム）、normal、hard（探索。1手最大約1秒）"),
    Text("continue a saved match", "保存された対戦を再開します"),
    Text("with --resume: start a match still in the lobby", "--resume と併用: ロビーにある対戦を開始します"),
    Text("bot level for every seat (easy, normal, hard), or one per seat: hard,easy",
         "全席のボットの強さ（easy、normal、hard）、または席ごとに: hard,easy"),
    Text("match options as a JSON object (e.g. the card set)", "対戦オプション（JSON のオブジェクト。カードセットなど）"),
    Text("event number", "イベント番号"),
    Text("the start of turn T (the first action of that turn)", "ターン T の始め（そのターン最初の行動）"),
    Text("view as seat N (1-based)", "N 番席から見た表示（1から数えます）"),
    Text("all-seeing view of a running match", "進行中の対戦をすべて見える状態で表示します"),
    Text("rebuild and check the match; non-zero exit on mismatch", "対戦を再構築して確認します。不一致なら 0 以外で終了します"),
    Text("write a finished match as one self-contained HTML replay page",
         "終了した対戦を単独で開ける HTML のリプレイページとして書き出します"),
    Text("as seat N (1-based) may read it", "N 番席（1から数えます）が読める範囲で"),
    Text("back to the state after event N", "イベント N の直後の状態まで戻します"),
    Text("undo the last revert", "直前の取り消しを取り消します"),
    Text("sqlite:PATH, a path, or postgresql://...", "sqlite:パス、パス、または postgresql://..."),
    Text("an empty database: sqlite:PATH or postgresql://...", "空のデータベース: sqlite:パス または postgresql://..."),
    Text("skip replaying every match (rows, secrets, chains compared)",
         "全対戦の再生を省きます（行・秘密値・チェーンは比較します）"),
    Text("the player: a terminal name (as in --players) or an id like discord:1234",
         "プレイヤー: ターミナルでの名前（--players と同じ）か discord:1234 のような ID"),
    Text("not rated: the match stays off the terminal's ladder (parley ladder)",
         "レーティング対象外：この対戦はターミナルのラダー（parley ladder）に数えません"),
    Text("a player's rating in each game", "プレイヤーのゲームごとのレーティング"),
    Text("a player's card: ratings, recent results, reliability, current matches",
         "プレイヤーのカード：レーティング・最近の結果・信頼度・進行中の対戦"),
    Text("only this Discord server's matches (default: every match)", "この Discord サーバーの対戦だけ（既定: すべての対戦）"),
    Text("a terminal name or an id like discord:1234 (default: you)",
         "ターミナルでの名前か、discord:1234 のような ID（既定: あなた）"),
    Text("only this game", "このゲームだけ"),
    Text("a game's ladder: the current season's, or all time", "ゲームのラダー（シーズン中はそのシーズン、なければ通算）"),
    Text("the final table of closed season N", "終了したシーズン N の最終順位"),
    Text("start or end a season (a window over the same log)", "シーズンを開始・終了します（同じログの期間を区切るだけです）"),
    Text("the Discord server (guild id) whose ladder to read (default: the terminal's own)",
         "ラダーを読む Discord サーバー（ギルド ID。既定: この端末のラダー）"),
    # parley league (bot/league_cli.py)
    Text("leagues and tournaments: Swiss, round robin, single elimination",
         "リーグと大会：スイス式、総当たり、シングルエリミネーション"),
    Text("the league's id, or enough of its start", "リーグの ID（先頭の一部だけでも可）"),
    Text("who you are: the organiser's name (the operator:NAME the log records), or the player who joins or drops",
         "あなたの名前：運営者の名前（ログには operator:名前 と記録）、または参加・棄権するプレイヤー"),
    Text("make a league of a game (the command line organises it)", "ゲームのリーグを作成します（コマンドラインが運営します）"),
    Text("swiss (default), round-robin or elimination", "swiss（既定）、round-robin、elimination"),
    Text("how many rounds (default: the format's own for the field)", "回戦数（既定: 形式と参加人数による標準）"),
    Text("players per table: 2, or a pod of 3-8 for the multi-seat games",
         "1卓の人数：2、または多人数ゲームなら3〜8人の卓"),
    Text("how long a round may take, e.g. 7d or 36h", "1回戦にかけられる時間（例: 7d、36h）"),
    Text("each match's options as a JSON object, as for parley play (a clock among them)",
         "各対戦のオプション（JSON のオブジェクト。parley play と同じで、持ち時間も書けます）"),
    Text("the league's matches are not rated", "リーグの対戦をレーティング対象外にします"),
    Text("a name to show beside the league's id", "リーグ ID の横に表示する名前"),
    Text("join a league yourself (--as NAME, default: you)", "自分でリーグに参加します（--as 名前。既定: あなた）"),
    Text("add players (terminal names or ids) and bots to a league",
         "リーグに参加者（ターミナルでの名前か ID）とボットを加えます"),
    Text("terminal names or ids like discord:1234", "ターミナルでの名前か、discord:1234 のような ID"),
    Text("add N built-in bots", "組み込みボットを N 体加えます"),
    Text("the bots' level: easy, normal or hard", "ボットの強さ：easy、normal、hard"),
    Text("take a player out of a league: never paired again", "プレイヤーをリーグから外します（以後は組み合わせに入りません）"),
    Text("a terminal name or an id like discord:1234", "ターミナルでの名前か、discord:1234 のような ID"),
    Text("why, for the log", "理由（ログに残ります）"),
    Text("pair round 1 and make its matches", "第1回戦を組み合わせ、その対戦を作成します"),
    Text("the league: its standings and the round being played", "リーグの順位表と進行中の回戦"),
    Text("a league's tables, round by round", "リーグの卓を回戦ごとに表示します"),
    Text("only round N", "第 N 回戦だけ"),
    Text("why the current round is paired as it is", "現在の回戦がなぜこの組み合わせなのか"),
    Text("end the round if its matches are over or its deadline passed, and pair the next",
         "対戦がすべて終わったか期限を過ぎた回戦を終え、次の回戦を組み合わせます"),
    Text("seat these players together this round (their matches are made again)",
         "この回戦でこれらのプレイヤーを同じ卓にします（該当する対戦は作り直します）"),
    Text("end a stalled match of the round: awarded to --winner, or to nobody",
         "止まった対戦を終わらせます：--winner の勝ち、または勝者なし"),
    Text("the match's id, or enough of its start", "対戦の ID（先頭の一部だけでも可）"),
    Text("the player the match is awarded to", "勝ちとするプレイヤー"),
    Text("every league in the database", "データベース内のすべてのリーグ"),
)}
USAGE = Text("usage: ", "使い方: ")
HEADINGS = {t.en: t for t in (Text("positional arguments", "位置引数"), Text("options", "オプション"))}


def argv_locale(argv: Sequence[str] | None) -> str:
    """The language asked for on the command line (`--lang ja`, `--lang=ja`), else $LANG's,
    read before parsing, since the help is built before the arguments are read."""
    args = list(argv or [])
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return pick_locale(args[i + 1])
        if arg.startswith("--lang="):
            return pick_locale(arg.split("=", 1)[1])
    return pick_locale(os.environ.get("LANG"))


def say(text: str | None, locale: str, table: dict[str, Text] = HELP) -> str | None:
    """`text` in `locale` when the table has it (argparse.SUPPRESS and None pass through)."""
    found = table.get(text) if text else None
    return found(locale) if found is not None else text


class Formatter(argparse.HelpFormatter):
    """argparse's own words (the usage prefix, the section headings) in `locale`."""

    def __init__(self, prog: str, locale: str = "en", **kwargs: Any) -> None:
        super().__init__(prog, **kwargs)
        self.locale = locale

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, USAGE(self.locale) if prefix is None else prefix)

    def start_section(self, heading: str | None) -> None:
        super().start_section(say(heading, self.locale, HEADINGS))


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose help texts (written in English) are shown in `locale`."""

    def __init__(self, *args: Any, locale: str = "en", **kwargs: Any) -> None:
        self.locale = locale
        kwargs["description"] = say(kwargs.get("description"), locale)
        kwargs["formatter_class"] = functools.partial(Formatter, locale=locale)
        helps = kwargs.get("add_help", True)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        if helps:  # argparse's own -h, with its help in `locale`
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help="show this help message and exit")

    def add_argument(self, *args: Any, **kwargs: Any) -> Any:
        if "help" in kwargs:
            kwargs["help"] = say(kwargs["help"], self.locale)
        return super().add_argument(*args, **kwargs)

    def subcommand_class(self) -> type[Parser]:
        """For `add_subparsers(parser_class=...)`: subcommands in the same language."""
        return cast("type[Parser]", functools.partial(Parser, locale=self.locale))
