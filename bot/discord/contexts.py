"""Where each `/parley` command may run.

Discord decides where a command shows (`allowed_contexts`) and who may install
it (`allowed_installs`) per top-level command only, never per subcommand. So
`/parley` is offered everywhere (servers, the bot's DMs, group DMs; installed
by a server or by a user), and the bot itself refuses a match command that is
run where it cannot play: outside a server, or in a server that has not
installed Parley (a user-installed app there cannot post or open threads).
The lookups, which only read and answer privately, work everywhere.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from engine.core import Text
from events.errors import Refused

# Subcommands that read and answer privately, so they are safe wherever the user is,
# and the group of a player's own settings (theirs, not a server's).
LOOKUPS = frozenset({"games", "card", "mine", "stats", "rating", "profile"})
OWN = "me"

NOT_HERE = Text("Matches are played in a server that has added Parley; here you can look things up with "
                "`/parley card`, `mine`, `stats`, `rating` and `profile`.",
                "対戦は Parley を追加したサーバーで行います。ここでは `/parley card`・`mine`・`stats`・`rating`・"
                "`profile` で調べられます。")


OWN_ONLY = Text("Here you can look up only your own records; another player's are shown in a server you share "
                "with them.", "ここで調べられるのは自分の記録だけです。他のプレイヤーの記録は共通のサーバーで表示されます。")


class NotHere(app_commands.CheckFailure):
    """A match command run outside a server where Parley is installed."""

    def __init__(self) -> None:
        super().__init__(NOT_HERE.en)
        self.text = NOT_HERE


def installed_here(interaction: discord.Interaction) -> bool:
    """Run in a server that installed Parley (not as one user's app in someone else's server)."""
    return interaction.guild_id is not None and interaction.is_guild_integration()


def allowed(interaction: discord.Interaction) -> bool:
    """Whether the command may run here; raises NotHere when it may not."""
    command = interaction.command
    if installed_here(interaction) or command is None:
        return True
    top_level = command.parent is None or command.parent.parent is None
    if (top_level and command.name in LOOKUPS) or (not top_level and command.parent.name == OWN):
        return True
    raise NotHere


def everywhere() -> tuple[app_commands.AppCommandContext, app_commands.AppInstallationType]:
    """`/parley`'s contexts and installs: every place, both ways of installing."""
    return (app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True),
            app_commands.AppInstallationType(guild=True, user=True))


def servers_only() -> tuple[app_commands.AppCommandContext, app_commands.AppInstallationType]:
    """`/parley-mod`'s: moderation is a server's, installed by the server."""
    return app_commands.AppCommandContext(guild=True), app_commands.AppInstallationType(guild=True)


def without_dm_permission(data: dict[str, Any]) -> dict[str, Any]:
    """A top-level command's payload without `dm_permission`: discord.py still sends the deprecated
    field beside `contexts`, which supersede it."""
    data.pop("dm_permission", None)
    return data


def lookup_scope(interaction: discord.Interaction, user: discord.abc.User | None) -> tuple[str | None, discord.abc.User]:
    """(the server whose records a lookup reads, or None for every server; whose records).
    Outside a Parley server only the asker's own: which servers someone plays on is theirs to show."""
    target = user or interaction.user
    if installed_here(interaction):
        return str(interaction.guild_id), target
    if target.id != interaction.user.id:
        raise Refused(OWN_ONLY)
    return None, target
