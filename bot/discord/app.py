"""The Discord client: start-up, restart safety, and the two entry points the CLI calls.

No privileged intents: interactions arrive without any, and the bot never
reads message content or member lists.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands

from events.gcpause import settle, unsettle
from events.recorder import Recorder
from events.service import FRESH_FOR, MatchService
from events.stores import open_store

from .base import Room
from .cog import ModGroup, ParleyGroup
from .config import Config, ConfigError, load_config
from .contexts import NotHere
from .core import Parley
from .decks import CARD_SET_FORM, DECK_FORM
from .i18n import M, ParleyTranslator, locale_of
from .league import LeagueGroup
from .matchdecks import DECK_ITEMS
from .newform import FORM as NEW_FORM
from .newform import FORM_ITEMS
from .ops import SAFE_MENTIONS, Ops
from .quiet import silence_voice_notice
from .repair import repair
from .scheduler import Scheduler
from .views import DYNAMIC_ITEMS, JUMP_PREFIX, clicked, modal_value

log = logging.getLogger("parley.discord")

# Every item the bot posts, run from its custom id (views.clicked): posted before this start too.
CLICKABLE = (*DYNAMIC_ITEMS, *DECK_ITEMS, *FORM_ITEMS)


class ParleyBot(discord.Client):
    def __init__(self, config: Config, *, background: bool = True, commands_only: bool = False,
                 emoji: bool = True, settle_gc: bool = True, **kwargs: Any) -> None:
        # Nothing the bot sends pings anyone unless that call names whom (ops.pinging):
        # text from players or moderators ("@everyone" as a name or a reason) never notifies.
        kwargs.setdefault("allowed_mentions", SAFE_MENTIONS)
        silence_voice_notice()
        super().__init__(intents=discord.Intents.none() | discord.Intents(guilds=True), **kwargs)
        self.config = config
        self.background = background  # tests drive repair and the scheduler themselves
        self.commands_only = commands_only  # `sync-commands`: the tree, without touching the database
        self.emoji = emoji and not commands_only  # tests opt in: uploading emoji is one call per picture
        # Tests opt out: settling collects a test process's whole heap, 0.1 s a start and again at close.
        self.settle_gc = settle_gc
        self.emoji_ready: asyncio.Task[int] | None = None
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        self.store: Recorder | None = None
        self.room: Room | None = None
        self.parley: Parley | None = None
        self.scheduler: Scheduler | None = None
        self.repaired: asyncio.Task[int] | None = None

    async def setup_hook(self) -> None:
        self.store = await open_store(":memory:" if self.commands_only else self.config.db)
        service = MatchService(self.store, fresh_for=FRESH_FOR)
        # Cold start is lazy: a match is rebuilt (from its newest snapshot) when it
        # is first touched, so thousands of running matches cost nothing until then.
        # What lives for the whole run (modules, codecs, and from then on cached
        # matches and views) leaves the GC's scanned generations, so collections
        # stay short however many matches are cached (events/gcpause.py).
        if self.settle_gc:
            settle()
        self.room = Room(self, service, self.config)
        self.parley = Parley(self.room)
        p = self.parley
        self.tree.add_command(ParleyGroup(play=p.play, form=p.form, orders=p.orders, clocks=p.clocks, subs=p.subs,
                                          records=p.records, stats=p.stats, ratings=p.ratings, profiles=p.profiles,
                                          vacation=p.vacation, cards=p.cards, decks=p.decks))
        self.tree.add_command(ModGroup(play=p.play, moderation=p.moderation, ratings=p.ratings))
        self.tree.add_command(LeagueGroup(self.room))
        await self.tree.set_translator(ParleyTranslator())
        self.scheduler = Scheduler(self.room)
        if self.config.dev_guild is not None and not self.commands_only:
            await self._publish_to_dev_guild()
        if self.emoji:
            # The application's emoji for dice faces and pieces, made once per application (the
            # missing ones) in the background: boards are plain text until they exist.
            self.emoji_ready = asyncio.create_task(self.room.delivery.emoji.ensure(), name="parley-emoji")
        if self.background and not self.commands_only:
            self.repaired = asyncio.create_task(repair(service, self.room.delivery), name="parley-repair")
            self.scheduler.start()

    async def publish(self) -> list[app_commands.AppCommand]:
        """Publish the command tree: to PARLEY_DEV_GUILD alone when it is set (it shows there at once,
        and every other server keeps the global commands it has), else globally."""
        if self.config.dev_guild is None:
            return await self.tree.sync()
        guild = discord.Object(self.config.dev_guild)
        self.tree.copy_global_to(guild=guild)
        return await self.tree.sync(guild=guild)

    async def _publish_to_dev_guild(self) -> None:
        """A test bot's commands follow its code at every start; a failure is logged, not fatal."""
        try:
            synced = await self.publish()
        except discord.HTTPException as exc:
            log.error("PARLEY_DEV_GUILD=%s: the commands could not be published there (%s); is the bot in that "
                      "server, invited with the applications.commands scope?", self.config.dev_guild, exc)
            return
        log.info("published %d command(s) to the test server %s", len(synced), self.config.dev_guild)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Clicks and modal submissions by custom id (discord.py only routes modals it holds in
        memory, and would rebuild a clicked message's whole view to route a click)."""
        if interaction.type is discord.InteractionType.component:
            await clicked(interaction, CLICKABLE)
            return
        if interaction.type is not discord.InteractionType.modal_submit or self.parley is None:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if custom_id.startswith(JUMP_PREFIX):
            await self.parley.records.replay_jump(interaction, custom_id[len(JUMP_PREFIX):], modal_value(data, "turn"))
        elif custom_id.startswith(NEW_FORM):
            await self.parley.form.new_form_submitted(interaction, data)
        elif custom_id.startswith(DECK_FORM):
            await self.parley.decks.deck_submitted(interaction, data)
        elif custom_id.startswith(CARD_SET_FORM):
            await self.parley.decks.card_set_submitted(interaction, data)

    async def close(self) -> None:
        if self.scheduler is not None:
            await self.scheduler.stop()
        await super().close()
        if self.room is not None and self.store is not None and not self.commands_only:
            # The next start loads each cached match from a snapshot at its last event.
            await self.room.service.checkpoint()
        if self.store is not None:
            await self.store.close()
            self.store = None
        if self.settle_gc:
            unsettle()  # the process may go on (a restart): leave the collector as it was

    async def _on_tree_error(self, interaction: discord.Interaction,
                             error: app_commands.AppCommandError) -> None:
        """Errors before a handler runs (option conversion, checks): never a traceback to the user."""
        if isinstance(error, NotHere):  # a match command outside a Parley server: the user's slip, not ours
            await Ops.reply(interaction, error.text(locale_of(interaction)))
            return
        log.exception("app command error in interaction %s", interaction.id, exc_info=error)
        text = M.apology(locale_of(interaction))
        if isinstance(error, app_commands.NoPrivateMessage):
            text = M.guild_only(locale_of(interaction))
        await Ops.reply(interaction, text)  # nothing more to do if even that fails


def _config() -> Config:
    try:
        return load_config()
    except ConfigError as exc:
        raise SystemExit(str(exc)) from None  # a clear message, not a traceback


class ShardedParleyBot(ParleyBot, discord.AutoShardedClient):
    """One of several processes, each serving its own range of Discord shards
    over one PostgreSQL database (docs/scaling.md)."""

    def __init__(self, config: Config, **kwargs: Any) -> None:
        super().__init__(config, shard_ids=list(config.shard_ids or ()), shard_count=config.shard_count, **kwargs)


def bot_class(config: Config) -> type[ParleyBot]:
    return ShardedParleyBot if config.shard_ids is not None else ParleyBot


def run() -> None:
    """`parley bot`: validate the environment, then run until stopped."""
    config = _config()
    discord.utils.setup_logging(level=logging.INFO)
    try:
        bot_class(config)(config).run(config.token, log_handler=None)
    except discord.LoginFailure as exc:
        raise SystemExit("Discord rejected PARLEY_DISCORD_TOKEN; copy the bot token again from the developer "
                         "portal (Bot -> Reset Token).") from exc


def sync_commands() -> None:
    """`parley sync-commands`: publish the command tree once (Discord limits daily creations)."""
    config = _config()
    discord.utils.setup_logging(level=logging.INFO)

    async def main() -> None:
        bot = ParleyBot(config, background=False, commands_only=True)
        async with bot:
            await bot.login(config.token)
            synced = await bot.publish()
            where = "globally" if config.dev_guild is None else f"to the server {config.dev_guild} only"
            log.info("synced %d command(s) %s: %s", len(synced), where, ", ".join(c.name for c in synced))
    asyncio.run(main())
