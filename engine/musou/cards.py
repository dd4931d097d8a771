"""Card data: pydantic models for the sample set (or a group's own file) and
the small effect vocabulary every ability is built from, so that adding a card
is adding data."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from engine.core import CardInfo, Text
from engine.core.bundled import bundled_text
from engine.core.cardfile import NOT_TEXT, CardFileError, CardFiles, is_card_text
from engine.core.decklist import CardIndex

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


def needs_attack(effects: list[Effect]) -> bool:
    """Abilities naming the attacker or cancelling work only against a declared attack."""
    return any(e.op == "cancel" or e.target == "attacker" for e in effects)


StaticOp = Literal["aura_power", "aura_strike", "extra_provision", "ward"]
STATIC_OPS: tuple[StaticOp, ...] = get_args(StaticOp)


class Static(BaseModel):
    """A continuous effect of a face-up item on its owner's side."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    op: StaticOp
    amount: int = Field(ge=1, le=9)
    element: Element | None = None


class CardDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    key: str = Field(pattern=r"^[a-z0-9_]+$")
    type: CardType
    name: Name
    element: Element
    cost: int = Field(ge=0, le=9)
    terms: dict[Element, Annotated[int, Field(ge=1)]] = Field(default_factory=dict)
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
        return _roles(self.layout)

    def title(self) -> Text:
        return self.name.text()


@lru_cache(maxsize=256)
def _roles(layout: str) -> str:
    """A layout's role per square (0-8): the rules ask for it several times per action."""
    return layout.replace("/", "")


class CardSet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    title: Name
    sample: bool
    cards: list[CardDef]
    commanders: list[CommanderDef]


class Catalog:
    """A loaded card set with lookups by key and by either language's name."""

    def __init__(self, data: CardSet) -> None:
        self.data = data
        self.cards: dict[str, CardDef] = {c.key: c for c in data.cards}
        self.commanders: dict[str, CommanderDef] = {m.key: m for m in data.commanders}
        # What the rules ask of the cards on a field several times an action, as plain
        # tables: reading a field of a pydantic model costs five times a plain attribute.
        self.generals = frozenset(c.key for c in data.cards if c.type == "general")
        self.roles = {m.key: m.roles() for m in data.commanders}  # commander -> its squares' roles
        # A static effect's op -> the items having some, each with its effects of that op.
        self.statics: dict[str, dict[str, tuple[Static, ...]]] = {
            op: {c.key: found for c in data.cards if c.type == "item" and (found := tuple(
                st for st in c.static if st.op == op))} for op in STATIC_OPS}
        # Deck lists name cards and commanders by key, English or Japanese name.
        self.index = CardIndex.of([(c.key, c.name.text()) for c in data.cards]
                                  + [(m.key, m.name.text()) for m in data.commanders])
        # What views and the card list make of the set, kept with it (so gone when CARD_FILES lets it go):
        # a card's or commander's view but its id, by (key, with its rules text), and the card list.
        self.views: dict[tuple[str, bool], dict[str, Any]] = {}
        self.infos: tuple[CardInfo, ...] | None = None


SAMPLE = "sample"  # the `cards` option naming the sample set (Musou's options always name a set)


# -- the rules a card set keeps beyond its schema, each named by where it is broken --------------

Where = tuple[str | int, ...]  # a path into the file, as pydantic names a field
Problem = tuple[Where, Text]
_GENERAL_ONLY = ("power", "strike", "ambush", "move", "support", "on_reveal", "formation")
_ABILITIES = ("on_reveal", "support", "on_place", "effects")


def _effect_problems(e: Effect, at: Where) -> Iterator[Problem]:
    allowed = _OP_TARGETS[e.op]
    if e.target not in allowed:
        choices = "、".join(allowed) + ("のいずれか" if len(allowed) > 1 else "")
        yield (*at, "target"), Text(f"{e.op} may target only {', '.join(allowed)}", f"{e.op} の対象は {choices}にしてください")
    if e.op not in ("cancel", "exhaust", "ready") and e.amount < 1:
        yield (*at, "amount"), Text(f"{e.op} needs an amount of at least 1", f"{e.op} の amount は1以上にしてください")


def _ability_problems(effects: Sequence[Effect], at: Where) -> Iterator[Problem]:
    for i, e in enumerate(effects):
        yield from _effect_problems(e, (*at, i))
    # One `target=` argument serves an ability, so it may choose one kind of target.
    if len({e.target for e in effects if e.target in CHOSEN}) > 1:
        yield at, Text("an ability may choose only one kind of target", "ひとつの能力で選べる対象の種類はひとつだけです")


def _general_problems(c: CardDef, at: Where) -> Iterator[Problem]:
    if c.type != "general":
        for field in _GENERAL_ONLY:
            if getattr(c, field):
                yield (*at, field), Text(f"only generals have {field}", f"{field} を持てるのは武将（general）だけです")
        return
    if c.power < 1:
        yield (*at, "power"), Text("a general needs power (武力) of at least 1", "武将の power（武力）は1以上にしてください")
    for field in ("effects", "static"):
        if getattr(c, field):
            yield (*at, field), Text(f"a general has no {field}; use on_place, on_reveal or support",
                                     f"武将は {field} を持てません（on_place・on_reveal・support を使ってください）")
    if c.on_reveal and not c.ambush:
        yield (*at, "on_reveal"), Text("on_reveal needs ambush (伏兵)", "on_reveal には ambush（伏兵）が必要です")


def _kind_problems(c: CardDef, at: Where) -> Iterator[Problem]:
    if c.type == "item" and c.effects:
        yield (*at, "effects"), Text("an item has static and on_place effects only",
                                     "アイテムが持てる効果は static と on_place だけです")
    elif c.type == "item" and not (c.static or c.on_place):
        yield at, Text("an item needs static or on_place effects", "アイテムには static か on_place の効果が必要です")
    if c.type in ("trap", "stratagem"):
        if not c.effects:
            yield at, Text(f"a {c.type} needs effects", f"type が {c.type} のカードには effects が必要です")
        for field in ("on_place", "static"):
            if getattr(c, field):
                yield (*at, field), Text(f"a {c.type} has effects only", f"type が {c.type} のカードが持てる効果は effects だけです")
    if c.type == "stratagem" and needs_attack(c.effects) and c.timing != "response":
        yield (*at, "timing"), Text("a stratagem naming the attacker or cancelling needs timing 'response'",
                                    "attacker を対象にするか cancel を使う計略は timing を response にしてください")


def _card_problems(c: CardDef, at: Where) -> Iterator[Problem]:
    for group in _ABILITIES:
        yield from _ability_problems(getattr(c, group), (*at, group))
    yield from _general_problems(c, at)
    if needs_attack(c.on_place):
        yield (*at, "on_place"), Text("on_place cannot name the attacker or cancel (placing is never a response)",
                                      "on_place では attacker も cancel も使えません（配置は対応になりません）")
    yield from _kind_problems(c, at)


def _commander_problems(m: CommanderDef, at: Where) -> Iterator[Problem]:
    if m.musou is None:
        return
    yield from _ability_problems(m.musou.effects, (*at, "musou", "effects"))
    if needs_attack(m.musou.effects):
        yield (*at, "musou", "effects"), Text(
            "a 無双 (musou) is used in your main phase and cannot name the attacker or cancel",
            "無双（musou）はメインフェイズに使うので、attacker も cancel も使えません")


def _key_problems(data: CardSet) -> Iterator[Problem]:
    keys = [(("cards", i, "key"), c.key) for i, c in enumerate(data.cards)]
    keys += [(("commanders", i, "key"), m.key) for i, m in enumerate(data.commanders)]
    seen: set[str] = set()
    for where, key in keys:
        if key in seen:
            yield where, Text("this key is already used by an earlier card or commander",
                              "このキーは前のカードか指揮官がすでに使っています")
        seen.add(key)


def rule_problems(data: CardSet) -> Iterator[Problem]:
    """What a set that fits the schema still gets wrong: abilities its cards
    cannot have, and keys given twice (deck lists name cards by key)."""
    for i, card in enumerate(data.cards):
        yield from _card_problems(card, ("cards", i))
    for i, commander in enumerate(data.commanders):
        yield from _commander_problems(commander, ("commanders", i))
    yield from _key_problems(data)


# Musou's card sets a group brings: read and checked as every game's are, kept as catalogs.
CARD_FILES: CardFiles[CardSet, Catalog] = CardFiles(CardSet, Catalog, rule_problems)


def card_set_problems(text: str) -> list[Text]:
    """Every problem of a card file (empty: usable), as a server's upload is checked."""
    return CARD_FILES.problems(text)


def parse_card_set(raw: str) -> Catalog:
    """A card file's set, read afresh (CardFileError naming its problems)."""
    return Catalog(CARD_FILES.read(raw))


@cache
def sample() -> Catalog:
    return parse_card_set(bundled_text("engine.musou", "data/sample_cards.json"))


def catalog(key: str = SAMPLE) -> Catalog:
    """The card set a match was set up with: the sample set, or a group's own
    card set carried inline as JSON text in the match options (so a replay
    never depends on a file that may since have changed); nothing else."""
    if key == SAMPLE:
        return sample()
    if is_card_text(key):
        return CARD_FILES.load(key).defs
    raise CardFileError([NOT_TEXT])
