"""Warlords TCG, scenario 2 "Glory Road" (2-8 players), with an original sample card set."""
