"""Which actions a seat may take now, and in what order: the one enumeration
behind both the labelled menu (`legal.legal_actions`) and the search bot.
The search takes this list bare because building the bilingual labels cost
about half of a simulated action; since the menu labels this same list, the
rollout policy draws from what the built-in bot draws from. The passive
choice (end phase, no tool, decline, keep hand) always comes first, so a
front end can offer it as the default."""

from __future__ import annotations

from engine.core import Action, first_of_each

from .board import square_name
from .cards import CardDef
from .effects import battle_seat, keep_available, ritual_chanters, target_squares
from .movement import destinations
from .opening import keep_squares, mulligan_cost
from .state import NaruState
from .summon import equip_squares, land_squares, summon_squares
from .units import Defs, card_of, defense_of

SQUARE_NAMES = [square_name(sq) for sq in range(12)]

MODE_KINDS: dict[str, tuple[str, ...]] = {
    "mulligan": ("keep_hand", "mulligan"),
    "keep": ("place_keep",),
    "battle": ("no_tool", "battle_tool"),
    "promote": ("decline", "promote", "promote_deck"),
    "swap": ("no_swap", "land_swap"),
    "summon": ("end_summon", "land", "summon", "equip", "tool", "ritual"),
    "action": ("end_turn", "move", "keep_effect", "tool", "ritual"),
    "discard": ("discard",),
}


def mode(s: NaruState) -> str:
    if s.phase == "over":
        return "over"
    if s.battle is not None:
        return "battle"
    if s.promotion is not None:
        return "promote"
    return s.phase


def waiting(s: NaruState) -> list[tuple[int, str]]:
    """(seat, kind of decision) for every seat the game waits on; empty when over."""
    seats = waiting_seats(s)
    if not seats:
        return []
    m = mode(s)
    if m == "battle":
        assert s.battle is not None
        kind = "battle_tool" if s.battle.stage == "attacker" else "respond"
    else:
        kind = "place_keep" if m == "keep" else m
    return [(seat, kind) for seat in seats]


def waiting_seats(s: NaruState) -> list[int]:
    """The seats `waiting` names, without their kinds: what the framework asks before every action."""
    m = mode(s)
    if m == "over":
        return []
    if m == "mulligan":
        return [i for i, p in enumerate(s.players) if not p.hand_kept]
    if m == "keep":
        return [i for i, p in enumerate(s.players) if p.keep_sq is None]
    if m == "battle":
        return [battle_seat(s)]
    return [s.active]


def actions(s: NaruState, seat: int, defs: Defs) -> list[Action]:
    if seat not in waiting_seats(s):
        return []
    m = mode(s)
    player = s.players[seat]
    hand = first_of_each(player.hand, s.cards.__getitem__)
    out: list[Action] = []
    if m == "action":
        out.append({"kind": "end_turn"})
        for origin in range(len(s.units)):
            here = SQUARE_NAMES[origin]
            for target in destinations(s, seat, origin):
                out.append({"kind": "move", "from": here, "to": SQUARE_NAMES[target]})
        if keep_available(s, seat):
            for spot in card_targets(s, seat, player.keep_card, defs):
                action: Action = {"kind": "keep_effect"}
                if spot is not None:
                    action["at"] = SQUARE_NAMES[spot]
                out.append(action)
        out += _cards_in_play(s, seat, hand, defs)
    elif m == "summon":
        out.append({"kind": "end_summon"})
        out += _summons(s, seat, hand, defs)
        out += _cards_in_play(s, seat, hand, defs)
    elif m == "battle":
        out.append({"kind": "no_tool"})
        for cid in hand:
            card = card_of(s, defs, cid)
            if card.kind == "battle_tool" and card.cost <= player.resources:
                out.append({"kind": "battle_tool", "card": cid})
    elif m == "promote":
        out.append({"kind": "decline"})
        out += [{"kind": "promote", "card": cid} for cid in hand if card_of(s, defs, cid).kind == "general"]
        out.append({"kind": "promote_deck"})
    elif m == "discard":
        out += [{"kind": "discard", "card": cid} for cid in hand]
    elif m == "mulligan":
        out.append({"kind": "keep_hand"})
        if player.resources >= mulligan_cost(s, seat):
            out.append({"kind": "mulligan"})
    elif m == "keep":
        out += [{"kind": "place_keep", "at": SQUARE_NAMES[sq]} for sq in keep_squares(s, seat)]
    elif m == "swap":
        out.append({"kind": "no_swap"})
        lands = sorted({s.cards[c] for c in player.deck if card_of(s, defs, c).kind == "land"})
        # By the land taken, then the card given: the menu is staged that way.
        for key in lands:
            # The same land back is not offered: nothing would change but the resource spent.
            out += [{"kind": "land_swap", "give": cid, "take": key} for cid in hand if s.cards[cid] != key]
    return out


def _summons(s: NaruState, seat: int, hand: list[str], defs: Defs) -> list[Action]:
    player = s.players[seat]
    out: list[Action] = []
    # Each kind's squares are worked out once, and only if a card in hand needs them.
    lands: list[int] | None = None
    units: list[int] | None = None
    gear: list[int] | None = None
    for cid in hand:
        card = card_of(s, defs, cid)
        if card.kind == "land" and not player.land_played:
            if lands is None:
                lands = land_squares(s, seat)
            out += [{"kind": "land", "card": cid, "at": SQUARE_NAMES[sq]} for sq in lands]
        elif card.kind in ("commoner", "general") and card.cost <= player.resources:
            if units is None:
                units = summon_squares(s, seat)
            out += [{"kind": "summon", "card": cid, "at": SQUARE_NAMES[sq]} for sq in units]
        elif card.kind == "equipment" and card.cost <= player.resources:
            if gear is None:
                gear = equip_squares(s, seat)
            out += [{"kind": "equip", "card": cid, "at": SQUARE_NAMES[sq]} for sq in gear]
    return out


def _cards_in_play(s: NaruState, seat: int, hand: list[str], defs: Defs) -> list[Action]:
    """Tools and rituals, usable in either phase of your own turn."""
    player = s.players[seat]
    out: list[Action] = []
    chanters: list[int | None] | None = None
    for cid in hand:
        card = card_of(s, defs, cid)
        if card.kind not in ("tool", "ritual") or card.cost > player.resources:
            continue
        voices: list[int | None] = [None]
        if card.kind == "ritual":
            if chanters is None:
                chanters = ritual_chanters(s, seat, defs)
            voices = chanters
        for by in voices:
            for sq in card_targets(s, seat, cid, defs):
                action: Action = {"kind": card.kind, "card": cid}
                if sq is not None:
                    action["at"] = SQUARE_NAMES[sq]
                if by is not None:
                    action["by"] = SQUARE_NAMES[by]
                out.append(action)
    return out


def card_targets(s: NaruState, seat: int, cid: str, defs: Defs) -> list[int | None]:
    card = card_of(s, defs, cid)
    if card.target == "none":
        return [None]
    return [sq for sq in target_squares(s, seat, card) if not does_nothing(s, defs, card, sq)]


def does_nothing(s: NaruState, defs: Defs, card: CardDef, sq: int | None) -> bool:
    """A card whose only effect is jail, aimed at a face-up unit too sturdy for
    it: it would change nothing but what is spent, so it is not offered."""
    if sq is None or not card.effects or any(e.op != "jail" for e in card.effects):
        return False
    unit = s.units[sq]
    if unit is None or unit.facedown:
        return False  # turning a face-down unit up is an effect of its own
    return all(defense_of(s, defs, unit) > e.max_defense for e in card.effects)
