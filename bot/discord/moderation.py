"""Moderator commands: undo/redo, abort, replace and remove, each an event in the log
with who did it and why, shown in the match's thread; and the server's settings."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import discord

from engine.core import Text
from events.clock import ClockConfig
from events.clockconfig import CLOCK_HINT, clock_place, describe, from_place
from events.errors import Refused
from events.model import Player
from events.window import describe as describe_window

from . import settings as server_settings
from .base import Reply, Room, parse_options
from .i18n import M
from .permissions import is_manager
from .projection import who
from .settings import ServerSettings


class Moderation:
    """`/parley-mod`: undo, redo, abort, replace, remove, and the server's settings."""

    def __init__(self, room: Room) -> None:
        self.room = room

    # -- moderation ------------------------------------------------------------------------------

    async def undo(self, interaction: discord.Interaction, match: str | None, count: int | None,
                   to_event: int | None, reason: str | None, redo: bool = False) -> None:
        async def work() -> Reply:
            await self.room.require_mod(interaction)
            ms = await self.room.resolve(interaction, match)
            mod = self.room.player(interaction).id
            cid = str(interaction.id)
            if redo:
                result = await self.room.service.redo(ms.match_id, mod, reason or "", command_id=cid)
            else:
                result = await self.room.service.undo(ms.match_id, mod, count=count or 1, to_seq=to_event,
                                                 reason=reason or "", command_id=cid)
            locale = self.room.locale(interaction)
            to = result.events[-1].payload.get("to_seq") if result.events else "?"
            return Reply(M.duplicate(locale) if result.duplicate else M.undone.format(to=to)(locale),
                         sync=ms.match_id)
        await self.room.run(interaction, work, match_id=match)

    async def abort(self, interaction: discord.Interaction, match: str | None, reason: str | None) -> None:
        async def work() -> Reply:
            await self.room.require_mod(interaction)
            ms = await self.room.resolve(interaction, match)
            result = await self.room.service.abort(ms.match_id, self.room.player(interaction).id, reason or "",
                                              command_id=str(interaction.id))
            locale = self.room.locale(interaction)
            return Reply(M.duplicate(locale) if result.duplicate else M.aborted_ok.format(match=ms.match_id)(locale),
                         sync=ms.match_id)
        await self.room.run(interaction, work, match_id=match)

    async def replace(self, interaction: discord.Interaction, match: str | None, seat: int,
                      user: discord.User | discord.Member, reason: str | None) -> None:
        async def work() -> Reply:
            await self.room.require_mod(interaction)
            ms = await self.room.resolve(interaction, match)
            newcomer = Player(id=f"discord:{user.id}", name=user.display_name,
                              locale=ms.seats[seat - 1].locale if 0 < seat <= len(ms.seats) else "en")
            result = await self.room.service.replace_player(ms.match_id, self.room.player(interaction).id, seat - 1, newcomer,
                                                       reason or "", command_id=str(interaction.id))
            locale = self.room.locale(interaction)
            return Reply(M.duplicate(locale) if result.duplicate
                         else M.replaced_ok.format(seat=seat, who=who(newcomer, locale))(locale), sync=ms.match_id)
        await self.room.run(interaction, work, match_id=match)

    async def remove(self, interaction: discord.Interaction, match: str | None, seat: int,
                     reason: str | None) -> None:
        async def work() -> Reply:
            await self.room.require_mod(interaction)
            ms = await self.room.resolve(interaction, match)
            result = await self.room.service.remove_player(ms.match_id, f"mod:{self.room.player(interaction).id}", seat - 1,
                                                      "removed", command_id=str(interaction.id))
            locale = self.room.locale(interaction)
            return Reply(M.duplicate(locale) if result.duplicate else M.removed_ok.format(seat=seat)(locale),
                         sync=ms.match_id)
        await self.room.run(interaction, work, match_id=match)


    # -- server settings ---------------------------------------------------------------------------

    async def settings(self, interaction: discord.Interaction, *, role: discord.Role | None, clear_role: bool,
                       deadline_hours: float | None, deadline_action: str | None, language: str | None,
                       clock: str | None = None, window: int | None = None,
                       takeover: str | None = None, rated: bool | None = None,
                       lobby_days: int | None = None) -> None:
        """Show the server's settings (moderators) or change them (Manage Server only:
        a moderator role must not be able to hand itself out)."""
        async def work() -> Reply:
            locale = self.room.locale(interaction)
            if interaction.guild_id is None:
                raise Refused(M.guild_only)
            current = await self.room.server_settings(interaction)
            changes: dict[str, object] = {}
            if role is not None:
                changes["mod_role"] = str(role.id)
            if clear_role:
                changes["mod_role"] = None
            if deadline_hours is not None:
                changes["deadline_hours"] = deadline_hours or None
            if deadline_action is not None:
                changes["deadline_action"] = deadline_action
            if language is not None:
                changes["language"] = None if language == "server" else language
            if clock is not None:
                changes["clock"] = default_clock(clock)
            if window is not None:
                changes["window"] = window or None
            if takeover is not None:
                changes["takeover"] = takeover
            if rated is not None:
                changes["rated"] = rated
            if lobby_days is not None:
                changes["lobby_days"] = lobby_days
            if not changes:
                await self.room.require_mod(interaction)
                return Reply(self._settings_text(current, locale, ""))
            if not is_manager(interaction):
                raise Refused(M.settings_managers_only)
            updated = current.with_changes(**changes)
            await server_settings.save(self.room.service.store, interaction.guild_id, updated)
            return Reply(self._settings_text(updated, locale, M.settings_saved(locale)))
        await self.room.run(interaction, work)

    def _settings_text(self, settings: ServerSettings, locale: str, head: str) -> str:
        if settings.mod_role:
            role = f"<@&{settings.mod_role}>"  # shown as the role's name; the reply pings nobody
        elif self.room.config.mod_role:
            configured = self.room.config.mod_role
            shown = f"<@&{configured}>" if configured.isdigit() else f"`{configured}`"
            role = M.settings_role_operator.format(role=shown)(locale)
        else:
            role = M.settings_role_default(locale)
        if settings.deadline_hours:
            policy = M.policy_forfeit if settings.deadline_action == "forfeit" else M.policy_skip
            deadline = M.settings_deadline.format(hours=f"{settings.deadline_hours:g}", policy=policy)(locale)
        else:
            deadline = M.settings_no_deadline(locale)
        language = M.language_names[settings.language or ""](locale)
        if settings.clock:
            # A clock replaces the per-move deadline in new matches; what happens at its expiry stays.
            deadline = CLOCK_DEFAULT.format(clock=describe(from_place({"clock": settings.clock}) or ClockConfig("move"))
                                            )(locale)
        lines = [head] if head else []
        lines += [f"**{M.settings_title(locale)}**", M.settings_role.format(role=role)(locale), deadline]
        if settings.window:
            lines.append((WINDOW_DEFAULT + describe_window(timedelta(minutes=settings.window)))(locale))
        level = M.level_names.get(settings.takeover)
        takeover = M.settings_takeover.format(level=level)(locale) if level else M.settings_no_takeover(locale)
        rated = M.settings_rated if settings.rated else M.settings_casual
        lines += [M.settings_language.format(language=language)(locale), takeover, rated(locale),
                  LOBBY_DAYS_SET.format(days=settings.lobby_days)(locale), f"-# {M.settings_how(locale)}"]
        return "\n".join(lines)


CLOCK_DEFAULT = Text("Default clock for new matches: {clock}.", "新しい対戦の既定の持ち時間: {clock}。")
WINDOW_DEFAULT = Text("New matches: ", "新しい対戦: ")
LOBBY_DAYS_SET = Text("A lobby nobody joins closes after {days} days (its creator is told a day before).",
                      "誰も参加しない募集は{days}日後に締め切ります（前日に作成者へ通知）。")


def default_clock(raw: str) -> dict[str, Any] | None:
    """`bank:3d+6h grace=2h` (the options' syntax without `clock=`), or `none`."""
    if raw.strip().lower() in ("none", "off", "0"):
        return None
    options = parse_options("clock=" + raw.strip())
    place = clock_place(options)
    if options:
        raise Refused(Text(f"Only a clock goes here, not {', '.join(options)}.",
                           f"ここには持ち時間だけを書きます（{'、'.join(options)} は不可）。"), CLOCK_HINT)
    return dict(place["clock"])
