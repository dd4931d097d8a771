"""A player's card (events/profile.py) as text, the same on Discord
(`/parley profile`) and in the terminal (`parley profile NAME`)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Text
from events.profile import Part, Profile, Reliability

from . import ratingtext as rt

TITLE = Text("Player card: {who}", "プレイヤーカード：{who}")
RATINGS = Text("Ratings:", "レーティング：")
RATINGS_ON = Text("Ratings on {server}:", "レーティング（{server}）：")
NO_RATING = Text("Ratings: none yet (rated matches that finished count).",
                 "レーティング：まだありません（終了したレーティング対象の対戦で付きます）。")
RECENT = Text("Recent results:", "最近の結果：")
NO_RECENT = Text("Recent results: none yet.", "最近の結果：まだありません。")
RESULT = Text("- {game} `{match}` · {result} · {date}", "- {game} `{match}` · {result} · {date}")
WON, LOST = Text("won", "勝ち"), Text("lost", "負け")
LEFT: dict[str, Text] = {"forfeit": Text("forfeited", "投了"), "removed": Text("removed by a moderator", "モデレーターが除外"),
                         "timeout": Text("missed the deadline and left", "期限切れで退席")}
TAKEN = Text(" (a bot played on)", "（ボットが代打ち）")
RELIABLE = Text("Reliability: played {finished} of {ended} ended matches to the end{rate}.",
                "信頼度：終わった対戦{ended}回のうち{finished}回を最後まで指しました{rate}。")
RATE = Text(" ({rate})", "（{rate}）")
NOTHING_ENDED = Text("Reliability: no match ended yet.", "信頼度：終わった対戦はまだありません。")
DEPARTED = Text("Left {left} (forfeited {forfeit}, removed {removed}, timed out {timeout}; a bot took over {taken}); "
                "handed over {handed}.",
                "途中退席{left}回（投了{forfeit}・除外{removed}・期限切れ{timeout}、うちボットの代打ち{taken}）、"
                "席を譲った対戦{handed}回。")
MISSED = Text("Deadlines missed: {n}. Aborted matches (nobody's doing): {aborted}.",
              "期限切れ：{n}回。中止された対戦（誰の責任でもなし）：{aborted}回。")
CURRENT = Text("Current matches:", "進行中の対戦：")
NO_CURRENT = Text("Current matches: none.", "進行中の対戦：なし。")
NOW = Text("- {game} `{match}` · {status}{where}", "- {game} `{match}` · {status}{where}")
RUNNING, LOBBY = Text("running", "対戦中"), Text("looking for players", "参加者募集中")


def reliability_lines(r: Reliability, locale: str) -> list[str]:
    if not r.ended:
        lines = [NOTHING_ENDED(locale)]
    else:
        rate = RATE.format(rate=f"{r.rate:.0%}")(locale) if r.rate is not None else ""
        lines = [RELIABLE.format(finished=r.finished, ended=r.ended, rate=rate)(locale),
                 DEPARTED.format(left=r.left, forfeit=r.forfeit, removed=r.removed, timeout=r.timeout,
                                 taken=r.taken_over, handed=r.handed_over)(locale)]
    return [*lines, MISSED.format(n=r.deadlines_missed, aborted=r.aborted)(locale)]


def _result(p: Part) -> Text:
    if p.ended in LEFT:
        return LEFT[p.ended] + TAKEN if p.taken_over else LEFT[p.ended]
    return WON if p.won else LOST


def card_lines(card: Profile, who: str, locale: str, *, server_name: Callable[[str], str],
               where: Callable[[Part], str] = lambda p: "") -> list[str]:
    """The card: a title, then ratings, recent results, reliability and current matches.
    `server_name` names a ladder's server; `where` adds where a current match is played."""
    lines = [TITLE.format(who=who)(locale)]
    if not card.ratings:
        lines.append(NO_RATING(locale))
    for server, found in card.ratings.items():
        head = RATINGS if len(card.ratings) == 1 else RATINGS_ON.format(server=server_name(server))
        lines += [head(locale), *rt.rating_lines(found, locale)]
    if card.recent:
        lines.append(RECENT(locale))
        lines += [RESULT.format(game=rt.game_title(p.game, locale), match=p.match_id, result=_result(p),
                                date=rt.date(p.at))(locale) for p in card.recent]
    else:
        lines.append(NO_RECENT(locale))
    lines += reliability_lines(card.reliability, locale)
    if card.current:
        lines.append(CURRENT(locale))
        lines += [NOW.format(game=rt.game_title(p.game, locale), match=p.match_id,
                             status=RUNNING if p.ended == "running" else LOBBY, where=where(p))(locale)
                  for p in card.current]
    else:
        lines.append(NO_CURRENT(locale))
    return lines
