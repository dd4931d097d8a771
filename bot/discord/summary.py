"""The end-of-match summary, posted once in the match's thread: winners, the
result and scores, how long it took (moves, days) and how to watch it again.

Its text is part of the end of the match (projection.End); the reconciler
asks for it (reconciler.PostSummary) until the record notes it posted, and the
outbox retries the end until it is shown. "Posted once" holds across retries
and restarts: the record notes `summary: "sending"` before the post and `True`
after it; a retry that finds "sending" (a crash or failure between the two)
first looks for the summary among the bot's last messages in the thread, by
the match id in its title, and posts only if it is not there.

The replay page of the match (bot/replaypage) follows the summary as an
attachment of its own message (reconciler.PostPage), once drawn (in the background: a long match's
page takes seconds, and the move that ended the match does not wait for it),
so anyone in the thread can step through the match offline; a page larger
than a server without boosts accepts is left out and the message says how to
make it.
"""

from __future__ import annotations

import io
import logging
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

import discord

from engine.core import Text
from events.history import lineage
from events.model import Event
from events.replay import MatchState

from .drawing import replay_page
from .names import named, shown
from .ops import Ops, Outcome, Result

if TYPE_CHECKING:
    from events.recorder import Recorder
    from events.service import MatchService

    from .config import Config


class Posting(Protocol):
    """What posting a summary needs of the delivery (bot/discord/delivery.Delivery),
    named here so the delivery, which calls this, is not imported back."""

    ops: Ops
    store: Recorder
    service: MatchService
    config: Config

    async def save_record(self, match_id: str, rec: dict[str, Any]) -> None: ...


TITLE = Text("Match summary · {game} `{match}`", "対戦のまとめ · {game} `{match}`")
WINNERS = Text("Winner: {who}", "勝者: {who}")
NO_WINNER = Text("No winner", "勝者なし")
RESULT = Text("Result: {reason}", "結果: {reason}")
SCORES = Text("Scores: {scores}", "得点: {scores}")
LENGTH_DAYS = Text("Length: {moves} moves over {days} days", "長さ: {moves}手・{days}日")
LENGTH_HOURS = Text("Length: {moves} moves over {hours} hours", "長さ: {moves}手・{hours}時間")
REPLAY = Text("Replay: `/parley log replay match:{match}`", "リプレイ: `/parley log replay match:{match}`")
PAGE = Text("The replay page is attached: open it in any browser, offline (← → step through the match).",
            "リプレイページを添付しました。ブラウザでオフラインでも開けます（← → で1手ずつ）。")
PAGE_TOO_BIG = Text("The replay page ({size} MiB) is too large to attach here: `parley replay {match} --html "
                    "replay.html` makes it.",
                    "リプレイページ（{size} MiB）は大きすぎて添付できません。`parley replay {match} --html "
                    "replay.html` で作成できます。")
# What every server accepts (boosted ones take more); the thread's own limit would cost a lookup.
PAGE_LIMIT = discord.utils.DEFAULT_FILE_SIZE_LIMIT_BYTES

log = logging.getLogger(__name__)


def length(events: list[Event]) -> tuple[int, float]:
    """(moves that stand, i.e. actions not undone; seconds from the start to the last event)."""
    moves = len(lineage(events).effective())
    start = next((e.at for e in events if e.type == "match_started"), events[0].at if events else None)
    if start is None:
        return moves, 0.0
    return moves, (datetime.fromisoformat(events[-1].at) - datetime.fromisoformat(start)).total_seconds()


def summary_text(ms: MatchState, events: list[Event], locale: str) -> str:
    sep = "、" if locale == "ja" else ", "
    outcome = ms.outcome
    lines = [f"**{TITLE.format(game=ms.game.title, match=ms.match_id)(locale)}**"]
    winners = sep.join(shown(ms.seats[s], locale) for s in outcome.winners) if outcome else ""
    lines.append(WINNERS.format(who=winners)(locale) if winners else NO_WINNER(locale))
    if outcome is not None:
        lines.append(RESULT.format(reason=named(outcome.reason(locale), ms, locale))(locale))
        if outcome.scores:
            scores = sep.join(f"{shown(ms.seats[s], locale)} {v}" for s, v in sorted(outcome.scores.items())
                              if s < len(ms.seats))
            lines.append(SCORES.format(scores=scores)(locale))
    moves, seconds = length(events)
    if seconds >= 86400:
        lines.append(LENGTH_DAYS.format(moves=moves, days=f"{seconds / 86400:.1f}")(locale))
    else:
        lines.append(LENGTH_HOURS.format(moves=moves, hours=f"{seconds / 3600:.1f}")(locale))
    lines.append(REPLAY.format(match=ms.match_id)(locale))
    return "\n".join(lines)


async def post_summary(delivery: Posting, match_id: str, rec: dict[str, Any], text: str, look: bool) -> Result:
    """Post the summary (reconciler.PostSummary), noted "sending" first; `look`: a post noted so
    before may have landed, and is looked for among the thread's last messages before posting again."""
    if look:
        heads = tuple(f"**{t.split(' ·')[0]}" for t in (TITLE.en, TITLE.ja))
        for m in (await delivery.ops.recent(rec["thread"], 10)).data or []:
            title = m.get("content", "").split("\n", 1)[0]
            if title.startswith(heads) and f"`{match_id}`" in title:
                return Result(Outcome.DELIVERED)
    rec["summary"] = "sending"
    await delivery.save_record(match_id, rec)
    return (await delivery.ops.post(rec["thread"], text)).expect()


async def post_page(delivery: Posting, ms: MatchState, rec: dict[str, Any], locale: str, page: bytes | None,
                    look: bool) -> Result:
    """The replay page, once drawn, in a message of its own below the summary (reconciler.PostPage;
    drawing a long match's page takes seconds: the summary does not wait for it). Posted once, as
    the summary is: noted "sending" before the post; `look`: a post noted so before may have
    landed, and is looked for by its file name first. Nothing is posted when the page could not be made."""
    name = f"parley-replay-{ms.match_id}.html"
    if look:
        for m in (await delivery.ops.recent(rec["thread"], 10)).data or []:
            if any(a.get("filename") == name for a in m.get("attachments") or []) or \
                    f"`parley replay {ms.match_id} --html" in m.get("content", ""):
                return Result(Outcome.DELIVERED)
    if page is None:
        return Result(Outcome.DELIVERED)
    rec["page"] = "sending"
    await delivery.save_record(ms.match_id, rec)
    if len(page) <= PAGE_LIMIT:
        posted = await delivery.ops.post(rec["thread"], PAGE(locale), files=[discord.File(io.BytesIO(page),
                                                                                           filename=name)])
    else:
        size = f"{len(page) / 2**20:.1f}"
        posted = await delivery.ops.post(rec["thread"], PAGE_TOO_BIG.format(match=ms.match_id, size=size)(locale))
    return posted.expect()


async def draw_page(delivery: Posting, match_id: str, locale: str) -> bytes | None:
    """The page, read and drawn in the drawing process (bot/discord/drawing.py); None if it
    cannot be made (the summary stays without it)."""
    try:
        return await replay_page(delivery.service, delivery.config.db, match_id, locale)
    except Exception:
        log.exception("the replay page of match %s could not be made for its summary", match_id)
        return None
