"""Who counts as a moderator: Manage Server, or the role an administrator configured."""

from __future__ import annotations

import discord


def is_moderator(interaction: discord.Interaction, mod_role: str | None) -> bool:
    if interaction.guild_id is None:
        return False
    if interaction.permissions.manage_guild or interaction.permissions.administrator:
        return True
    member = interaction.user
    if mod_role is None or not isinstance(member, discord.Member):
        return False
    if mod_role.isdigit():
        # Raw role ids from the interaction payload: works even when the
        # guild's role list is not cached.
        return int(mod_role) in member._roles
    return any(role.name == mod_role for role in member.roles)
