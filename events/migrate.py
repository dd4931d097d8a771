"""Copy a whole database from one recorder to another (SQLite to PostgreSQL,
or back), then prove the copy.

Events are copied as stored (payload text, version, times, command ids and
chain hashes), never re-derived, so every match's chain recomputes on the
target to the same head. Secrets, match rows, the newest snapshot of each
ruleset and the front ends' key-value bookkeeping come along. The proof, per
match: the same events, the same row and secret, the chain holds (or breaks
exactly where it broke on the source) with the same head, and, unless told
not to, `verify_match` on the target (the log replays under the live rules).

A target that already holds a match is refused: running the migration twice
can neither duplicate nor half-overwrite anything. Stop the bot first; a
match that moves during the copy is reported, not silently copied torn.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core import Text

from .chain import canonical_payload
from .deckrecords import CARD_SET_COLUMNS, DECK_COLUMNS, PICK_COLUMNS, CardSetFile, SavedDeck
from .errors import Refused
from .model import Event
from .recorder import Dumpable, Picked, Recorder, StoredRow
from .store import MatchRow, Store


@dataclass
class MigrationReport:
    matches: int = 0
    events: int = 0
    snapshots: int = 0
    kv: int = 0
    prefs: int = 0
    decks: int = 0  # saved decks, card sets and lobby picks
    lines: list[Text] = field(default_factory=list)
    ok: bool = True

    def fail(self, text: Text) -> None:
        self.ok = False
        self.lines.append(Text("✗ ", "✗ ") + text)

    def good(self, text: Text) -> None:
        self.lines.append(Text("✓ ", "✓ ") + text)


class _SqliteFile:
    """The raw side of a SQLite store, read from its file in one read
    transaction: a consistent picture even if something writes meanwhile."""

    def __init__(self, path: str) -> None:
        self._conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self._conn.execute("BEGIN")

    async def _all(self, sql: str, *args: Any) -> list[Any]:
        return await asyncio.to_thread(lambda: self._conn.execute(sql, args).fetchall())

    async def stored_events(self, match_id: str) -> list[StoredRow]:
        return [tuple(r) for r in await self._all(  # type: ignore[misc]
            "SELECT seq, type, version, actor, command_id, at, payload, hash FROM events "
            "WHERE match_id = ? ORDER BY seq", match_id)]

    async def stored_snapshots(self, match_id: str) -> list[tuple[int, str, bytes]]:
        return [(int(s), r, bytes(b)) for s, r, b in await self._all(
            "SELECT seq, ruleset, state FROM snapshots WHERE match_id = ? ORDER BY seq", match_id)]

    async def kv_items(self) -> list[tuple[str, str, Any]]:
        return [(s, k, json.loads(v)) for s, k, v in await self._all("SELECT scope, key, value FROM kv ORDER BY 1, 2")]

    async def deck_items(self) -> tuple[list[SavedDeck], list[CardSetFile], list[Picked]]:
        return ([SavedDeck(*r) for r in await self._all(f"SELECT {DECK_COLUMNS} FROM decks ORDER BY 1, 2, 3")],
                [CardSetFile(*r) for r in await self._all(f"SELECT {CARD_SET_COLUMNS} FROM card_sets ORDER BY 1, 2, 3")],
                [tuple(r) for r in await self._all(f"SELECT {PICK_COLUMNS} FROM lobby_decks ORDER BY 1, 2")])

    def close(self) -> None:
        self._conn.close()


def _raw_side(source: Recorder) -> Dumpable:
    if isinstance(source, Dumpable):
        return source
    if isinstance(source, Store) and source.path != ":memory:":
        return _SqliteFile(source.path)
    raise Refused(Text("This database cannot be read raw for a migration.", "このデータベースは移行用に読み出せません。"))


def _as_event(match_id: str, row: StoredRow) -> Event:
    seq, etype, version, actor, command_id, at, text, chain = row
    # As stored, not upcast: the target must hash the same fields the source did.
    return Event.model_construct(match_id=match_id, seq=seq, type=etype, version=version, actor=actor,
                                 command_id=command_id, at=at, payload=json.loads(text), hash=chain)


def _newest_per_ruleset(snaps: list[tuple[int, str, bytes]]) -> list[tuple[int, str, bytes]]:
    newest: dict[str, tuple[int, str, bytes]] = {}
    for seq, ruleset, blob in snaps:
        if ruleset not in newest or seq > newest[ruleset][0]:
            newest[ruleset] = (seq, ruleset, blob)
    return list(newest.values())


async def copy_database(source: Recorder, target: Recorder, *, replay: bool = True,
                        progress: Callable[[int, int], None] | None = None) -> MigrationReport:
    """Copy everything from `source` into the empty `target`, then verify the copy."""
    if await target.matches(limit=1, leagues=None):
        raise Refused(Text("The target database already holds matches, so nothing was copied.",
                           "移行先のデータベースにはすでに対戦があるため、何もコピーしませんでした。"),
                      Text("Migrate into a new, empty database.", "新しい空のデータベースへ移行してください。"))
    raw = _raw_side(source)
    report = MigrationReport()
    try:
        rows = list(reversed(await source.matches(limit=2**31 - 1, leagues=None)))  # oldest first, leagues too
        heads: dict[str, tuple[int | None, str, int]] = {}
        for n, row in enumerate(rows, start=1):
            stored = await raw.stored_events(row.id)
            if (stored[-1][0] if stored else 0) != row.last_seq:
                report.fail(Text(f"Match {row.id} moved during the copy (stop the bot first); it was not copied.",
                                 f"対戦 {row.id} はコピー中に進行したため、コピーしませんでした（先にボットを止めてください）。"))
                continue
            odd = [r[0] for r in stored if canonical_payload(json.loads(r[6])) != r[6]]
            if odd:
                report.fail(Text(f"Match {row.id}: events {odd[:10]} are stored in a non-canonical form (edited by "
                                 "hand), so their copies cannot hash the same.",
                                 f"対戦 {row.id}: イベント{odd[:10]}は正規形でない形で保存されており（手で編集）、"
                                 "コピーは同じハッシュになりません。"))
            await target.import_match(row, await source.secret(row.id), [_as_event(row.id, r) for r in stored])
            snaps = _newest_per_ruleset(await raw.stored_snapshots(row.id))
            await asyncio.gather(*(target.save_snapshot(row.id, seq, ruleset, blob) for seq, ruleset, blob in snaps))
            heads[row.id] = (*await source.chain_break(row.id), len(stored))
            report.matches += 1
            report.events += len(stored)
            report.snapshots += len(snaps)
            if progress is not None:
                progress(n, len(rows))
        items = await raw.kv_items()
        await asyncio.gather(*(target.set_kv(scope, key, value) for scope, key, value in items))
        report.kv = len(items)
        prefs = await source.player_prefs()
        await asyncio.gather(*(target.set_player_prefs(p) for p in prefs.values()))
        report.prefs = len(prefs)
        saved, card_sets, picks = await raw.deck_items()
        await asyncio.gather(*(target.save_deck(d) for d in saved), *(target.save_card_set(c) for c in card_sets),
                             *(target.pick_deck(*p) for p in picks))
        report.decks = len(saved) + len(card_sets) + len(picks)
    finally:
        if isinstance(raw, _SqliteFile):
            raw.close()
    await _verify(source, target, heads, report, replay)
    return report


async def _verify(source: Recorder, target: Recorder, heads: dict[str, tuple[int | None, str, int]],
                  report: MigrationReport, replay: bool) -> None:
    from .service import MatchService
    from .verify import verify_match

    service = MatchService(target)
    bad = 0
    for match_id, (broken, head, count) in heads.items():
        copied: MatchRow | None = await target.match(match_id)
        same = copied == await source.match(match_id) and \
            await target.secret(match_id) == await source.secret(match_id) and \
            len(await target.events(match_id)) == count and \
            await target.chain_break(match_id) == (broken, head)
        if not same:
            bad += 1
            report.fail(Text(f"Match {match_id}: the copy differs from the source (row, secret, events or chain).",
                             f"対戦 {match_id}: コピーが移行元と異なります（行・秘密値・イベント・チェーン）。"))
            continue
        if broken is not None:
            report.lines.append(Text(f"Match {match_id}: its chain already broke at event {broken} on the source; "
                                     "copied as it is.", f"対戦 {match_id}: 移行元ですでにイベント{broken}でチェーンが"
                                     "途切れていました。そのままコピーしました。"))
            continue
        if replay:
            try:
                verdict = (await verify_match(service, match_id)).ok
            except Exception:  # a game this installation lacks, a log that does not load
                verdict = False
            finally:
                service.forget(match_id)
            if not verdict and await _verifies(source, match_id):
                bad += 1
                report.fail(Text(f"Match {match_id} verifies on the source but not on the copy.",
                                 f"対戦 {match_id} は移行元では検証に通りますが、コピーでは通りません。"))
            elif not verdict:
                report.lines.append(Text(f"Match {match_id} does not verify on the source either; copied as it is.",
                                         f"対戦 {match_id} は移行元でも検証に通りません。そのままコピーしました。"))
    raw = _raw_side(target)
    try:
        kv = await raw.kv_items()
    finally:
        if isinstance(raw, _SqliteFile):
            raw.close()
    if len(kv) != report.kv:
        bad += 1
        report.fail(Text(f"{len(kv)} bookkeeping entries on the target, {report.kv} copied.",
                         f"移行先の管理データは{len(kv)}件、コピーしたのは{report.kv}件です。"))
    if await target.player_prefs() != await source.player_prefs():
        bad += 1
        report.fail(Text("Players' settings (vacations, digests) differ on the target.",
                         "移行先のプレイヤー設定（休暇・ダイジェスト）が移行元と異なります。"))
    if not bad:
        how = "every chain recomputed to the same head" + (" and every match replayed" if replay else "")
        how_ja = "すべてのチェーンが同じ先頭ハッシュに再計算され" + ("、すべての対戦を再生できました" if replay else "ました")
        matches = f"{report.matches} match" + ("" if report.matches == 1 else "es")
        report.good(Text(f"Copied {matches} ({report.events} events, {report.snapshots} snapshots, "
                         f"{report.kv} bookkeeping entries); {how}.",
                         f"{report.matches}件の対戦（イベント{report.events}件、スナップショット{report.snapshots}件、"
                         f"管理データ{report.kv}件）をコピーし、{how_ja}。"))


async def _verifies(recorder: Recorder, match_id: str) -> bool:
    from .service import MatchService
    from .verify import verify_match

    try:
        return (await verify_match(MatchService(recorder), match_id)).ok
    except Exception:
        return False


__all__ = ["MigrationReport", "copy_database"]
