"""The active player's own decisions: immediate effects, readying spells,
summoning, casting, attaching, the ooze's switch, proceeding to the attack,
captures, discarding readied spells and ending the turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Rng, UnknownAction
from engine.core.text import Text

from . import attack
from .bag import draw_into_pool, from_wild, roll
from .common import check_empty_cards, enter_ready, refuse, set_copy
from .destroy import destroy
from .flow import end_turn
from .payment import alternatives, available, check_choice, pay, purse
from .spells import cast, check_cast, targets
from .state import CAPTURE, MAIN, QState, card_of, creatures, face_of, own_card, set_attached
from .stats import summon_cost

Action = dict[str, Any]
Paying = tuple[int, int, list[tuple[int, int]]]  # a cost, and what the pool pays and its quiddity dice (`purse`)


def _die(s: QState, a: Action, key: str = "die") -> int:
    d = a.get(key)
    if not isinstance(d, int) or isinstance(d, bool) or not 0 <= d < len(s.face):
        refuse(f"`{key}` must name a die.", f"`{key}` にはダイスを指定してください。")
    return d


def _in_pool(s: QState, p: int, d: int) -> None:
    if d not in s.pool[p] or s.face[d] < 0:
        refuse("That die is not rolled in your active pool.", "そのダイスは活動プールで振られていません。")


def _main(s: QState) -> None:
    if s.step != MAIN:
        refuse("That belongs before the attack.", "それは攻撃の前にしかできません。",
               "Now: capture, cast, discard or end_turn.", "今できるのは capture・cast・discard・end_turn です。")


def _immediate(s: QState) -> None:
    _main(s)
    if not s.imm:
        refuse("Immediate effects are over for this turn.", "このターンの即時効果の時間は終わりました。",
               "They are used before readying spells or summoning, or not at all.",
               "即時効果は魔法の準備や召喚の前に使うか、使わないかです。")


def check_use(s: QState, p: int, a: Action) -> None:
    _immediate(s)
    d = _die(s, a)
    _in_pool(s, p, d)
    f = face_of(s, d)
    burst_draw = own_card(s, d).power("burst_face_draw")
    if f.draw <= 0 and not (burst_draw is not None and f.quiddity > 0 and f.burst >= 1):
        refuse("That face has no draw effect to use.", "その目に使える取り出し効果はありません。")


def do_use(s: QState, p: int, a: Action, rng: Rng, found: None) -> None:
    d = a["die"]
    f = face_of(s, d)
    if f.draw > 0:
        s.mana += f.quiddity
        if f.keeps_die:
            roll(s, [d], rng)
        else:
            s.pool[p].remove(d)
            s.used[p].append(d)
        draw_into_pool(s, p, f.draw, rng, rolled=True)
        return
    params = own_card(s, d).power("burst_face_draw")
    assert params is not None
    if params.get("reroll_self"):
        draw_into_pool(s, p, int(params["draw"]), rng, rolled=True)
        roll(s, [d], rng)
    else:
        s.pool[p].remove(d)
        s.used[p].append(d)
        draw_into_pool(s, p, int(params["draw"]), rng, rolled=True)


def check_settle(s: QState, p: int, a: Action) -> None:
    """The Portal corner case (official FAQ): when nothing but Portals is left in your
    bag and used pile, drawing could only bring Portals back until one shows its
    quiddity face, so you may turn the Portal to that face at once."""
    _immediate(s)
    d = _die(s, a)
    _in_pool(s, p, d)
    card = own_card(s, d)
    if card.power("settle_when_alone") is None or face_of(s, d).draw <= 0:
        refuse("Only a Portal showing a draw face can be settled.", "これは取り出しの目の次元扉だけができます。",
               "Use `use die=N` to draw.", "取り出すには use die=N。")
    slot = s.dcard[d]
    if any(s.dcard[x] != slot for x in s.bag[p]) or any(s.dcard[x] != slot for x in s.used[p]):
        refuse("Other dice than Portals are left in your bag or used pile: draw instead.",
               "バッグか休眠パイルに次元扉以外のダイスが残っています。取り出してください。",
               "Use `use die=N`.", "use die=N を使ってください。")


def do_settle(s: QState, p: int, a: Action, rng: Rng, found: None) -> None:
    d = a["die"]
    faces = own_card(s, d).faces
    s.face[d] = next(i for i, f in enumerate(faces) if f.quiddity > 0 and not f.draw and not f.reroll)


def check_reroll(s: QState, p: int, a: Action) -> None:
    _immediate(s)
    d = _die(s, a)
    _in_pool(s, p, d)
    f = face_of(s, d)
    if f.reroll == 0 or f.draw > 0:
        refuse("That face has no reroll.", "その目に振り直しはありません。")
    if "other" in a:
        o = _die(s, a, "other")
        if f.reroll < 2 or o == d:
            refuse("Only the Assistant's face rerolls a second die.", "2個目を振り直せるのは助手の目だけです。")
        _in_pool(s, p, o)


def do_reroll(s: QState, p: int, a: Action, rng: Rng, found: None) -> None:
    roll(s, [a["die"]] + ([a["other"]] if "other" in a else []), rng)


def check_ready(s: QState, p: int, a: Action) -> None:
    _main(s)
    d = _die(s, a)
    _in_pool(s, p, d)
    card = own_card(s, d)
    if not face_of(s, d).spell:
        refuse("Only a spell face can be readied.", "準備できるのは魔法の目だけです。")
    if card.timing == "immediate":
        refuse("An immediate spell is cast now or not at all.", "即時魔法は今使うか使わないかです。",
               "Use `cast`.", "cast を使ってください。")


def do_ready(s: QState, p: int, a: Action, rng: Rng, found: None) -> None:
    s.imm = False
    s.pool[p].remove(a["die"])
    s.ready[p].append(a["die"])


def check_summon(s: QState, p: int, a: Action) -> Paying:
    _main(s)
    d = _die(s, a)
    _in_pool(s, p, d)
    f = face_of(s, d) if s.copies else s.dfaces[d][s.face[d]]  # `face_of`, inline when no die copies
    if not f.creature:
        refuse("Only a creature face can be summoned.", "召喚できるのはモンスターの目だけです。")
    if s.warrior_summoned and own_card(s, d).power("quay_purge") is not None:
        refuse("Only one Warrior of the Quay may be summoned each turn.", "波止場の戦士は1ターンに1体しか召喚できません。")
    cost = summon_cost(s, d, p) if "summon_surcharge" in s.fx else f.level  # the cost's own first check, inline
    have, dice = purse(s, p)
    if have < cost:
        refuse(f"Summoning needs {cost} quiddity; you have {have}.",
               f"召喚には魔力{cost}が必要です（あなたの魔力は{have}）。",
               "Summon a cheaper creature, or proceed to the attack.", "もっと安いモンスターを召喚するか、proceed で攻撃へ。")
    named = a.get("pay")
    if named is not None:  # most actions let the engine pick
        check_choice(s, p, cost, named, dice)
    return cost, have, dice


def do_summon(s: QState, p: int, a: Action, rng: Rng, found: Paying) -> None:
    d = a["die"]
    s.imm = False
    pay(s, p, found[0], a.get("pay"), found[2], found[1])
    s.pool[p].remove(d)
    enter_ready(s, p, d)
    fx = s.fx
    if "summon_quiddity" not in fx and "quay_purge" not in fx:  # what follows is two cards' powers
        return
    card, f = own_card(s, d), face_of(s, d)
    params = card.first.get("summon_quiddity")  # `power` spelt out, here and below: every summon comes here
    if params is not None and f.burst >= int(params["burst"]):
        s.mana += int(params["amount"])
    if card.first.get("quay_purge") is not None:
        s.warrior_summoned = True
        for q in range(s.seats):
            if q != p:
                for x in creatures(s, q):
                    if card_of(s, x).die == card.die:
                        destroy(s, x, p, rng)


def _opt_int(s: QState, a: Action, key: str) -> int | None:
    return _die(s, a, key) if key in a else None


def check_cast_own(s: QState, p: int, a: Action) -> None:
    if s.step not in (MAIN, CAPTURE):
        refuse("Spells are cast on your own turn before or after the attack.", "魔法は自分の手番の攻撃の前後に発動します。")
    d = _die(s, a)
    others = a.get("others", [])
    if not isinstance(others, list) or not all(isinstance(o, int) for o in others):
        refuse("`others` must list dice.", "`others` にはダイスを並べてください。")
    check_cast(s, p, d, _opt_int(s, a, "target"), others, reaction=False)


def do_cast_own(s: QState, p: int, a: Action, rng: Rng, found: None) -> None:
    if own_card(s, a["die"]).timing != "immediate":
        s.imm = False
    cast(s, p, a["die"], a.get("target"), list(a.get("others", [])), rng)


def check_attach(s: QState, p: int, a: Action) -> None:
    if s.step not in (MAIN, CAPTURE):
        refuse("Spells are attached on your own turn before or after the attack.", "付加魔法は自分の手番の攻撃の前後に付加します。")
    d = _die(s, a)
    c = _die(s, a, "to")
    if d not in s.ready[p] or own_card(s, d).timing != "attach" or not face_of(s, d).spell:
        refuse("Attach a readied attach spell.", "待機エリアの付加魔法を付加してください。")
    if c not in creatures(s, p):
        refuse("Attach it to a creature in your ready area.", "自分の待機エリアのモンスターに付加してください。")


def do_attach(s: QState, p: int, a: Action, rng: Rng, found: None) -> None:
    s.imm = False
    s.ready[p].remove(a["die"])
    set_attached(s, a["to"], (*s.attached.get(a["to"], ()), a["die"]))


def check_switch(s: QState, p: int, a: Action) -> None:
    if s.step not in (MAIN, CAPTURE):
        refuse("The ooze switches on your own turn before or after the attack.", "粘体の複製先は自分の手番の攻撃の前後に変えます。")
    d = _die(s, a)
    t = _die(s, a, "target")
    if d not in creatures(s, p) or own_card(s, d).power("copy_creature") is None or d in s.switched:
        refuse("Only a copying ooze may switch, once a turn.", "複製を変えられるのは粘体だけで、1ターンに1回です。")
    if not any(t in creatures(s, q) for q in range(s.seats) if q != p):
        refuse("Copy a creature in an opponent's ready area.", "対戦相手の待機エリアのモンスターを選んでください。")


def do_switch(s: QState, p: int, a: Action, rng: Rng, found: None) -> None:
    s.imm = False
    s.switched = (*s.switched, a["die"])
    set_copy(s, a["die"], a["target"])


def check_proceed(s: QState, p: int, a: Action) -> None:
    _main(s)


def do_proceed(s: QState, p: int, a: Action, rng: Rng, found: None) -> None:
    attack.begin(s)


def capture_cost(s: QState, slot: int) -> int:
    cost = s.cards[slot].cost - s.discount
    return cost if cost > 0 else 0


def _slot(s: QState, a: Action) -> int:
    cid = a.get("card")
    slot = s.slots.get(cid) if isinstance(cid, str) else None
    if slot is not None:
        return slot
    refuse("That card is not in the wilds.", "そのカードは狩場にありません。")


def check_capture(s: QState, p: int, a: Action) -> Paying:
    if s.step != CAPTURE:
        refuse("Captures come after the attack.", "捕獲は攻撃の後です。", "Use `proceed` first.", "先に proceed で攻撃してください。")
    slot = _slot(s, a)
    if s.captures <= 0:
        refuse("No captures left this turn.", "このターンはもう捕獲できません。")
    if not s.wild[slot]:
        refuse("No dice are left on that card.", "そのカードにダイスは残っていません。")
    cost = capture_cost(s, slot)
    have, dice = purse(s, p)
    if have < cost:
        refuse(f"That capture costs {cost} quiddity; you have {have}.",
               f"その捕獲には魔力{cost}が必要です（あなたの魔力は{have}）。",
               "Capture a cheaper die, or end_turn.", "もっと安いダイスを捕獲するか、end_turn。")
    named = a.get("pay")
    if named is not None:  # most actions let the engine pick
        check_choice(s, p, cost, named, dice)
    return cost, have, dice


def do_capture(s: QState, p: int, a: Action, rng: Rng, found: Paying) -> None:
    slot = s.slots[a["card"]]  # the check found it
    pay(s, p, found[0], a.get("pay"), found[2], found[1])
    s.captures -= 1
    s.used[p].append(from_wild(s, slot))
    check_empty_cards(s)


def check_discard(s: QState, p: int, a: Action) -> None:
    if s.step != CAPTURE:
        refuse("Readied spells are discarded at the end of the turn.", "準備した魔法を捨てるのはターンの終わりです。")
    d = _die(s, a)
    if d not in s.ready[p] or face_of(s, d).creature:
        refuse("Discard a spell from your ready area.", "待機エリアの魔法を選んでください。")


def do_discard(s: QState, p: int, a: Action, rng: Rng, found: None) -> None:
    s.ready[p].remove(a["die"])
    s.used[p].append(a["die"])


def check_end(s: QState, p: int, a: Action) -> None:
    if s.step != CAPTURE:
        refuse("Attack first (`proceed`).", "先に攻撃してください（proceed）。")


def do_end(s: QState, p: int, a: Action, rng: Rng, found: None) -> None:
    end_turn(s, rng)


# A rule's check returns what it worked out on the way (a cost and the dice that
# may pay it), and its effect takes that instead of working it out again.
Rule = tuple[Callable[[QState, int, Action], Any], Callable[[QState, int, Action, Rng, Any], None]]
RULES: dict[str, Rule] = {
    "proceed": (check_proceed, do_proceed),
    "use": (check_use, do_use),
    "reroll": (check_reroll, do_reroll),
    "settle": (check_settle, do_settle),
    "ready": (check_ready, do_ready),
    "summon": (check_summon, do_summon),
    "cast": (check_cast_own, do_cast_own),
    "attach": (check_attach, do_attach),
    "switch": (check_switch, do_switch),
    "capture": (check_capture, do_capture),
    "discard": (check_discard, do_discard),
    "end_turn": (check_end, do_end),
}


def apply_turn(s: QState, p: int, a: Action, rng: Rng) -> None:
    rule = RULES.get(a["kind"])
    if rule is None:
        raise UnknownAction(Text(f"Unknown action '{a['kind']}'.", f"不明な行動「{a['kind']}」。"),
                            Text("Type `help` to list your actions.", "`help` で行動の一覧を表示します。"))
    rule[1](s, p, a, rng, rule[0](s, p, a))


def candidates(s: QState, p: int, ways: bool = True, menu: bool = False) -> list[Action]:
    """Every candidate action of the turn, passive first; the caller filters by the checks.
    Without `ways`, only what can be paid now and only one way each (no `pay`
    naming the dice, no second die to reroll): the search bot's list, since the
    engine's own payment wastes the least quiddity and the variants would only
    split its search. With `menu`, captures as a menu offers them: only those that
    can be paid now (the check refuses the others) and each once, paid by the engine:
    every die left in the pool goes to the used pile at the end of the turn and the
    engine's pick wastes the least, so naming the dice never helps (`pay=` may still be
    typed and replays; the random bot still draws among every way, so its play is unchanged)."""
    out: list[Action] = []
    if s.step == CAPTURE:
        out.append({"kind": "end_turn"})
        every = ways and not menu
        have = available(s, p) if s.captures > 0 else -1  # what the pool pays, the same for every card
        for slot, c in enumerate(s.cards):
            if s.wild[slot]:
                affordable = have >= capture_cost(s, slot)
                if every or affordable:
                    out.append({"kind": "capture", "card": c.id})
                if every and affordable:
                    out += [{"kind": "capture", "card": c.id, "pay": ch}
                            for ch in alternatives(s, p, capture_cost(s, slot))]
        out += [{"kind": "discard", "die": d} for d in s.ready[p] if not face_of(s, d).creature]
    else:
        out.append({"kind": "proceed"})
        have = available(s, p)
        for d in s.pool[p]:
            if s.face[d] < 0:
                continue
            f = face_of(s, d)
            if f.creature:
                cost = summon_cost(s, d, p)
                affordable = have >= cost
                if ways or affordable:
                    out.append({"kind": "summon", "die": d})
                if ways and affordable:
                    out += [{"kind": "summon", "die": d, "pay": ch} for ch in alternatives(s, p, cost)]
            elif f.spell:
                out.append({"kind": "ready", "die": d})
                out += _casts(s, p, d)
            else:
                if f.draw or f.burst:
                    out.append({"kind": "use", "die": d})
                if f.draw and "settle_when_alone" in s.fx:
                    out.append({"kind": "settle", "die": d})
                if f.reroll:
                    out.append({"kind": "reroll", "die": d})
                    if f.reroll == 2 and ways:
                        out += [{"kind": "reroll", "die": d, "other": o} for o in s.pool[p]
                                if o != d and s.face[o] >= 0]
    for d in s.ready[p]:
        if s.face[d] >= 0 and face_of(s, d).spell:
            timing = own_card(s, d).timing
            if timing == "attach":
                out += [{"kind": "attach", "die": d, "to": c} for c in creatures(s, p)]
            elif timing == "ready":
                out += _casts(s, p, d)
    for d in creatures(s, p):
        if own_card(s, d).power("copy_creature") is not None and d not in s.switched:
            out += [{"kind": "switch", "die": d, "target": t}
                    for q in range(s.seats) if q != p for t in creatures(s, q)]
    return out


def _casts(s: QState, p: int, d: int) -> list[Action]:
    card = own_card(s, d)
    params = card.power("immediate_quiddity")
    if params is not None and params.get("reroll_others"):
        others = [o for o in s.pool[p] if o != d and s.face[o] >= 0]
        out: list[Action] = [{"kind": "cast", "die": d}]
        out += [{"kind": "cast", "die": d, "others": [o]} for o in others]
        out += [{"kind": "cast", "die": d, "others": [o, o2]} for i, o in enumerate(others) for o2 in others[i + 1:]]
        return out
    tg = targets(s, p, d)
    if tg is None:
        return [{"kind": "cast", "die": d}]
    return [{"kind": "cast", "die": d, "target": t} for t in tg]
