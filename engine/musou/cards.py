"""Card data: pydantic models for the sample set (or a group's own file) and
the small effect vocabulary every ability is built from, so that adding a card
is adding data."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engine.core import Text
from engine.core.decklist import CardIndex
from engine.core.userjson import BadJson, load_json

Element = Literal["wood", "fire", "earth", "metal", "water"]
ELEMENTS: tuple[Element, ...] = ("wood", "fire", "earth", "metal", "water")
ELEMENT_TEXT: dict[str, Text] = {
    "wood": Text("Wood", "木"), "fire": Text("Fire", "火"), "earth": Text("Earth", "土"),
    "metal": Text("Metal", "金"), "water": Text("Water", "水"),
}
Op = Literal["damage", "troops", "heal", "draw", "boost", "exhaust", "ready", "cancel", "provision", "destroy"]
TargetKind = Literal["none", "enemy_general", "own_general", "all_enemy", "all_own", "attacker"]
CHOSEN: frozenset[str] = frozenset({"enemy_general", "own_general"})
Timing = Literal["main", "response", "any"]
CardType = Literal["general", "item", "trap", "stratagem"]

# Which targets each effect may name; the first is the default.
_OP_TARGETS: dict[str, tuple[str, ...]] = {
    "damage": ("enemy_general", "all_enemy", "attacker"),
    "troops": ("none",), "heal": ("none",), "draw": ("none",), "provision": ("none",), "cancel": ("none",),
    "boost": ("own_general", "all_own"),
    "exhaust": ("enemy_general", "all_enemy", "attacker"),
    "ready": ("own_general", "all_own"),
    "destroy": ("enemy_general", "attacker"),
}


class Name(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    en: str = Field(min_length=1)
    ja: str = Field(min_length=1)

    def text(self) -> Text:
        return Text(self.en, self.ja)


class Effect(BaseModel):
    """One step of an ability. `amount` is damage, troops, cards or power;
    for `destroy` it is the highest 武力 the target may have."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    op: Op
    amount: int = Field(default=0, ge=0, le=20)
    target: TargetKind = "none"

    @model_validator(mode="after")
    def _fits(self) -> Effect:
        allowed = _OP_TARGETS[self.op]
        if self.target not in allowed:
            raise ValueError(f"effect {self.op} cannot target {self.target}; allowed: {', '.join(allowed)}")
        if self.op not in ("cancel", "exhaust", "ready") and self.amount < 1:
            raise ValueError(f"effect {self.op} needs amount >= 1")
        return self


def check_effects(effects: list[Effect]) -> None:
    """At most one chosen target kind per ability: one `target=` argument serves it."""
    kinds = {e.target for e in effects if e.target in CHOSEN}
    if len(kinds) > 1:
        raise ValueError("an ability may choose only one kind of target")


def needs_attack(effects: list[Effect]) -> bool:
    """Abilities naming the attacker or cancelling work only against a declared attack."""
    return any(e.op == "cancel" or e.target == "attacker" for e in effects)


class Static(BaseModel):
    """A continuous effect of a face-up item on its owner's side."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    op: Literal["aura_power", "aura_strike", "extra_provision", "ward"]
    amount: int = Field(ge=1, le=9)
    element: Element | None = None


class CardDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    key: str = Field(pattern=r"^[a-z0-9_]+$")
    type: CardType
    name: Name
    element: Element
    cost: int = Field(ge=0, le=9)
    terms: dict[Element, int] = Field(default_factory=dict)
    formation: int = Field(default=0, ge=0, le=8)
    power: int = Field(default=0, ge=0, le=20)
    strike: int = Field(default=0, ge=0, le=5)
    ambush: bool = False
    on_reveal: list[Effect] = Field(default_factory=list)
    move: bool = False
    support: list[Effect] = Field(default_factory=list)
    on_place: list[Effect] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    timing: Timing = "main"
    static: list[Static] = Field(default_factory=list)
    text: Name | None = None

    @model_validator(mode="after")
    def _consistent(self) -> CardDef:
        if any(v < 1 for v in self.terms.values()):
            raise ValueError("term counts must be >= 1")
        for group in (self.on_reveal, self.support, self.on_place, self.effects):
            check_effects(group)
        if self.type == "general":
            if self.power < 1:
                raise ValueError("a general needs 武力 (power) >= 1")
            if self.effects or self.static:
                raise ValueError("a general has no effects/static; use on_place, on_reveal or support")
            if self.on_reveal and not self.ambush:
                raise ValueError("on_reveal needs ambush (伏兵)")
        else:
            if self.power or self.strike or self.ambush or self.move or self.support or self.on_reveal:
                raise ValueError(f"a {self.type} has no power, strike, ambush, move or support")
            if self.formation:
                raise ValueError("only generals have 布陣 (formation)")
        if needs_attack(self.on_place):
            raise ValueError("on_place cannot name the attacker or cancel (placing is never a response)")
        if self.type == "item" and (self.effects or not (self.static or self.on_place)):
            raise ValueError("an item has static and/or on_place effects only")
        if self.type in ("trap", "stratagem") and (not self.effects or self.on_place or self.static):
            raise ValueError(f"a {self.type} has effects only")
        if self.type == "stratagem" and needs_attack(self.effects) and self.timing != "response":
            raise ValueError("a stratagem naming the attacker must have timing 'response'")
        return self

    def title(self) -> Text:
        return self.name.text()


Role = Literal["A", "S", "P", "C"]
ROLE_TEXT: dict[str, Text] = {
    "A": Text("attack", "戦攻"), "S": Text("supply", "補給"), "P": Text("support", "支援"), "C": Text("commander", "指揮官"),
}


class Musou(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _ok(self) -> Musou:
        check_effects(self.effects)
        if needs_attack(self.effects):
            raise ValueError("a 無双 is used in your main phase and cannot name the attacker")
        return self


class CommanderDef(BaseModel):
    """`layout` reads row by row, top left first: A attack (戦攻), S supply (補給),
    P support (支援), and C, the commander itself, in the centre."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    key: str = Field(pattern=r"^[a-z0-9_]+$")
    name: Name
    layout: str = Field(pattern=r"^[ASP]{3}/[ASP]C[ASP]/[ASP]{3}$")
    troops: int = Field(ge=5, le=60)
    hand: int = Field(ge=1, le=10)
    musou: Musou | None = None

    def roles(self) -> str:
        return self.layout.replace("/", "")

    def title(self) -> Text:
        return self.name.text()


class CardSet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    title: Name
    sample: bool
    cards: list[CardDef]
    commanders: list[CommanderDef]

    @model_validator(mode="after")
    def _unique(self) -> CardSet:
        keys = [c.key for c in self.cards] + [m.key for m in self.commanders]
        dupes = sorted({k for k in keys if keys.count(k) > 1})
        if dupes:
            raise ValueError(f"duplicate card keys: {', '.join(dupes)}")
        return self


class Catalog:
    """A loaded card set with lookups by key and by either language's name."""

    def __init__(self, data: CardSet) -> None:
        self.data = data
        self.cards: dict[str, CardDef] = {c.key: c for c in data.cards}
        self.commanders: dict[str, CommanderDef] = {m.key: m for m in data.commanders}
        # Deck lists name cards and commanders by key, English or Japanese name.
        self.index = CardIndex.of([(c.key, c.name.text()) for c in data.cards]
                                  + [(m.key, m.name.text()) for m in data.commanders])


SAMPLE = "sample"
_CACHE: dict[str, Catalog] = {}
LOADED = _CACHE  # the card sets read so far, by key: state.cards_of looks here before calling `catalog`


class CardFileError(ValueError):
    pass


MAX_CARD_FILE = 2_000_000  # bytes


def parse_card_set(raw: str) -> Catalog:
    """Errors name the place and the problem but never echo the file's values
    (the path comes from match options, so the message may reach players)."""
    try:
        return Catalog(CardSet.model_validate(load_json(raw, MAX_CARD_FILE)))
    except BadJson as exc:
        raise CardFileError(f"the card set{exc.what.en}") from exc
    except ValidationError as exc:
        problems = [f"{'.'.join(str(p) for p in e['loc']) or 'file'}: {e['msg']}"
                    for e in exc.errors(include_input=False, include_url=False)[:5]]
        raise CardFileError("; ".join(problems)) from exc


def read_card_file(path: str | Path) -> str:
    """A group's own card file (same format as data/sample_cards.json): a
    regular `.json` file of at most 2 MB. Returns its text, to be carried inline."""
    p = Path(path)
    if p.suffix.lower() != ".json" or not p.is_file() or p.stat().st_size > MAX_CARD_FILE:
        raise CardFileError("a card file is a .json file of at most 2 MB")
    return p.read_text(encoding="utf-8")


def load_card_file(path: str | Path) -> Catalog:
    return catalog(read_card_file(path))


def catalog(key: str = SAMPLE) -> Catalog:
    """The card set a match was set up with: the sample set, or a group's own
    card set carried inline as JSON text in the match options (so a replay
    never depends on a file that may since have changed), or a file path."""
    found = _CACHE.get(key)
    if found is not None:
        return found
    if key.lstrip().startswith("{"):
        _CACHE[key] = parse_card_set(key)
        return _CACHE[key]
    if key == SAMPLE:
        if SAMPLE not in _CACHE:
            raw = resources.files("engine.musou").joinpath("data/sample_cards.json").read_text(encoding="utf-8")
            _CACHE[SAMPLE] = parse_card_set(raw)
        return _CACHE[SAMPLE]
    return load_card_file(key)
