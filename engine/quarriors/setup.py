"""Set-up: the three basic cards, 7 creature and 3 spell cards of different
classes (at random, as the seed reveals them, or chosen by the players),
dice on the cards, and each bag with 8 Basic Quiddity and 4 Assistants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any

from engine.core import BadOptions, Rng, Text
from engine.core.text import echo

from .cards import Card, CardSet
from .state import QState, reset_turn

# Draws of play made with the set-up's (Rng.prefetch), where words made together cost about
# half: a four-player bot match makes 26 to 72 after its set-up; 32 measured best.
AHEAD = 32


def check_choice(cs: CardSet, chosen: Sequence[str]) -> list[str]:
    cards = []
    for cid in chosen:
        if cid not in cs.cards or cs.cards[cid].kind == "basic":
            raise BadOptions(Text(f"Unknown card '{echo(cid)}'.", f"不明なカード「{echo(cid)}」。"),
                             Text("Name creature and spell card ids.", "モンスターと魔法のカードIDを指定してください。"))
        cards.append(cs.cards[cid])
    creatures = [c for c in cards if c.kind == "creature"]
    spells = [c for c in cards if c.kind == "spell"]
    classes = [c.die for c in cards]
    if (len(creatures) != cs.setup.creature_classes or len(spells) != cs.setup.spell_classes
            or len(set(classes)) != len(classes)):
        raise BadOptions(Text("Choose 7 creature cards and 3 spell cards, never two of one class.",
                              "モンスター7枚と魔法3枚を、同じクラスを重ねずに選んでください。"))
    return list(chosen)


def _reveal(cards: list[Card], n: int, rng: Rng) -> list[Card]:
    """Shuffle, then reveal skipping a class already out (the seed's procedure)."""
    out: list[Card] = []
    classes: set[str] = set()
    for c in rng.shuffled(cards):  # the whole deck is shuffled first: the draws are the same however many are looked at
        if len(out) == n:
            break
        if c.die not in classes:
            out.append(c)
            classes.add(c.die)
    return out


def build(cs: CardSet, seats: int, options: Mapping[str, Any], rng: Rng) -> QState:
    basics = [cs.cards[c] for c in cs.setup.basic_cards]
    chosen = options.get("cards")
    if chosen:
        picked = [cs.cards[c] for c in chosen]
        creatures = [c for c in picked if c.kind == "creature"]
        spells = [c for c in picked if c.kind == "spell"]
    else:
        pool = sorted(cs.cards.values(), key=attrgetter("id"))
        creature_deck = [c for c in pool if c.kind == "creature"]
        spell_deck = [c for c in pool if c.kind == "spell"]
        # one hint for both decks' shuffles, the first roll and the first turns' draws
        rng.prefetch(len(creature_deck) + len(spell_deck) + AHEAD)
        creatures = _reveal(creature_deck, cs.setup.creature_classes, rng)
        spells = _reveal(spell_deck, cs.setup.spell_classes, rng)
    cards = tuple(basics + creatures + spells)
    dcard: list[int] = []
    wild: list[tuple[int, ...]] = []
    for slot, c in enumerate(cards):
        wild.append(tuple(range(len(dcard), len(dcard) + c.dice_on_card)))
        dcard += [slot] * c.dice_on_card
    bags: list[tuple[int, ...]] = []
    slots = {c.id: i for i, c in enumerate(cards)}
    for _ in range(seats):
        bag: list[int] = []
        for cid, n in cs.setup.starting_bag.items():
            bag += list(range(len(dcard), len(dcard) + n))
            dcard += [slots[cid]] * n
        bags.append(tuple(bag))
    s = QState(
        seats=seats, goal=cs.glory_to_win(seats), cards=cards, dcard=tuple(dcard), face=[-1] * len(dcard),
        wild=tuple(wild), bag=tuple(bags), pool=[[] for _ in range(seats)], ready=[[] for _ in range(seats)],
        used=[[] for _ in range(seats)], aside=((),) * seats, glory=[0] * seats,
        dfaces=tuple([cards[slot].faces for slot in dcard]),  # a list first: no generator to resume per die
        fx=frozenset(effect for c in cards for effect, _ in c.powers),
        cslots=tuple(i for i, c in enumerate(cards) if c.kind == "creature"),
        ooze_slots=tuple(i for i, c in enumerate(cards) if c.power("stats_basic_quiddity") is not None),
        slots={c.id: i for i, c in enumerate(cards)},
        has_ooze=any(c.power("stats_basic_quiddity") is not None for c in cards))
    reset_turn(s)
    return s
