"""What the menu says: a label for each legal action (short, distinct within
one menu), its group for staged menus (first the card, then where or how),
and the public description others read before it happens."""

from __future__ import annotations

from typing import Any

from engine.core import Choice, Text, seat_ref

from . import stats
from .cards import ROLE_TEXT
from .placing import FACE_DOWN_COST, FACE_DOWN_REPLACE_COST, REPLACE_EXTRA
from .state import MusouState, card_text, cards_of, cdef, mdef, role, square_text

Action = dict[str, Any]


def where_text(s: MusouState, seat: int, sq: int) -> Text:
    """`3 (supply)`: the square number with its role."""
    named = ROLE_TEXT[role(s, seat, sq)]
    return Text(f"{sq + 1} ({named.en})", f"{sq + 1}番（{named.ja}）")


class Menu:
    """One seat's menu at one state. A menu names the same few cards and
    squares over and over (each hand card on each square, each with each
    discard), so each name, square and stage is worked out once per menu,
    not once per choice: the texts are the same, only shared."""

    __slots__ = ("_names", "_ontos", "_powers", "_stages", "_wheres", "s", "seat")

    def __init__(self, s: MusouState, seat: int) -> None:
        self.s, self.seat = s, seat
        self._names: dict[str, Text] = {}
        self._wheres: dict[int, Text] = {}
        self._ontos: dict[int, Text] = {}
        self._stages: dict[tuple[str, object], Text] = {}
        self._powers: dict[tuple[int, str], int] = {}

    def name(self, cid: str) -> Text:
        name = self._names.get(cid)
        if name is None:
            name = self._names[cid] = card_text(self.s, cid)
        return name

    def where(self, sq: int) -> Text:
        where = self._wheres.get(sq)
        if where is None:
            where = self._wheres[sq] = where_text(self.s, self.seat, sq)
        return where

    def onto(self, sq: int) -> Text:
        """`3 (supply)`, or `3 (supply, replacing)` over a card already there."""
        onto = self._ontos.get(sq)
        if onto is None:
            where = self.where(sq)
            onto = self._ontos[sq] = (where if self.s.field[self.seat][sq] is None
                                      else Text(f"{where.en[:-1]}, replacing)", f"{where.ja[:-1]}・入れ替え）"))
        return onto

    def power(self, side: int, cid: str) -> int:
        """The 武力 of `side`'s card `cid` on the field (0 if it is not there):
        each attacker meets each target, and each power sums the side's items."""
        power = self._powers.get((side, cid))
        if power is None:
            power = self._powers[side, cid] = next(
                (stats.power(self.s, side, t) for t in self.s.field[side] if t is not None and t.card == cid), 0)
        return power

    def details(self, a: Action, cost: int | None) -> Text:
        """The parts that tell two choices of one card apart: target, discard, cost."""
        if "pay" not in a and ("target" not in a or a["target"] == "player"):
            # Most choices name only their cost, and a menu has few costs.
            only = self._stages.get(("cost", cost))
            if only is None:
                only = self._stages["cost", cost] = (Text("", "") if cost is None
                                                     else Text(f", cost {cost}", f"（コスト{cost}）"))
            return only
        en: list[str] = []
        ja: list[str] = []
        if "target" in a and a["target"] != "player":
            name = self.name(a["target"])
            en.append(f"target {name.en}")
            ja.append(f"対象：{name.ja}")
        if "pay" in a:
            name = self.name(a["pay"])
            en.append(f"discard {name.en}")
            ja.append(f"{name.ja}を捨てて1支払う")
        if cost is not None:
            # The cost goes last: a label clipped at 100 characters stays distinct.
            en.append(f"cost {cost}")
            ja.append(f"コスト{cost}")
        return Text("".join(f", {x}" for x in en), f"（{'、'.join(ja)}）" if ja else "")

    def label(self, a: Action) -> Text:
        """For the acting seat's own menu (may name its hand and face-down cards)."""
        s, seat = self.s, self.seat
        kind = a["kind"]
        if kind in ("place", "facedown"):  # first: most of a main phase's menu
            name = self.name(a["card"])
            sq = a["square"] - 1
            old = s.field[seat][sq]
            where = self.onto(sq)
            if kind == "place":
                cost = cdef(s, a["card"]).cost + (REPLACE_EXTRA if old is not None else 0)
                head = Text(f"Place {name.en} on {where.en}", f"{name.ja}を{where.ja}に配置")
            else:
                cost = FACE_DOWN_REPLACE_COST if old is not None else FACE_DOWN_COST
                head = Text(f"Face down {name.en} on {where.en}", f"{name.ja}を{where.ja}に伏せる")
            return head + self.details(a, cost)
        if kind == "swap":  # then swaps: the whole of a between-games menu, a few hundred
            cards = cards_of(s).cards
            out, into = cards[a["out"]].name, cards[a["in"]].name
            return Text(f"Swap out {out.en}, in {into.en}", f"{out.ja}を抜いて{into.ja}を入れる")
        if kind == "pass":
            if s.stage == "respond":
                return Text("Pass (let the attack resolve)", "パス（攻撃をそのまま受ける）")
            return Text("Pass", "パス")
        if kind == "endbattle":
            return Text("End the battle phase", "戦功フェイズを終える")
        if kind == "keep" and s.stage == "side":
            return Text("Keep the deck as it is now (done swapping)", "今のデッキで確定（交換終了）")
        if kind == "keep":
            return Text("Keep this hand", "この手札で始める")
        if kind == "mulligan":
            return Text("Mulligan (shuffle the hand back, draw again)", "マリガン（手札を戻して引き直す）")
        if kind == "ready":
            return Text("Done swapping (keep the deck)", "交換を終える（このデッキで）")
        if kind == "first":
            if a["seat"] == seat + 1:
                return Text("You go first", "自分が先攻")
            return Text("Your opponent goes first", "相手が先攻")
        if kind == "commander":
            c = cards_of(s).commanders[s.names[a["card"]]]
            musou = (Text(f", 無双 {c.musou.name.en}", f"、無双「{c.musou.name.ja}」") if c.musou else Text("", ""))
            return (Text("Commander ", "指揮官 ") + c.title()
                    + Text(f" ({c.layout}, troops {c.troops}, hand {c.hand}{musou.en})",
                           f"（{c.layout}、兵数{c.troops}、手札{c.hand}{musou.ja}）"))
        if kind == "musou":
            m = mdef(s, seat).musou
            assert m is not None
            return Text(f"無双 {m.name.en}", f"無双「{m.name.ja}」") + self.details(a, None)
        if kind == "stratagem":
            name = self.name(a["card"])
            return Text(f"Use {name.en}", f"{name.ja}を使う") + self.details(a, cdef(s, a["card"]).cost)
        if kind in ("reveal", "support"):
            sq = a["square"] - 1
            slot = s.field[seat][sq]
            assert slot is not None
            name = self.name(slot.card)
            if kind == "reveal":
                return (Text(f"Reveal {name.en} on {sq + 1}", f"{sq + 1}番の{name.ja}を表向きにする")
                        + self.details(a, cdef(s, slot.card).cost))
            return Text(f"Support: {name.en} on {sq + 1}", f"{sq + 1}番の{name.ja}の支援") + self.details(a, None)
        if kind == "move":
            slot = s.field[seat][a["from"] - 1]
            assert slot is not None
            name, to = self.name(slot.card), self.where(a["to"] - 1)
            return Text(f"Move {name.en} from {a['from']} to {to.en}", f"{name.ja}を{a['from']}番から{to.ja}へ移動")
        if kind == "attack":
            sq = a["from"] - 1
            slot = s.field[seat][sq]
            assert slot is not None
            name = self.name(slot.card)
            if a["target"] == "player":
                hit = stats.strike(s, seat, slot)
                return Text(f"{name.en} ({sq + 1}) attacks your opponent: strike {hit}",
                            f"{name.ja}（{sq + 1}番）で相手を攻撃（戦攻{hit}）")
            target = self.name(a["target"])
            mine, theirs = self.power(seat, slot.card), self.power(1 - seat, a["target"])
            return Text(f"{name.en} ({sq + 1}, power {mine}) attacks {target.en} (power {theirs})",
                        f"{name.ja}（{sq + 1}番・武力{mine}）で{target.ja}（武力{theirs}）を攻撃")
        return Text(kind, kind)

    def group(self, a: Action) -> Text | None:
        """The first stage of a staged menu: the card the choice is about (a hand
        card, or a card on one of your squares); None for the stand-alone choices."""
        kind = a["kind"]
        if kind in ("place", "facedown", "stratagem"):
            return self.name(a["card"])
        if kind in ("reveal", "support", "move", "attack"):
            sq = a["square" if kind in ("reveal", "support") else "from"] - 1
            group = self._stages.get(("on", sq))
            if group is None:
                slot = self.s.field[self.seat][sq]
                assert slot is not None
                name = self.name(slot.card)
                group = self._stages["on", sq] = (
                    Text(f"Face-down {name.en} on {sq + 1}", f"{sq + 1}番の伏せ札（{name.ja}）") if slot.face_down
                    else Text(f"{name.en} on {sq + 1}", f"{sq + 1}番の{name.ja}"))
            return group
        if kind == "swap":
            group = self._stages.get(("out", a["out"]))
            if group is None:
                out = cards_of(self.s).cards[a["out"]].name
                group = self._stages["out", a["out"]] = Text(f"Swap out {out.en}", f"{out.ja}を抜く")
            return group
        return None

    def subgroup(self, a: Action) -> Text | None:
        """The second stage within a card's group: where the card goes (face up or
        down), or the target it takes; what is discarded to pay comes last."""
        kind = a["kind"]
        if kind in ("place", "facedown"):
            key = (kind, a["square"])
            sub = self._stages.get(key)
            if sub is None:
                onto = self.onto(a["square"] - 1)
                sub = self._stages[key] = (Text(f"Place on {onto.en}", f"{onto.ja}に配置") if kind == "place"
                                           else Text(f"Face down on {onto.en}", f"{onto.ja}に伏せる"))
            return sub
        if kind in ("stratagem", "reveal", "support") and a.get("target", "player") != "player":
            key = ("target", a["target"])
            sub = self._stages.get(key)
            if sub is None:
                name = self.name(a["target"])
                sub = self._stages[key] = Text(f"Target {name.en}", f"対象：{name.ja}")
            return sub
        return None

    def choice(self, a: Action) -> Choice:
        return Choice(a, self.label(a), self.group(a), subgroup=self.subgroup(a))


def choices(s: MusouState, seat: int, acts: list[Action]) -> list[Choice]:
    """The seat's menu of these actions, labelled and staged."""
    menu = Menu(s, seat)
    return [menu.choice(a) for a in acts]


def label(s: MusouState, seat: int, a: Action) -> Text:
    """One action's label, as the seat's own menu shows it."""
    return Menu(s, seat).label(a)


def public_label(s: MusouState, seat: int, a: Action) -> Text:
    """What everyone may read about an action before it happens: nothing
    about a face-down card, a side-deck swap or a commander not yet shown."""
    kind = a["kind"]
    if kind == "facedown":
        return Text(f"Set a face-down card on square {a.get('square')}", f"{a.get('square')}番マスに伏せ札を置く")
    if kind == "swap":
        return Text("Swap a card with the side deck", "サイドデッキと1枚交換")
    if kind == "commander":
        return Text("Choose a commander (face down)", "指揮官を選ぶ（裏向き）")
    if kind == "first":  # the menu's "you" would be wrong for other readers
        first = seat_ref(int(a.get("seat", 1)) - 1)
        return Text(f"{first.en} goes first", f"{first.ja}が先攻")
    if kind == "attack" and a.get("target") == "player":  # the menu's "your opponent" is the reader's own seat
        slot = s.field[seat][int(a["from"]) - 1]
        assert slot is not None
        name = card_text(s, slot.card)
        return Text(f"{name.en} ({a['from']}) attacks {seat_ref(1 - seat).en}",
                    f"{name.ja}（{a['from']}番）で{seat_ref(1 - seat).ja}を攻撃")
    if kind == "reveal":
        sq = int(a.get("square", 0)) - 1
        return Text(f"Reveal the face-down card on {square_text(sq).en}", f"{square_text(sq).ja}の伏せ札を表向きにする")
    return label(s, seat, a)
