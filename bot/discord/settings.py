"""Per-server settings, kept in the store's kv table (scope `discord:settings`,
keyed by the server's id): who moderates, the deadline new matches get when
their creator sets none (a per-move deadline or a clock, events/clock.py),
the response window they get (events/window.py), the language of new matches' threads, and the bot
level that takes over a seat whose player forfeits or is removed.

A server that set nothing has the operator's PARLEY_MOD_ROLE, no deadline,
the server's own Discord language, and a normal bot taking over a left seat
(or the game's own bot where it has no search): a seat that only passed for
the rest of the match distorted the game for everyone still playing."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Protocol

SETTINGS = "discord:settings"
DEADLINE_ACTIONS = ("skip", "forfeit")
LANGUAGES = ("en", "ja")
TAKEOVERS = ("off", "easy", "normal", "hard")
# A week: long enough for a weekly group to see a lobby, short enough that the hall lists live ones.
LOBBY_DAYS = 7


class KeyValues(Protocol):
    """The part of the event store settings live in (its kv table)."""

    async def get_kv(self, scope: str, key: str) -> Any: ...

    async def set_kv(self, scope: str, key: str, value: Any) -> None: ...


@dataclass(frozen=True)
class ServerSettings:
    mod_role: str | None = None  # a role id; None: the operator's PARLEY_MOD_ROLE
    deadline_hours: float | None = None  # None: new matches have no deadline unless their creator sets one
    deadline_action: str = "skip"
    language: str | None = None  # "en" or "ja"; None: the server's Discord language
    clock: dict[str, Any] | None = None  # events/clockconfig.to_json; None: new matches get the deadline above
    window: int | None = None  # minutes of a response window (events/window.py); None: none
    takeover: str = "normal"  # who plays a left seat in new matches: a bot level, or "off" (the default move)
    rated: bool = True  # new matches count on the server's ladders unless their creator says casual
    lobby_days: int = LOBBY_DAYS  # a lobby nobody joins closes after this many days (bot/discord/expiry.py)

    @staticmethod
    def from_json(data: dict[str, Any] | None) -> ServerSettings:
        data = data or {}
        hours = data.get("deadline_hours")
        action = data.get("deadline_action")
        language = data.get("language")
        role = data.get("mod_role")
        clock = data.get("clock")
        window = data.get("window")
        takeover = data.get("takeover")
        rated = data.get("rated")
        days = data.get("lobby_days")
        return ServerSettings(rated=rated if isinstance(rated, bool) else True,
                              lobby_days=days if isinstance(days, int) and days > 0 else LOBBY_DAYS,
                              mod_role=str(role) if role else None, clock=clock if isinstance(clock, dict) else None,
                              window=window if isinstance(window, int) and window > 0 else None,
                              deadline_hours=float(hours) if hours else None,
                              deadline_action=action if action in DEADLINE_ACTIONS else "skip",
                              language=language if language in LANGUAGES else None,
                              takeover=takeover if takeover in TAKEOVERS else "normal")

    def with_changes(self, **changes: Any) -> ServerSettings:
        return replace(self, **changes)


async def load(store: KeyValues, guild_id: int | str | None) -> ServerSettings:
    if guild_id is None:
        return ServerSettings()
    return ServerSettings.from_json(await store.get_kv(SETTINGS, str(guild_id)))


async def save(store: KeyValues, guild_id: int | str, settings: ServerSettings) -> None:
    await store.set_kv(SETTINGS, str(guild_id), asdict(settings))
