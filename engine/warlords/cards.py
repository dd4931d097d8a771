"""Card data: pydantic models for the card file, the rules file and starter decks.

Abilities are lists of `Effect` from a small vocabulary, so a new card is new data.
A group may load its own card file's text with `load_cards(text)`, or bring it to a
match as text (`CARD_FILES`, the match's `cards` option).
"""

from __future__ import annotations

import itertools
import json
from functools import cache, cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core import Text
from engine.core.bundled import bundled_text
from engine.core.cardfile import CardFiles, broken_rule

Faction = Literal["elvallie", "horse_lords", "marthos", "storm_giants", "grey_dwarves", "orcs_of_kor",
                  "lord_bane", "selentine"]
CardType = Literal["castle", "improvement", "hero", "banner", "army", "fleet", "ruin", "ally", "artefact",
                   "treasure", "diplomacy", "action", "terrain", "weather", "calamity", "spell", "time_passes"]
# Static ops apply while the card is attached; the others happen once when they resolve.
STATIC_OPS = frozenset({"combat", "defence", "revenue", "capacity", "immobile", "port"})
ONE_SHOT_OPS = frozenset({"kill_unit", "destroy_improvement", "discard_random", "draw", "gain_revenue",
                          "strip_march"})
Op = Literal["combat", "defence", "revenue", "capacity", "immobile", "port", "kill_unit", "destroy_improvement",
             "discard_random", "draw", "gain_revenue", "strip_march"]
Target = Literal["none", "player", "stack", "castle"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Name(Strict):
    en: str
    ja: str

    def text(self) -> Text:
        return Text(self.en, self.ja)


class Effect(Strict):
    op: Op
    n: int = 1


class Calamity(Strict):
    kind: Literal["persistent", "transient", "instant"]
    target: Literal["stack", "castle"]
    effect_range: tuple[int, int]
    switch_range: tuple[int, int] | None = None
    effects: list[Effect]


class SpellOutcome(Strict):
    lo: int = Field(ge=1, le=10)
    hi: int = Field(ge=1, le=10)
    on: Literal["target", "caster"]
    effects: list[Effect]


class CardDef(Strict):
    id: str
    type: CardType
    name: Name
    range: int = Field(ge=0, le=10)  # check value (判定値); 0 only for Time Passes
    sudden_death: bool = False
    unique: bool = False
    cost: int = Field(default=0, ge=0)
    revenue: int = Field(default=0, ge=0)
    defence: int = Field(default=0, ge=0)
    capacity: int = Field(default=0, ge=0)
    combat: int = Field(default=0, ge=0)
    port: bool = False
    home_faction: Faction | None = None
    faction: Faction | None = None
    bonus: dict[Faction, int] = Field(default_factory=dict)
    no_more_improvements: bool = False
    search_risk: int = Field(default=0, ge=0, le=10)
    magic: bool = False
    flying: bool = False
    march: bool = False
    battle: int | None = None  # may start a battle; the value is a combat bonus for it
    effects: list[Effect] = Field(default_factory=list)
    target: Target = "none"
    calamity: Calamity | None = None
    spell: list[SpellOutcome] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent(self) -> CardDef:
        # Where the card is, the message's line and field say; its id is the file's own value.
        t = self.type
        if (t == "time_passes") != (self.range == 0):
            raise broken_rule(Text("only the Time Passes card has no check value (range 0)",
                                   "判定値（range）が0なのはゲーム終了カード（time_passes）だけです"))
        if t == "castle" and (self.revenue <= 0 or self.capacity <= 0):
            raise broken_rule(Text("a castle needs revenue and capacity",
                                   "城砦には収益（revenue）とキャパシティ（capacity）が必要です"))
        if t in ("hero",) and (self.combat <= 0 or self.capacity <= 0):
            raise broken_rule(Text("a hero needs combat and capacity",
                                   "英雄には戦力（combat）とキャパシティ（capacity）が必要です"))
        if t == "army" and self.combat <= 0:
            raise broken_rule(Text("an army needs combat", "軍隊には戦力（combat）が必要です"))
        if t == "banner" and self.faction is None:
            raise broken_rule(Text("a banner needs a faction", "軍旗には派閥（faction）が必要です"))
        if t in ("ally", "artefact", "treasure") and self.search_risk <= 0:
            raise broken_rule(Text("a ruin reward needs a search risk", "遺跡の報酬には捜索リスク（search_risk）が必要です"))
        if t == "calamity" and self.calamity is None:
            raise broken_rule(Text("a calamity needs its ranges", "災害には判定の範囲（calamity）が必要です"))
        if t == "spell" and not self.spell:
            raise broken_rule(Text("a spell needs outcomes", "呪文には結果（spell）が必要です"))
        if t in ("castle", "hero", "ruin", "ally", "artefact", "treasure", "terrain", "weather") and not self.unique:
            raise broken_rule(Text(f"cards of type {t} are unique (unique: true)",
                                   f"type が {t} のカードは固有です（unique: true にしてください）"))
        for e in self.effects:
            static = t in ("improvement", "artefact", "terrain", "weather")
            if static != (e.op in STATIC_OPS):
                raise broken_rule(Text(f"effect {e.op} does not fit a {t} card",
                                       f"効果 {e.op} は type が {t} のカードには使えません"))
        return self

    @cached_property
    def text(self) -> Text:
        """The name as Text, built once per definition: log lines name cards at nearly every action."""
        return self.name.text()

    @cached_property
    def shown(self) -> dict[str, str | int]:
        """What a view says of the card beside its instance id, read once per definition: every
        view of every move lists the discard piles in full. Copied into each view, never given out."""
        return {"card": self.id, "type": self.type, "name": self.name.en, "name_ja": self.name.ja, "range": self.range}

    @cached_property
    def static_totals(self) -> dict[str, int]:
        """Each op's total over the card's effects, summed once per definition: castle
        revenue, capacity, combat and ports ask for them at nearly every action."""
        totals: dict[str, int] = {}
        for e in self.effects:
            totals[e.op] = totals.get(e.op, 0) + e.n
        return totals

    def static(self, op: str) -> int:
        return self.static_totals.get(op, 0)


class FactionDef(Strict):
    id: Faction
    name: Name


class CardSet(Strict):
    set: str
    note: Name
    factions: list[FactionDef]
    cards: list[CardDef]

    @model_validator(mode="after")
    def _unique_ids(self) -> CardSet:
        seen: set[str] = set()
        for i, c in enumerate(self.cards):
            if c.id in seen:
                raise broken_rule(Text(f"cards[{i}] has the id of an earlier card",
                                       f"cards[{i}] の id が前のカードと重複しています"))
            seen.add(c.id)
        if sum(1 for c in self.cards if c.type == "time_passes") < 1:
            raise broken_rule(Text("the set needs a Time Passes card",
                                   "セットにはゲーム終了カード（time_passes）が1枚以上必要です"))
        return self

    def by_id(self) -> CardDefs:
        return CardDefs(self.cards)


class Card:
    """A card definition as the rules read it: the model's values in plain slots, built once
    per definition (`CardDefs.rules`). A model's attribute read goes through pydantic's
    `__getattr__` hook, which keeps CPython from specialising it: several times a slot's
    cost, and an action reads a dozen. The model stays for loading, validation and texts."""

    __slots__ = (*CardDef.model_fields, "added_capacity", "added_revenue", "text", "totals")
    id: str
    type: CardType
    name: Name
    range: int
    sudden_death: bool
    unique: bool
    cost: int
    revenue: int
    defence: int
    capacity: int
    combat: int
    port: bool
    home_faction: Faction | None
    faction: Faction | None
    bonus: dict[Faction, int]
    no_more_improvements: bool
    search_risk: int
    magic: bool
    flying: bool
    march: bool
    battle: int | None
    effects: list[Effect]
    target: Target
    calamity: Calamity | None
    spell: list[SpellOutcome]
    text: Text
    totals: dict[str, int]
    added_capacity: int  # what an improvement or ally adds to what holds it (`static("capacity")`)
    added_revenue: int  # what an improvement adds to its castle's revenue

    def __init__(self, d: CardDef) -> None:
        for field in CardDef.model_fields:
            setattr(self, field, getattr(d, field))
        self.text, self.totals = d.text, d.static_totals
        self.added_capacity, self.added_revenue = self.static("capacity"), self.static("revenue")

    def static(self, op: str) -> int:
        return self.totals.get(op, 0)


class CardDefs(dict[str, CardDef]):
    """A set's card models by id (for loading, validation and texts), with `rules`: the same
    cards as the plain records the rules read (`Card`, `state.rec`). `rules` is a slot: a dict
    subclass's own attributes are otherwise read without CPython's specialisation."""

    __slots__ = ("rules",)

    def __init__(self, cards: list[CardDef]) -> None:
        super().__init__((c.id, c) for c in cards)
        self.rules = {c.id: Card(c) for c in cards}


class OracleRow(Strict):
    min: int
    max: int
    attacker: int = Field(ge=0)
    defender: int = Field(ge=0)


class HandRule(Strict):
    base: int
    revenue_threshold: int
    per: int = Field(gt=0)


class DeckRule(Strict):
    min: int
    max: int
    max_castles: int
    time_passes: int


class Rules(Strict):
    draws_per_turn: int = Field(ge=1)
    hand: HandRule
    deck: DeckRule
    castles_per_turn: int
    heroes_per_turn: int
    calamities_per_turn: int
    battles_per_stack_per_turn: int
    marches_per_stack_per_turn: int = Field(ge=1)
    starvation_per_turn: int
    home_castle_battle_cards: int
    check_cap: int = Field(ge=1)
    oracle: list[OracleRow]

    @model_validator(mode="after")
    def _oracle_covers(self) -> Rules:
        rows = sorted(self.oracle, key=lambda r: r.min)
        for a, b in itertools.pairwise(rows):
            if b.min != a.max + 1:
                raise broken_rule(Text("oracle rows must be contiguous", "oracle の各行は範囲が途切れずに続くようにしてください"))
        return self

    @cached_property
    def oracle_rows(self) -> list[OracleRow]:
        """The oracle's rows in order, sorted once (every battle reads them)."""
        return sorted(self.oracle, key=lambda r: r.min)

    @cached_property
    def oracle_bounds(self) -> list[tuple[int, int, OracleRow]]:
        """Each row with its bounds, in order: read from a tuple, not the row's model (a pydantic
        attribute read is several times a plain one), at every battle."""
        return [(row.min, row.max, row) for row in self.oracle_rows]

    def oracle_row(self, diff: int) -> OracleRow:
        for low, high, row in self.oracle_bounds:
            if low <= diff <= high:
                return row
        rows = self.oracle_rows
        return rows[0] if diff < rows[0].min else rows[-1]


class StarterDeck(Strict):
    id: str
    name: Name
    cards: dict[str, int]


class Starters(Strict):
    set: str
    decks: list[StarterDeck]


def load_cards(text: str | None = None) -> CardSet:
    """The sample set, or a group's own card file from its text."""
    return CardSet.model_validate(json.loads(text if text is not None else bundled_text("engine.warlords", "data/cards.json")))


CARD_FILES: CardFiles[CardSet, CardDefs] = CardFiles(CardSet, CardSet.by_id)


@cache
def sample() -> CardSet:
    return load_cards()


@cache
def catalogue() -> CardDefs:
    return sample().by_id()


_RULES: list[Rules] = []


def rules() -> Rules:
    """The rules file, read once. Kept in a list, not by functools.cache, whose every call
    makes and hashes a key: every turn, deployment, march and battle asks."""
    if not _RULES:
        _RULES.append(Rules.model_validate(json.loads(bundled_text("engine.warlords", "data/rules.json"))))
    return _RULES[0]


@cache
def starters() -> Starters:
    return Starters.model_validate(json.loads(bundled_text("engine.warlords", "data/starters.json")))


def card(card_id: str) -> CardDef:
    return catalogue()[card_id]


@cache
def _factions() -> dict[str, Text]:
    return {f.id: f.name.text() for f in sample().factions}


def faction_name(faction_id: str) -> Text:
    """A faction as people read it ("Horse Lords" / "ホースロード")."""
    return _factions().get(faction_id, Text(faction_id, faction_id))
