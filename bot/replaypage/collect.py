"""What a replay page is made of, read from the store: the match rebuilt after
every event that moves the board, the public log, and the fairness proof.

Only a match that is over may be read this way: its secret, and with it every
hand and deck, is public then, and never before."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core import Text
from engine.core.text import LOCALES
from events.bots import shown_name
from events.errors import Refused
from events.model import Event, Player
from events.replay import MatchState, rebuild
from events.verify import verify_match

if TYPE_CHECKING:
    from events.service import MatchService

FINISHED = ("finished", "aborted")
# Events after which the board (or who is still playing) may differ: each is a stop.
STOPS = ("match_started", "action", "revert", "player_removed", "player_replaced", "match_aborted")


@dataclass(frozen=True)
class Stop:
    seq: int
    turn: int
    kind: str
    ms: MatchState


@dataclass
class Finished:
    """A finished match ready to draw. `log` holds (seq, turn, line) for every event;
    `names` each seat's name by language (a bot is named in the reader's)."""

    final: MatchState
    names: dict[str, list[str]]
    stops: list[Stop]
    log: list[tuple[int, int, Text]]
    secret: str
    verified: bool
    proof: list[Text] = field(default_factory=list)


def not_over(match_id: str) -> Refused:
    return Refused(Text(f"Match {match_id} is still running: its replay page is made once it has finished.",
                        f"対戦 {match_id} は進行中です。リプレイページは対戦の終了後に作成できます。"),
                   Text("Hands and the shuffle secret stay hidden until the end.",
                        "手札とシャッフルの秘密値は終了まで公開されません。"))


def _joined(payload: dict[str, Any], locale: str) -> str:
    """The name of the player a player_joined event seats, as a reader of `locale` sees it."""
    player = payload.get("player")
    return shown_name(Player.model_validate(player), locale) if isinstance(player, dict) else "?"


def _line(event: Event) -> list[Text]:
    """What the log says about an event: the game's own public lines for an action."""
    p = event.payload
    kind = event.type
    if kind == "action":
        lines = [Text.from_json(x) for x in p.get("log") or []]
        return lines or [Text(f"⟦{p['seat']}⟧ acted.", f"⟦{p['seat']}⟧が行動しました。")]
    if kind == "standing_orders":
        return []  # a seat's own instruction: its moves say they were ordered, its setting is no line
    seat = p.get("seat")
    said: dict[str, Text] = {
        "match_created": Text("Match created.", "対戦が作成されました。"),
        "player_joined": Text(f"{_joined(p, 'en')} joined.", f"{_joined(p, 'ja')}が参加しました。"),
        "player_left": Text("A player left the lobby.", "プレイヤーが募集から抜けました。"),
        "match_started": Text("The match started.", "対戦が始まりました。"),
        "revert": Text(f"A moderator undid play back to event {p.get('to_seq')}.",
                       f"モデレーターがイベント{p.get('to_seq')}の時点まで手を戻しました。"),
        "player_removed": Text(f"⟦{seat}⟧ left the match (forfeit).", f"⟦{seat}⟧が対戦から退きました（投了）。"),
        "player_replaced": Text(f"Seat {(seat or 0) + 1} was handed to another player.",
                                f"{(seat or 0) + 1}番席が別のプレイヤーに交代しました。"),
        "match_aborted": Text("The match was aborted.", "対戦は中止されました。"),
        "takeback_requested": Text(f"⟦{seat}⟧ asked to take a move back.", f"⟦{seat}⟧が待ったを求めました。"),
        "takeback_answered": Text(f"⟦{seat}⟧ answered the takeback request.", f"⟦{seat}⟧が待ったに答えました。"),
        "note": Text(f"⟦{seat}⟧ asked for more time.", f"⟦{seat}⟧が持ち時間の延長を求めました。")
        if p.get("clock") == "extension" else Text("A moderator added a note.", "モデレーターがメモを追加しました。"),
    }
    lines = [said.get(kind, Text(kind, kind))]
    if kind == "player_removed" and p.get("takeover"):
        lines.append(Text(f"A bot ({p['takeover']}) plays the seat from now on.",
                          f"以後はボット（{p['takeover']}）がこの席を代打ちします。"))
    return lines


async def collect(service: MatchService, match_id: str) -> Finished:
    ms = await service.get(match_id)
    secret = await service.revealed_secret(match_id)
    if ms.status not in FINISHED or secret is None:
        raise not_over(match_id)
    events = await service.store.events(match_id)
    report = await verify_match(service, match_id)
    after: dict[int, MatchState] = {}

    def keep(event: Event, before: MatchState, state: MatchState, step: Any) -> None:
        if event.type in STOPS and state.state is not None:
            after[event.seq] = state

    final, _ = rebuild(events, secret, check=keep)
    stops: list[Stop] = []
    log: list[tuple[int, int, Text]] = []
    turn = 0
    for e in events:
        if e.type == "action":
            turn = int(e.payload.get("turn", turn))
        log.extend((e.seq, turn, line) for line in _line(e))
        if e.seq in after:
            stops.append(Stop(e.seq, turn, e.type, after[e.seq]))
    if not stops:
        raise Refused(Text(f"Match {match_id} ended before it started: there is no board to replay.",
                           f"対戦 {match_id} は開始前に終了したため、再生する盤面がありません。"))
    names = {loc: [shown_name(p, loc) for p in final.seats] for loc in LOCALES}
    return Finished(final, names, stops, log, secret.hex(), report.ok, list(report.lines))
