"""A test-only game for the terminal: a long menu in groups (a group of one
among them), two choices with the same label, log lines and prompts that name
seats by token, a card catalog, a move that keeps the turn and reveals
nothing (so it can be taken back), and a board as long as asked for."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.core import (
    BadOptions,
    CardInfo,
    Choice,
    Game,
    Outcome,
    Pending,
    Rng,
    RuleError,
    Text,
    Transition,
    Viewer,
    seat_ref,
)

CARDS = {"fox": ("Fox", "狐"), "owl": ("Owl", "梟"), "crane": ("Crane", "鶴"), "heron": ("Heron", "鷺")}
CATALOG = (
    CardInfo("fox", Text("Fox", "狐"), Text("Creature — cost 1.\nQuick: moves twice.", "生物 — コスト1。\n素早い: 2回動く。")),
    CardInfo("fox-spirit", Text("Fox Spirit", "狐火"), Text("Spell — cost 2.", "呪文 — コスト2。")),
    CardInfo("owl", Text("Owl", "梟"), Text("Creature — cost 2.\nSees in the dark.", "生物 — コスト2。\n夜目が利く。")),
    CardInfo("crane", Text("Crane", "鶴"), Text("Creature — cost 3.", "生物 — コスト3。")),
    CardInfo("heron", Text("Heron", "鷺"), Text("Creature — cost 3.", "生物 — コスト3。")),
    CardInfo("moth", Text("Moth", "蛾"), Text("Creature — cost 0.", "生物 — コスト0。")),
)


@dataclass
class ParlourState:
    seats: int
    goal: int
    wall: int
    scores: list[int]
    notes: list[int] = field(default_factory=list)
    active: int = 0
    turn: int = 1
    over: bool = False


class Parlour(Game[ParlourState]):
    id: ClassVar[str] = "parlour"
    title: ClassVar[Text] = Text("Parlour", "応接間")
    ruleset: ClassVar[str] = "parlour-1"
    state_types = (ParlourState,)
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4

    def options(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        table = int(raw.get("max_table", self.max_seats))
        if seats > table:
            raise BadOptions(Text(f"This table seats at most {table}.", f"この卓は最大{table}人です。"))
        return {"goal": int(raw.get("goal", 6)), "wall": int(raw.get("wall", 0)), "max_table": table}

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> ParlourState:
        return ParlourState(seats, options["goal"], options["wall"], [0] * seats, [0] * seats)

    def pending(self, state: ParlourState) -> tuple[Pending, ...]:
        if state.over:
            return ()
        who = seat_ref(state.active)
        return (Pending(state.active, "turn", Text("{p}, your move.", "{p}の手番です。").format(p=who)),)

    def legal_actions(self, state: ParlourState, seat: int) -> list[Choice]:
        if state.over or seat != state.active:
            return []
        out = [Choice({"kind": "pass"}, Text("Pass", "パス"))]
        if state.notes[seat] < 2:
            out.append(Choice({"kind": "note"}, Text("Note (keeps the turn)", "メモ（手番継続）")))
        out += [Choice({"kind": "wait", "mood": m}, Text("Wait", "待つ")) for m in ("calm", "tense")]
        for key, (en, ja) in CARDS.items():
            out += [Choice({"kind": "play", "card": key, "slot": s}, Text(f"Play {en} to slot {s}", f"{ja}を{s}番に出す"),
                           group=Text(en, ja)) for s in range(1, 5)]
        out.append(Choice({"kind": "play", "card": "moth", "slot": 1}, Text("Play Moth to slot 1", "蛾を1番に出す"),
                          group=Text("Moth", "蛾")))
        return out

    def apply(self, state: ParlourState, seat: int, action: dict[str, Any], rng: Rng) -> Transition[ParlourState]:
        s = copy.deepcopy(state)
        who = seat_ref(seat)
        kind = action.get("kind")
        if kind == "note":
            if s.notes[seat] >= 2:
                raise RuleError(Text("No more notes.", "もうメモできません。"))
            s.notes[seat] += 1
            return Transition(s, (Text("{p} takes a note.", "{p}はメモを取った。").format(p=who),))
        if kind == "play":
            card, slot = action.get("card"), int(action.get("slot", 0))
            if card not in (*CARDS, "moth") or not 1 <= slot <= 4:
                raise RuleError(Text("No such card or slot.", "そのカードか場所はありません。"))
            s.scores[seat] += slot
            line = Text("{p} plays {c} to slot {n}.", "{p}は{c}を{n}番に出した。").format(
                p=who, c=Text(*CARDS.get(card, ("Moth", "蛾"))), n=slot)
        elif kind in ("pass", "wait"):
            line = Text("{p} passes.", "{p}はパス。").format(p=who)
        else:
            raise RuleError(Text(f"Unknown action '{kind}'.", f"不明な行動「{kind}」。"))
        if max(s.scores) >= s.goal:
            s.over = True
        else:
            s.active = (s.active + 1) % s.seats
            s.turn += 1
        return Transition(s, (line,))

    def view(self, state: ParlourState, viewer: Viewer) -> dict[str, Any]:
        return {"to_move": seat_ref(state.active).en, "scores": state.scores, "active": state.active,
                "wall": "#" * state.wall}

    def outcome(self, state: ParlourState) -> Outcome | None:
        if not state.over:
            return None
        best = max(state.scores)
        return Outcome(tuple(i for i, v in enumerate(state.scores) if v == best),
                       Text("{p} reached the goal.", "{p}が目標に達した。").format(
                           p=seat_ref(state.scores.index(best))), dict(enumerate(state.scores)))

    def turn(self, state: ParlourState) -> int:
        return state.turn

    def card_catalog(self, options: Mapping[str, Any] | None = None) -> Sequence[CardInfo]:
        return CATALOG

    def bot_action(self, state: ParlourState, seat: int, rng: Rng) -> dict[str, Any]:
        # A bot that always scores, so matches with bots end quickly and the same way.
        return {"kind": "play", "card": "owl", "slot": 3}


GAME = Parlour()
