"""The match state: plain dataclasses of lists, dicts, ints and strs."""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import SQUARES, home_row, in_territory

START_LIFE = 2
START_RESOURCES = 3
HAND_SIZE = 7
RESOURCE_CAP = 10
FREE_MULLIGANS = 2


@dataclass
class Unit:
    owner: int
    cards: list[str]  # bottom to top; a promoted unit is [commoner, general], read from the top
    facedown: bool
    summoned_turn: int
    moved: bool = False
    equipment: str | None = None
    buff_attack: int = 0  # "this turn" effects, cleared at end of turn
    buff_defense: int = 0
    came_from: int | None = None  # square it left to enter the enemy keep

    @property
    def top(self) -> str:
        return self.cards[-1]

    def copy(self) -> Unit:
        new = object.__new__(Unit)
        new.__dict__ = {**self.__dict__, "cards": list(self.cards)}
        return new


@dataclass
class Land:
    card: str
    owner: int
    keep: bool = False


@dataclass
class Battle:
    origin: int
    target: int
    stage: str  # "attacker" then "defender": each may add one battle tool
    attacker_tool: str | None = None
    defender_tool: str | None = None


@dataclass
class Player:
    keep_card: str
    deck: list[str]
    hand: list[str] = field(default_factory=list)
    jail: list[str] = field(default_factory=list)  # 牢屋: destroyed units, used tools, discards
    exile: list[str] = field(default_factory=list)  # 除外: replaced lands, used rituals, swapped-out cards
    life: int = START_LIFE
    resources: int = START_RESOURCES
    mulligans: int = 0
    hand_kept: bool = False
    keep_sq: int | None = None
    turns_taken: int = 0
    land_played: bool = False
    keep_used: bool = False

    def copy(self) -> Player:
        new = object.__new__(Player)
        new.__dict__ = {**self.__dict__, "deck": list(self.deck), "hand": list(self.hand),
                        "jail": list(self.jail), "exile": list(self.exile)}
        return new


@dataclass
class NaruState:
    cards: dict[str, str]  # instance id -> card key
    owner: dict[str, int]  # instance id -> seat
    players: list[Player]
    first: int
    deck_names: list[str]
    lands: list[Land | None] = field(default_factory=lambda: [None] * SQUARES)
    units: list[Unit | None] = field(default_factory=lambda: [None] * SQUARES)
    phase: str = "mulligan"  # mulligan, keep, swap, summon, action, discard, over
    active: int = 0
    turn: int = 0
    battle: Battle | None = None
    promotion: int | None = None  # square of a commoner offered promotion
    winner: int | None = None
    reason_en: str = ""
    reason_ja: str = ""
    # False until both hands are kept: the first player is chosen after the
    # mulligans (ruling), so nobody mulligans knowing the turn order.
    order_known: bool = True
    # The match's own card set as the text its options carry ("" = the game's
    # set): the text, not a digest, so a snapshot rebuilds it in any process.
    card_set: str = ""

    def copy(self) -> NaruState:
        """What `apply` edits instead of `state`: a deep copy by hand, several
        times faster than the generic pickle clone. `cards`, `owner` and
        `deck_names` are fixed at set-up and `Land`s are never edited in place
        (a land change replaces the object), so those are shared. Every other
        field is a scalar or is copied here."""
        new = object.__new__(NaruState)
        battle = self.battle
        new.__dict__ = {
            **self.__dict__,
            "players": [p.copy() for p in self.players],
            "lands": list(self.lands),
            "units": [None if u is None else u.copy() for u in self.units],
            "battle": None if battle is None else Battle(battle.origin, battle.target, battle.stage,
                                                         battle.attacker_tool, battle.defender_tool),
        }
        return new

    def is_first(self, seat: int) -> bool:
        return seat == self.first

    def territory(self, seat: int, sq: int) -> bool:
        return in_territory(sq, self.is_first(seat))

    def enemy_home(self, seat: int) -> int:
        return home_row(not self.is_first(seat))

    def enemy_keep(self, seat: int) -> int | None:
        return self.players[1 - seat].keep_sq


# What a snapshot of a state may hold (engine.core.statecodec).
STATE_TYPES = (NaruState, Player, Unit, Land, Battle)
