"""A tiny test-only game that exercises the whole contract: hidden hands, a
shuffled deck, die rolls, a decision that waits on the non-active seat, and
an action (pass) that reveals nothing and so may be taken back."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.core import (
    BadOptions,
    Choice,
    Game,
    Outcome,
    Pending,
    Rng,
    RuleError,
    Text,
    Transition,
    UnknownAction,
    Viewer,
)
from engine.core.redaction import private


@dataclass
class ToyState:
    seats: int
    goal: int
    max_turns: int
    deck: list[str]
    hands: list[list[str]]
    scores: list[int]
    banked: list[list[str]] = field(default_factory=list)
    active: int = 0
    turn: int = 1
    responder: int | None = None  # seat that must answer a bank
    last_bank: str | None = None
    passes: int = 0
    marks: list[int] = field(default_factory=list)  # public counters; marking reveals nothing
    over: bool = False


def copy_state(state: ToyState) -> ToyState:
    """A hand-made copy: a few times faster than the generic pickle clone."""
    s = copy.copy(state)
    s.deck, s.scores, s.marks = list(state.deck), list(state.scores), list(state.marks)
    s.hands, s.banked = [list(h) for h in state.hands], [list(b) for b in state.banked]
    return s


def value(card: str) -> int:
    return int(card.split("-")[0])


class ToyGame(Game[ToyState]):
    id: ClassVar[str] = "toy"
    title: ClassVar[Text] = Text("Toy", "おもちゃ")
    ruleset: ClassVar[str] = "toy-1"
    # A made-up earlier wording, for the tests of matches recorded before a rewording.
    rewordings: ClassVar[frozenset[str]] = frozenset({"toy-0"})
    state_types = (ToyState,)
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8

    def options(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        goal = int(raw.get("goal", 15))
        max_turns = int(raw.get("max_turns", 40))
        if goal < 1 or max_turns < 1:
            raise BadOptions(Text("The goal must be positive.", "目標は正の数です。"))
        if not self.min_seats <= seats <= self.max_seats:
            raise BadOptions(Text("Toy needs 2-8 players.", "おもちゃは2〜8人用です。"))
        return {"goal": goal, "max_turns": max_turns}

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> ToyState:
        deck = rng.shuffled([f"{v}-{c}" for v in range(1, 10) for c in "abcd"])
        hands = [deck[i * 3:(i + 1) * 3] for i in range(seats)]
        return ToyState(seats, options["goal"], options.get("max_turns", 40), deck[seats * 3:], hands, [0] * seats,
                        [[] for _ in range(seats)], marks=[0] * seats)

    def pending(self, state: ToyState) -> tuple[Pending, ...]:
        if state.over:
            return ()
        if state.responder is not None:
            return (Pending(state.responder, "respond", Text("Accept or challenge the bank.", "受けるか挑むか。")),)
        return (Pending(state.active, "turn", Text("Your turn.", "あなたの手番です。")),)

    def legal_actions(self, state: ToyState, seat: int) -> list[Choice]:
        if all(p.seat != seat for p in self.pending(state)):
            return []
        if state.responder is not None:
            return [Choice({"kind": "accept"}, Text("Accept", "受ける")),
                    Choice({"kind": "challenge"}, Text("Challenge (roll)", "挑む（ダイス）"))]
        out = [Choice({"kind": "pass"}, Text("Pass", "パス")), Choice({"kind": "roll"}, Text("Roll", "ダイスを振る"))]
        if state.marks[seat] < 3:
            out.append(Choice({"kind": "mark"}, Text("Mark (keeps the turn)", "印をつける（手番継続）")))
        if state.deck:
            out.append(Choice({"kind": "draw"}, Text("Draw", "引く")))
        out += [Choice({"kind": "bank", "card": c}, Text(f"Bank {c}", f"{c}を得点に")) for c in state.hands[seat]]
        return out

    def _end_turn(self, s: ToyState) -> None:
        if max(s.scores) >= s.goal or s.turn >= s.max_turns or s.passes >= s.seats * 2:
            s.over = True
            return
        s.active = (s.active + 1) % s.seats
        s.turn += 1

    def apply(self, state: ToyState, seat: int, action: dict[str, Any], rng: Rng) -> Transition[ToyState]:
        s = copy_state(state)
        kind = action["kind"]
        if s.responder is not None:
            if kind == "accept":
                s.responder = None
                self._end_turn(s)
                return Transition(s, (Text(f"Seat {seat + 1} accepts.", f"{seat + 1}番席は受けた。"),))
            if kind == "challenge":
                roll = rng.roll(6) + 1
                assert s.last_bank is not None
                if roll > value(s.last_bank):
                    s.scores[s.active] -= value(s.last_bank)
                s.responder = None
                self._end_turn(s)
                return Transition(s, (Text(f"Challenge roll {roll}.", f"挑戦のダイスは{roll}。"),))
            raise RuleError(Text("Answer the bank first.", "先に得点への応答をしてください。"),
                            Text("Allowed: accept, challenge.", "可能: accept, challenge"))
        if kind == "mark":
            if s.marks[seat] >= 3:
                raise RuleError(Text("You have marked three times already.", "印はすでに3回つけました。"))
            s.marks[seat] += 1
            return Transition(s, (Text(f"Seat {seat + 1} marks.", f"{seat + 1}番席は印をつけた。"),))
        if kind == "pass":
            s.passes += 1
            self._end_turn(s)
            return Transition(s, (Text(f"Seat {seat + 1} passes.", f"{seat + 1}番席はパス。"),))
        s.passes = 0
        if kind == "roll":
            roll = rng.roll(6) + 1
            s.scores[seat] += roll
            self._end_turn(s)
            return Transition(s, (Text(f"Seat {seat + 1} rolls {roll}.", f"{seat + 1}番席は{roll}を出した。"),))
        if kind == "draw":
            if not s.deck:
                raise RuleError(Text("The deck is empty.", "山札がありません。"))
            s.hands[seat].append(s.deck.pop())
            self._end_turn(s)
            return Transition(s, (Text(f"Seat {seat + 1} draws.", f"{seat + 1}番席は1枚引いた。"),), reveals=True)
        if kind == "bank":
            card = action.get("card")
            if card not in s.hands[seat]:
                raise RuleError(Text("That card is not in your hand.", "そのカードは手札にありません。"),
                                Text("Bank one of your hand cards.", "手札のカードを選んでください。"))
            s.hands[seat].remove(card)
            s.banked[seat].append(card)
            s.scores[seat] += value(card)
            s.last_bank = card
            s.responder = (seat + 1) % s.seats
            return Transition(s, (Text(f"Seat {seat + 1} banks {card}.", f"{seat + 1}番席は{card}を得点に。"),),
                              reveals=True)
        raise UnknownAction(Text(f"Unknown action '{kind}'.", f"不明な行動「{kind}」。"),
                            Text("Allowed: pass, roll, draw, bank.", "可能: pass, roll, draw, bank"))

    def view(self, state: ToyState, viewer: Viewer) -> dict[str, Any]:
        return {
            "deck": {"hidden": len(state.deck)},
            "hands": [private(i, viewer, h) for i, h in enumerate(state.hands)],
            "banked": state.banked,
            "scores": state.scores,
            "marks": state.marks,
            "active": state.active,
            "turn": state.turn,
            "responder": state.responder,
            **({"deck_order": state.deck} if viewer.all_seeing else {}),
        }

    def outcome(self, state: ToyState) -> Outcome | None:
        if not state.over:
            return None
        best = max(state.scores)
        return Outcome(tuple(i for i, v in enumerate(state.scores) if v == best),
                       Text("Highest score.", "最高得点。"), dict(enumerate(state.scores)))

    def turn(self, state: ToyState) -> int:
        return state.turn

    def inventory(self, state: ToyState) -> Counter[str]:
        return Counter(state.deck + [c for h in state.hands for c in h] + [c for b in state.banked for c in b])

    def hidden_ids(self, state: ToyState, viewer: Viewer) -> set[str]:
        return hidden_ids(state, viewer)


GAME = ToyGame()


def hidden_ids(state: ToyState, viewer: Viewer) -> set[str]:
    """Card ids `viewer` must not see: other hands and the deck."""
    ids = set(state.deck)
    for seat, hand in enumerate(state.hands):
        if not viewer.sees_seat(seat):
            ids |= set(hand)
    return ids
