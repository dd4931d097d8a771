"""The match state: plain dataclasses (picklable), one per match of up to three
games, plus small read-only lookups shared by the rule modules."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as default
from typing import Any

from engine.core import Text, seat_ref
from engine.core.statecodec import Custom

from .cards import CARD_FILES, ROLE_TEXT, SAMPLE, CardDef, Catalog, CommanderDef, sample

# Where a rule writes its log lines: a list it appends to, or None when nobody
# reads them (a replay folding its log through Game.apply_owned), so that none
# is built. Every line is written under `if log is not None`.
Log = list[Text] | None

CENTRE = 4
SQUARES = tuple(i for i in range(9) if i != CENTRE)


class Names(dict[str, str]):
    """Instance id -> card key. It changes only when a game deals its cards, so
    it pickles (and so clones: `clone` is pickle) as one cached string, which is
    about half of a state's pickling cost otherwise; `copy` (apply's copy of a
    state) keeps the string. Every mutating method drops the cached string."""

    _blob: str | None = None

    def __setitem__(self, key: str, value: str) -> None:
        self._blob = None
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        self._blob = None
        super().__delitem__(key)

    def update(self, *args: Any, **kwargs: str) -> None:
        self._blob = None
        super().update(*args, **kwargs)

    def pop(self, *args: Any) -> Any:
        self._blob = None
        return super().pop(*args)

    def setdefault(self, key: str, default: str = "") -> str:
        self._blob = None
        return super().setdefault(key, default)

    def clear(self) -> None:
        self._blob = None
        super().clear()

    def popitem(self) -> tuple[str, str]:
        self._blob = None
        return super().popitem()

    def __ior__(self, other: Any) -> Names:  # type: ignore[override,misc]
        self._blob = None
        return super().__ior__(other)

    def copy(self) -> Names:  # type: ignore[override]
        """A Names, not the dict `dict.copy` makes, with the cached string."""
        new = Names(self)
        new._blob = self._blob
        return new

    def __reduce__(self) -> tuple[object, tuple[str]]:
        if self._blob is None:
            self._blob = "\n".join(f"{k} {v}" for k, v in self.items())
        return names_from, (self._blob,)


_PARSED: dict[str, dict[str, str]] = {}


def names_from(blob: str) -> Names:
    """Rebuild a Names from its string (a cache derived from the string alone,
    so a pickle loads the same in any process)."""
    parsed = _PARSED.get(blob)
    if parsed is None:
        if len(_PARSED) > 256:
            _PARSED.clear()
        parsed = _PARSED[blob] = dict(line.split(" ", 1) for line in blob.split("\n")) if blob else {}
    out = Names(parsed)
    out._blob = blob
    return out


@dataclass
class Slot:
    """A card on a square of a formation (陣営)."""

    card: str
    face_down: bool = False
    exhausted: bool = False
    damage: int = 0
    boost: int = 0  # 武力 added until end of turn
    placed_turn: int = 0  # match turn counter when it reached the field (summoning sickness)
    attacked: bool = False
    moved: bool = False

    def copy(self) -> Slot:
        new = object.__new__(Slot)
        new.__dict__ = self.__dict__.copy()  # its fields are scalars
        return new

    def __reduce__(self) -> tuple[object, tuple[str, bool, bool, int, int, int, bool, bool]]:
        # A plain tuple pickles faster than the instance dict (clone is pickle).
        return Slot, (self.card, self.face_down, self.exhausted, self.damage, self.boost, self.placed_turn,
                      self.attacked, self.moved)


@dataclass
class Attack:
    """A declared attack waiting for the defender's responses."""

    seat: int
    square: int
    attacker: str
    target: str  # "player" or the id of an enemy general
    cancelled: bool = False


@dataclass
class MusouState:
    card_set: str
    names: Names  # instance id -> card key (commanders included)
    decks: list[list[str]]  # top of deck = end of list
    hands: list[list[str]]
    provisions: list[list[str]]  # bottom first; top = end of list
    discard: list[list[str]]
    side: list[list[str]]
    field: list[list[Slot | None]]
    commander: list[str | None]  # this game's commander (secret until both chose)
    pool: list[list[str]]  # commanders not used yet in this match
    used: list[list[str]]  # commanders of earlier games
    troops: list[int] = default(default_factory=lambda: [0, 0])
    musou_used: list[bool] = default(default_factory=lambda: [False, False])
    tribute_used: list[bool] = default(default_factory=lambda: [False, False])
    waiting: list[bool] = default(default_factory=lambda: [False, False])  # simultaneous decisions
    stage: str = "commander"  # commander, first, mulligan, main1, battle, respond, main2, side, over
    game_no: int = 1
    wins: list[int] = default(default_factory=lambda: [0, 0])
    results: list[int] = default(default_factory=list)  # winner of each finished game
    reasons: list[str] = default(default_factory=list)  # "troops" / "deck" per finished game
    first: int = 0
    chooser: int | None = None  # the loser of the last game picks who goes first
    active: int = 0
    priority: int = 0
    passes: int = 0
    turn: int = 0  # turns over the whole match
    game_turn: int = 0  # turns within this game; 1 = the first player's first
    attack: Attack | None = None
    game_winner: int | None = None
    loss_reason: str = ""


def _names(items: Any) -> Names:
    if type(items) is not dict:
        raise ValueError("names are stored as a dict")
    return Names(items)


# What a snapshot of a state may hold (engine.core.statecodec): the names as
# a plain dict, since their cached string is only a pickling shortcut.
STATE_TYPES = (MusouState, Custom(Names, dict, _names), Slot, Attack)


def cards_of(s: MusouState) -> Catalog:
    # Asked several times per action: a state's set was checked when the match was set up.
    text = s.card_set
    return sample() if text == SAMPLE else CARD_FILES.load(text).defs


def copied(s: MusouState) -> MusouState:
    """What `apply` edits instead of `s`: a deep copy by hand, equal to `clone`'s
    and several times faster than its pickling. Every list, slot, the attack and
    the names are copied (ids and keys are strings); scalars are shared, and so
    is the card set's text, the one object every state of the match shares: a
    custom set is found by that object's identity, and a copy of the text (up to
    2 MB) would be found only by its digest, read whole, after being copied whole."""
    new = object.__new__(MusouState)
    at = s.attack
    new.__dict__ = {
        **s.__dict__,
        "names": s.names.copy(),
        "decks": [list(x) for x in s.decks], "hands": [list(x) for x in s.hands],
        "provisions": [list(x) for x in s.provisions], "discard": [list(x) for x in s.discard],
        "side": [list(x) for x in s.side],
        "field": [[None if slot is None else slot.copy() for slot in row] for row in s.field],
        "commander": list(s.commander), "pool": [list(x) for x in s.pool], "used": [list(x) for x in s.used],
        "troops": list(s.troops), "musou_used": list(s.musou_used), "tribute_used": list(s.tribute_used),
        "waiting": list(s.waiting), "wins": list(s.wins), "results": list(s.results), "reasons": list(s.reasons),
        "attack": None if at is None else Attack(at.seat, at.square, at.attacker, at.target, at.cancelled),
    }
    return new


def cdef(s: MusouState, cid: str) -> CardDef:
    return cards_of(s).cards[s.names[cid]]


def mdef(s: MusouState, seat: int) -> CommanderDef:
    cid = s.commander[seat]
    assert cid is not None
    return cards_of(s).commanders[s.names[cid]]


def square_roles(s: MusouState, seat: int) -> str:
    """The role of each square (0-8) under this game's commander: A, S, P (C at the centre)."""
    cid = s.commander[seat]
    assert cid is not None
    return cards_of(s).roles[s.names[cid]]


def role(s: MusouState, seat: int, square: int) -> str:
    """A, S or P for the square (0-8) under this game's commander."""
    return square_roles(s, seat)[square]


def square_text(square: int) -> Text:
    return Text(f"square {square + 1}", f"{square + 1}番マス")


def role_square(s: MusouState, seat: int, square: int) -> Text:
    """`square 3 (supply)`: a square with its role under the seat's commander."""
    r = ROLE_TEXT[role(s, seat, square)]
    return Text(f"square {square + 1} ({r.en})", f"{square + 1}番マス（{r.ja}）")


def owned(s: MusouState, seat: int, cid: str) -> Text:
    """`⟦0⟧'s Guan Yu`: a face-up card with its owner, as log lines name it."""
    name = card_text(s, cid)
    return Text(f"{seat_ref(seat).en}'s {name.en}", f"{seat_ref(seat).ja}の{name.ja}")


def card_text(s: MusouState, cid: str) -> Text:
    key = s.names[cid]
    cat = cards_of(s)
    return cat.cards[key].title() if key in cat.cards else cat.commanders[key].title()


# A formation's rows are walked whole (the centre, the commander's, always
# holds None): the rules walk them several times an action, and a walk
# indexing the row by SQUARES costs twice as much.

def find(s: MusouState, cid: str) -> tuple[int, int] | None:
    """(seat, square) of a card on the field."""
    for seat, row in enumerate(s.field):
        for sq, slot in enumerate(row):
            if slot is not None and slot.card == cid:
                return seat, sq
    return None


def generals(s: MusouState, seat: int) -> list[tuple[int, Slot]]:
    """Face-up generals of `seat` as (square, slot)."""
    out = []
    keys, names = cards_of(s).generals, s.names
    for sq, slot in enumerate(s.field[seat]):
        if slot is not None and not slot.face_down and names[slot.card] in keys:
            out.append((sq, slot))
    return out


def in_game(s: MusouState) -> bool:
    return s.stage in ("main1", "battle", "respond", "main2")


def dealt(s: MusouState) -> bool:
    """Cards are dealt (hands, a board, decks of ids): in a game, at its
    mulligan, and at the match's end, which keeps the deciding game's board
    (musou-4; a musou-3 end cleared the table, commanders included)."""
    kept = s.stage == "over" and any(c is not None for c in s.commander)
    return in_game(s) or s.stage == "mulligan" or kept
