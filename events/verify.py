"""Verification: rebuild a match from its log and check it against what was
stored and shown; for a finished match, check every shuffle and roll against
the revealed secret and the commitment published when it was created."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.core import Text, commitment

from .model import Event
from .replay import MatchState, ReplayError, all_seeing_digest, public_digest, rebuild

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


async def verify_match(service: MatchService, match_id: str) -> VerifyReport:
    report = VerifyReport()
    live = await service.get(match_id)  # as cached or rebuilt from a snapshot
    events = await service.store.events(match_id)
    row = await service.store.match(match_id)
    secret = await service.store.secret(match_id)  # stays inside this function
    report.events = len(events)
    mismatched: list[int] = []

    def check(event: Event, ms: MatchState) -> None:
        if event.type == "action" and "digest" in event.payload and \
                public_digest(ms.game, ms.state) != event.payload["digest"]:
            mismatched.append(event.seq)

    try:
        rebuilt, _ = rebuild(events, secret, check=check)
    except (ReplayError, Exception) as exc:  # any failure to replay is a verification failure
        report.fail(Text(f"The log does not replay: {type(exc).__name__}.", f"ログを再生できません: {type(exc).__name__}。"))
        return report
    report.good(Text(f"{len(events)} events replayed from the log.", f"ログから{len(events)}件のイベントを再生しました。"))
    if mismatched:
        report.fail(Text(f"Replay differs from what was shown at events {mismatched[:10]}.",
                         f"イベント{mismatched[:10]}で表示された内容と再生結果が異なります。"))
    else:
        report.good(Text("Every move shows what players saw at the time.", "すべての手が当時の表示と一致します。"))
    same = (rebuilt.seq == live.seq and rebuilt.status == live.status and
            (rebuilt.state is None or all_seeing_digest(rebuilt) == all_seeing_digest(live)))
    if same and row is not None and row.last_seq == rebuilt.seq:
        report.good(Text("The stored state equals the rebuilt state.", "保存された状態は再構築した状態と一致します。"))
    else:
        report.fail(Text("The stored state differs from the rebuilt state.", "保存された状態が再構築した状態と異なります。"))
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
                             f"公開された秘密鍵は開始時のコミットメント（{rebuilt.commitment[:16]}…）と一致し、"
                             f"{rebuilt.counter}回の乱数（シャッフルとダイス）はすべてそこから導かれます。"))
        else:
            report.fail(Text("The secret does not match the published commitment.", "秘密鍵が公開コミットメントと一致しません。"))
    else:
        report.good(Text("The fairness check against the secret becomes available when the match ends.",
                         "秘密鍵による公正さの確認は対戦終了後に可能になります。"))
    return report
