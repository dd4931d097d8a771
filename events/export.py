"""Export a match as JSON Lines, and import such a file to replay it elsewhere.

A running match is exported redacted for players: other seats' raw actions
(which may name cards from a hand) are left out, only their public log lines
remain. Moderators get every action. The secret is in an export only once the
match is over; so only finished matches can be imported and replayed."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from engine.core import Text, commitment

from .errors import Refused
from .model import Event
from .replay import MatchState, outcome_json, rebuild
from .store import MatchRow

if TYPE_CHECKING:
    from .service import MatchService

FORMAT = "parley-match"
FORMAT_VERSION = 1


def redact(event: Event, seat: int | None) -> dict[str, Any]:
    """An event as a player at `seat` (None: spectator) may read it during the match."""
    data = event.model_dump()
    if event.type == "action" and event.payload.get("seat") != seat:
        data["payload"] = {k: v for k, v in event.payload.items() if k != "action"}
        data["payload"]["redacted"] = True
    return data


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
    for e in events:
        lines.append(e.model_dump() if full else redact(e, seats[0] if len(seats) == 1 else None))
    return "\n".join(json.dumps(x, ensure_ascii=False, sort_keys=True) for x in lines) + "\n"


def _refuse(en: str, ja: str) -> Refused:
    return Refused(Text(en, ja), Text("Export the match again once it has finished.",
                                      "対戦の終了後にもう一度エクスポートしてください。"))


async def import_jsonl(service: MatchService, text: str, *, match_id: str | None = None) -> MatchState:
    """Load an exported finished match, check it replays, and store it."""
    rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    if not rows or rows[0].get("format") != FORMAT:
        raise _refuse("This is not a Parley match export.", "Parleyの対戦エクスポートではありません。")
    header, raw = rows[0], rows[1:]
    if header.get("redacted") or "secret" not in header:
        raise _refuse("Only a finished match's full export can be imported: a running match's secret never "
                      "leaves the server.", "取り込めるのは終了した対戦の完全なエクスポートだけです。"
                      "進行中の対戦の秘密鍵はサーバーの外に出ません。")
    secret = bytes.fromhex(header["secret"])
    if commitment(secret) != header["commitment"]:
        raise _refuse("The secret does not match the match's commitment.", "秘密鍵がコミットメントと一致しません。")
    new_id = match_id or header["match_id"]
    events = [Event(**{**r, "match_id": new_id}) for r in raw]
    ms, _ = rebuild(events, secret)
    first = events[0]
    place = first.payload.get("place", {})
    row = MatchRow(new_id, ms.game_id, ms.ruleset, first.at, events[-1].at, ms.status, ms.commitment,
                   place.get("guild"), place.get("channel"), [p.id for p in ms.seats],
                   outcome_json(ms) or None, events[-1].seq)
    await service.store.import_match(row, secret, events)
    service.forget(new_id)
    return await service.get(new_id)
