"""discord.py's start-up notice that voice is unavailable, kept out of the log.

Parley never joins a voice channel, so a missing PyNaCl or davey costs it
nothing; yet discord.py warns about each on every start, and an operator
reading the log takes two WARNING lines for a broken install. Only that notice
is dropped: every other record of discord.py's client logger, warnings
included, passes.
"""

from __future__ import annotations

import logging

VOICE_NOTICE = "voice will NOT be supported"


class VoiceNotice(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return VOICE_NOTICE not in str(record.msg)


def silence_voice_notice() -> None:
    """Idempotent; before the first client is made, which is when discord.py warns (once per process)."""
    client_log = logging.getLogger("discord.client")
    if not any(isinstance(f, VoiceNotice) for f in client_log.filters):
        client_log.addFilter(VoiceNotice())
