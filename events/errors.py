"""Refusals from the match service, bilingual like the engine's rule errors."""

from __future__ import annotations

from engine.core import RuleError, Text


class Refused(RuleError):
    """A command the service will not carry out (not the game's rules, the table's)."""


def not_found(match_id: str) -> Refused:
    return Refused(Text(f"There is no match {match_id}.", f"対戦 {match_id} は存在しません。"),
                   Text("List matches with `history`.", "`history` で対戦の一覧を表示できます。"))


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
