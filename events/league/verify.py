"""Verifying a league's stream: what `parley verify` checks when the id it is
given is a league's (events/verify.py hands it here).

The chain over its events as stored; that the stream folds under the same
checks the service applies (events/league/fold.py); that the stored row
(status, players) agrees with the fold; and that each match the league names
is a match made for it (its place names this league and round)."""

from __future__ import annotations

from engine.core import Text

from ..errors import ReplayError
from ..recorder import Recorder
from ..store import MatchRow
from .fold import LeagueState, fold

Check = tuple[bool, Text]


async def league_checks(store: Recorder, row: MatchRow) -> list[Check]:
    out: list[Check] = []
    events = await store.events(row.id)
    broken, head = await store.chain_break(row.id)
    if broken is not None:
        out.append((False, Text(f"The league's hash chain breaks at event {broken}: the log was edited after it was "
                                "written.", f"リーグのハッシュチェーンがイベント{broken}で途切れています。記録後にログが"
                                "書き換えられました。")))
    else:
        out.append((True, Text(f"The hash chain over all {len(events)} of the league's events holds.",
                               f"リーグの全{len(events)}件のイベントのハッシュチェーンは正しくつながっています。")))
    try:
        state = fold(events)
    except (ReplayError, KeyError, TypeError, ValueError) as exc:
        out.append((False, Text(f"The league's log does not replay: {exc}.", f"リーグのログを再生できません: {exc}。")))
        return out
    out.append((True, Text(f"{len(events)} league events replayed; every one is an act the service allows by whom "
                           "it was made.", f"リーグのイベント{len(events)}件を再生し、すべての実行者と時機が正当でした。")))
    if row.status == state.status and row.players == state.active() and row.last_seq == state.seq:
        out.append((True, Text("The stored league (status, players) equals the rebuilt one.",
                               "保存されたリーグ（状態・参加者）は再構築したものと一致します。")))
    else:
        out.append((False, Text("The stored league differs from the rebuilt one (status, players or last event).",
                                "保存されたリーグ（状態・参加者・最後のイベント）が再構築したものと異なります。")))
    strangers = await _strangers(store, state)
    if strangers:
        out.append((False, Text(f"Matches {strangers[:10]} that the league names were not made for it.",
                                f"リーグが挙げる対戦{strangers[:10]}はこのリーグのために作られたものではありません。")))
    else:
        out.append((True, Text("Every match the league names was made for it, in its round.",
                               "リーグが挙げるすべての対戦は、その回戦のために作られたものです。")))
    out.append((True, Text(f"Chain head: {head}", f"チェーンの先頭: {head}")))
    return out


async def _strangers(store: Recorder, state: LeagueState) -> list[str]:
    out = []
    for rnd in state.rounds:
        for t in rnd.tables:
            first = await store.events(t.match, upto=1)
            place = first[0].payload.get("place", {}) if first else {}
            if place.get("league") != state.league_id or place.get("round") != rnd.number:
                out.append(t.match)
    return out


__all__ = ["league_checks"]
