"""A player's own settings from Discord: `/parley me vacation days:N` pauses their
deadlines (and reminders) for N days, `days:0` ends it; `/parley me digest`
turns the daily digest of waiting matches on or off; `/parley me hours` sets the
quiet hours (in the player's own time zone) during which their clocks stop and
nobody pings them. All are stored in the `player_prefs` table
(events/prefs.py), so they hold in every server and survive restarts.

While away, no deadline skips or forfeits a seat of theirs and no reminder
pings them. When the vacation ends (its day comes, or `days:0`), each waiting
decision's clock starts afresh from then: a player back from a week away has
the full deadline, not one long since passed. Ending early records the end
as now, for the same reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import discord

from engine.core import Text
from events.clockconfig import quiet_hours, zone
from events.prefs import PlayerPrefs
from events.recorder import Recorder
from events.replay import MatchState

from .base import Reply, Room

MAX_DAYS = 60

AWAY = Text("Vacation until <t:{until}:f> (<t:{until}:R>): no deadline will skip or forfeit your seats and no "
            "reminder will ping you until then. `/parley me vacation days:0` ends it early.",
            "<t:{until}:f>（<t:{until}:R>）まで休暇です。それまで期限による既定の行動や投了扱いは行われず、リマインダーも"
            "届きません。早めに戻るときは `/parley me vacation days:0` です。")
BACK = Text("Welcome back: your deadlines run again, each from now.",
            "おかえりなさい。期限は再開し、それぞれ今から数えます。")
NOT_AWAY = Text("You are not on vacation.", "休暇中ではありません。")
DIGEST_ON = Text("Daily digest on: when several matches wait for you, you get one DM a day listing them instead "
                 "of a reminder in each thread.",
                 "1日1回のまとめを有効にしました。複数の対戦があなたを待っているときは、スレッドごとのリマインダーの代わりに"
                 "1日1回DMで一覧が届きます。")
DIGEST_OFF = Text("Daily digest off: each match reminds you in its own thread.",
                  "1日1回のまとめを無効にしました。各対戦のスレッドでリマインドします。")


QUIET_SET = Text("Quiet hours {span} ({zone}): your clocks stop then and no reminder pings you.",
                 "静かな時間を {span}（{zone}）にしました。この間は持ち時間が止まり、リマインダーも届きません。")
QUIET_OFF = Text("No quiet hours: your clocks run all day ({zone}).",
                 "静かな時間をなくしました。持ち時間は終日進みます（{zone}）。")


async def prefs_of(store: Recorder, player_id: str) -> PlayerPrefs:
    return (await store.player_prefs([player_id])).get(player_id) or PlayerPrefs(player_id)


async def vacation_starts(store: Recorder, ms: MatchState, seats: Sequence[int], since: datetime,
                          now: datetime) -> dict[int, datetime]:
    """When each waiting seat's clock started: the decision's start, or its
    player's return from vacation if later. Seats whose player is away now are left out."""
    prefs = await store.player_prefs([ms.seats[s].id for s in seats])
    out: dict[int, datetime] = {}
    for s in seats:
        p = prefs.get(ms.seats[s].id)
        if p is None or p.vacation_until is None:
            out[s] = since
        elif not p.away(now):
            out[s] = max(since, datetime.fromisoformat(p.vacation_until))
    return out


class Vacation:
    """`/parley me ...`: a player's vacation, quiet hours and daily digest."""

    def __init__(self, room: Room) -> None:
        self.room = room

    async def vacation(self, interaction: discord.Interaction, days: int) -> None:
        async def work() -> Reply:
            locale = self.room.locale(interaction)
            store = self.room.service.store
            me = await prefs_of(store, self.room.player(interaction).id)
            now = datetime.now(UTC)
            if days <= 0:
                if not me.away(now):
                    return Reply(NOT_AWAY(locale))
                await store.set_player_prefs(replace(me, vacation_until=now.isoformat()), ("vacation_until",))
                return Reply(BACK(locale))
            until = now + timedelta(days=min(days, MAX_DAYS))
            await store.set_player_prefs(replace(me, vacation_until=until.isoformat()), ("vacation_until",))
            return Reply(AWAY.format(until=int(until.timestamp()))(locale))
        await self.room.run(interaction, work)

    async def digest(self, interaction: discord.Interaction, enabled: bool) -> None:
        async def work() -> Reply:
            store = self.room.service.store
            await store.set_player_prefs(PlayerPrefs(self.room.player(interaction).id, digest=enabled), ("digest",))
            return Reply((DIGEST_ON if enabled else DIGEST_OFF)(self.room.locale(interaction)))
        await self.room.run(interaction, work)

    async def hours(self, interaction: discord.Interaction, quiet: str, where: str | None) -> None:
        """`quiet` is `23:00-07:00` or `none`; the zone defaults to the one set before (or UTC)."""
        player_id = self.room.player(interaction).id
        saved: list[bool] = []

        async def work() -> Reply:
            store = self.room.service.store
            me = await prefs_of(store, player_id)
            place = zone(where) if where else me.zone or "UTC"
            if quiet.strip().lower() in ("none", "off", "0"):
                span, text = None, QUIET_OFF.format(zone=place)
            else:
                checked = quiet_hours(quiet, place)
                span = f"{checked.quiet_start:%H:%M}-{checked.quiet_end:%H:%M}"
                text = QUIET_SET.format(span=span, zone=place)
            await store.set_player_prefs(replace(me, quiet=span, zone=place), ("hours",))
            saved.append(True)
            return Reply(text(self.room.locale(interaction)))
        await self.room.run(interaction, work)
        if saved:
            # Their clocks' deadlines moved: the boards showing them say so now, not at the next move.
            for row in await self.room.service.store.matches(status=("running",), limit=1_000_000):
                if player_id in row.players and row.guild is not None and self.room.config.owns(row.guild):
                    await self.room.sync(row.id)
