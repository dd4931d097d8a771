"""Parley's front ends: the Discord bot and the terminal, over events.service."""
