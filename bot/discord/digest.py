"""Reminders, gathered: the scheduler hands over every reminder due in one
pass, and a player with several matches waiting on them gets one DM listing
them all, at most once a day, instead of a ping in each thread.

Decisions (docs/discord.md, "Reminders and vacations"):
- The digest is on by default; `/parley me digest enabled:False` turns it off,
  and that player gets a reminder in each match's thread as before.
- It takes over only when a pass finds reminders due in two matches or more
  for the same player; a single overdue match is reminded in its thread.
- Once a digest went, the matches it listed count as reminded; more due
  reminders wait for the next day's digest (they stay due, so a player who
  moves in all but one gets that one reminded in its thread).
- A player whose DMs are closed is reminded in the threads.
- Sent at most once: the note says "sending" before the DM goes, and a pass
  that finds that note (a crash between the DM and its note) looks in the DM
  channel for a digest newer than the last one noted before sending again.
The digest names games, match ids and links to threads: nothing private.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from engine.core import Text
from events.model import Player
from events.replay import MatchState

from .projection import clip, user_id
from .stats import waiting_lines

if TYPE_CHECKING:
    from .base import Room

log = logging.getLogger("parley.discord")

REMIND = "discord:remind"  # per match: the seq and time of its last reminder (the scheduler's)
DIGEST = "discord:digest"  # per player: when their last digest went
DAY = timedelta(hours=24)

TITLE = Text("**{n} matches are waiting for you**", "**{n}件の対戦があなたを待っています**")
FOOT = Text("-# One list a day instead of a reminder in each thread. `/parley me digest enabled:False` turns it off; "
            "`/parley mine` shows them any time.",
            "-# スレッドごとのリマインダーの代わりに1日1回まとめて届きます。`/parley me digest enabled:False` で解除、"
            "`/parley mine` でいつでも確認できます。")

Due = list[tuple[MatchState, list[int]]]  # a match and the seats whose reminder is due


async def remind_due(room: Room, due: Due, now: datetime) -> None:
    """Send every reminder `due` this pass: digests where they apply, thread reminders for the rest."""
    store = room.service.store
    mine: dict[str, dict[str, MatchState]] = defaultdict(dict)  # player -> their due matches, by id
    people: dict[str, Player] = {}
    for ms, seats in due:
        for s in seats:
            mine[ms.seats[s].id][ms.match_id] = ms
            people[ms.seats[s].id] = ms.seats[s]
    prefs = await store.player_prefs(list(mine))
    digested: set[str] = set()  # players whose reminders a digest covers this pass
    for pid, by_id in mine.items():
        matches = list(by_id.values())
        uid = user_id(people[pid])
        wants = pid not in prefs or prefs[pid].digest
        if len(matches) < 2 or not wants or uid is None or await room.delivery.dms.dm_blocked(uid):
            continue
        last = await store.get_kv(DIGEST, pid)
        if last and last.get("sending"):
            last = await _settle(room, pid, uid, last)
        if last and now - datetime.fromisoformat(last["at"]) < DAY:
            digested.add(pid)  # covered by today's digest: they wait for tomorrow's
            continue
        ids = [m.match_id for m in matches]
        before = (last or {}).get("msg")
        await store.set_kv(DIGEST, pid, {"at": now.isoformat(), "matches": ids, "msg": before, "sending": True})
        sent = await _send(room, people[pid], uid, matches)
        if sent is None:  # not delivered: as if never tried
            await store.set_kv(DIGEST, pid, last or {"at": (now - DAY).isoformat(), "matches": [], "msg": None})
            continue
        await store.set_kv(DIGEST, pid, {"at": now.isoformat(), "matches": ids, "msg": sent})
        for ms in matches:
            await store.set_kv(REMIND, ms.match_id, {"seq": ms.seq, "at": now.isoformat()})
        digested.add(pid)
    for ms, seats in due:
        rest = [s for s in seats if ms.seats[s].id not in digested]
        if rest:
            await room.delivery.remind(ms, rest, f"{ms.seq}@{now.isoformat()}")  # posted once per pass
            await store.set_kv(REMIND, ms.match_id, {"seq": ms.seq, "at": now.isoformat()})


async def _send(room: Room, player: Player, uid: int, matches: list[MatchState]) -> str | None:
    """The digest's message id, or None when it was not delivered (then the
    threads remind instead)."""
    locale = player.locale
    lines = [TITLE.format(n=len(matches))(locale), *await waiting_lines(room.delivery, matches, locale)]
    lines.append(FOOT(locale))
    channel = await room.delivery.dms.dm_channel(uid)
    sent = await room.delivery.ops.dm(channel.id or 0, clip("\n".join(lines))) if channel.ok else channel
    if not sent.ok and not sent.cannot_dm:
        log.warning("digest DM to %s failed: %s", player.id, sent.outcome)
    return str(sent.id) if sent.ok else None


async def _settle(room: Room, pid: str, uid: int, note: dict[str, Any]) -> dict[str, Any]:
    """A note left as "sending": the digest went if the DM channel holds one
    newer than the last noted before it (message ids grow with time); else
    the note before it stands, and this pass sends again."""
    tails = [t.split("}")[1] for t in (TITLE.en, TITLE.ja)]  # the title after its count
    channel = await room.delivery.dms.dm_channel(uid)
    recent = (await room.delivery.ops.recent(channel.id or 0, 10)).data or [] if channel.ok else []
    after = int(note.get("msg") or 0)
    for m in recent:
        title = str(m.get("content", "")).split("\n", 1)[0]
        if int(m["id"]) > after and any(title.endswith(tail) for tail in tails):
            settled = {"at": note["at"], "matches": note["matches"], "msg": str(m["id"])}
            await room.service.store.set_kv(DIGEST, pid, settled)
            return settled
    return {"at": datetime.min.replace(tzinfo=UTC).isoformat(), "matches": [], "msg": note.get("msg")}


__all__ = ["DIGEST", "REMIND", "remind_due"]
