"""Who moderates a match: one decision, made by the service before it appends
an undo, redo, abort, replacement, removal or a start by someone other than
the creator.

A moderator of a match is, and only is:
- someone its place names (`place["moderators"]`, written in `match_created`
  and so part of the log);
- someone granted moderation of the match's server (`place["guild"]`): the
  Discord front end checks Manage Server or the server's moderator role and
  records the grant in the store (kv scope `moderators`, key
  "<guild>/<player id>"), and withdraws it when that check later fails;
- the operator: the identity of the process holding the database (the
  command line), given to the service when it is built, never by a command.

The system's own actions (deadlines, aborting a match whose thread could not
be made) are not a moderator's and are not decided here. Replay checks only
that such events are marked as a moderator's (`authority.py`): grants are not
in the log, and old logs must keep replaying.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from engine.core import Text

from .errors import Refused

SCOPE = "moderators"


class Grants(Protocol):
    """The part of the store grants live in (its kv table)."""

    async def get_kv(self, scope: str, key: str) -> Any: ...

    async def set_kv(self, scope: str, key: str, value: Any) -> None: ...


def grant_key(guild: Any, player_id: str) -> str:
    return f"{guild}/{player_id}"


def is_moderator(actor: str, place: Mapping[str, Any], grant: Any, operator: str | None) -> bool:
    """The decision. `grant` is what the store holds for (the match's guild,
    `actor`): a dict while granted, None when never granted or withdrawn."""
    if operator is not None and actor == operator:
        return True
    named = place.get("moderators")
    if isinstance(named, list) and actor in named:
        return True
    return place.get("guild") is not None and isinstance(grant, dict)


async def grant_of(store: Grants, place: Mapping[str, Any], actor: str) -> Any:
    guild = place.get("guild")
    return None if guild is None else await store.get_kv(SCOPE, grant_key(guild, actor))


async def record(store: Grants, guild: Any, player_id: str, grant: dict[str, Any] | None) -> None:
    """Record (a dict saying how it was checked) or withdraw (None) a server's
    grant; written only when it changes, so a moderator's commands cost a read."""
    key = grant_key(guild, player_id)
    if (await store.get_kv(SCOPE, key) is None) != (grant is None):
        await store.set_kv(SCOPE, key, grant)


def not_moderator() -> Refused:
    return Refused(Text("Only a moderator of this match can do that.", "この対戦のモデレーターだけが実行できます。"),
                   Text("Moderators are set by the server (Manage Server or its moderator role); the command line "
                        "acts as the database's operator.",
                        "モデレーターはサーバーの設定（サーバー管理権限またはモデレーターロール）で決まります。"
                        "コマンドラインはデータベースの運営者として実行します。"))


__all__ = ["SCOPE", "Grants", "grant_key", "grant_of", "is_moderator", "not_moderator", "record"]
