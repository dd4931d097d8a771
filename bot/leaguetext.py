"""Leagues as text, the same in the terminal and on Discord: the heading,
the standings, a round's tables and why a round is paired as it is (the
explanation is data from events/league/pairing.explain_swiss, worded here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Text
from events.bots import shown_name
from events.league.fold import LeagueState, Round
from events.league.plan import Places, result_of
from events.league.standings import Standing

from .ratingtext import game_title

FORMATS = {"swiss": Text("Swiss", "スイス式"), "round-robin": Text("round robin", "総当たり"),
           "elimination": Text("single elimination", "シングルエリミネーション")}
STAGES = {"lobby": Text("taking players", "参加受付中"), "running": Text("under way", "進行中"),
          "finished": Text("finished", "終了")}
HEADING = Text("League {id}{name}: {game}, {format}, {stage}", "リーグ {id}{name}：{game}、{format}、{stage}")
ROUND = Text("Round {n} of {of}", "第{n}回戦（全{of}回戦）")
DEADLINE = Text(" (ends by {at} UTC)", "（{at} UTCまで）")
PLAYERS = Text("Players ({n}): {names}", "参加者（{n}人）：{names}")
STANDING = Text("{rank}. {name}  {score}  (Buchholz {bh}, Sonneborn-Berger {sb}){dropped}",
                "{rank}. {name}  {score}点（ブッフホルツ {bh}、ゾネボルン・ベルガー {sb}）{dropped}")
DROPPED = Text(" (dropped)", "（棄権）")
TABLE = Text("Table {n}: {players} — match {match}: {state}", "第{n}卓：{players} — 対戦 {match}：{state}")
PLAYING = Text("being played", "対戦中")
NO_RESULT = Text("no result (everyone lost)", "結果なし（全員負け扱い）")
WON = Text("{name} won", "{name}の勝ち")
FIRST = Text("{name} first", "{name}が1位")
DRAWN = Text("drawn", "引き分け")
BYE = Text("Bye: {name}", "不戦勝：{name}")
NO_ROUND = Text("No round has been paired yet.", "まだ組み合わせはありません。")
CHAMPION = Text("Final standings; first: {name}", "最終順位。1位：{name}")
VS = Text(" v ", " 対 ")
WHY_TABLE = Text("Table {n}: {players}, places {places}, scores {scores}; they had not met.",
                 "第{n}卓：{players}（順位 {places}、得点 {scores}）。初対戦です。")
WHY_REMATCH = Text("Table {n}: {players}, places {places}, scores {scores}; a rematch, because no pairing of the "
                   "round could avoid every one.",
                   "第{n}卓：{players}（順位 {places}、得点 {scores}）。再戦です。この回戦ではどう組んでも再戦を"
                   "避けられませんでした。")
WHY_POD_REMATCH = Text("Table {n}: {players}, places {places}, scores {scores}; some of them have met before: "
                       "the pods are seated to keep such meetings as few as the seating finds.",
                       "第{n}卓：{players}（順位 {places}、得点 {scores}）。以前に対戦した人が含まれます。"
                       "再戦ができるだけ少なくなるように卓を組んでいます。")
WHY_BYE = Text("Bye: {name} (place {place}), the lowest-ranked player without a bye{below}.",
               "不戦勝：{name}（{place}位）。まだ不戦勝のない中で最下位です{below}。")
WHY_BYE_BELOW = Text("; below them, {names} had one already", "（下位の{names}はすでに不戦勝を得ています）")
WHY_SECOND_BYE = Text("Bye: {name} (place {place}): a second bye, because everyone left has had one.",
                      "不戦勝：{name}（{place}位）。残る全員がすでに不戦勝を得たため、2回目です。")


def name_of(state: LeagueState, player_id: str, locale: str) -> str:
    p = state.player(player_id)
    return shown_name(p, locale) if p is not None else player_id


def _names(state: LeagueState, ids: Sequence[str], locale: str, sep: Text = VS) -> str:
    return sep(locale).join(name_of(state, p, locale) for p in ids)


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def heading(state: LeagueState, locale: str) -> list[str]:
    lines = [HEADING.format(id=state.league_id, name=f" «{state.name}»" if state.name else "",
                            game=game_title(state.game, locale), format=FORMATS[state.format](locale),
                            stage=STAGES[state.status](locale))(locale)]
    rnd = state.current
    if rnd is not None:
        deadline = DEADLINE.format(at=rnd.deadline[:16].replace("T", " "))(locale) if rnd.deadline else ""
        lines.append(ROUND.format(n=rnd.number, of=state.planned)(locale) + deadline)
    names = ", " if locale != "ja" else "、"
    lines.append(PLAYERS.format(n=len(state.active()), names=names.join(name_of(state, p, locale)
                                                                         for p in state.active()))(locale))
    return lines


def standing_lines(state: LeagueState, table: Sequence[Standing], locale: str) -> list[str]:
    out = [STANDING.format(rank=k, name=name_of(state, s.player, locale), score=_num(s.score), bh=_num(s.buchholz),
                           sb=_num(s.sonneborn_berger), dropped=DROPPED(locale) if s.dropped else "")(locale)
           for k, s in enumerate(table, start=1)]
    if state.status == "finished" and state.final:
        out.insert(0, CHAMPION.format(name=name_of(state, state.final[0], locale))(locale))
    return out


def _outcome(state: LeagueState, places: Places | None, locale: str) -> str:
    if places is None:
        return PLAYING(locale)
    ranked = [(p, k) for p, k in places if k is not None]
    if not ranked:
        return NO_RESULT(locale)
    best = min(k for _, k in ranked)
    first = [p for p, k in ranked if k == best]
    if len(first) > 1:
        return DRAWN(locale)
    return (WON if len(places) == 2 else FIRST).format(name=name_of(state, first[0], locale))(locale)


def round_lines(state: LeagueState, rnd: Round | None, results: Mapping[str, Places | None], locale: str) -> list[str]:
    if rnd is None:
        return [NO_ROUND(locale)]
    out = [ROUND.format(n=rnd.number, of=state.planned)(locale)]
    for n, t in enumerate(rnd.tables, start=1):
        out.append(TABLE.format(n=n, players=_names(state, t.players, locale), match=t.match,
                                state=_outcome(state, result_of(state, results, t.match), locale))(locale))
    out.extend(BYE.format(name=name_of(state, b, locale))(locale) for b in rnd.byes)
    return out


WHY_FORMAT = {
    "round-robin": Text("Round robin: the circle method, the first seed fixed and the others turning one place a "
                        "round, so everyone meets everyone once.",
                        "総当たり：サークル方式で、第1シードを固定し他の人が毎回戦ひとつずつ回るため、全員が1回ずつ当たります。"),
    "elimination": Text("Single elimination: the bracket seeded by rating (1 v 8, 4 v 5, ...); each winner meets the "
                        "winner beside them; a missing opponent is a bye, given to the top seeds first.",
                        "シングルエリミネーション：レーティング順のシードによる組み合わせ（1対8、4対5…）で、勝者が隣の勝者と"
                        "当たります。相手のいない枠は不戦勝で、上位シードから与えられます。"),
}


def explain_lines(state: LeagueState, why: Sequence[Mapping[str, Any]], locale: str) -> list[str]:
    if not why:
        return [NO_ROUND(locale)]
    out: list[str] = [WHY_FORMAT[state.format](locale)] if state.format in WHY_FORMAT else []
    if out:
        why = [w for w in why if w["kind"] == "table"]
    n = 0
    for item in why:
        if item["kind"] == "table":
            n += 1
            rematch = WHY_POD_REMATCH if len(item["players"]) > 2 else WHY_REMATCH
            text = rematch if item["rematch"] else WHY_TABLE
            out.append(text.format(n=n, players=_names(state, item["players"], locale),
                                   places="/".join(str(p) for p in item["places"]),
                                   scores="/".join(_num(s) for s in item["scores"]))(locale))
        elif item["second"]:
            out.append(WHY_SECOND_BYE.format(name=name_of(state, item["player"], locale), place=item["place"])(locale))
        else:
            below = WHY_BYE_BELOW.format(names=_names(state, item["had_bye_below"], locale, Text(", ", "、")))(locale) \
                if item["had_bye_below"] else ""
            out.append(WHY_BYE.format(name=name_of(state, item["player"], locale), place=item["place"],
                                      below=below)(locale))
    return out


__all__ = ["explain_lines", "heading", "name_of", "round_lines", "standing_lines"]
