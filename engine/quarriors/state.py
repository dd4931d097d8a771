"""The match state, kept compact (dice are ints, zones are int lists) because
replays rebuild it tens of thousands of times per second, and a hand-made
copy that shares the immutable parts (the cards in play, each die's card)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.statecodec import Custom
from engine.core.text import Text

from .cards import Card, Face

# A prompt is a sub-decision the game waits for: (kind, seat, *args).
Prompt = tuple[Any, ...]

# Steps of the active player's turn after scoring and rolling.
MAIN, ATTACK, CAPTURE, OVER = "main", "attack", "capture", "over"


Zone = tuple[int, ...]


@dataclass
class QState:
    """Lists are the zones that change every turn (copied per action); tuples
    change rarely and are replaced, never edited, so copies can share them."""

    seats: int
    goal: int
    cards: tuple[Card, ...]  # the cards in the wilds (狩場), by slot
    dcard: tuple[int, ...]  # die -> slot of its card; fixed for the match
    face: list[int]  # die -> face index showing, -1 when not rolled
    wild: tuple[Zone, ...]  # slot -> dice on that card
    bag: tuple[Zone, ...]  # unordered: draws pick at random, so nothing is decided early
    pool: list[list[int]]  # 活動プール
    ready: list[list[int]]  # 待機エリア: creatures and unattached spells
    used: list[list[int]]  # 休眠パイル
    aside: tuple[Zone, ...]  # Mighty Ghostly Spirit waiting for its owner's next kill
    glory: list[int]
    has_ooze: bool = False  # a Primordial Ooze card is in play (its count of 0 kills it)
    dfaces: tuple[tuple[Face, ...], ...] = ()  # die -> its faces; fixed for the match
    fx: frozenset[str] = frozenset()  # effects of the cards in play: most loops are skipped without them
    cslots: tuple[int, ...] = ()  # slots of the creature cards (the end by empty cards counts these)
    ooze_slots: tuple[int, ...] = ()  # slots of cards whose creature dies at a count of 0
    slots: dict[str, int] = field(default_factory=dict)  # card id -> slot; never edited
    attached: dict[int, Zone] = field(default_factory=dict)  # creature -> its spells
    copies: dict[int, tuple[int, int]] = field(default_factory=dict)  # ooze -> (slot, face) copied
    active: int = 0
    turn: int = 1
    step: str = MAIN
    imm: bool = True  # immediate effects may still be used this turn
    prompts: tuple[Prompt, ...] = ()
    # turn-scoped
    mana: int = 0
    captures: int = 1
    discount: int = 0
    atk_bonus: int = 0
    scored: int = 0
    warrior_summoned: bool = False
    attack_done: bool = False
    switched: Zone = ()
    lifecharm: Zone = ()
    lifespell: Zone = ()
    zeroed: Zone = ()
    hurt: Zone = ()
    # the attack in progress
    defenders: Zone = ()
    stage: int = 0
    remaining: int = 0
    hit: Zone = ()
    snap: tuple[tuple[int, int, int], ...] = ()  # (die, attack, level) when the attack began
    mdd_used: bool = False
    winners: Zone = ()
    end_reason: str = ""
    # Public log lines of what the engine did by itself during one action (forced
    # choices, attack totals, losses, scoring); `apply` hands them to the match log
    # and clears them, so a state between actions always has none. None while
    # `apply_owned` runs: nobody reads them, so the rules write none (see `telling`).
    notes: tuple[Text, ...] | None = ()

    def __getstate__(self) -> dict[str, Any]:
        # Pickles and snapshots carry no per-die face table: it is rebuilt from the cards.
        return {k: getattr(self, k) for k in _FIELDS if k != "dfaces"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.dfaces = tuple(self.cards[slot].faces for slot in self.dcard)


_FIELDS = tuple(QState.__dataclass_fields__)
_STORED = frozenset(_FIELDS) - {"dfaces"}


def _restored(fields: Any) -> QState:
    if type(fields) is not dict or fields.keys() != _STORED:
        raise ValueError("not the fields of a QState")
    s = QState.__new__(QState)
    s.__setstate__(fields)
    return s


# Snapshots store a state as its fields without the face table, which is
# rebuilt from the cards (engine.core.statecodec).
STATE_FORM = Custom(QState, QState.__getstate__, _restored)

_COPY = list.copy


def copy_state(s: QState) -> QState:
    """Copy the lists and dicts; everything else is immutable and shared.
    (A plain-dict instance: one C-level dict copy carries all the scalars.)"""
    n = QState.__new__(QState)
    d = s.__dict__.copy()
    d["face"] = s.face[:]
    d["pool"] = list(map(_COPY, s.pool))
    d["ready"] = list(map(_COPY, s.ready))
    d["used"] = list(map(_COPY, s.used))
    d["glory"] = s.glory[:]
    n.__dict__ = d  # `attached` and `copies` are shared: they are replaced, never edited (below)
    return n


def pop_attached(s: QState, d: int) -> Zone:
    """Take the spells attached to `d` (copy-on-write: states share the dict)."""
    if d not in s.attached:
        return ()
    rest = dict(s.attached)
    spells = rest.pop(d)
    s.attached = rest
    return spells


def set_attached(s: QState, d: int, spells: Zone) -> None:
    s.attached = {**s.attached, d: spells}


def pop_copy(s: QState, d: int) -> None:
    """End the copy of an ooze (copy-on-write like `attached`)."""
    if d in s.copies:
        rest = dict(s.copies)
        del rest[d]
        s.copies = rest


def set_copied(s: QState, d: int, what: tuple[int, int]) -> None:
    s.copies = {**s.copies, d: what}


_FRESH_TURN: dict[str, Any] = {
    "step": MAIN, "imm": True, "mana": 0, "captures": 1, "discount": 0, "atk_bonus": 0, "scored": 0,
    "warrior_summoned": False, "attack_done": False, "switched": (), "lifecharm": (), "zeroed": (), "hurt": (),
    "defenders": (), "stage": 0, "remaining": 0, "hit": (), "snap": (), "mdd_used": False,
}


_NO_LIFESPELL = tuple((0,) * n for n in range(5))  # by seat count


def reset_turn(s: QState) -> None:
    s.__dict__.update(_FRESH_TURN)
    s.lifespell = _NO_LIFESPELL[s.seats]


def card_of(s: QState, d: int) -> Card:
    """The card governing a die (a copying ooze answers with what it copies)."""
    if s.copies:
        c = s.copies.get(d)
        if c:
            return s.cards[c[0]]
    return s.cards[s.dcard[d]]


def own_card(s: QState, d: int) -> Card:
    return s.cards[s.dcard[d]]


def face_of(s: QState, d: int) -> Face:
    if s.copies:
        c = s.copies.get(d)
        if c:
            return s.cards[c[0]].faces[c[1]]
    return s.dfaces[d][s.face[d]]


def is_creature(s: QState, d: int) -> bool:
    return s.face[d] >= 0 and s.dfaces[d][s.face[d]].creature


def creatures(s: QState, p: int) -> list[int]:
    """Creatures in `p`'s ready area (a copying ooze shows a creature face of its own too)."""
    df, fc = s.dfaces, s.face
    out = []
    for d in s.ready[p]:  # a loop: a comprehension costs a call more, and this runs several times an action
        if df[d][fc[d]].creature:
            out.append(d)
    return out










def zones(s: QState) -> list[int]:
    """Every die once per zone it sits in (conservation checks count these)."""
    out: list[int] = []
    for group in (s.wild, s.bag, s.pool, s.ready, s.used, s.aside):
        for z in group:
            out.extend(z)
    for spells in s.attached.values():
        out.extend(spells)
    return out
