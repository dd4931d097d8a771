"""The terminal front end: hot-seat play over the same match service and the
same action vocabulary as Discord. Reads a TTY or piped stdin, so matches
can be scripted; the match is saved after every move and can be resumed."""

from __future__ import annotations

import asyncio
import sys
import uuid
from collections.abc import Awaitable, Callable
from typing import TextIO

from engine.core import RuleError, Text, Viewer
from events.errors import StorageFault
from events.model import Player
from events.service import CommandResult, MatchService

from . import render

HELP = Text(
    "Type a number or an action from the list; `help` lists your actions, `board` shows the board, "
    "`hand` your private view, `log` the recent moves, `takeback` asks to take back your last action, "
    "`undo [N]` undoes N actions (as the table's moderator), `redo`, `quit` saves and leaves.",
    "一覧の番号か行動を入力します。`help` 行動一覧、`board` 盤面、`hand` 自分の非公開情報、`log` 最近の手、"
    "`takeback` 直前の行動の取り消し依頼、`undo [N]` N手戻す（卓のモデレーターとして）、`redo` やり直し、"
    "`quit` 保存して終了。")


RETRIES = 5


class Terminal:
    def __init__(self, service: MatchService, match_id: str, locale: str,
                 read: Callable[[], str | None], out: TextIO | None = None, screen: bool = False) -> None:
        # On a real screen shared by several people, hide one player's hand
        # before the next sits down (hot seat); scripted input needs no pause.
        self.screen = screen
        self.service = service
        self.match_id = match_id
        self.locale = locale
        self.read = read
        self.out = out
        self.shown_seq: int | None = None

    def say(self, text: str | Text) -> None:
        print(text(self.locale) if isinstance(text, Text) else text, file=self.out or sys.stdout, flush=True)

    async def show_board(self) -> None:
        ms = await self.service.get(self.match_id)
        viewer = Viewer(all_seeing=True) if ms.status in ("finished", "aborted") else Viewer()
        self.say(render.board(ms.game_id, await self.service.view(self.match_id, viewer), self.locale))

    async def show_private(self, seat: int) -> None:
        ms = await self.service.get(self.match_id)
        view = await self.service.view(self.match_id, Viewer.of(seat))
        self.say(render.private(ms.game_id, view, seat, self.locale))

    async def show_choices(self, player: Player, seat: int) -> None:
        for i, choice in enumerate(await self.service.choices(self.match_id, player.id, seat), start=1):
            self.say(f"  {i:>3}. {choice.label(self.locale)}    [{choice.code}]")

    async def run(self) -> int:
        await self.show_board()
        shown: tuple[int, int] | None = None
        last_player: str | None = None
        while True:
            ms = await self.service.get(self.match_id)
            if ms.status != "running":
                await self.show_board()
                if ms.outcome is not None:
                    names = ", ".join(ms.seats[w].name for w in ms.outcome.winners) or "-"
                    self.say(Text(f"Game over. Winner: {names}. {ms.outcome.reason.en}",
                                  f"ゲーム終了。勝者: {names}。{ms.outcome.reason.ja}"))
                return 0
            waiting = await self.service.waiting(self.match_id)
            pending, player = min(waiting, key=lambda w: (w[0].order, w[0].seat))
            if shown != (ms.seq, pending.seat):
                if self.screen and last_player not in (None, player.id):
                    self.say(Text(f"\nPass the keyboard to {player.name} and press Enter.",
                                  f"\n{player.name}さんに交代して Enter を押してください。"))
                    if self.read() is None:
                        continue
                    self.say("\033[2J\033[H")
                    await self.show_board()
                last_player = player.id
                self.say(Text(f"\n— {player.name} (seat {pending.seat + 1}): {pending.prompt.en}",
                              f"\n— {player.name}（{pending.seat + 1}番席）: {pending.prompt.ja}"))
                await self.show_private(pending.seat)
                await self.show_choices(player, pending.seat)
                shown = (ms.seq, pending.seat)
                self.shown_seq = ms.seq
            line = self.read()
            if line is None:
                self.say(Text(f"Input ended; the match is saved. Resume with: parley play --resume {self.match_id}",
                              f"入力が終わりました。対戦は保存済みです。再開: parley play --resume {self.match_id}"))
                return 0
            await self.command(line.strip(), player, pending.seat)

    async def send(self, command: Callable[[str], Awaitable[CommandResult]]) -> CommandResult:
        """Send one command with one id, retrying while the database is busy:
        a retry of a command that did land is answered with its first result,
        so it can never be played twice."""
        cid = f"terminal:{uuid.uuid4().hex}"
        for attempt in range(RETRIES):
            try:
                return await command(cid)
            except StorageFault as fault:
                if fault.kind != "locked" or attempt == RETRIES - 1:
                    raise
                await asyncio.sleep(0.2 * (attempt + 1))
        raise AssertionError("unreachable")

    async def command(self, line: str, player: Player, seat: int) -> None:
        word, _, rest = line.partition(" ")
        try:
            if not line:
                return
            if word in ("help", "?"):
                self.say(HELP)
                await self.show_choices(player, seat)
            elif word == "board":
                await self.show_board()
            elif word == "hand":
                await self.show_private(seat)
            elif word == "log":
                for e in (await self.service.events(self.match_id))[-10:]:
                    for x in e.payload.get("log", []):
                        self.say(f"  #{e.seq} {Text.from_json(x)(self.locale)}")
            elif word == "takeback":
                r = await self.send(lambda cid: self.service.request_takeback(self.match_id, player.id, cid))
                self.say(Text(f"Takeback requested ({len(r.events)} events).", f"取り消しを依頼しました（{len(r.events)}件）。"))
            elif word in ("accept", "decline") and (await self.service.get(self.match_id)).takeback:
                await self.send(lambda cid: self.service.answer_takeback(self.match_id, player.id, word == "accept", cid))
            elif word == "undo":
                await self.send(lambda cid: self.service.undo(self.match_id, "terminal", count=int(rest or 1),
                                                              reason="terminal undo", command_id=cid))
                await self.show_board()
            elif word == "redo":
                await self.send(lambda cid: self.service.redo(self.match_id, "terminal", reason="terminal redo",
                                                              command_id=cid))
                await self.show_board()
            elif word == "quit":
                raise SystemExit(0)
            else:
                # A listed number means the list shown at `shown_seq`: if the match moved
                # on meanwhile (another process), it is refused rather than misread.
                expected = self.shown_seq if line.isdigit() else None
                result = await self.send(lambda cid: self.service.act(self.match_id, player.id, line, seat=seat,
                                                                      command_id=cid, expected_seq=expected))
                for text in result.log:
                    self.say(f"  · {text(self.locale)}")
        except RuleError as err:
            self.say(Text("Refused: ", "できません: ")(self.locale) + err.message(self.locale))
        except ValueError:
            self.say(HELP)


def stdin_reader(prompt: str = "> ") -> Callable[[], str | None]:
    def read() -> str | None:
        try:
            return input(prompt) if sys.stdin.isatty() else (sys.stdin.readline() or None)
        except EOFError:
            return None
    return read
