"""A match id as typed in the terminal: the whole id, or enough of its start
to name one match (ids are ten random characters, so a few usually do)."""

from __future__ import annotations

from engine.core import Text
from events.errors import Refused, not_found
from events.recorder import Recorder
from events.store import LEAGUE

SHOWN = 8  # candidates named in the refusal of an ambiguous prefix


async def resolve(store: Recorder, typed: str, leagues: bool | None = False) -> str:
    """The id of the one match whose id is `typed` or starts with it (a
    league's too when `leagues` is None, as the store's `matches` takes it)."""
    typed = typed.strip()
    if not typed:
        raise not_found(typed)
    row = await store.match(typed)
    if row is not None and (leagues is None or (row.game == LEAGUE) == leagues):
        return typed
    found = sorted(r.id for r in await store.matches(limit=2**31 - 1, leagues=leagues) if r.id.startswith(typed))
    if not found:
        raise not_found(typed)
    if len(found) == 1:
        return found[0]
    raise _ambiguous(typed, found)


def _ambiguous(typed: str, found: list[str]) -> Refused:
    listed = ", ".join(found[:SHOWN])
    more = len(found) - SHOWN
    rest = Text(f" and {more} more", f" ほか{more}件") if more > 0 else Text("", "")
    return Refused(Text(f"'{typed}' starts several match ids: {listed}{rest.en}.",
                        f"「{typed}」で始まる対戦IDが複数あります: {listed}{rest.ja}。"),
                   Text("Type more of the id.", "IDをもう少し長く入力してください。"))
