"""Card data: pydantic models for a card set file, and the loader.

Abilities are lists of effects from a small vocabulary (see `Op`), so adding a
card is adding data. A group can load its own card file's text with `load_cards`, or
bring it to a match as text (`CARD_FILES`, the match's `cards` option).
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core import Text
from engine.core.bundled import bundled_text
from engine.core.cardfile import CardFiles, broken_rule
from engine.core.text import join

Kind = Literal["keep", "land", "commoner", "general", "equipment", "battle_tool", "tool", "ritual"]
Attribute = Literal["politics", "force", "commerce"]
# Who a card's ability points at; "enemy_in_territory" is an enemy unit inside the user's two rows.
Target = Literal["none", "own_unit", "enemy_unit", "enemy_in_territory", "any_unit"]
Op = Literal["draw", "gain", "heal", "pump", "ready", "jail", "reveal", "search_land", "power",
             "ignore_advantage"]

BATTLE_OPS: frozenset[str] = frozenset({"power", "ignore_advantage"})
TARGETED_OPS: frozenset[str] = frozenset({"pump", "ready", "jail", "reveal"})
UNIT_KINDS: frozenset[str] = frozenset({"commoner", "general"})
COMMONER_COST = 2

ATTRIBUTE_NAMES: dict[str, Text] = {
    "politics": Text("Politics", "政治"),
    "force": Text("Force", "武力"),
    "commerce": Text("Commerce", "農商"),
}
KIND_NAMES: dict[str, Text] = {
    "keep": Text("keep", "天守閣"),
    "land": Text("land", "土地"),
    "commoner": Text("commoner", "平民"),
    "general": Text("general", "武将"),
    "equipment": Text("equipment", "装備どうぐ"),
    "battle_tool": Text("battle tool", "戦闘どうぐ"),
    "tool": Text("tool", "どうぐ"),
    "ritual": Text("ritual", "儀式"),
}


class Effect(BaseModel):
    """One step of an ability. Unused fields stay at their defaults."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    op: Op
    n: int = Field(default=0, ge=0, le=10)
    attack: int = Field(default=0, ge=-5, le=5)
    defense: int = Field(default=0, ge=-5, le=5)
    # jail: the target goes to jail only if its current defense is at most this.
    max_defense: int = Field(default=0, ge=0, le=20)


class CardDef(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name_en: str = Field(min_length=1)
    name_ja: str = Field(min_length=1)
    kind: Kind
    cost: int = Field(default=0, ge=0, le=10)
    attribute: Attribute | None = None
    attack: int = Field(default=0, ge=0, le=20)
    defense: int = Field(default=0, ge=0, le=20)
    faith: bool = False
    target: Target = "none"
    effects: tuple[Effect, ...] = ()
    text_en: str = ""
    text_ja: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> CardDef:
        problems: list[Text] = []
        is_unit = self.kind in UNIT_KINDS
        if is_unit and self.attribute is None:
            problems.append(Text("units need an attribute", "ユニットには属性（attribute）が必要です"))
        if not is_unit and (self.attribute is not None or self.attack or self.defense) \
                and self.kind != "equipment":
            problems.append(Text("only units and equipment carry attribute/attack/defense",
                                 "属性・こうげき・ぼうぎょ（attribute/attack/defense）を持てるのはユニットと装備どうぐだけです"))
        if self.kind == "commoner" and self.cost != COMMONER_COST:
            problems.append(Text(f"commoners always cost {COMMONER_COST}", f"平民のコストは常に{COMMONER_COST}です"))
        if self.kind in ("keep", "land") and self.cost:
            problems.append(Text("keeps and lands cost nothing", "天守閣と土地のコストは0です"))
        if self.faith and self.kind not in ("land", "commoner", "general", "keep"):
            problems.append(Text("only units and lands carry the faith icon",
                                 "信仰アイコン（faith）を持てるのはユニットと土地だけです"))
        if self.kind in ("land", "commoner", "general", "equipment") and self.effects:
            problems.append(Text("this kind has no activated effects in the sample vocabulary",
                                 "この種類のカードには起動効果（effects）を付けられません"))
        if self.kind == "equipment" and self.attribute is not None:
            problems.append(Text("equipment has no attribute", "装備どうぐには属性がありません"))
        ops = {e.op for e in self.effects}
        if self.kind == "battle_tool":
            if not ops or not ops <= BATTLE_OPS:
                problems.append(Text("battle tools use only power / ignore_advantage",
                                     "戦闘どうぐの効果は power か ignore_advantage だけです"))
        elif ops & BATTLE_OPS:
            problems.append(Text("power / ignore_advantage only on battle tools",
                                 "power と ignore_advantage は戦闘どうぐにしか使えません"))
        if self.kind in ("tool", "ritual", "keep") and not self.effects:
            problems.append(Text("tools, rituals and keeps need effects", "どうぐ・儀式・天守閣には効果（effects）が必要です"))
        targeted = bool(ops & TARGETED_OPS)
        if targeted != (self.target != "none"):
            problems.append(Text("a card targets a unit exactly when it has pump/ready/jail/reveal",
                                 "対象（target）を取るのは、pump・ready・jail・reveal のいずれかの効果を持つカードに限られ、"
                                 "それらを持つカードは必ず対象を取ります"))
        if "jail" in ops and self.target in ("own_unit",):
            problems.append(Text("jail targets enemy units", "jail の対象は相手のユニットです"))
        if ops & {"pump", "ready"} and self.target not in ("own_unit", "any_unit"):
            problems.append(Text("pump/ready target your own units", "pump・ready の対象は自分のユニットです"))
        if problems:
            # Where the card is, the message's line and field say; its key is the file's own value.
            raise broken_rule(join(problems, Text("; ", "。")))
        return self

    @property
    def name(self) -> Text:
        return Text(self.name_en, self.name_ja)

    @property
    def text(self) -> Text:
        return Text(self.text_en, self.text_ja)


class CardSet(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    set_id: str
    name_en: str
    name_ja: str
    sample: bool = False
    cards: tuple[CardDef, ...]

    @model_validator(mode="after")
    def _unique(self) -> CardSet:
        seen: set[str] = set()
        names: set[str] = set()
        for i, card in enumerate(self.cards):
            for label in (card.key, card.name_en.casefold(), card.name_ja):
                if label in seen or label in names:
                    raise broken_rule(Text(f"cards[{i}] repeats the key or a name of an earlier card",
                                           f"cards[{i}] のキーか名前が、前のカードと重複しています"))
            seen.add(card.key)
            names |= {card.name_en.casefold(), card.name_ja}
        return self

    def by_key(self) -> dict[str, CardDef]:
        return {c.key: c for c in self.cards}


def load_cards(text: str) -> CardSet:
    """A card set from its file's text (a group's own, or the sample), validated."""
    return CardSet.model_validate(json.loads(text))


def sample_cards() -> CardSet:
    return load_cards(bundled_text("engine.naru", "data/sample_cards.json"))


CARD_FILES: CardFiles[CardSet, dict[str, CardDef]] = CardFiles(CardSet, CardSet.by_key)
