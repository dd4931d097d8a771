"""Verification: rebuild a match from its log and check it against what was
stored and shown.

It checks, in order: the hash chain over the rows as stored (any edit,
insertion or deletion breaks it); that the log replays under the same rules
the live service enforces (who may do what, nothing after the end, see
authority.py); that every action's recorded turn, log text, reveal flag and
published spectator digest are what the rules produce; that the match row
agrees with the rebuilt match; and, once the match is over, that the
revealed secret matches the commitment published at the start.

Every line is safe to show to a player of a running match: no hidden card,
no secret, no hash of hidden content (a sealed chain's head at any time, an
older chain's only once the match is over).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core import RuleError, Text, commitment
from engine.core.play import Step

from . import errors
from .errors import ReplayError
from .league.verify import league_checks
from .model import Event
from .recording import action_record
from .replay import MatchState, all_seeing_digest, outcome_json, rebuild
from .seal import bad_seals, unsealed
from .store import LEAGUE

if TYPE_CHECKING:
    from .service import MatchService


@dataclass
class VerifyReport:
    ok: bool = True
    lines: list[Text] = field(default_factory=list)
    draws: int = 0
    events: int = 0

    def fail(self, text: Text) -> None:
        self.ok = False
        self.lines.append(Text("✗ ", "✗ ") + text)

    def good(self, text: Text) -> None:
        self.lines.append(Text("✓ ", "✓ ") + text)


_RECORDED = ("turn", "log", "reveals", "digest")


def parse_head(text: str) -> tuple[int, str]:
    """A posted chain head as typed back: `SEQ:HASH`, the hash or at least its
    first 12 hexadecimal digits (as the thread shows them)."""
    seq, _, digest = text.strip().partition(":")
    digest = digest.strip().lower().rstrip("…")
    if not (seq.isascii() and seq.isdigit() and len(digest) >= 12 and digest.isascii()
            and all(c in "0123456789abcdef" for c in digest)):
        raise errors.Refused(Text(f"'{text}' is not a chain head.", f"「{text}」はチェーンの先頭の形式ではありません。"),
                             Text("Give it as SEQ:HASH, as the match thread shows it, e.g. 42:3f9a1c2e7b0d4a11.",
                                  "対戦スレッドの表示どおり SEQ:HASH の形で指定してください（例: 42:3f9a1c2e7b0d4a11）。"))
    return int(seq), digest


def _check_heads(report: VerifyReport, events: list[Event], heads: list[tuple[int, str]]) -> None:
    """Heads the players saw posted are outside the database: a history
    rewritten after they were shown no longer reaches them."""
    for seq, digest in heads:
        stored = events[seq - 1].hash if 1 <= seq <= len(events) else None
        if stored is not None and stored.startswith(digest):
            report.good(Text(f"The chain head shown at event {seq} is still the log's: nothing before it was rewritten.",
                             f"イベント{seq}で表示されたチェーンの先頭はログと一致し、それ以前は書き換えられていません。"))
        else:
            report.fail(Text(f"The chain head shown at event {seq} is not the log's: its history was rewritten or cut "
                             "after it was shown.", f"イベント{seq}で表示されたチェーンの先頭がログと一致しません。"
                             "表示後に履歴が書き換えられたか、切り詰められています。"))


async def verify_match(service: MatchService, match_id: str, heads: list[tuple[int, str]] | None = None
                       ) -> VerifyReport:
    """`heads`: (seq, hash or prefix) pairs a player saw posted in the match's thread."""
    report = VerifyReport()
    row = await service.store.match(match_id)
    if row is None:
        raise errors.not_found(match_id)
    if row.game == LEAGUE:  # a league's stream: its own checks
        for ok, text in await league_checks(service.store, row):
            if ok:
                report.good(text)
            else:
                report.fail(text)
        return report
    events = await service.store.events(match_id)
    secret = await service.store.secret(match_id)  # stays inside this function
    report.events = len(events)
    broken, head = await service.store.chain_break(match_id)
    if broken is not None:
        report.fail(Text(f"The hash chain breaks at event {broken}: the log was edited after it was written.",
                         f"ハッシュチェーンがイベント{broken}で途切れています。記録後にログが書き換えられました。"))
    else:
        report.good(Text(f"The hash chain over all {len(events)} events holds.",
                         f"全{len(events)}件のイベントのハッシュチェーンは正しくつながっています。"))
    unsealed_at = [e.seq for e in events if unsealed(e.type, e.payload)]
    sealed_log = bool(events and events[0].payload.get("seals"))
    forged = bad_seals(secret, [(e.seq, e.type, e.payload) for e in events])
    if forged or (sealed_log and unsealed_at):
        at = (forged or unsealed_at)[:10]
        report.fail(Text(f"Events {at} do not match their seals: hidden actions were edited after they were played.",
                         f"イベント{at}が封印と一致しません。非公開の行動が対局後に書き換えられています。"))
    elif sealed_log:
        report.good(Text("Every hidden action matches the seal the chain committed to when it was played.",
                         "すべての非公開の行動が、対局時にチェーンへ記録された封印と一致します。"))
    _check_heads(report, events, heads or [])
    mismatched: dict[str, list[int]] = {}

    def check(event: Event, before: MatchState, after: MatchState, step: Step[Any] | None) -> None:
        if event.type != "action" or step is None:
            return
        expected = action_record(before, after, step, event.payload["seat"], event.payload["action"],
                                 auto=event.payload.get("auto"))
        for key in _RECORDED:
            recorded = key in event.payload or key in ("turn", "log")  # older logs lack a digest
            if recorded and event.payload.get(key) != expected[key]:
                mismatched.setdefault(key, []).append(event.seq)

    try:
        rebuilt, _ = rebuild(events, secret, check=check)
    except ReplayError as exc:
        report.fail(Text(f"The log does not replay: {exc}.", f"ログを再生できません: {exc}。"))
        return report
    except RuleError as exc:
        # The game's own words could name a card; the event number is enough.
        report.fail(Text(f"The log does not replay: the rules refuse an action ({type(exc).__name__}).",
                         f"ログを再生できません: ルール上ありえない行動があります（{type(exc).__name__}）。"))
        return report
    except Exception as exc:  # any failure to replay is a verification failure
        report.fail(Text(f"The log does not replay: {type(exc).__name__}.", f"ログを再生できません: {type(exc).__name__}。"))
        return report
    report.good(Text(f"{len(events)} events replayed from the log; every event's author and timing is one the "
                     "service allows.", f"ログから{len(events)}件のイベントを再生し、すべての実行者と時機が正当でした。"))
    pinned = events[0].payload.get("data")
    if pinned:  # replay refuses any other data, so reaching here means it matched
        report.good(Text(f"Replayed by ruleset {rebuilt.ruleset} with the card data the match was created with "
                         f"({pinned[:12]}…).",
                         f"対戦作成時のカードデータ（{pinned[:12]}…）とルールセット{rebuilt.ruleset}で再生しました。"))
    names = {"turn": Text("turn", "ターン"), "log": Text("log text", "ログの文面"),
             "reveals": Text("reveal flag", "公開フラグ"), "digest": Text("board shown", "表示された盤面")}
    older = rebuilt.ruleset != rebuilt.game.ruleset
    if older:
        # Wording and board layout may change between rulesets (the moves and their
        # results may not: those are replayed and compared above and below).
        for key in ("log", "digest", "reveals"):
            if mismatched.pop(key, None):
                report.lines.append(Text(f"Recorded under an older ruleset: its {names[key].en} is worded differently "
                                         "now and was not compared.",
                                         f"古いルールセットで記録されたため、{names[key].ja}は現在と表現が異なり比較していません。"))
    for key, seqs in mismatched.items():
        report.fail(Text(f"The recorded {names[key].en} differs from what the rules produce at events {seqs[:10]}.",
                         f"イベント{seqs[:10]}で記録された{names[key].ja}がルールの結果と異なります。"))
    if not mismatched:
        report.good(Text("Every move's log text and board are what the rules produce.",
                         "すべての手のログの文面と盤面はルールどおりです。"))
    try:
        live = await service.get(match_id)  # as cached or rebuilt from a snapshot
    except ReplayError:
        live = rebuilt
        report.fail(Text("The service cannot load this match from its snapshot and log.",
                         "サービスがこの対戦をスナップショットとログから読み込めません。"))
    same = (rebuilt.seq == live.seq and rebuilt.status == live.status and
            (rebuilt.state is None or all_seeing_digest(rebuilt) == all_seeing_digest(live)))
    stored_result = dict(row.result or {}) if row is not None else {}
    rebuilt_result = outcome_json(rebuilt) if rebuilt.status == "finished" else dict(stored_result)
    if older:  # the reason is wording; winners and scores are results
        stored_result.pop("reason", None)
        rebuilt_result.pop("reason", None)
    row_ok = row is not None and row.last_seq == rebuilt.seq and row.status == rebuilt.status and \
        row.players == [p.id for p in (rebuilt.seats or rebuilt.lobby)] and stored_result == rebuilt_result
    if same and row_ok:
        report.good(Text("The stored match (status, players, result) equals the rebuilt one.",
                         "保存された対戦（状態・参加者・結果）は再構築したものと一致します。"))
    else:
        report.fail(Text("The stored match differs from the rebuilt one (status, players, result or state).",
                         "保存された対戦（状態・参加者・結果・盤面）が再構築したものと異なります。"))
    now = rebuilt.game.ruleset
    if rebuilt.ruleset != now:
        report.lines.append(Text(f"Recorded under ruleset {rebuilt.ruleset}; replayed with {now}.",
                                 f"ルールセット{rebuilt.ruleset}で記録され、{now}で再生しました。"))
    report.draws = rebuilt.counter
    if rebuilt.status in ("finished", "aborted"):
        if commitment(secret) == rebuilt.commitment == (row.commitment if row else None):
            report.good(Text(f"The revealed secret matches the commitment published at the start "
                             f"({rebuilt.commitment[:16]}…); all {rebuilt.counter} random draws (shuffles and "
                             f"rolls) derive from it.",
                             f"公開された秘密値は開始時のコミットメント（{rebuilt.commitment[:16]}…）と一致し、"
                             f"{rebuilt.counter}回の乱数（シャッフルとダイス）はすべてそこから導かれます。"))
        else:
            report.fail(Text("The secret does not match the published commitment.", "秘密値が公開コミットメントと一致しません。"))
        report.lines.append(Text(f"Chain head: {head}", f"チェーンの先頭: {head}"))
    else:
        report.good(Text("The fairness check against the secret becomes available when the match ends.",
                         "秘密値による公正さの確認は対戦終了後に可能になります。"))
        if sealed_log and not unsealed_at:  # a sealed head hides nothing; an older one hashes hidden actions
            report.lines.append(Text(f"Chain head: {head}", f"チェーンの先頭: {head}"))
    return report
