"""Who counts as a moderator: Manage Server, or the moderator role (the server's
own, from `/parley-mod settings`, else the one the operator configured)."""

from __future__ import annotations

import discord


def is_manager(interaction: discord.Interaction) -> bool:
    """Manage Server (or Administrator): who may change the server's settings."""
    if interaction.guild_id is None:
        return False
    return bool(interaction.permissions.manage_guild or interaction.permissions.administrator)


def is_moderator(interaction: discord.Interaction, mod_role: str | None) -> bool:
    if interaction.guild_id is None:
        return False
    if is_manager(interaction):
        return True
    member = interaction.user
    if mod_role is None or not isinstance(member, discord.Member):
        return False
    if mod_role.isdigit():
        # By id, as the server's setting names it: the member's role from the
        # server's role list, which the gateway sends the bot (the `guilds`
        # intent) when it connects, before any interaction from that server.
        return member.get_role(int(mod_role)) is not None
    return any(role.name == mod_role for role in member.roles)
