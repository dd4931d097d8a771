"""Test games for the Discord front end: the toy game as a game written for people
reads, with seat tokens for who did what, a card catalog, and grouped choices.

Registered only by the fixtures that use them (with a text renderer of their
own), so suites listing the installed games never see them."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from types import ModuleType
from typing import Any, ClassVar

import pytest

from engine import registry
from engine.core import CardInfo, Choice, Outcome, Pending, Rng, Text, Transition, seat_ref
from tests.toygame import ToyGame, ToyState

CATALOG = (
    CardInfo("dragon", Text("Dragon", "ドラゴン"),
             Text("Creature · cost 3\nAttack 4 / Defence 2\nWhen it enters: draw a card.",
                  "クリーチャー・コスト3\n攻撃4／防御2\n登場時: カードを1枚引く。")),
    CardInfo("dragon-egg", Text("Dragon Egg", "ドラゴンの卵"),
             Text("Creature · cost 1\nAttack 0 / Defence 1\nAt your turn's start: becomes a Dragon.",
                  "クリーチャー・コスト1\n攻撃0／防御1\nあなたのターン開始時: ドラゴンになる。")),
    CardInfo("fireball", Text("Fireball", "火の玉"),
             Text("Spell · cost 2\nDeal 3 damage to a creature.", "呪文・コスト2\nクリーチャー1体に3ダメージ。")),
    CardInfo("knight", Text("Knight", "騎士"), Text("Creature · cost 2\nAttack 2 / Defence 2",
                                                    "クリーチャー・コスト2\n攻撃2／防御2")),
    CardInfo("knight-b", Text("Knight", "騎士"), Text("Creature · cost 2 (second printing)\nAttack 2 / Defence 3",
                                                      "クリーチャー・コスト2（第2版）\n攻撃2／防御3")),
)


def _named(line: Text, seat: int) -> Text:
    """The toy's "Seat N" / "N番席" as the seat token a game for people writes."""
    token = seat_ref(seat)
    return Text(line.en.replace(f"Seat {seat + 1}", token.en), line.ja.replace(f"{seat + 1}番席", token.ja))


class SeatedGame(ToyGame):
    """The toy game, telling who did what by seat tokens everywhere it speaks."""

    id: ClassVar[str] = "seated"
    title: ClassVar[Text] = Text("Seated", "着席")
    ruleset: ClassVar[str] = "seated-1"

    def apply(self, state: ToyState, seat: int, action: dict[str, Any], rng: Rng) -> Transition[ToyState]:
        done = super().apply(state, seat, action, rng)
        return Transition(done.state, tuple(_named(line, seat) for line in done.log), done.reveals)

    def pending(self, state: ToyState) -> tuple[Pending, ...]:
        if state.over:
            return ()
        active = seat_ref(state.active)
        if state.responder is not None:
            return (Pending(state.responder, "respond", Text(f"Accept or challenge the bank of {active.en}.",
                                                             f"{active.ja}の得点を受けるか挑むか。")),)
        return (Pending(state.active, "turn", Text(f"{active.en} to play.", f"{active.ja}の手番です。")),)

    def legal_actions(self, state: ToyState, seat: int) -> list[Choice]:
        choices = super().legal_actions(state, seat)
        if state.responder is None:
            return choices
        active = seat_ref(state.active)
        return [choices[0], Choice(choices[1].action, Text(f"Challenge {active.en}", f"{active.ja}に挑む"))]

    def outcome(self, state: ToyState) -> Outcome | None:
        done = super().outcome(state)
        if done is None:
            return None
        first = seat_ref(done.winners[0])
        return Outcome(done.winners, Text(f"{first.en} has the highest score.", f"{first.ja}が最高得点。"), done.scores)

    def card_catalog(self, options: Mapping[str, Any] | None = None) -> tuple[CardInfo, ...]:
        return CATALOG


PLACES = (Text("to the left", "左へ"), Text("to the centre", "中央へ"), Text("to the right", "右へ"),
          Text("to the front", "前へ"), Text("to the back", "後ろへ"))


class MenuGame(SeatedGame):
    """Forty more choices on a turn, eight cards times five places, grouped by card:
    more than a select menu holds, in nine groups and the toy's own loose choices
    (MENU_CARDS["n"] cards: tests deal more, too many for a hand's sections)."""

    id: ClassVar[str] = "menus"
    title: ClassVar[Text] = Text("Menus", "メニュー")
    ruleset: ClassVar[str] = "menus-1"
    CARDS: ClassVar[tuple[Text, ...]] = tuple(Text(f"Card {n}", f"カード{n}") for n in range(1, 13))

    def legal_actions(self, state: ToyState, seat: int) -> list[Choice]:
        base = super().legal_actions(state, seat)
        if not base or state.responder is not None:
            return base
        return base + [Choice({"kind": "pass", "card": c, "place": p}, PLACES[p], group=card)
                       for c, card in enumerate(self.CARDS[:MENU_CARDS["n"]]) for p in range(len(PLACES))]


class TwinGame(SeatedGame):
    """Two choices with the same label from different cards, in a menu short enough for one select."""

    id: ClassVar[str] = "twins"
    title: ClassVar[Text] = Text("Twins", "ふたご")
    ruleset: ClassVar[str] = "twins-1"

    def legal_actions(self, state: ToyState, seat: int) -> list[Choice]:
        base = super().legal_actions(state, seat)
        if not base or state.responder is not None:
            return base
        return base + [Choice({"kind": "pass", "card": c}, Text("Play it", "出す"), group=card)
                       for c, card in enumerate((Text("Knight", "騎士"), Text("Dragon", "ドラゴン")))]


class ForcedGame(SeatedGame):
    """A bank must be accepted, which every seat can see, so the service answers it
    for a person; the easy bot marks once, then banks its first card."""

    id: ClassVar[str] = "forced"
    title: ClassVar[Text] = Text("Forced", "強制")
    ruleset: ClassVar[str] = "forced-1"

    def legal_actions(self, state: ToyState, seat: int) -> list[Choice]:
        choices = super().legal_actions(state, seat)
        return choices[:1] if state.responder is not None else choices

    def decides_in_secret(self, state: ToyState, seat: int) -> bool:
        return state.responder != seat and super().decides_in_secret(state, seat)

    def bot_action(self, state: ToyState, seat: int, rng: Rng) -> dict[str, Any]:
        if state.responder is None and state.marks[seat] == 0:
            return {"kind": "mark"}
        if state.responder is None and state.hands[seat]:
            return {"kind": "bank", "card": state.hands[seat][0]}
        return dict(self.legal_actions(state, seat)[0].action)


BOARD_LINES = {"n": 3, "hand": 0}  # lines the board and each hand render: tests make them long
MENU_CARDS = {"n": 8}  # the cards MenuGame offers


def _board(view: dict[str, Any], locale: str) -> str:
    lines = [f"Up: ⟦{view['active']}⟧ · scores {view['scores']}"]
    lines += [f"row {i:03} " + "·" * 60 for i in range(BOARD_LINES["n"])]
    return "\n".join(lines)


def _private(view: dict[str, Any], seat: int, locale: str) -> str:
    hand = view["hands"][seat]
    lines = [f"Hand of ⟦{seat}⟧: {', '.join(hand) if isinstance(hand, list) else hand}"]
    return "\n".join(lines + [f"note {i:03} " + "~" * 60 for i in range(BOARD_LINES["hand"])])


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the test games, each with the renderer above, for one test."""
    for game in (SeatedGame(), MenuGame(), TwinGame(), ForcedGame()):
        monkeypatch.setitem(registry._LOADED, game.id, game)
        module = ModuleType(f"bot.render.{game.id}")
        module.board = _board  # type: ignore[attr-defined]
        module.private = _private  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(BOARD_LINES, "n", 3)
    monkeypatch.setitem(BOARD_LINES, "hand", 0)
    monkeypatch.setitem(MENU_CARDS, "n", 8)
