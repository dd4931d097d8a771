"""The recorder interface: what the service, verify, export, self-play and the
front ends may ask of an event store, whichever database is behind it.

Two implementations: `events.store.Store` (SQLite, the embedded default) and
`events.pgstore.PgStore` (PostgreSQL, for several processes); `events.stores.
open_store` picks one from a path or URL. Both keep the same promises: one
transaction per append batch, the chain hash computed from the previous row
inside it, a taken seq raises `Conflict`, a repeated command id
`DuplicateCommand`, and a storage failure a `StorageFault` only when nothing
was written. A lost connection (PostgreSQL only) is settled by asking the
server before answering; when it cannot answer in time the store raises
`errors.OutcomeUnknown`, which says the command may have been recorded.

`Dumpable` is the narrower, raw side a migration reads: rows exactly as
stored (payload text and version before upcasting, so the chain recomputes
byte for byte), every snapshot and the front ends' key-value bookkeeping.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

from .deckrecords import CardSetFile, SavedDeck
from .model import Event, NewEvent
from .prefs import FIELDS, PlayerPrefs
from .rows import Peek
from .store import MatchRow, Opened

T = TypeVar("T")

# (seq, type, version, actor, command_id, at, payload text, hash): what chain.first_break reads.
StoredRow = tuple[int, str, int, str, str | None, str, str, str]
Picked = tuple[str, str, str, str]  # a lobby pick: match id, player, deck name, deck text
Loaded = dict[str, tuple[bytes, list[Event], dict[str, tuple[int, bytes]]]]


class Recorder(Protocol):
    """An append-only match log with the projections the service keeps beside it."""

    async def close(self) -> None: ...

    async def schema_version(self) -> int: ...

    # -- writing -----------------------------------------------------------------

    async def create_match(self, row: MatchRow, secret: bytes, first: NewEvent) -> Event: ...

    async def append(self, match_id: str, after: int, new: Sequence[NewEvent], at: str, *,
                     status: str | None = None, players: list[str] | None = None,
                     result: dict[str, Any] | None = None) -> list[Event]: ...

    async def import_match(self, row: MatchRow, secret: bytes, events: Sequence[Event]) -> None: ...

    async def save_snapshot(self, match_id: str, seq: int, ruleset: str, blob: bytes) -> None: ...

    async def set_kv(self, scope: str, key: str, value: Any) -> None: ...

    async def set_kvs(self, items: Sequence[tuple[str, str, Any]]) -> None:
        """Several kv records (scope, key, value) written together: one hand-off, one commit."""
        ...

    async def set_player_prefs(self, prefs: PlayerPrefs, fields: tuple[str, ...] = FIELDS) -> None:
        """Write `fields` of `prefs` (all by default), leaving the player's other settings as they are."""
        ...

    # -- reading -----------------------------------------------------------------

    async def events(self, match_id: str, after: int = 0, upto: int | None = None) -> list[Event]: ...

    async def fold(self, match_id: str, fn: Callable[[list[Event]], T], after: int = 0,
                   upto: int | None = None) -> T:
        """`fn` of the events `events` would return, as a replay reads them (their hash and command
        id left None: `rows.replay_events`), run where the store reads them (SQLite: on its database
        thread, so `fn` must be pure): how a rebuild reads a log."""
        ...

    async def last_seq(self, match_id: str) -> int | None: ...

    async def head(self, match_id: str, command_id: str | None = None) -> tuple[int, int | None] | None:
        """(newest seq, seq of the event recorded for `command_id` or None) in one
        round trip; None when there is no such match."""
        ...

    async def chain_break(self, match_id: str) -> tuple[int | None, str]: ...

    async def find_command(self, match_id: str, command_id: str) -> Event | None: ...

    async def match(self, match_id: str) -> MatchRow | None: ...

    async def matches(self, *, guild: str | None = None, status: Iterable[str] | None = None,
                      limit: int = 1000, leagues: bool | None = False) -> list[MatchRow]:
        """Newest first; leagues (events/league/) only when `leagues` is True, both when None."""
        ...

    async def bulk(self, match_ids: Sequence[str]) -> Loaded: ...

    async def written_since(self, since: str, *, guild: str | None = None, local: bool = False,
                            game: str | None = None, status: Iterable[str] | None = None) -> list[MatchRow]:
        """Matches (never imported) last written at or after `since`, oldest first, of one server
        (`guild`), of none (`local`) or of all: where a cached projection continues from."""
        ...

    async def logs(self, match_ids: Sequence[str]) -> dict[str, list[Event]]:
        """The events of many matches (those with none left out), without secrets or snapshots."""
        ...

    async def peeks(self, match_ids: Sequence[str], types: Sequence[str]) -> dict[str, list[Peek]]:
        """Of many matches (those with none left out), the events of `types` and each one's last event
        but notes, as `rows.Peek`s (that last event's payload empty unless of `types`)."""
        ...

    async def opening(self, match_ids: Sequence[str]) -> dict[str, Opened]:
        """What cold loads of these matches need, from their newest snapshots on
        (events.store.Opened); matches that do not exist are absent."""
        ...

    async def secret(self, match_id: str) -> bytes: ...

    async def latest_snapshot(self, match_id: str, ruleset: str,
                              upto: int | None = None) -> tuple[int, bytes] | None: ...

    async def get_kv(self, scope: str, key: str) -> Any: ...

    async def get_kvs(self, wanted: Sequence[tuple[str, str]]) -> dict[tuple[str, str], Any]:
        """Several kv records by (scope, key) in one read; a missing one is absent."""
        ...

    async def player_prefs(self, players: Sequence[str] | None = None) -> dict[str, PlayerPrefs]: ...

    async def backup(self, target: str | Path) -> None: ...

    # -- saved decks, card sets and lobby picks (events/decks.py) --------------------------

    async def save_deck(self, deck: SavedDeck) -> None: ...

    async def delete_deck(self, owner: str, game: str, name: str) -> None: ...

    async def decks(self, owner: str, game: str | None = None) -> list[SavedDeck]: ...

    async def save_card_set(self, card_set: CardSetFile) -> None: ...

    async def card_sets(self, guild: str, game: str | None = None) -> list[CardSetFile]: ...

    async def pick_deck(self, match_id: str, player: str, name: str, text: str) -> None: ...

    async def lobby_decks(self, match_id: str) -> dict[str, tuple[str, str]]: ...

    @property
    def round_trips(self) -> int:
        """Statements sent to the database so far, each a wait on it (a thread
        hand-off for SQLite, a message to the server for PostgreSQL)."""
        ...


@runtime_checkable
class Dumpable(Protocol):
    """The raw contents a migration copies."""

    async def stored_events(self, match_id: str) -> list[StoredRow]: ...

    async def stored_snapshots(self, match_id: str) -> list[tuple[int, str, bytes]]: ...

    async def kv_items(self) -> list[tuple[str, str, Any]]: ...

    async def deck_items(self) -> tuple[list[SavedDeck], list[CardSetFile], list[Picked]]:
        """Every saved deck, card set and lobby pick (events/decks.py)."""
        ...


__all__ = ["Dumpable", "Loaded", "Picked", "Recorder", "StoredRow"]
