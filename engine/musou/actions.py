"""The action vocabulary: which rule checks and performs each kind, and the
enumeration of legal actions (candidates filtered through the same checks, so
the menu and the referee never disagree)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Rng, RuleError, Text, UnknownAction, first_of_each, seat_ref

from . import abilities, battle, match, phases, placing
from .cards import Effect
from .effects import has_effect, valid_targets
from .placing import FACE_DOWN_COST, FACE_DOWN_REPLACE_COST, REPLACE_EXTRA
from .state import SQUARES, Log, MusouState, cdef, mdef, square_roles
from .timing import in_main, in_response

Action = dict[str, Any]
Check = Callable[[MusouState, int, Action], None]
Do = Callable[[MusouState, int, Action, Log], None]

# kind -> (check, perform); kinds needing the rng are handled in `perform`.
PLAIN: dict[str, tuple[Check, Do]] = {
    "place": (placing.check_place, placing.do_place),
    "facedown": (placing.check_facedown, placing.do_facedown),
    "reveal": (placing.check_reveal, placing.do_reveal),
    "move": (placing.check_move, placing.do_move),
    "stratagem": (abilities.check_stratagem, abilities.do_stratagem),
    "support": (abilities.check_support, abilities.do_support),
    "musou": (abilities.check_musou, abilities.do_musou),
    "attack": (battle.check_attack, battle.do_attack),
    "swap": (match.check_swap, match.do_swap),
    "ready": (match.check_ready, match.do_ready),
}
KINDS = ("pass", "endbattle", "commander", "first", "keep", "mulligan", *PLAIN)


def check(s: MusouState, seat: int, a: Action) -> None:
    kind = a.get("kind")
    if kind == "pass":  # first: most of a log's actions are passes
        if not (in_main(s, seat) or in_response(s, seat)):
            raise RuleError(Text("You cannot pass now.", "今はパスできません。"),
                            Text("Pass is for main phases and for responding to an attack.",
                                 "パスはメインフェイズと攻撃への対応時に行えます。"))
    elif kind in PLAIN:
        PLAIN[kind][0](s, seat, a)
    elif kind == "endbattle":
        if s.stage != "battle" or s.active != seat:
            raise RuleError(Text("It is not your battle phase.", "あなたの戦功フェイズではありません。"),
                            Text("In a main phase or a response, pass instead.", "メインフェイズや対応時は pass です。"))
    elif kind == "commander":
        match.check_commander(s, seat, a)
    elif kind == "first":
        match.check_first(s, seat, a)
    elif kind == "keep" and s.stage == "side":
        match.check_ready(s, seat, a)
    elif kind in ("keep", "mulligan"):
        match.check_mulligan(s, seat, a)
    else:
        raise UnknownAction(Text(f"Unknown action '{kind}'.", f"不明な行動「{kind}」。"),
                            Text("Allowed: " + ", ".join(KINDS), "可能：" + "、".join(KINDS)))


def perform(s: MusouState, seat: int, a: Action, rng: Rng, log: Log) -> None:
    """Apply a checked action to the state (the caller's own or a clone),
    writing its log lines to `log` (None: build none)."""
    kind = a["kind"]
    if kind == "pass":
        if s.stage != "respond":
            phases.main_pass(s, seat, log)
            return
        if log is not None:
            log.append(Text(f"{seat_ref(seat).en} does not respond.", f"{seat_ref(seat).ja}は対応しない。"))
        battle.resolve_attack(s, log)
        phases.after_attack(s, log)
    elif kind == "endbattle":
        phases.end_battle(s, log)
    elif kind == "commander":
        match.do_commander(s, seat, a, rng, log)
    elif kind == "first":
        match.do_first(s, seat, a, rng, log)
    elif kind == "keep" and s.stage == "side":
        match.do_ready(s, seat, a, log)
    elif kind in ("keep", "mulligan"):
        match.do_mulligan(s, seat, a, rng, log)
    else:
        was_main = in_main(s, seat)
        PLAIN[kind][1](s, seat, a, log)
        if was_main:
            phases.acted(s, seat)
        elif s.stage == "respond" and s.attack is not None and s.attack.cancelled:
            battle.resolve_attack(s, log)
            phases.after_attack(s, log)


def play(s: MusouState, seat: int, a: Action, rng: Rng, log: Log) -> None:
    """`check`, then `perform`, on a state the caller owns. A pass in a main
    phase, most of a log's actions, goes straight to its rule."""
    if a.get("kind") == "pass" and in_main(s, seat):
        phases.main_pass(s, seat, log)
        return
    check(s, seat, a)
    perform(s, seat, a, rng, log)


# ---- enumeration -----------------------------------------------------------

def pays(s: MusouState, seat: int, cost: int, playing: str | None,
         hand: list[str] | None = None) -> list[str | None]:
    """`pay=` variants are listed only when provisions alone fall short (the
    referee accepts pay= whenever it is legal). `hand`: the hand's first card
    of each name, when the caller has it already."""
    if len(s.provisions[seat]) >= cost:
        return [None]
    if s.tribute_used[seat] or cost < 1 or len(s.provisions[seat]) < cost - 1:
        return []
    if hand is None:
        hand = first_of_each(s.hands[seat], s.names.__getitem__)
    return [c for c in hand if c != playing]


def targets(s: MusouState, seat: int, effects: list[Effect]) -> list[str | None]:
    return list(valid_targets(s, seat, effects)) or [None]


def useful(s: MusouState, seat: int, effects: list[Effect]) -> list[str | None]:
    """The targets for which an ability does something; none when it would do
    nothing at all (a no-op is not listed; the referee still accepts it)."""
    return [t for t in targets(s, seat, effects) if has_effect(s, seat, effects, t)]


def variants(base: Action, pay_opts: list[str | None], target_opts: list[str | None]) -> list[Action]:
    out = []
    for i, t in enumerate(target_opts):
        for p in pay_opts if i == 0 else pay_opts[:1]:
            a = dict(base)
            if p is not None:
                a["pay"] = p
            if t is not None:
                a["target"] = t
            out.append(a)
    return out


def landing(s: MusouState, seat: int) -> list[int]:
    """Squares worth listing for a card coming onto the field: every occupied
    square (each replaces a different card) and the first empty square of each
    role. A formation's squares are roles, not places (the seed: 物理的な空間では
    なく役職ごとの配置図), and no rule looks at position, so two empty squares of a
    role are the same choice; the referee still accepts any square."""
    own = s.field[seat]
    roles = square_roles(s, seat)
    seen: set[str] = set()
    empty, full = [], []
    for sq in SQUARES:
        if own[sq] is not None:
            full.append(sq)
        elif roles[sq] not in seen:
            seen.add(roles[sq])
            empty.append(sq)
    return empty + full


def candidates(s: MusouState, seat: int) -> list[Action]:
    """The menu: the passive choice first, then the likeliest choices first
    (Discord shows the first 25 and filters by what the player types)."""
    stage = s.stage
    if stage == "commander":
        return [{"kind": "commander", "card": c} for c in s.pool[seat]]
    if stage == "first":
        return [{"kind": "first", "seat": seat + 1}, {"kind": "first", "seat": 2 - seat}]
    if stage == "mulligan":
        return [{"kind": "keep"}, {"kind": "mulligan"}]
    if stage == "side":
        return [{"kind": "keep"}, *match.swaps(s, seat)]
    if stage == "battle":
        out: list[Action] = [{"kind": "endbattle"}]
        aims = ["player", *battle.attackable(s, seat)]
        for sq in battle.attackers(s, seat):
            for t in aims:
                out.append({"kind": "attack", "from": sq + 1, "target": t})
        return out
    out = [{"kind": "pass"}]
    hand = first_of_each(s.hands[seat], s.names.__getitem__)
    own = s.field[seat]
    for cid in hand:
        card = cdef(s, cid)
        if card.type == "stratagem":
            out += variants({"kind": "stratagem", "card": cid}, pays(s, seat, card.cost, cid, hand),
                            useful(s, seat, card.effects))
    for sq in SQUARES:
        slot = own[sq]
        if slot is None:
            continue
        card = cdef(s, slot.card)
        if slot.face_down and card.type in ("general", "trap"):
            effects = card.on_reveal if card.type == "general" else card.effects
            out += variants({"kind": "reveal", "square": sq + 1}, pays(s, seat, card.cost, None, hand),
                            targets(s, seat, effects))
        elif not slot.face_down and card.support:
            out += variants({"kind": "support", "square": sq + 1}, [None], useful(s, seat, card.support))
    if stage in ("main1", "main2") and seat == s.active:
        musou = mdef(s, seat).musou
        if musou is not None and not s.musou_used[seat]:
            out += variants({"kind": "musou"}, [None], useful(s, seat, musou.effects))
        squares = landing(s, seat)
        onto_empty = [sq for sq in squares if own[sq] is None]
        onto_full = [sq for sq in squares if own[sq] is not None]
        roles = square_roles(s, seat)
        for src in SQUARES:
            slot = own[src]
            if slot is not None and not slot.face_down and cdef(s, slot.card).move:
                out += [{"kind": "move", "from": src + 1, "to": dst + 1} for dst in onto_empty
                        if roles[dst] != roles[src]]
        # Each card's targets once: they do not depend on the square.
        fielded = [(cid, card.cost, targets(s, seat, card.on_place))
                   for cid in hand if (card := cdef(s, cid)).type in ("general", "item")]
        for group in (onto_empty, onto_full):
            extra = REPLACE_EXTRA if group is onto_full else 0
            for cid, cost, takes in fielded:
                pay_opts = pays(s, seat, cost + extra, cid, hand)
                for sq in group:
                    out += variants({"kind": "place", "card": cid, "square": sq + 1}, pay_opts, takes)
        for group in (onto_empty, onto_full):
            cost = FACE_DOWN_REPLACE_COST if group is onto_full else FACE_DOWN_COST
            for cid in hand:
                pay_opts = pays(s, seat, cost, cid, hand)
                for sq in group:
                    out += variants({"kind": "facedown", "card": cid, "square": sq + 1}, pay_opts, [None])
    return out


def legal(s: MusouState, seat: int) -> list[Action]:
    listed = candidates(s, seat)
    # Between games the menu is a keep and a few hundred swaps, which `match.swaps`
    # lists only as `check_swap` accepts them: the keep alone is left to check.
    checked = 1 if s.stage == "side" else len(listed)
    ok = []
    for a in listed[:checked]:
        try:
            check(s, seat, a)
        except RuleError:
            continue
        ok.append(a)
    return ok + listed[checked:]
