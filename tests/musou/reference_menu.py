"""The Musou menu as it was built before it was made faster (engine/musou
menu.py and actions.py at the commit that started the work, kept verbatim):
a plain oracle the fast menu is compared with over many positions
(test_menu_reference.py). Labels, groups, order and the list itself must match."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core import Choice, RuleError, Text, first_of_each
from engine.musou import actions, battle
from engine.musou.cards import ROLE_TEXT, Effect
from engine.musou.effects import has_effect, valid_targets
from engine.musou.placing import FACE_DOWN_COST, FACE_DOWN_REPLACE_COST, REPLACE_EXTRA
from engine.musou.state import SQUARES, MusouState, card_text, cards_of, cdef, mdef
from engine.musou.stats import power, strike

Action = dict[str, Any]


def pays(s: MusouState, seat: int, cost: int, playing: str | None) -> list[str | None]:
    """`pay=` variants are listed only when provisions alone fall short (the
    referee accepts pay= whenever it is legal)."""
    if len(s.provisions[seat]) >= cost:
        return [None]
    if s.tribute_used[seat] or cost < 1 or len(s.provisions[seat]) < cost - 1:
        return []
    return [c for c in first_of_each(s.hands[seat], s.names.__getitem__) if c != playing]


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
    roles = mdef(s, seat).roles()
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
    hand = first_of_each(s.hands[seat], s.names.__getitem__)
    own = s.field[seat]
    for cid in hand:
        card = cdef(s, cid)
        if card.type == "stratagem":
            out += variants({"kind": "stratagem", "card": cid}, pays(s, seat, card.cost, cid),
                            useful(s, seat, card.effects))
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
            out += variants({"kind": "support", "square": sq + 1}, [None], useful(s, seat, card.support))
    if stage in ("main1", "main2") and seat == s.active:
        musou = mdef(s, seat).musou
        if musou is not None and not s.musou_used[seat]:
            out += variants({"kind": "musou"}, [None], useful(s, seat, musou.effects))
        squares = landing(s, seat)
        onto_empty = [sq for sq in squares if own[sq] is None]
        onto_full = [sq for sq in squares if own[sq] is not None]
        roles = mdef(s, seat).roles()
        for src in SQUARES:
            slot = own[src]
            if slot is not None and not slot.face_down and cdef(s, slot.card).move:
                out += [{"kind": "move", "from": src + 1, "to": dst + 1} for dst in onto_empty
                        if roles[dst] != roles[src]]
        fielded = [cid for cid in hand if cdef(s, cid).type in ("general", "item")]
        for group in (onto_empty, onto_full):
            for cid in fielded:
                card = cdef(s, cid)
                for sq in group:
                    extra = REPLACE_EXTRA if own[sq] is not None else 0
                    out += variants({"kind": "place", "card": cid, "square": sq + 1},
                                    pays(s, seat, card.cost + extra, cid), targets(s, seat, card.on_place))
        for group in (onto_empty, onto_full):
            cost = FACE_DOWN_REPLACE_COST if group is onto_full else FACE_DOWN_COST
            for cid in hand:
                for sq in group:
                    out += variants({"kind": "facedown", "card": cid, "square": sq + 1},
                                    pays(s, seat, cost, cid), [None])
    return out



def where_text(s: MusouState, seat: int, sq: int) -> Text:
    """`3 (supply)`: the square number with its role."""
    role = ROLE_TEXT[mdef(s, seat).roles()[sq]]
    return Text(f"{sq + 1} ({role.en})", f"{sq + 1}番（{role.ja}）")


def _details(s: MusouState, a: Action, cost: int | None) -> Text:
    """The parts that tell two choices of one card apart: target, discard, cost."""
    en: list[str] = []
    ja: list[str] = []
    if "target" in a and a["target"] != "player":
        name = card_text(s, a["target"])
        en.append(f"target {name.en}")
        ja.append(f"対象：{name.ja}")
    if "pay" in a:
        name = card_text(s, a["pay"])
        en.append(f"discard {name.en}")
        ja.append(f"{name.ja}を捨てて1支払う")
    if cost is not None:
        # The cost goes last: a label clipped at 100 characters stays distinct.
        en.append(f"cost {cost}")
        ja.append(f"コスト{cost}")
    return Text("".join(f", {x}" for x in en), f"（{'、'.join(ja)}）" if ja else "")


def _onto(s: MusouState, seat: int, sq: int) -> Text:
    """`3 (supply)`, or `3 (supply, replacing)` over a card already there."""
    where = where_text(s, seat, sq)
    if s.field[seat][sq] is None:
        return where
    return Text(f"{where.en[:-1]}, replacing)", f"{where.ja[:-1]}・入れ替え）")


def label(s: MusouState, seat: int, a: Action) -> Text:
    """For the acting seat's own menu (may name its hand and face-down cards)."""
    kind = a["kind"]
    if kind == "pass":
        if s.stage == "respond":
            return Text("Pass (let the attack resolve)", "パス（攻撃をそのまま受ける）")
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
        if a["seat"] == seat + 1:
            return Text("You go first", "自分が先攻")
        return Text("Your opponent goes first", "相手が先攻")
    if kind == "commander":
        c = cards_of(s).commanders[s.names[a["card"]]]
        musou = (Text(f", 無双 {c.musou.name.en}", f"、無双「{c.musou.name.ja}」") if c.musou else Text("", ""))
        return (Text("Commander ", "指揮官 ") + c.title()
                + Text(f" ({c.layout}, troops {c.troops}, hand {c.hand}{musou.en})",
                       f"（{c.layout}、兵数{c.troops}、手札{c.hand}{musou.ja}）"))
    if kind == "swap":
        out_c, in_c = cards_of(s).cards[a["out"]], cards_of(s).cards[a["in"]]
        return Text(f"Swap out {out_c.name.en}, in {in_c.name.en}", f"{out_c.name.ja}を抜いて{in_c.name.ja}を入れる")
    if kind == "musou":
        m = mdef(s, seat).musou
        assert m is not None
        return Text(f"無双 {m.name.en}", f"無双「{m.name.ja}」") + _details(s, a, None)
    if kind == "stratagem":
        name = card_text(s, a["card"])
        return Text(f"Use {name.en}", f"{name.ja}を使う") + _details(s, a, cdef(s, a["card"]).cost)
    if kind in ("place", "facedown"):
        name = card_text(s, a["card"])
        sq = a["square"] - 1
        old = s.field[seat][sq]
        where = _onto(s, seat, sq)
        if kind == "place":
            cost = cdef(s, a["card"]).cost + (REPLACE_EXTRA if old is not None else 0)
            head = Text(f"Place {name.en} on {where.en}", f"{name.ja}を{where.ja}に配置")
        else:
            cost = FACE_DOWN_REPLACE_COST if old is not None else FACE_DOWN_COST
            head = Text(f"Face down {name.en} on {where.en}", f"{name.ja}を{where.ja}に伏せる")
        return head + _details(s, a, cost)
    if kind in ("reveal", "support"):
        sq = a["square"] - 1
        slot = s.field[seat][sq]
        assert slot is not None
        name = card_text(s, slot.card)
        if kind == "reveal":
            return (Text(f"Reveal {name.en} on {sq + 1}", f"{sq + 1}番の{name.ja}を表向きにする")
                    + _details(s, a, cdef(s, slot.card).cost))
        return Text(f"Support: {name.en} on {sq + 1}", f"{sq + 1}番の{name.ja}の支援") + _details(s, a, None)
    if kind == "move":
        slot = s.field[seat][a["from"] - 1]
        assert slot is not None
        name, to = card_text(s, slot.card), where_text(s, seat, a["to"] - 1)
        return Text(f"Move {name.en} from {a['from']} to {to.en}", f"{name.ja}を{a['from']}番から{to.ja}へ移動")
    if kind == "attack":
        sq = a["from"] - 1
        slot = s.field[seat][sq]
        assert slot is not None
        name = card_text(s, slot.card)
        if a["target"] == "player":
            hit = strike(s, seat, slot)
            return Text(f"{name.en} ({sq + 1}) attacks your opponent: strike {hit}",
                        f"{name.ja}（{sq + 1}番）で相手を攻撃（戦攻{hit}）")
        foe = 1 - seat
        target = card_text(s, a["target"])
        theirs = next((power(s, foe, t) for t in s.field[foe] if t is not None and t.card == a["target"]), 0)
        return Text(f"{name.en} ({sq + 1}, power {power(s, seat, slot)}) attacks {target.en} (power {theirs})",
                    f"{name.ja}（{sq + 1}番・武力{power(s, seat, slot)}）で{target.ja}（武力{theirs}）を攻撃")
    return Text(kind, kind)


def group(s: MusouState, seat: int, a: Action) -> Text | None:
    """The first stage of a staged menu: the card the choice is about (a hand
    card, or a card on one of your squares); None for the stand-alone choices."""
    kind = a["kind"]
    if kind in ("place", "facedown", "stratagem"):
        return card_text(s, a["card"])
    if kind in ("reveal", "support", "move", "attack"):
        sq = a["square" if kind in ("reveal", "support") else "from"] - 1
        slot = s.field[seat][sq]
        assert slot is not None
        name = card_text(s, slot.card)
        if slot.face_down:
            return Text(f"Face-down {name.en} on {sq + 1}", f"{sq + 1}番の伏せ札（{name.ja}）")
        return Text(f"{name.en} on {sq + 1}", f"{sq + 1}番の{name.ja}")
    if kind == "swap":
        return Text(f"Swap out {cards_of(s).cards[a['out']].name.en}", f"{cards_of(s).cards[a['out']].name.ja}を抜く")
    return None


def subgroup(s: MusouState, seat: int, a: Action) -> Text | None:
    """The second stage within a card's group: where the card goes (face up or
    down), or the target it takes; what is discarded to pay comes last."""
    kind = a["kind"]
    if kind in ("place", "facedown"):
        onto = _onto(s, seat, a["square"] - 1)
        if kind == "place":
            return Text(f"Place on {onto.en}", f"{onto.ja}に配置")
        return Text(f"Face down on {onto.en}", f"{onto.ja}に伏せる")
    if kind in ("stratagem", "reveal", "support") and a.get("target", "player") != "player":
        name = card_text(s, a["target"])
        return Text(f"Target {name.en}", f"対象：{name.ja}")
    return None


def legal(s: MusouState, seat: int) -> list[Action]:
    """The old candidates, each kept when the referee (actions.check) accepts it."""
    ok = []
    for a in candidates(s, seat):
        try:
            actions.check(s, seat, a)
        except RuleError:
            continue
        ok.append(a)
    return ok


def choices(s: MusouState, seat: int) -> list[Choice]:
    return [Choice(a, label(s, seat, a), group(s, seat, a), subgroup=subgroup(s, seat, a)) for a in legal(s, seat)]
