"""Lobbies nobody joins close by themselves, so the hall lists live ones.

A lobby that no one but its creator has joined `lobby_days` after it was
created (a server setting, `/parley-mod settings lobby_days:N`, a week unless
set) is aborted by the system, which closes its lobby message (and its forum
post) and takes it off the looking-for-players list. A day before, its thread
is told when it will close, pinging the creator once; a lobby is never closed
before that notice is a day old. Both are done by the
scheduler's pass; the abort carries a command id per match, so a pass repeated
after a restart never closes it twice, and the notice is noted once posted.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from engine.core import RuleError, Text

from . import settings as server_settings
from .projection import thread_locale, user_id

if TYPE_CHECKING:
    from .base import Room

log = logging.getLogger("parley.discord")

NOTICED = "discord:lobby-notice"  # kv: match id -> the closing time its notice announced
NOTICE_BEFORE = timedelta(days=1)
NOTICE = Text("{who} nobody has joined this lobby yet: it closes {when} unless someone joins.",
              "{who} この募集にはまだ誰も参加していません。誰も参加しなければ{when}に締め切ります。")
REASON = "lobby expired: nobody joined"


async def expire_lobbies(room: Room, now: datetime) -> None:
    """One pass: notices for lobbies closing within a day, aborts for those past their time."""
    store = room.service.store
    days: dict[str, int] = {}
    for row in await store.matches(status=("lobby",), limit=1_000_000):
        if row.guild is None or not room.config.owns(row.guild) or len(row.players) > 1:
            continue  # someone joined (or a terminal lobby, or another process's server)
        if row.guild not in days:
            days[row.guild] = (await server_settings.load(store, row.guild)).lobby_days
        closes = datetime.fromisoformat(row.created_at) + timedelta(days=days[row.guild])
        if now < closes - NOTICE_BEFORE:
            continue
        try:
            announced = await store.get_kv(NOTICED, row.id)
            if announced is None:
                # Never closed unannounced: a lobby already past its time (the bot was down, or the
                # setting was shortened) is told now and closes a day later.
                await _notice(room, row.id, max(closes, now + NOTICE_BEFORE))
            elif now >= datetime.fromisoformat(announced):
                await room.service.abort(row.id, None, REASON, command_id=f"lobby-expired:{row.id}")
                await room.sync(row.id)
        except RuleError:
            continue  # it started or closed meanwhile
        except Exception:
            log.exception("match %s: lobby expiry failed; tried again on the next pass", row.id)


async def _notice(room: Room, match_id: str, closes: datetime) -> None:
    ms = await room.service.get(match_id)
    rec = await room.delivery.record(match_id)
    if not rec.get("thread"):  # no thread to tell (it could not be opened): closes as announced to nobody
        await room.service.store.set_kv(NOTICED, match_id, closes.isoformat())
        return
    creator = next((p for p in ms.lobby if p.id == ms.creator), None)
    uid = user_id(creator) if creator is not None else None
    text = NOTICE.format(who=f"<@{uid}>" if uid else "", when=f"<t:{int(closes.timestamp())}:R>")
    locale = thread_locale(ms)
    (await room.delivery.ops.post(rec["thread"], text(locale).strip(), pings=[uid] if uid else [])).expect()
    await room.service.store.set_kv(NOTICED, match_id, closes.isoformat())
