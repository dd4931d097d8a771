"""Card and die data: pydantic models that validate the JSON, compiled into
small frozen records that the rules read on every action (pydantic objects
are too slow to consult in the hot path)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core import Text
from engine.core.bundled import bundled_text
from engine.core.statecodec import Custom

DATA = "data/base.json"  # in engine.quarriors

EFFECTS = frozenset({
    # stats and passive powers
    "defense_bonus", "defense_per_ally", "ally_bonus", "attack_vs_lone", "stats_basic_quiddity",
    "stats_all_creatures", "copy_creature", "summon_surcharge", "summon_quiddity", "quay_purge", "quake",
    "shield_low_level", "attack_cap", "quiddity_per_kill", "kill_bonus_attack", "score_on_kill", "warded",
    "burst_face_draw", "settle_when_alone",
    # when destroyed
    "destroyed_cull_return", "destroyed_set_aside", "destroyed_to_pool", "destroyed_draw",
    # when scoring
    "score_glory", "score_swap_used", "score_glory_per_scorer", "score_draw", "score_take_spell",
    "score_recall_creature", "score_discount", "score_cull_spells",
    # spells
    "cast_attack_bonus", "attach_stats", "cast_destroy_creature", "cast_destroy_each_opponent",
    "immediate_quiddity", "cast_quiddity", "reaction_to_pool", "reaction_zero_attack", "reaction_defense",
    "reaction_revive", "cast_level_up", "attach_score_trade", "cast_destroy_spell", "attach_score_glory",
    "cast_glory_per_scorer", "cast_glory", "cast_glory_per_hurt",
})


class FaceModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    quiddity: int | None = None
    draw: int | None = None
    reroll: Literal["self", "self_and_one_other"] | None = None
    level: int | None = None
    attack: int | None = None
    defense: int | None = None
    spell: bool = False
    burst: int = Field(0, ge=0, le=2)
    choice: list[FaceModel] | None = None
    all: list[FaceModel] | None = None


class DieModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    name_en: str
    name_ja: str
    faces: list[FaceModel] = Field(min_length=6, max_length=6)


class PowerModel(BaseModel):
    model_config = ConfigDict(extra="allow")
    effect: str

    @model_validator(mode="after")
    def known(self) -> PowerModel:
        if self.effect not in EFFECTS:
            raise ValueError(f"unknown effect {self.effect}")
        return self


class CardModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    kind: Literal["basic", "creature", "spell"]
    die: str
    variant: str
    name_en: str
    name_ja: str
    cost: int = Field(ge=0)
    glory: int = Field(ge=0)
    dice_on_card: int = Field(ge=0)
    timing: Literal["ready", "attach", "reaction", "immediate"] | None
    text_en: str
    text_ja: str
    powers: list[PowerModel] = []


class SetupModel(BaseModel):
    basic_cards: list[str]
    creature_classes: int
    spell_classes: int
    starting_bag: dict[str, int]
    draw: int
    glory_to_win: dict[str, int]
    empty_creature_cards_end: int


class SetModel(BaseModel):
    set: str
    note: str = ""
    setup: SetupModel
    dice: list[DieModel]
    cards: list[CardModel]

    @model_validator(mode="after")
    def consistent(self) -> SetModel:
        dice = {d.id for d in self.dice}
        for card in self.cards:
            if card.die not in dice:
                raise ValueError(f"card {card.id} names unknown die {card.die}")
        return self


@dataclass(frozen=True, slots=True)
class Face:
    """One die face, flattened. `quiddity` is what it pays (a choice face
    pays its quiddity option); `draw`/`reroll` are its immediate effects."""

    quiddity: int = 0
    draw: int = 0
    reroll: int = 0  # 0 none, 1 this die, 2 this die and optionally one other
    choice: bool = False  # quiddity OR the reroll, not both
    keeps_die: bool = False  # the immediate effect rerolls the die instead of spending it
    creature: bool = False
    level: int = 0
    attack: int | None = None
    defense: int | None = None
    spell: bool = False
    burst: int = 0

    def __reduce__(self) -> tuple[Any, ...]:
        # Positional rebuild: several times faster than the dataclass slots state protocol.
        return (Face, (self.quiddity, self.draw, self.reroll, self.choice, self.keeps_die, self.creature,
                       self.level, self.attack, self.defense, self.spell, self.burst))


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    kind: str
    die: str
    variant: str
    name: Text
    cost: int
    glory: int
    dice_on_card: int
    timing: str | None
    text: Text
    powers: tuple[tuple[str, dict[str, Any]], ...]
    faces: tuple[Face, ...]
    die_name: Text
    first: dict[str, dict[str, Any]]  # effect -> params of its first occurrence (fast lookups)

    def power(self, effect: str) -> dict[str, Any] | None:
        return self.first.get(effect)

    def __reduce__(self) -> str | tuple[Any, ...]:
        # A pickled state (a clone) carries a base-set card as its id.
        if base_set().cards.get(self.id) is self:
            return (_base_card, (self.id,))
        return (Card, tuple(getattr(self, f) for f in self.__dataclass_fields__))

    def powers_named(self, effect: str) -> list[dict[str, Any]]:
        return [params for name, params in self.powers if name == effect]

    @property
    def creature_die(self) -> bool:
        return any(f.creature for f in self.faces)


def _face(m: FaceModel) -> Face:
    if m.choice is not None:
        option = next(x for x in m.choice if x.quiddity is not None)
        return Face(quiddity=option.quiddity or 0, reroll=1, choice=True, keeps_die=True, burst=m.burst)
    if m.all is not None:
        q = sum(x.quiddity or 0 for x in m.all)
        d = sum(x.draw or 0 for x in m.all)
        r = 1 if any(x.reroll for x in m.all) else 0
        return Face(quiddity=q, draw=d, reroll=r, keeps_die=r > 0, burst=m.burst)
    if m.level is not None:
        return Face(creature=True, level=m.level, attack=m.attack, defense=m.defense, burst=m.burst)
    if m.spell:
        return Face(spell=True, burst=m.burst)
    if m.draw is not None:
        return Face(draw=m.draw, burst=m.burst)
    if m.reroll is not None:
        return Face(reroll=2 if m.reroll == "self_and_one_other" else 1, keeps_die=True, burst=m.burst)
    return Face(quiddity=m.quiddity or 0, burst=m.burst)


@dataclass(frozen=True, slots=True)
class CardSet:
    cards: dict[str, Card]
    setup: SetupModel

    def glory_to_win(self, seats: int) -> int:
        return self.setup.glory_to_win[str(seats)]


def load_set(text: str) -> CardSet:
    """Validate and compile a card file's text (a group may bring its own)."""
    model = SetModel.model_validate(json.loads(text))
    dice = {d.id: d for d in model.dice}
    cards: dict[str, Card] = {}
    for c in model.cards:
        die = dice[c.die]
        powers = tuple((p.effect, {k: v for k, v in p.model_dump().items() if k != "effect"}) for p in c.powers)
        first: dict[str, dict[str, Any]] = {}
        for effect, params in powers:
            first.setdefault(effect, params)
        cards[c.id] = Card(
            id=c.id, kind=c.kind, die=c.die, variant=c.variant, name=Text(c.name_en, c.name_ja), cost=c.cost,
            glory=c.glory, dice_on_card=c.dice_on_card, timing=c.timing, text=Text(c.text_en, c.text_ja),
            powers=powers, faces=tuple(_face(f) for f in die.faces), die_name=Text(die.name_en, die.name_ja),
            first=first)
    return CardSet(cards, model.setup)


@lru_cache(maxsize=1)
def base_set() -> CardSet:
    return load_set(bundled_text("engine.quarriors", DATA))


def _base_card(card_id: str) -> Card:
    return base_set().cards[card_id]


def card_form(cardset: CardSet) -> Custom:
    """Cards cross snapshots as their ids in the game's set: they are data
    of the set, not of the match, and the set's own objects come back."""
    cards = cardset.cards

    def card_id(card: Card) -> str:
        if cards.get(card.id) != card:
            raise TypeError(f"card {card.id} is not of this game's set")
        return card.id

    def from_id(cid: Any) -> Card:
        if type(cid) is not str:
            raise ValueError("a card is stored as its id")
        return cards[cid]
    return Custom(Card, card_id, from_id)
