"""Refusals from the match service, bilingual like the engine's rule errors."""

from __future__ import annotations

from engine.core import RuleError, Text


class ReplayError(Exception):
    """The log cannot be replayed: corrupt, forged (an event the live service
    would never have appended), or written by an incompatible ruleset. `why`
    says it to players where the reason is theirs to read."""

    def __init__(self, message: str, why: Text | None = None) -> None:
        super().__init__(message)
        self.why = why


class Refused(RuleError):
    """A command the service will not carry out (not the game's rules, the table's)."""


class NoSuchMatch(Refused):
    """No match has the id given. Its hint names the command that lists the
    matches, which each front end spells its own way: Discord's by default,
    and a front end with another says its own (`listed_by`)."""

    def __init__(self, match_id: str, lister: str = "/parley history") -> None:
        super().__init__(Text(f"There is no match {match_id}.", f"対戦 {match_id} は存在しません。"),
                         Text(f"List matches with `{lister}`.", f"`{lister}` で対戦の一覧を表示できます。"))
        self.match_id = match_id

    def listed_by(self, lister: str) -> NoSuchMatch:
        return NoSuchMatch(self.match_id, lister)


def not_found(match_id: str) -> NoSuchMatch:
    return NoSuchMatch(match_id)


def not_replayable(exc: ReplayError) -> Refused:
    """A match whose log this version cannot rebuild (e.g. its ruleset is not kept), in one line."""
    why = exc.why or Text(str(exc), str(exc))
    return Refused(Text("This match cannot be rebuilt: ", "この対戦を再構築できません：") + why,
                   Text("Open it with the version of Parley that recorded it.",
                        "記録した版の Parley で開いてください。"))


def not_seated() -> Refused:
    return Refused(Text("You are not seated in this match.", "あなたはこの対戦の参加者ではありません。"),
                   Text("Only seated players can act; spectators can view the board.",
                        "行動できるのは参加者だけです。観戦者は盤面を見ることができます。"))


def wrong_status(status: str, wanted: str) -> Refused:
    names = {"lobby": Text("still in the lobby", "まだ募集中"), "running": Text("running", "進行中"),
             "finished": Text("finished", "終了済み"), "aborted": Text("aborted", "中止済み")}
    now = names.get(status, Text(status, status))
    need = names.get(wanted, Text(wanted, wanted))
    return Refused(Text(f"The match is {now.en}.", f"この対戦は{now.ja}です。"),
                   Text(f"This needs a match that is {need.en}.", f"この操作は{need.ja}の対戦でのみ可能です。"))


def busy() -> Refused:
    return Refused(Text("The match changed while your command was on its way.",
                        "コマンドの処理中に対戦が更新されました。"),
                   Text("Look at the board and try again.", "盤面を確認してもう一度お試しください。"))


def stale() -> Refused:
    return Refused(Text("That choice is no longer current: the match has moved on.",
                        "その選択肢はもう有効ではありません。対戦が進行しています。"),
                   Text("Look at the board and choose again.", "盤面を確認して選び直してください。"))


class StorageFault(Refused):
    """The database could not do what was asked. Raised only when nothing of
    the command was written, so the player may simply try again; `kind` lets
    front ends and tests tell the faults apart without parsing text."""

    def __init__(self, kind: str, what: Text, allowed: Text | None = None) -> None:
        super().__init__(what, allowed)
        self.kind = kind


class OutcomeUnknown(Refused):
    """The connection to the database was lost after the command was sent, and
    the database could not be asked in time whether it was recorded. Unlike a
    StorageFault, the command may have been: the player is told to look first."""


def connection_lost() -> StorageFault:
    return StorageFault("connection-lost", Text("The connection to the database was lost: nothing was recorded.",
                                                "データベースとの接続が切れました。何も記録されていません。"),
                        Text("Please send it again.", "もう一度送ってください。"))


def outcome_unknown() -> OutcomeUnknown:
    return OutcomeUnknown(Text("The connection to the database was lost, and whether your move was recorded "
                               "cannot be checked yet.",
                               "データベースとの接続が切れ、この操作が記録されたかどうかをまだ確認できません。"),
                          Text("Look at the board in a moment before sending it again.",
                               "少し待ってから盤面を確認し、必要ならもう一度送ってください。"))


def disk_full() -> StorageFault:
    return StorageFault("disk-full", Text("The server's disk is full: nothing was saved.",
                                          "サーバーのディスクがいっぱいです。何も保存されていません。"),
                        Text("Tell the bot's operator; your move can be sent again once there is space.",
                             "ボットの管理者に連絡してください。空きができたら同じ手をもう一度送れます。"))


def locked() -> StorageFault:
    return StorageFault("locked", Text("The database is busy (another program is writing to it): nothing was saved.",
                                       "データベースが使用中です（別のプログラムが書き込み中）。何も保存されていません。"),
                        Text("Try again in a moment.", "少し待ってからもう一度お試しください。"))


def read_only(path: str) -> StorageFault:
    return StorageFault("read-only", Text(f"The database {path} cannot be written (a read-only file or folder).",
                                          f"データベース {path} に書き込めません（読み取り専用のファイルかフォルダー）。"),
                        Text("Give the bot write access to the file and its folder, or choose another with --db.",
                             "ファイルとフォルダーに書き込み権限を与えるか、--db で別の場所を指定してください。"))


def cannot_open(path: str, why: str) -> StorageFault:
    return StorageFault("cannot-open", Text(f"The database {path} cannot be opened: {why}.",
                                            f"データベース {path} を開けません: {why}。"),
                        Text("Check the path given with --db or PARLEY_DB.", "--db または PARLEY_DB のパスを確認してください。"))


def newer_schema(path: str, found: int, known: int) -> StorageFault:
    return StorageFault("newer-schema",
                        Text(f"The database {path} was written by a newer Parley (schema {found}; this version knows "
                             f"up to {known}), so it was not read.",
                             f"データベース {path} は新しい Parley で書かれています（スキーマ {found}、このバージョンは "
                             f"{known} まで）。読み込みませんでした。"),
                        Text("Upgrade Parley to open it.", "開くには Parley を更新してください。"))


def future_event(match_id: str, seq: int, version: int, known: int) -> StorageFault:
    return StorageFault("future-event",
                        Text(f"Event {seq} of match {match_id} has version {version}, newer than this Parley knows "
                             f"({known}); the match was not read.",
                             f"対戦 {match_id} のイベント {seq} はバージョン {version} で、この Parley（{known}まで）より"
                             f"新しいため読み込みませんでした。"),
                        Text("Upgrade Parley to open it.", "開くには Parley を更新してください。"))


def storage(exc: BaseException, path: str = "") -> BaseException:
    """A database error as a truthful fault, or the error itself when it is
    not a fault of the storage (a bug should stay a bug, with its traceback)."""
    text = str(exc).lower()
    if "full" in text:
        return disk_full()
    if "locked" in text or "busy" in text:
        return locked()
    if "readonly" in text or "read-only" in text or "permission denied" in text:
        return read_only(path)
    if "not a database" in text or "unable to open" in text or "malformed" in text:
        return cannot_open(path, str(exc))
    return exc if not isinstance(exc, OSError) else cannot_open(path, str(exc))
