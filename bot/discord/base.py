"""The `Room` each command group is given (bot/discord/core.py): the services it works over, and
the plumbing shared by every command and button: acknowledging, answering, resolving the match.

Every interaction goes through `Room.run`: it acknowledges at once (a
deferred, ephemeral response, well inside Discord's three seconds), does the
work, answers the user in their own language, and only then brings the
thread up to date. A refusal (`RuleError`) becomes an ephemeral explanation;
anything unexpected is logged with the match id and the user gets a short
apology, never a traceback. The interaction id is the command id, so a
retried interaction never plays twice; choices offered on buttons carry the
sequence they were offered at, so a double click is answered as stale.

The bot holds no lock of its own around a command: the match service
serialises commands per match, deduplicates by command id before anything
else, and re-checks `expected_seq` under its lock, so a check made here and
an append made there cannot be interleaved by another command.
"""

from __future__ import annotations

import contextvars
import hashlib
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from engine.core import RuleError, Text
from engine.core.actions import typed_number
from engine.core.text import echo
from events import moderators
from events.errors import Refused
from events.model import Player
from events.replay import MatchState
from events.service import CommandResult, MatchService

from . import settings as server_settings
from .config import Config
from .delivery import Delivery
from .dms import Click
from .i18n import M, locale_of
from .names import named
from .ops import ALREADY_ACKED, Ops, Outcome, Result
from .permissions import is_manager, is_moderator
from .projection import MESSAGE_LIMIT
from .settings import ServerSettings
from .split import split_message

log = logging.getLogger("parley.discord")

_MATCH: contextvars.ContextVar[str | None] = contextvars.ContextVar("parley_match", default=None)
PICKED = re.compile(r"^#(\d+):(\d+)$")  # an autocomplete pick: "#<seq>:<choice index>"


@dataclass
class Reply:
    content: str = ""  # any length: sent in as many messages as it needs, the view under the last
    view: discord.ui.View | discord.ui.LayoutView | None = None  # a layout (with no content) only with `replace`
    # Layout messages answering privately, in order, instead of `content` (a seat's hand, cut as its DM is).
    layouts: list[discord.ui.LayoutView] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    embeds: list[discord.Embed] = field(default_factory=list)
    replace: bool = False  # a component reply that replaces the clicked message (the replay viewer)
    sync: str | None = None  # the match whose thread to bring up to date afterwards


def match_id_for(interaction_id: int) -> str:
    """The id of the match a `/parley new` interaction creates: derived, not drawn,
    so a redelivered interaction names the match its first delivery made."""
    return hashlib.sha256(f"discord-interaction:{interaction_id}".encode()).hexdigest()[:10]


def parse_options(raw: str | None) -> dict[str, Any]:
    """`goal=5 deck=starter` or `goal=5, deck=starter` to a dict; numbers and booleans converted."""
    out: dict[str, Any] = {}
    for part in re.split(r"[,\s]+", (raw or "").strip()):
        if not part:
            continue
        if "=" not in part:
            raise Refused(Text(f"'{echo(part)}' is not key=value.", f"「{echo(part)}」は key=value 形式ではありません。"), M.bad_options)
        key, _, value = part.partition("=")
        number = typed_number(value)
        v: Any = value if number is None else number
        if value.lower() in ("true", "false"):
            v = value.lower() == "true"
        out[key.strip()] = v
    if "cards" in out:
        # A card-set option may name a file on the server: only its operator may
        # (through the terminal front end), never a Discord user.
        raise Refused(Text("Custom card sets cannot be chosen from Discord.",
                           "独自のカードセットはDiscordからは指定できません。"),
                      Text("Ask the bot's operator to load your card file.", "ボットの運営者にカードファイルの読み込みを依頼してください。"))
    return out


class Room:
    """What every command group works over, handed to each (bot/discord/core.py) rather than
    inherited: the client, the match service and its Delivery, the operator's Config, the
    server's settings and moderators, and `run`, the one way an interaction is answered."""

    def __init__(self, client: discord.Client, service: MatchService, config: Config) -> None:
        self.client = client
        self.service = service
        self.config = config
        self.delivery = Delivery(client, service, config)
        # Called with each match id after its thread is brought up to date: a league
        # (bot/discord/league.py) moves on as soon as its round's last match ends.
        self.after_sync: list[Callable[[str], Awaitable[None]]] = []

    # -- plumbing -------------------------------------------------------------------------

    @staticmethod
    def locale(interaction: discord.Interaction) -> str:
        return locale_of(interaction)

    @staticmethod
    def player(interaction: discord.Interaction) -> Player:
        user = interaction.user
        return Player(id=f"discord:{user.id}", name=user.display_name, locale=locale_of(interaction))

    async def run(self, interaction: discord.Interaction, work: Callable[[], Awaitable[Reply]], *,
                  match_id: str | None = None) -> None:
        # A modal opened from a button answers like the button: on that message; one
        # opened by a command (no message) answers in a private message of its own.
        component = interaction.type is discord.InteractionType.component or (
            interaction.type is discord.InteractionType.modal_submit and interaction.message is not None)
        locale = self.locale(interaction)
        acked = True
        deferred = await Ops.defer(interaction, update=component)
        if deferred.outcome is Outcome.GONE:
            # Expired before we could answer (a stall over three seconds): the user
            # already saw "interaction failed", so doing the work now would surprise them.
            log.warning("interaction %s expired before it was acknowledged, match %s", interaction.id, match_id or "-")
            return
        if not deferred.ok:
            if deferred.code != ALREADY_ACKED:
                deferred.expect()  # raises: Discord trouble, not a second delivery
            # Already acknowledged: Discord delivered this interaction twice. The
            # work still runs (it is idempotent by interaction id) but cannot answer.
            acked = False
        try:
            reply = await work()
        except RuleError as err:
            reply = Reply(await self.refusal(err, locale, match_id))
        except Exception:
            data: dict[str, Any] = dict(interaction.data or {})
            known = match_id or _MATCH.get()
            if known is None and interaction.channel_id is not None:
                known = await self.delivery.match_in(interaction.channel_id)
            log.exception("interaction %s (%s) failed, match %s", interaction.id,
                          data.get("name") or data.get("custom_id"), known or "-")
            reply = Reply(M.apology(locale))
        # A move made on a DM's menu: the answer is that DM refreshed, what the move did on
        # top (no REST edit, no reply of its own); answered as usual if it was not.
        click = Click(interaction, reply.content) if acked and component and interaction.guild_id is None \
            and reply.sync and not (reply.replace or reply.view or reply.layouts or reply.files or reply.embeds) else None
        if acked and click is None:
            await self._answer_or_log(interaction, reply, component, match_id)
        if reply.sync:
            await self.sync(reply.sync, click, answering=True)
        if click is not None and not click.used:
            await self._answer_or_log(interaction, reply, component, match_id)

    async def _answer_or_log(self, interaction: discord.Interaction, reply: Reply, component: bool,
                             match_id: str | None) -> None:
        answered = await self._answer(interaction, reply, component)
        if not answered.ok:
            log.error("could not answer interaction %s, match %s: %s", interaction.id, match_id or reply.sync,
                      answered.text or answered.outcome)

    async def refusal(self, err: RuleError, locale: str, match_id: str | None) -> str:
        """A refusal as the user reads it: a seat the rules name is named by its player."""
        text = err.message(locale)
        if locale == "ja":
            text = text.replace("。 ", "。")  # RuleError joins its two sentences with an English space
        known = match_id or _MATCH.get()
        if "⟦" in text and known:
            try:
                text = named(text, await self.service.get(known), locale)
            except Exception:  # a refusal about a match that cannot be read: say it as it is
                log.warning("could not name the seats in a refusal, match %s", known, exc_info=True)
        return text

    async def _answer(self, interaction: discord.Interaction, reply: Reply, component: bool) -> Result:
        if isinstance(reply.view, discord.ui.LayoutView):  # the clicked layout message, redrawn in place
            reply.view.stop()
            return await Ops.edit_response(interaction, view=reply.view)
        if reply.layouts:
            return await self._answer_layouts(interaction, reply.layouts, component and not reply.replace)
        parts: list[str | None] = list(split_message(reply.content, MESSAGE_LIMIT)) if reply.content else [
            None if reply.embeds or reply.files else "…"]
        last = len(parts) - 1
        result = Result(Outcome.DELIVERED)
        for i, part in enumerate(parts):
            kwargs: dict[str, Any] = {"content": part}
            if i == 0:
                kwargs.update(embeds=reply.embeds)
            if i == last and reply.view is not None:
                kwargs["view"] = reply.view
            if i == 0 and not (component and not reply.replace):
                # The deferred response (or, for `replace`, the clicked message) becomes the first part.
                kwargs.setdefault("view", None)
                result = await Ops.edit_response(interaction, attachments=reply.files, **kwargs)
            else:
                if i == 0:
                    kwargs["files"] = reply.files
                result = await Ops.followup(interaction, **{k: v for k, v in kwargs.items() if v is not None})
            if not result.ok:
                break
        if reply.view is not None:
            # Its items dispatch by custom id (views.DYNAMIC_ITEMS), so the view object need not
            # listen; discord.py would otherwise keep an ephemeral one alive on a 15-minute timer.
            reply.view.stop()
        return result

    @staticmethod
    async def _answer_layouts(interaction: discord.Interaction, layouts: list[discord.ui.LayoutView],
                              beside: bool) -> Result:
        """Private layout messages: the deferred response (for `replace`, the clicked message) becomes
        the first, unless they go `beside` a clicked message (a board's hand button: the board stays)."""
        result = Result(Outcome.DELIVERED)
        for i, layout in enumerate(layouts):
            layout.stop()  # dispatched by custom id (views.DYNAMIC_ITEMS), as `_answer` says
            first = i == 0 and not beside
            # A clicked classic message (a card's choices) becomes a layout one: its text goes.
            result = await (Ops.edit_response(interaction, view=layout, content=None, embeds=[]) if first
                            else Ops.followup(interaction, view=layout))
            if not result.ok:
                break
        return result

    async def sync(self, match_id: str, clicked: Click | None = None, *, answering: bool = False) -> None:
        try:
            await self.delivery.sync(match_id, clicked=clicked, answering=answering)
        except Exception:
            log.exception("match %s: updating the thread failed; it is repaired on the next change or start",
                          match_id)
        for hook in self.after_sync:
            try:
                await hook(match_id)
            except Exception:
                log.exception("match %s: a follow-up of its update failed", match_id)

    async def server_settings(self, interaction: discord.Interaction) -> ServerSettings:
        return await server_settings.load(self.service.store, interaction.guild_id)

    async def is_mod(self, interaction: discord.Interaction) -> bool:
        """Manage Server, or the server's moderator role (else the operator's PARLEY_MOD_ROLE)."""
        return await self._mod_grant(interaction) is not None

    async def _mod_grant(self, interaction: discord.Interaction) -> dict[str, str | None] | None:
        """How the user moderates this server, or None."""
        if is_manager(interaction):
            return {"via": "manage_server"}
        role = (await self.server_settings(interaction)).mod_role or self.config.mod_role
        return {"via": "role", "role": role} if is_moderator(interaction, role) else None

    async def require_mod(self, interaction: discord.Interaction) -> None:
        """Checked here as well as hidden by the command group's default permissions:
        a server may grant the moderator commands to anyone in its own settings."""
        if not await self.check_mod(interaction):
            raise Refused(M.not_moderator, M.not_moderator_hint)

    async def check_mod(self, interaction: discord.Interaction) -> bool:
        """`is_mod`, with its answer recorded as the server's grant (or its withdrawal):
        the service, which only knows the store, checks every moderator command against it."""
        grant = await self._mod_grant(interaction)
        if interaction.guild_id is not None:
            await moderators.record(self.service.store, interaction.guild_id, self.player(interaction).id, grant)
        return grant is not None

    async def resolve(self, interaction: discord.Interaction, given: str | None) -> MatchState:
        """The match a command is about: the `match` option, else the thread it is run in,
        else the one open match of this server the user plays in (if there is exactly one)."""
        match_id = (given or "").strip() or None
        if match_id is None and interaction.channel_id is not None:
            match_id = await self.delivery.match_in(interaction.channel_id)
        if match_id is None and interaction.guild_id is not None:
            me = f"discord:{interaction.user.id}"
            rows = await self.service.store.matches(guild=str(interaction.guild_id), status=("lobby", "running"),
                                                    limit=1000)
            mine = [r.id for r in rows if me in r.players]
            if len(mine) == 1:
                match_id = mine[0]
            elif mine:
                ids = ", ".join(f"`{m}`" for m in mine[:10])
                raise Refused(M.which_match.format(ids=ids), M.no_match_hint)
        if match_id is None:
            raise Refused(M.no_match_here, M.no_match_hint)
        _MATCH.set(match_id)  # for the error log, should anything below fail
        ms = await self.service.get(match_id)
        guild = ms.place.get("guild")
        # A match belongs to its server: ids typed in another server (or a DM, for
        # anything but your own seat) are refused like unknown ones.
        if interaction.guild_id is not None and guild is not None and str(interaction.guild_id) != str(guild):
            raise Refused(Text(f"There is no match {match_id}.", f"対戦 {match_id} は存在しません。"))
        return ms

    def done(self, result: CommandResult, locale: str, fallback: Text, ms: MatchState) -> str:
        if result.duplicate:
            return M.duplicate(locale)
        lines = [named(t(locale), ms, locale) for t in result.log]
        return M.done.format(what=" / ".join(lines) if lines else named(fallback(locale), ms, locale))(locale)
