"""The terminal front end: hot-seat play over the same match service and the
same action vocabulary as Discord. Reads a TTY or piped stdin, so matches
can be scripted; the match is saved after every move and can be resumed."""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import select
import shlex
import sys
import uuid
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from engine.core import Choice, RuleError, Text, Viewer, pick_locale, seat_ref, with_names
from engine.core.actions import typed_number
from engine.core.premoves import typed as typed_order
from events import window
from events.bots import bot_level, shown_name
from events.clockfeed import ClockFeed
from events.errors import NoSuchMatch, StorageFault
from events.history import Lineage, lineage
from events.model import Event, Player
from events.replay import MatchState
from events.service import CommandResult, MatchService

from . import render
from .clocktext import clock_lines, terminal_time, window_lines
from .standing import ORDER_SET, ORDERS_CANCELLED, order_help, orders_lines

HELP = Text(
    "Type a number from the list or an action (its code, shown by `help`). `menu` shows the list again, `back` "
    "leaves a group, `card NAME` shows a card in full, `board` the board, `hand` your private view, `log` the "
    "recent moves, `takeback` asks to take back your last action, `undo [N]` undoes N actions (as the table's "
    "moderator), `redo`, `order ...` sets a standing order (`order` alone explains them), `premove if KIND "
    "then ACTION` a conditional premove where the game allows them, `orders` lists yours, `cancel` drops them, `quit` saves and leaves.",
    "一覧の番号か行動（そのコードは `help` で表示）を入力します。`menu` 一覧の再表示、`back` グループから戻る、"
    "`card 名前` カードの全文、`board` 盤面、`hand` 自分の非公開情報、`log` 最近の手、`takeback` 直前の行動の取り消し依頼、"
    "`undo [N]` N手戻す（卓のモデレーターとして）、`redo` やり直し、`order ...` 事前指示の設定（`order` だけで説明）、"
    "`premove if 種類 then 行動` 条件付きプレムーブ（使えるゲームのみ）、`orders` 事前指示の一覧、`cancel` 事前指示の取り消し、`quit` 保存して終了。")

# Beyond this many choices, a menu whose choices carry groups is offered group first.
MENU_LIMIT = 12
RETRIES = 5
# A searching bot answers within about a second; a command that has not come
# back by then says why the terminal is quiet, once.
THINKING_AFTER = 0.3
THINKING = Text("(the bots are thinking…)", "（ボットが考えています…）")
# Clear the screen and the scroll-back, so the previous player's hand cannot be scrolled back to.
CLEAR = "\033[H\033[2J\033[3J"
BULLET = "  · "
RUN_OF = Text("  {who}:", "  {who}：")  # heads one player's lines in what a player sitting down reads
TAKEN_BACK = Text("Taken back: {line}", "取り消し: {line}")
BROUGHT_BACK = Text("Brought back: {line}", "復元: {line}")
NO_MOVES = Text("No moves yet.", "まだ手はありません。")


def refusal(err: RuleError, locale: str) -> str:
    """A refusal's text, naming the terminal's commands; Japanese sentences
    follow one another without a space."""
    if isinstance(err, NoSuchMatch):
        err = err.listed_by("parley list")
    text = err.message(locale)
    return text.replace("。 ", "。") if pick_locale(locale) == "ja" else text


def resume_command(match_id: str, db: Path | str | None = None) -> str:
    """The command that continues a match; it names the database unless it is the default one."""
    return f"parley play --resume {match_id}" + (f" --db {shlex.quote(str(db))}" if db is not None else "")


def action_lines(e: Event) -> list[Text]:
    """An action as its public log lines tell it."""
    return [Text.from_json(x) for x in e.payload.get("log", [])] or [
        Text("{who} acts.", "{who}が行動しました。").format(who=seat_ref(e.payload["seat"]))]


def revert_lines(e: Event, lin: Lineage | None) -> list[Text]:
    """A revert: where play went back to, then (given the log's lineage) each
    action it took back or, for a redo, brought back."""
    p = e.payload
    kind, to = p.get("kind"), p.get("to_seq")
    if kind == "takeback":
        head = Text(f"The action is taken back: back to event {to}.", f"行動が取り消されました。イベント{to}の時点に戻りました。")
    else:
        what = Text("redone", "やり直し") if kind == "redo" else Text("undone", "取り消し")
        why = f" ({p['reason']})" if p.get("reason") else ""
        head = Text(f"Moves {what.en} by a moderator: back to event {to}{why}.",
                    f"モデレーターによる{what.ja}: イベント{to}の時点に戻りました{why}。")
    if lin is None:
        return [head]
    gone, back = lin.reverted(e.seq)
    return ([head] + [TAKEN_BACK.format(line=line) for a in gone for line in action_lines(a)]
            + [BROUGHT_BACK.format(line=line) for a in back for line in action_lines(a)])


def saved_hint(match_id: str, db: Path | str | None = None) -> Text:
    command = resume_command(match_id, db)
    return Text(f"The match is saved. Resume with: {command}", f"対戦は保存済みです。再開: {command}")


@dataclass(frozen=True)
class Entry:
    """One numbered line of a menu: a choice, or a group of several."""

    label: Text
    picks: tuple[int, ...]  # indices into the decision's choices
    group: bool = False


def entries(choices: Sequence[Choice], picks: Sequence[int] | None = None, depth: int = 0) -> list[Entry]:
    """One level of a menu over `picks` (all choices at the top): every choice,
    or for a long list whose choices carry a stage at this depth (their group at
    the top, their subgroup within a group), one line per stage (a stage of one
    is its choice)."""
    picks = range(len(choices)) if picks is None else picks
    if len(picks) <= MENU_LIMIT or all(choices[i].stage(depth) is None for i in picks):
        return [Entry(choices[i].label, (i,)) for i in picks]
    order: list[Text | int] = []
    members: dict[Text, list[int]] = {}
    for i in picks:
        stage = choices[i].stage(depth)
        if stage is None:
            order.append(i)
        else:
            if stage not in members:
                members[stage] = []
                order.append(stage)
            members[stage].append(i)
    out = []
    for key in order:
        if isinstance(key, int):
            out.append(Entry(choices[key].label, (key,)))
        elif len(members[key]) == 1:
            out.append(Entry(choices[members[key][0]].label, (members[key][0],)))
        else:
            n = len(members[key])
            out.append(Entry(key + Text(f" ({n} choices)", f"（{n}件）"), tuple(members[key]), group=True))
    return out


@dataclass
class Menu:
    """The choices of one decision point and where in them the player is
    (`opened`: the groups opened, outermost first; `back` closes the last)."""

    seq: int
    choices: list[Choice]
    top: list[Entry] = field(default_factory=list)
    opened: list[Entry] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.top = entries(self.choices)

    @property
    def staged(self) -> bool:
        return any(e.group for e in self.top)

    def level(self) -> list[Entry]:
        if not self.opened:
            return self.top
        return entries(self.choices, self.opened[-1].picks, len(self.opened))


class Terminal:
    def __init__(self, service: MatchService, match_id: str, locale: str,
                 read: Callable[[], str | None], out: TextIO | None = None, screen: bool = False,
                 db: Path | str | None = None, since: int | None = None) -> None:
        # On a real screen shared by several people, hide one player's hand
        # before the next sits down (hot seat); scripted input needs no pause.
        self.screen = screen
        self.service = service
        self.match_id = match_id
        self.locale = locale
        self.read = read
        self.out = out
        self.db = db  # named in the resume hint when the match is not in the default database
        self.seen = since  # the last event whose lines were shown (None: the match as it is now)
        self.names: list[str] = []
        self.sent: set[str] = set()  # command ids of this terminal: their effects need no redraw
        self.menu: Menu | None = None
        self.shown: tuple[object, ...] | None = None
        self.at_keyboard: str | None = None
        self.board_fresh = False
        # Public lines since the last hand-over, shown again after the screen is cleared,
        # each with the seat whose action it tells (None: not an action).
        self.recent: deque[tuple[int | None, str]] = deque(maxlen=40)
        # Undo and redo at this keyboard are the database's operator's (bot/cli.py
        # builds the service with one); without one the service refuses them.
        self.moderator = service.operator or ""
        self.clock_feed = ClockFeed(service.store)

    # -- output --------------------------------------------------------------

    def text(self, text: str | Text) -> str:
        """Engine text as a person reads it: their language, players' names for seat tokens."""
        s = text(self.locale) if isinstance(text, Text) else text
        return with_names(s, self.names, self.locale)

    def say(self, text: str | Text) -> None:
        print(self.text(text), file=self.out or sys.stdout, flush=True)

    def resume_hint(self) -> Text:
        return saved_hint(self.match_id, self.db)

    async def show_board(self) -> None:
        ms = await self.service.get(self.match_id)
        viewer = Viewer(all_seeing=True) if ms.status in ("finished", "aborted") else Viewer()
        self.say(render.board(ms.game_id, await self.service.view(self.match_id, viewer), self.locale))
        # Redrawn when asked, so the time left is as of now (events/clock.py).
        clock = await self.clock_feed.clocks(ms, datetime.now(UTC))
        if clock is not None:
            for line in clock_lines(*clock, [p.name for p in ms.seats], terminal_time, live=True):
                self.say(line)
        for line in window_lines(ms.place):
            self.say(line)
        self.board_fresh = True

    async def show_private(self, seat: int) -> None:
        ms = await self.service.get(self.match_id)
        view = await self.service.view(self.match_id, Viewer.of(seat))
        self.say(render.private(ms.game_id, view, seat, self.locale))

    def show_menu(self, codes: bool = False) -> None:
        if self.menu is None:
            return
        menu = self.menu
        level = menu.level()
        if menu.opened:
            self.say(Text("{g}:", "{g}:").format(g=menu.opened[-1].label))
        labels = [self.text(e.label) for e in level]
        twice = Counter(labels)
        for i, (entry, label) in enumerate(zip(level, labels, strict=True), start=1):
            if not entry.group and (codes or twice[label] > 1):
                label += f"    [{menu.choices[entry.picks[0]].code}]"
            self.say(f"  {i:>3}. {label}")
        if menu.opened and any(e.group for e in level):
            self.say(Text("  (a number opens a group; `back` returns to the list before)",
                          "  （番号でグループを開く。`back` で前の一覧に戻る）"))
        elif menu.opened:
            self.say(Text("  (a number picks; `back` returns to the list)", "  （番号で選択。`back` で一覧に戻る）"))
        elif menu.staged:
            self.say(Text("  (a number opens a group; an action may be typed at any time)",
                          "  （番号でグループを開く。行動はいつでも直接入力できます）"))

    # -- the log -------------------------------------------------------------

    def lines_of(self, e: Event, lin: Lineage | None = None) -> list[Text]:
        """What a person reads about one event of the log (`lin`, the log's
        lineage, says what a revert took back)."""
        p = e.payload
        if e.type == "action":
            return action_lines(e)
        if e.type == "takeback_requested":
            return [Text("{who} asks to take back their last action.", "{who}が直前の行動の取り消しを求めています。")
                    .format(who=seat_ref(p["seat"]))]
        if e.type == "takeback_answered":
            return [Text("{who} accepts the takeback.", "{who}が取り消しを承諾しました。").format(who=seat_ref(p["seat"]))
                    if p["accept"] else
                    Text("{who} declines the takeback.", "{who}が取り消しを断りました。").format(who=seat_ref(p["seat"]))]
        if e.type == "revert":
            return revert_lines(e, lin)
        if e.type == "player_removed" and p.get("takeover"):
            return [Text("{who} is out of the match ({why}); a bot ({level}) plays their seat from now on.",
                         "{who}は対戦から外れました（{why}）。以後はボット（{level}）が代打ちします。")
                    .format(who=seat_ref(p["seat"]), why=p.get("reason", ""), level=p["takeover"])]
        if e.type == "player_removed":
            return [Text("{who} is out of the match ({why}); their decisions are played by default.",
                         "{who}は対戦から外れました（{why}）。以後の判断は既定の行動になります。")
                    .format(who=seat_ref(p["seat"]), why=p.get("reason", ""))]
        if e.type == "player_replaced":
            return [Text("{name} now plays seat {n}.", "{n}番席は{name}が引き継ぎました。")
                    .format(name=p["player"]["name"], n=p["seat"] + 1)]
        if e.type == "match_aborted":
            why = p.get("reason") or "-"
            return [Text(f"The match was aborted: {why}.", f"対戦は中止されました: {why}。")]
        return []

    async def catch_up(self) -> bool:
        """Show the lines of every event since the last shown; True when the
        board changed by someone else's hand (a bot, a default, another
        process, an undo), so it should be drawn again."""
        await self.service.get(self.match_id)  # catches the cache up with other processes
        events = await self.service.store.events(self.match_id, after=self.seen or 0)
        lin = lineage(await self.service.store.events(self.match_id)) if any(e.type == "revert" for e in events) \
            else None
        redraw = False
        for e in events:
            self.seen = e.seq
            for line in self.lines_of(e, lin):
                shown = BULLET + self.text(line)
                self.say(shown)
                self.recent.append((e.payload.get("seat") if e.type == "action" else None, shown))
            if e.type in ("action", "revert", "player_removed", "player_replaced"):
                self.board_fresh = False
                redraw = redraw or e.type == "revert" or e.command_id is None or e.command_id not in self.sent
        return redraw

    # -- the loop ------------------------------------------------------------

    async def run(self) -> int:
        """Play until the match ends or the player leaves: 0, or 130 on Ctrl-C."""
        try:
            return await self._run()
        except KeyboardInterrupt:
            self.say("")
            self.say(Text("Interrupted. ", "中断しました。") + self.resume_hint())
            return 130

    async def _run(self) -> int:
        ms = await self.service.get(self.match_id)
        self.names = [shown_name(p, self.locale) for p in ms.seats]
        if self.seen is None:
            self.seen = ms.seq
        await self.catch_up()
        await self.show_board()
        while True:
            ms = await self.service.get(self.match_id)
            if await self.close_window(ms):
                continue
            self.names = [shown_name(p, self.locale) for p in ms.seats]
            redraw = await self.catch_up()
            if ms.status != "running":
                if not self.board_fresh:
                    await self.show_board()
                await self.show_result(ms)
                return 0
            asking = self.takeback_answerer(ms)
            if asking is not None:
                seat, player = asking
                if self.shown != ("takeback", ms.seq, seat):
                    if not await self.hand_over(player, redraw):
                        return self.ended()
                    assert ms.takeback is not None
                    self.say(Text("\n{asker} asks to take back their last action; {who}: accept or decline?",
                                  "\n{asker}が直前の行動の取り消しを求めています。{who}さん: accept（承諾）か decline（拒否）か？")
                             .format(asker=seat_ref(ms.takeback[0]), who=player.name))
                    self.shown = ("takeback", ms.seq, seat)
                line = self.read()
                if line is None:
                    return self.ended()
                if await self.answer(line.strip(), player) == "quit":
                    self.say(self.resume_hint())
                    return 0
                continue
            waiting = await self.service.waiting(self.match_id)
            pending, player = min(waiting, key=lambda w: (w[0].order, w[0].seat))
            if self.shown != (ms.seq, pending.seat):
                if not await self.hand_over(player, redraw):
                    return self.ended()
                self.say(Text("\n— {name} (seat {n}): ", "\n— {name}（{n}番席）: ").format(
                    name=player.name, n=pending.seat + 1) + pending.prompt)
                await self.show_private(pending.seat)
                self.menu = Menu(ms.seq, await self.service.choices(self.match_id, player.id, pending.seat))
                self.show_menu()
                self.shown = (ms.seq, pending.seat)
            line = self.read()
            if line is None:
                return self.ended()
            if await self.command(line.strip(), player, pending.seat) == "quit":
                self.say(self.resume_hint())
                return 0

    async def close_window(self, ms: MatchState) -> bool:
        """Close a response window that is due (events/window.py). The terminal
        waits on its keyboard, not on the clock: it closes windows only while the
        match is open here, when it opens and between lines typed, so an answer
        being typed is never lost. The Discord bot closes them on time."""
        if window.from_place(ms.place) is None:
            return False
        closed = window.due(ms, await self.clock_feed.since(ms), datetime.now(UTC))
        if not closed:
            return False
        # Refused when another process moved first: the loop looks again.
        with contextlib.suppress(RuleError):
            await self.service.skip(self.match_id, closed[0], window.WINDOW,
                                    command_id=f"window:{ms.seq}:{closed[0]}", expected_seq=ms.seq)
        return True

    def ended(self) -> int:
        self.say(Text("Input ended. ", "入力が終わりました。") + self.resume_hint())
        return 0

    async def hand_over(self, player: Player, redraw: bool) -> bool:
        """Before `player` decides: on a shared screen, hide the previous player's
        view first; else draw the board again if others changed it. False when
        input ended while waiting for the next player."""
        if self.screen and self.at_keyboard not in (None, player.id):
            self.say(Text("\nPass the keyboard to {name} and press Enter.",
                          "\n{name}さんに交代して Enter を押してください。").format(name=player.name))
            if self.read() is None:
                return False
            self.say(CLEAR)
            self.replay_recent()
            await self.show_board()
        elif redraw and not self.board_fresh:
            await self.show_board()
        self.at_keyboard = player.id
        return True

    def replay_recent(self) -> None:
        """What happened since the last hand-over, for the player who sits down: each
        run of one seat's actions under that player's name once, as the DM does."""
        previous: int | None = None
        for seat, line in self.recent:
            if seat is not None and seat != previous:
                self.say(RUN_OF.format(who=seat_ref(seat)))
            previous = seat
            self.say(line)
        self.recent.clear()

    async def show_result(self, ms: MatchState) -> None:
        if ms.outcome is not None:
            winners = ", ".join(self.text(seat_ref(w)) for w in ms.outcome.winners) or "-"
            self.say(Text(f"Game over. Winner: {winners}. ", f"ゲーム終了。勝者: {winners}。") + ms.outcome.reason)
            if ms.outcome.scores:
                scores = ", ".join(f"{self.text(seat_ref(s))} {v}" for s, v in sorted(ms.outcome.scores.items()))
                self.say(Text(f"Scores: {scores}", f"得点: {scores}"))
        elif ms.status == "aborted":
            events = await self.service.events(self.match_id)
            why = next((e.payload.get("reason") for e in reversed(events) if e.type == "match_aborted"), None) or "-"
            self.say(Text(f"This match was aborted: {why}.", f"この対戦は中止されました: {why}。"))

    def takeback_answerer(self, ms: MatchState) -> tuple[int, Player] | None:
        """Who at this table still has to answer a pending takeback request."""
        if ms.takeback is None:
            return None
        asker = ms.seats[ms.takeback[0]].id
        for seat, p in enumerate(ms.seats):
            if not p.is_bot and p.id != asker and seat not in ms.forfeited and seat not in ms.takeback_yes:
                return seat, p
        return None

    # -- commands ------------------------------------------------------------

    async def send(self, command: Callable[[str], Awaitable[CommandResult]]) -> CommandResult:
        """Send one command with one id, retrying while the database is busy:
        a retry of a command that did land is answered with its first result,
        so it can never be played twice."""
        cid = f"terminal:{uuid.uuid4().hex}"
        self.sent.add(cid)
        notice = asyncio.create_task(self._thinking()) if await self._searching_bots() else None
        try:
            for attempt in range(RETRIES):
                try:
                    return await command(cid)
                except StorageFault as fault:
                    if fault.kind != "locked" or attempt == RETRIES - 1:
                        raise
                    await asyncio.sleep(0.2 * (attempt + 1))
            raise AssertionError("unreachable")
        finally:
            if notice is not None:
                notice.cancel()

    async def _searching_bots(self) -> bool:
        ms = await self.service.get(self.match_id)
        return any(p.is_bot and bot_level(p.id) != "easy" for p in ms.seats)

    async def _thinking(self) -> None:
        await asyncio.sleep(THINKING_AFTER)
        self.say(THINKING)

    async def look(self, word: str, rest: str, seat: int | None) -> bool:
        """Commands that only show something; False when `word` is none of them."""
        if word == "board":
            await self.show_board()
        elif word == "hand" and seat is not None:
            await self.show_private(seat)
        elif word == "log":
            events = await self.service.events(self.match_id)
            lin = lineage(events)
            if not lin.actions:
                self.say(NO_MOVES)
            for e in events[-10:]:
                for line in self.lines_of(e, lin):
                    self.say(f"  #{e.seq} {self.text(line)}")
        elif word == "card":
            if not rest.strip():
                self.say(Text("Type `card NAME` (or part of a name, or a card's key).",
                              "`card 名前`（名前の一部やカードのキーでも可）と入力してください。"))
            else:
                ms = await self.service.get(self.match_id)
                self.say(render.card_lookup(ms.game.card_catalog(ms.options), rest.strip(), self.locale)[1])
        else:
            return False
        return True

    async def answer(self, line: str, player: Player) -> str | None:
        """A line typed while a takeback request waits for `player`'s answer."""
        word, _, rest = line.partition(" ")
        try:
            if word in ("accept", "decline"):
                await self.send(lambda cid: self.service.answer_takeback(self.match_id, player.id, word == "accept", cid))
            elif word == "quit":
                return "quit"
            elif not line or await self.look(word, rest, None):
                pass
            else:
                self.say(Text("First answer the takeback request: type accept or decline.",
                              "先に取り消し要求に答えてください: accept か decline と入力します。"))
        except RuleError as err:
            self.say(Text("Refused: ", "できません: ")(self.locale) + self.text(refusal(err, self.locale)))
        return None

    async def command(self, line: str, player: Player, seat: int) -> str | None:
        """One line typed by the player at a decision; "quit" when they leave."""
        word, _, rest = line.partition(" ")
        try:
            if not line or await self.look(word, rest, seat):
                return None
            if word in ("help", "?"):
                self.say(HELP)
                self.show_menu(codes=True)
            elif word == "menu":
                self.show_menu()
            elif word == "back":
                if self.menu is not None and self.menu.opened:
                    self.menu.opened.pop()
                self.show_menu()
            elif word == "quit":
                return "quit"
            elif word in ("order", "orders", "cancel"):
                await self.orders(word, rest, player, seat)
            elif word == "premove":
                await self.orders("order", line, player, seat)
            elif word == "takeback":
                await self.send(lambda cid: self.service.request_takeback(self.match_id, player.id, cid))
            elif word in ("accept", "decline") and (await self.service.get(self.match_id)).takeback:
                await self.send(lambda cid: self.service.answer_takeback(self.match_id, player.id, word == "accept", cid))
            elif word == "undo":
                count = typed_number(rest.strip() or "1", signed=False)
                if count is None:
                    self.say(Text("`undo` takes a number of actions, e.g. `undo 2`.",
                                  "`undo` には手数を付けます（例: `undo 2`）。"))
                    return None
                await self.send(lambda cid: self.service.undo(self.match_id, self.moderator, count=count,
                                                              reason="terminal undo", command_id=cid))
            elif word == "redo":
                await self.send(lambda cid: self.service.redo(self.match_id, self.moderator, reason="terminal redo",
                                                              command_id=cid))
            elif (number := typed_number(line, signed=False)) is not None:
                await self.pick(number, player, seat)
            else:
                await self.send(lambda cid: self.service.act(self.match_id, player.id, line, seat=seat, command_id=cid))
        except RuleError as err:
            self.say(Text("Refused: ", "できません: ")(self.locale) + self.text(refusal(err, self.locale)))
        return None

    async def orders(self, word: str, rest: str, player: Player, seat: int) -> None:
        """The seat's standing orders: set one, list them, or cancel them."""
        ms = await self.service.get(self.match_id)
        if word == "orders":
            for line in orders_lines(self.service.orders_of(ms, player.id, seat)):
                self.say(line)
        elif word == "cancel":
            await self.send(lambda cid: self.service.cancel_orders(self.match_id, player.id, seat=seat, command_id=cid))
            self.say(ORDERS_CANCELLED)
        elif rest.strip() in ("", "help", "premove"):
            self.say(order_help(ms.game))
        else:
            described = typed_order(ms.game, ms.state, rest).describe()
            await self.send(lambda cid: self.service.set_order(self.match_id, player.id, rest, seat=seat,
                                                               command_id=cid))
            self.say(ORDER_SET + described)

    async def pick(self, number: int, player: Player, seat: int) -> None:
        """A number from the menu on screen: open a group, or play the choice."""
        menu = self.menu
        level = menu.level() if menu is not None else []
        if menu is None or not 1 <= number <= len(level):
            self.say(Text(f"There is no choice {number}. Choose a number from 1 to {len(level)}, or type an action.",
                          f"選択肢{number}はありません。1〜{len(level)}の番号を選ぶか、行動を入力してください。"))
            return
        entry = level[number - 1]
        if entry.group:
            menu.opened.append(entry)
            self.show_menu()
            return
        # The number as the service numbers the full list, at the event the list
        # was shown: if the match moved on meanwhile, it is refused, not misread.
        full = str(entry.picks[0] + 1)
        await self.send(lambda cid: self.service.act(self.match_id, player.id, full, seat=seat, command_id=cid,
                                                     expected_seq=menu.seq))


def stdin_reader(prompt: str = "> ") -> Callable[[], str | None]:
    # A terminal in another encoding sends bytes that are not UTF-8: they read
    # as U+FFFD and are refused like any unknown word, instead of ending the program.
    with contextlib.suppress(AttributeError, ValueError, io.UnsupportedOperation):
        sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]

    def read() -> str | None:
        try:
            if not sys.stdin.isatty():
                return sys.stdin.readline() or None
            if os.name != "nt":
                # Wait in Python, not inside input()'s read: a Ctrl-C the kernel hands to
                # another thread (aiosqlite's, an executor's) runs its handler in the main
                # thread only between bytecodes, so a read blocked in C would never see it.
                sys.stdout.write(prompt)
                sys.stdout.flush()
                while not select.select([sys.stdin], [], [], 0.2)[0]:
                    pass
                return input()
            return input(prompt)
        except EOFError:
            return None
    return read
