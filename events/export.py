"""Export a match as JSON Lines, and import such a file to replay it elsewhere.

A running match is exported redacted for players: other seats' raw actions
(which may name cards from a hand) are left out, only their public log lines
and seals remain, so the chain can still be checked from the export. Moderators get every action. The secret is in an export only once the
match is over; so only finished matches can be imported and replayed."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from engine.core import RuleError, Text, commitment
from engine.core.userjson import BadJson, load_json, too_big

from .chain import canonical_payload, first_break
from .errors import Refused, ReplayError
from .model import Event
from .replay import MatchState, outcome_json, rebuild
from .seal import SEALED, bad_seals, hides, public_part, unsealed
from .store import MatchRow

if TYPE_CHECKING:
    from .service import MatchService

FORMAT = "parley-match"
FORMAT_VERSION = 1
# An 8-player Warlords self-play match (758 events) exports as 550 KB; the
# bound, ninety times that, only keeps a file of any size from being read
# whole into memory and the log.
MAX_IMPORT = 50_000_000  # characters


def redact(event: Event, seat: int | None) -> dict[str, Any]:
    """An event as a player at `seat` (None: spectator) may read it during the match.
    A sealed event keeps its hash: the chain hashes its seal, not what it hides."""
    data = event.model_dump()
    # A start's hidden decks belong to no one seat: every player's export leaves them out.
    if hides(event.type, event.payload) and (seat is None or event.payload.get("seat") != seat):
        data["payload"] = public_part(event.type, event.payload)
        data["payload"]["redacted"] = True
        if SEALED not in event.payload:
            data["hash"] = None
    return data


def _unsealed_hidden(lines: list[dict[str, Any]]) -> bool:
    return any(line.get("payload", {}).get("redacted") and line.get("hash") is None for line in lines)


async def export_jsonl(service: MatchService, match_id: str, *, player_id: str | None = None,
                       moderator: bool = False) -> str:
    ms = await service.get(match_id)
    events = await service.store.events(match_id)
    over = ms.status in ("finished", "aborted")
    secret = await service.revealed_secret(match_id) if over else None
    seats = ms.seat_of(player_id) if player_id else []
    full = over or moderator
    header = {"format": FORMAT, "version": FORMAT_VERSION, "match_id": ms.match_id, "game": ms.game_id,
              "ruleset": ms.ruleset, "status": ms.status, "commitment": ms.commitment,
              "players": [p.model_dump() for p in (ms.seats or ms.lobby)], "redacted": not full}
    if secret is not None:
        header["secret"] = secret.hex()
    lines = [header]
    body = [e.model_dump() if full else redact(e, seats[0] if len(seats) == 1 else None) for e in events]
    if _unsealed_hidden(body):
        # A log from before seals hashed hidden actions whole, and every later
        # hash chains on those: none of them may leave while the match runs.
        for line in body:
            line["hash"] = None
    lines.extend(body)
    return "\n".join(json.dumps(x, ensure_ascii=False, sort_keys=True) for x in lines) + "\n"


def _refuse(en: str, ja: str) -> Refused:
    return Refused(Text(en, ja), Text("Export the match again once it has finished.",
                                      "対戦の終了後にもう一度エクスポートしてください。"))


def _bad_file(why_en: str, why_ja: str) -> Refused:
    return Refused(Text(f"This file cannot be imported: {why_en}.", f"このファイルは取り込めません: {why_ja}。"),
                   Text("Import the file exactly as `parley export` wrote it.",
                        "`parley export` が書き出したとおりのファイルを取り込んでください。"))


def _parse(text: str) -> tuple[dict[str, Any], list[Event]]:
    if len(text) > MAX_IMPORT:
        said = too_big(len(text), MAX_IMPORT).what
        raise _bad_file(f"it{said.en}", f"ファイル{said.ja}")
    rows: list[Any] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append(load_json(line, MAX_IMPORT))
        except BadJson as exc:
            raise _bad_file(f"line {number}{exc.what.en}", f"{number}行目{exc.what.ja}") from exc
    if not rows or not isinstance(rows[0], dict) or rows[0].get("format") != FORMAT:
        raise _refuse("This is not a Parley match export.", "Parleyの対戦エクスポートではありません。")
    header = rows[0]
    version = header.get("version", FORMAT_VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _bad_file("its format version is not a number", "形式のバージョンが数ではありません")
    if version > FORMAT_VERSION:
        raise _bad_file("it was written by a newer Parley", "新しい Parley で書き出されています")
    try:
        events = [Event.model_validate({**r, "match_id": "import"}) for r in rows[1:]]
    except (ValidationError, TypeError) as exc:
        raise _bad_file("an event is malformed", "形式の正しくないイベントがあります") from exc
    if not events:
        raise _bad_file("it has no events", "イベントがありません")
    return header, events


async def import_jsonl(service: MatchService, text: str, *, match_id: str | None = None,
                       running: bool = False) -> MatchState:
    """Load an exported finished match, check its chain and that it replays under
    the service's rules, and store it marked as imported: a whole match can be
    invented or rewritten with a consistent chain, and nothing posted while it
    was played vouches for it here, so it is shown but never counted in records.
    Anything else is refused with one line.
    `running` also takes a running match whose file carries its secret: only the
    recorded corpus (tests/corpus) has such files, since an export never does."""
    header, events = _parse(text)
    importable = ("finished", "aborted", "running") if running else ("finished", "aborted")
    if header.get("redacted") or "secret" not in header or header.get("status") not in importable:
        raise _refuse("Only a finished match's full export can be imported: a running match's secret never "
                      "leaves the server.", "取り込めるのは終了した対戦の完全なエクスポートだけです。"
                      "進行中の対戦の秘密値はサーバーの外に出ません。")
    try:
        secret = bytes.fromhex(header["secret"])
    except (TypeError, ValueError) as exc:
        raise _bad_file("the secret is not hexadecimal", "秘密値が16進数ではありません") from exc
    if commitment(secret) != header.get("commitment"):
        raise _refuse("The secret does not match the match's commitment.", "秘密値がコミットメントと一致しません。")
    broken = first_break((e.seq, e.type, e.version, e.actor, e.command_id, e.at, canonical_payload(e.payload), e.hash)
                         for e in events)
    if broken is not None:
        raise _bad_file(f"its hash chain breaks at event {broken} (edited after export)",
                        f"ハッシュチェーンがイベント{broken}で途切れています（書き出し後に編集されています）")
    forged = bad_seals(secret, [(e.seq, e.type, e.payload) for e in events])
    if forged or (events[0].payload.get("seals") and any(unsealed(e.type, e.payload)
                                                          for e in events)):
        at = (forged or [next(e.seq for e in events if unsealed(e.type, e.payload))])[0]
        raise _bad_file(f"event {at} does not match its seal (edited after it was played)",
                        f"イベント{at}が封印と一致しません（対局後に書き換えられています）")
    new_id = match_id or str(header.get("match_id") or "")
    if not new_id:
        raise _bad_file("it names no match", "対戦IDがありません")
    events = [e.model_copy(update={"match_id": new_id}) for e in events]
    try:
        ms, _ = rebuild(events, secret)
    except ReplayError as exc:
        raise _bad_file(f"it does not replay ({exc})", f"再生できません（{exc}）") from exc
    except (RuleError, LookupError, TypeError, ValueError, AttributeError) as exc:  # a forged log's junk
        raise _bad_file(f"it does not replay ({type(exc).__name__})", f"再生できません（{type(exc).__name__}）") from exc
    if ms.status not in importable:
        raise _refuse("The log does not end the match, so it cannot be imported.",
                      "ログが対戦の終了まで記録されていないため取り込めません。")
    if commitment(secret) != ms.commitment:
        raise _refuse("The secret does not match the commitment in the log.", "秘密値がログ内のコミットメントと一致しません。")
    if await service.store.match(new_id) is not None:
        raise Refused(Text(f"A match {new_id} is already in this database.", f"対戦 {new_id} はすでにこのデータベースにあります。"),
                      Text("Import it under another id with --match-id.", "--match-id で別のIDを付けて取り込めます。"))
    first = events[0]
    place = first.payload.get("place")
    place = place if isinstance(place, dict) else {}
    row = MatchRow(new_id, ms.game_id, ms.ruleset, first.at, events[-1].at, ms.status, ms.commitment,
                   place.get("guild"), place.get("channel"), [p.id for p in ms.seats],
                   outcome_json(ms) or None, events[-1].seq, imported=True)
    await service.store.import_match(row, secret, events)
    service.forget(new_id)
    return await service.get(new_id)
