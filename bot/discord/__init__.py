"""The Discord front end: slash commands, buttons, board posting and DMs over events.service."""
