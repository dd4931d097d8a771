"""The action vocabulary: which rule checks and performs each kind, and the
enumeration of legal actions (candidates filtered through the same checks, so
the menu and the referee never disagree)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.core import Rng, RuleError, Text, UnknownAction

from . import abilities, battle, match, phases, placing
from .cards import Effect
from .effects import valid_targets
from .state import SQUARES, MusouState, card_text, cards_of, cdef, mdef, square_text
from .timing import in_main, in_response

Action = dict[str, Any]
Check = Callable[[MusouState, int, Action], None]
Do = Callable[[MusouState, int, Action], list[Text]]

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
    if kind in PLAIN:
        PLAIN[kind][0](s, seat, a)
    elif kind == "pass":
        if not (in_main(s, seat) or in_response(s, seat)):
            raise RuleError(Text("You cannot pass now.", "今はパスできません。"),
                            Text("Pass is for main phases and for responding to an attack.",
                                 "パスはメインフェイズと攻撃への対応時に行えます。"))
    elif kind == "endbattle":
        if s.stage != "battle" or s.active != seat:
            raise RuleError(Text("It is not your battle phase.", "あなたの戦功フェイズではありません。"))
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


def perform(s: MusouState, seat: int, a: Action, rng: Rng) -> list[Text]:
    """Apply a checked action to the (cloned) state."""
    kind = a["kind"]
    if kind == "pass" and s.stage == "respond":
        log = [Text("The defender lets the attack through.", "防御側は対応しない。"), *battle.resolve_attack(s)]
        return log + phases.after_attack(s)
    if kind == "pass":
        return phases.main_pass(s, seat)
    if kind == "endbattle":
        return phases.end_battle(s)
    if kind == "commander":
        return match.do_commander(s, seat, a, rng)
    if kind == "first":
        return match.do_first(s, seat, a, rng)
    if kind == "keep" and s.stage == "side":
        return match.do_ready(s, seat, a)
    if kind in ("keep", "mulligan"):
        return match.do_mulligan(s, seat, a, rng)
    was_main = in_main(s, seat)
    log = PLAIN[kind][1](s, seat, a)
    if was_main:
        phases.acted(s, seat)
    elif s.stage == "respond" and s.attack is not None and s.attack.cancelled:
        log += battle.resolve_attack(s) + phases.after_attack(s)
    return log


# ---- enumeration -----------------------------------------------------------

def distinct(s: MusouState, ids: list[str]) -> list[str]:
    """One id per card name: identical cards make identical choices."""
    seen: set[str] = set()
    out = []
    for cid in ids:
        if s.names[cid] not in seen:
            seen.add(s.names[cid])
            out.append(cid)
    return out


def pays(s: MusouState, seat: int, cost: int, playing: str | None) -> list[str | None]:
    """`pay=` variants are listed only when provisions alone fall short (the
    referee accepts pay= whenever it is legal)."""
    if len(s.provisions[seat]) >= cost:
        return [None]
    if s.tribute_used[seat] or cost < 1 or len(s.provisions[seat]) < cost - 1:
        return []
    return [c for c in distinct(s, s.hands[seat]) if c != playing]


def targets(s: MusouState, seat: int, effects: list[Effect]) -> list[str | None]:
    return list(valid_targets(s, seat, effects)) or [None]


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


def candidates(s: MusouState, seat: int) -> list[Action]:
    stage = s.stage
    if stage == "commander":
        return [{"kind": "commander", "card": c} for c in s.pool[seat]]
    if stage == "first":
        return [{"kind": "first", "seat": seat + 1}, {"kind": "first", "seat": 2 - seat}]
    if stage == "mulligan":
        return [{"kind": "keep"}, {"kind": "mulligan"}]
    if stage == "side":
        counts = Counter(s.decks[seat])
        return [{"kind": "keep"}] + [{"kind": "swap", "out": o, "in": i}
                                      for o in sorted(counts) for i in sorted(set(s.side[seat])) if o != i]
    if stage == "battle":
        out: list[Action] = [{"kind": "endbattle"}]
        for sq in battle.attackers(s, seat):
            for t in ["player", *battle.attackable(s, seat)]:
                out.append({"kind": "attack", "from": sq + 1, "target": t})
        return out
    out = [{"kind": "pass"}]
    hand = distinct(s, s.hands[seat])
    own = s.field[seat]
    for cid in hand:
        card = cdef(s, cid)
        if card.type == "stratagem":
            out += variants({"kind": "stratagem", "card": cid}, pays(s, seat, card.cost, cid),
                            targets(s, seat, card.effects))
    for sq in SQUARES:
        slot = own[sq]
        if slot is None:
            continue
        card = cdef(s, slot.card)
        if slot.face_down and card.type in ("general", "trap"):
            effects = card.on_reveal if card.type == "general" else card.effects
            out += variants({"kind": "reveal", "square": sq + 1}, pays(s, seat, card.cost, None),
                            targets(s, seat, effects))
        elif not slot.face_down and card.support:
            out += variants({"kind": "support", "square": sq + 1}, [None], targets(s, seat, card.support))
    if stage in ("main1", "main2") and seat == s.active:
        for cid in hand:
            card = cdef(s, cid)
            for sq in SQUARES:
                extra = 2 if own[sq] is not None else 0
                if card.type in ("general", "item"):
                    out += variants({"kind": "place", "card": cid, "square": sq + 1},
                                    pays(s, seat, card.cost + extra, cid), targets(s, seat, card.on_place))
                out += variants({"kind": "facedown", "card": cid, "square": sq + 1},
                                pays(s, seat, 3 if extra else 1, cid), [None])
        musou = mdef(s, seat).musou
        if musou is not None and not s.musou_used[seat]:
            out += variants({"kind": "musou"}, [None], targets(s, seat, musou.effects))
        for src in SQUARES:
            slot = own[src]
            if slot is not None and not slot.face_down and cdef(s, slot.card).move:
                out += [{"kind": "move", "from": src + 1, "to": dst + 1} for dst in SQUARES if own[dst] is None]
    return out


def legal(s: MusouState, seat: int) -> list[Action]:
    ok = []
    for a in candidates(s, seat):
        try:
            check(s, seat, a)
        except RuleError:
            continue
        ok.append(a)
    return ok


# ---- labels ----------------------------------------------------------------

def label(s: MusouState, seat: int, a: Action) -> Text:
    """For the acting seat's own menu (may name its hand cards)."""
    kind = a["kind"]
    extra = Text("", "")
    if "pay" in a:
        extra += Text(f", discarding {card_text(s, a['pay']).en} for 1", f"、{card_text(s, a['pay']).ja}を破棄して1コスト")
    if "target" in a and a["target"] != "player":
        extra += Text(f" -> {card_text(s, a['target']).en}", f" → {card_text(s, a['target']).ja}")
    if kind == "pass":
        return Text("Pass", "パス")
    if kind == "endbattle":
        return Text("End the battle phase", "戦功フェイズを終える")
    if kind == "keep" and s.stage == "side":
        return Text("Keep the deck as it is now (done swapping)", "今のデッキで確定（交換終了）")
    if kind == "keep":
        return Text("Keep this hand", "この手札で始める")
    if kind == "mulligan":
        return Text("Mulligan (shuffle the hand back, draw again)", "マリガン（手札を戻して引き直す）")
    if kind == "ready":
        return Text("Done swapping (keep the deck)", "交換を終える（このデッキで）")
    if kind == "first":
        return Text(f"Seat {a['seat']} goes first", f"{a['seat']}番席が先攻")
    if kind == "commander":
        return Text("Commander: ", "指揮官：") + card_text(s, a["card"])
    if kind == "swap":
        out_c, in_c = cards_of(s).cards[a["out"]], cards_of(s).cards[a["in"]]
        return Text(f"Swap out {out_c.name.en}, in {in_c.name.en}", f"{out_c.name.ja}を抜き{in_c.name.ja}を入れる")
    if kind == "musou":
        m = mdef(s, seat).musou
        assert m is not None
        return Text(f"無双: {m.name.en}", f"無双：{m.name.ja}") + extra
    if kind in ("place", "facedown", "stratagem"):
        name = card_text(s, a["card"])
        verb = {"place": Text("Place", "配置"), "facedown": Text("Set face down", "伏せる"),
                "stratagem": Text("Stratagem", "計略")}[kind]
        where = Text(f" on {square_text(a['square'] - 1).en}", f"（{square_text(a['square'] - 1).ja}）") \
            if "square" in a else Text("", "")
        return Text(f"{verb.en} {name.en}", f"{name.ja}を{verb.ja}") + where + extra
    if kind in ("reveal", "support"):
        slot = s.field[seat][a["square"] - 1]
        assert slot is not None
        name = card_text(s, slot.card)
        verb = Text("Reveal", "表向きにする") if kind == "reveal" else Text("Support ability of", "支援能力")
        return Text(f"{verb.en} {name.en}", f"{name.ja}：{verb.ja}") + extra
    if kind == "move":
        return Text(f"Move square {a['from']} -> {a['to']}", f"{a['from']}番マス→{a['to']}番マスへ移動")
    if kind == "attack":
        slot = s.field[seat][a["from"] - 1]
        assert slot is not None
        what = Text("the player", "相手プレイヤー") if a["target"] == "player" else card_text(s, a["target"])
        return Text(f"Attack {what.en} with {card_text(s, slot.card).en}",
                    f"{card_text(s, slot.card).ja}で{what.ja}を攻撃")
    return Text(kind, kind)


def public_label(s: MusouState, seat: int, a: Action) -> Text:
    """What everyone may read about an action before it happens: nothing
    about a face-down card, a side-deck swap or a commander not yet shown."""
    kind = a["kind"]
    if kind == "facedown":
        return Text(f"Set a face-down card on square {a.get('square')}", f"{a.get('square')}番マスに伏せ札")
    if kind == "swap":
        return Text("Swap a card with the side deck", "サイドデッキと1枚交換")
    if kind == "commander":
        return Text("Choose a commander (face down)", "指揮官を選ぶ（裏向き）")
    if kind == "reveal":
        return Text(f"Reveal the face-down card on square {a.get('square')}", f"{a.get('square')}番マスの伏せ札を公開")
    return label(s, seat, a)
