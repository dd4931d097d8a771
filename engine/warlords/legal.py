"""Candidate actions for menus and bots; each is kept only if its rule check passes.
Interchangeable cards (the March/Battle versions) are offered once per use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Choice, RuleError, Text

from . import moves
from .calamities import switch_targets, targets_of
from .catalog import numbers, type_name
from .combat import loss_options, side_values
from .labels import group, label, shown
from .opening import pickable
from .ruins import OBSTRUCTION_TYPES
from .stacks import stack_combat, stack_state
from .state import WState, cdef, find_castle, find_stack, name
from .words import card_with, names_and, piece, yours

Action = dict[str, Any]
MAX_INTERCEPTORS_LISTED = 6  # 63 sets; a larger army still names any set by hand
CHECKS: dict[str, Callable[[WState, int, Action], None]] = {
    "deploy": moves.check_deploy, "march": moves.check_march, "recall": moves.check_recall,
    "clear": moves.check_clear, "attack": moves.check_attack, "explore": moves.check_explore,
    "play": moves.check_play, "calamity": moves.check_calamity, "cast": moves.check_cast,
    "terrain": moves.check_terrain, "weather": moves.check_weather, "sell": moves.check_sell,
}


def _units(s: WState, ids: list[str], values: dict[str, int]) -> Text:
    return names_and([name(s, i) + Text(f" ({values[i]})", f"（{values[i]}）") for i in ids])


def play_candidates(s: WState, seat: int) -> list[Action]:
    p = s.players[seat]
    hand = p.hand
    stacks = [st.hero for st in p.stacks]
    castles = [c.card for c in p.castles]
    opp_stacks = [st.hero for o, q in enumerate(s.players) if o != seat for st in q.stacks]
    opp_castles = [c.card for o, q in enumerate(s.players) if o != seat for c in q.castles]
    opp_players = [f"p{o}" for o, q in enumerate(s.players) if o != seat and not q.eliminated]
    defs = {iid: cdef(s, iid) for iid in hand}  # each card's definition read once: the menu asks several times
    firsts: dict[str, str] = {}
    for iid, d in defs.items():
        firsts.setdefault(d.id, iid)
    distinct = list(firsts.values())
    march = next((i for i in hand if defs[i].march), None)
    out: list[Action] = []
    for iid in distinct:
        d = defs[iid]
        if d.type in ("castle", "hero", "ruin"):
            out.append({"kind": "deploy", "card": iid})
        elif d.type in ("banner", "army", "fleet"):
            out += [{"kind": "deploy", "card": iid, "to": t} for t in stacks]
            if d.type == "army":
                out += [{"kind": "deploy", "card": iid, "to": t} for t in castles]
        elif d.type == "improvement":
            out += [{"kind": "deploy", "card": iid, "to": t} for t in castles]
        elif d.type == "diplomacy" or (d.type == "action" and d.battle is None and not d.march):
            if d.target == "none":
                out.append({"kind": "play", "card": iid})
            else:
                targets = {"player": opp_players, "stack": opp_stacks, "castle": opp_castles}[d.target]
                out += [{"kind": "play", "card": iid, "target": t} for t in targets]
        elif d.type == "calamity" and d.calamity is not None:
            ts = opp_stacks if d.calamity.target == "stack" else opp_castles
            out += [{"kind": "calamity", "card": iid, "target": t} for t in ts]
        elif d.type == "spell":
            ts = {"none": [], "player": opp_players, "stack": opp_stacks, "castle": opp_castles}[d.target]
            out += [{"kind": "cast", "card": iid, "stack": st, "target": t} for st in stacks for t in ts]
        elif d.type == "terrain":
            out += [{"kind": "terrain", "card": iid, "stack": st} for st in stacks + opp_stacks]
        elif d.type == "weather":
            out += [{"kind": "weather", "card": iid, "stack": st} for st in opp_stacks]
        elif d.type in ("ally", "artefact", "treasure"):
            out += [{"kind": "explore", "stack": st, "ruin": r, "reward": iid} for st in stacks for r in p.ruins]
    if march is not None:
        for st in p.stacks:
            if stack_state(st) == "patrolling":
                out += [{"kind": "march", "stack": st.hero, "card": march, "target": int(o[1:])} for o in opp_players]
            else:
                out.append({"kind": "march", "stack": st.hero, "card": march})
        out += [{"kind": "clear", "on": x, "card": march} for x in moves.clearable(s, seat)]
    # Battle cards of one name differ only in check value, which a battle never reads: one each,
    # and a pair of each name held twice or more (the first two in hand order, not a set's: a set's
    # order follows the process's string hashing, and the menu, and a seeded bot's pick from it, must
    # be the same in every process). The same for every stack and target: made once.
    by_name: dict[str, list[str]] = {}
    for i in hand:
        if defs[i].battle is not None:
            by_name.setdefault(defs[i].name.en, []).append(i)
    battle_cards = [same[0] for same in by_name.values()]
    pairs = [same[:2] for same in by_name.values() if len(same) >= 2]
    for st in p.stacks:
        if st.march:
            out.append({"kind": "recall", "stack": st.hero})
        for t in moves.attack_targets(s, seat, st):
            for b in battle_cards:
                out.append({"kind": "attack", "stack": st.hero, "target": t, "cards": [b]})
            for same in pairs:
                out.append({"kind": "attack", "stack": st.hero, "target": t, "cards": list(same)})
    out += [{"kind": "sell", "card": t} for t in p.treasures]
    return out


def _finds_nothing(s: WState, op: str, target: str) -> bool:
    """Would this one-shot effect find nothing to act on at `target`?"""
    stack = find_stack(s, target)
    castle = find_castle(s, target)
    if op == "kill_unit":
        if stack is not None:
            return not any(cdef(s, m).type in ("army", "ally") for m in stack[1].members)
        return castle is not None and not castle[1].garrison
    if op == "destroy_improvement":
        return castle is not None and not castle[1].improvements
    if op == "strip_march":
        return stack is not None and not stack[1].march
    if op == "discard_random" and target.startswith("p") and target[1:].isdigit():
        return not s.players[int(target[1:])].hand
    return False


def pointless(s: WState, a: Action) -> bool:
    """A card played or cast at a target where every effect it could have on that
    target finds nothing: it would only spend the card. Not listed (still legal)."""
    if a["kind"] not in ("play", "cast") or not isinstance(a.get("target"), str):
        return False
    d = cdef(s, a["card"])
    ops = [e.op for e in d.effects] if a["kind"] == "play" else \
        [e.op for o in d.spell if o.on == "target" for e in o.effects]
    return bool(ops) and all(_finds_nothing(s, op, a["target"]) for op in ops)


def distinct(choices: list[Choice]) -> list[Choice]:
    """Menus never show one label twice: a repeated label gets the code that tells it apart."""
    seen: dict[str, int] = {}
    for c in choices:
        seen[c.label.en] = seen.get(c.label.en, 0) + 1
    return [c if seen[c.label.en] == 1 else Choice(c.action, c.label + Text(f" [{c.code}]", f"［{c.code}］"), c.group,
                                                    c.shown) for c in choices]


def play_choices(s: WState, seat: int) -> list[Choice]:
    choices = [Choice({"kind": "end"}, Text("End your turn", "手番を終える"))]
    for a in play_candidates(s, seat):
        try:
            CHECKS[a["kind"]](s, seat, a)
        except RuleError:
            continue
        if pointless(s, a):
            continue
        choices.append(Choice(a, label(s, seat, a), group(s, a), shown(a)))
    return distinct(choices)


def decision_choices(s: WState, seat: int) -> list[Choice]:
    d = s.decision
    assert d is not None
    if d.kind == "losses":
        pass
    elif d.kind == "obstruct" and seat in d.seats[1:]:
        # A later player may decline early; obstructing waits for their turn in the order.
        return [Choice({"kind": "pass"}, Text("Do not obstruct", "妨害しない"))]
    if not d.seats or (d.seats[0] != seat and d.kind != "losses"):
        return []
    hand = s.players[seat].hand
    if d.kind == "intercept":
        out = [Choice({"kind": "intercept", "stack": "none"}, Text("Do not intercept", "迎撃しない"))]
        eligible = moves.interceptors(s, d.stack, d.target)[:MAX_INTERCEPTORS_LISTED]
        # Every set of eligible stacks, in the order they are listed (any order is accepted).
        for mask in range(1, 1 << len(eligible)):
            chosen = [st for k, st in enumerate(eligible) if mask >> k & 1]
            out.append(Choice({"kind": "intercept", "stacks": chosen}, _intercept_label(s, chosen)))
        return distinct(out)
    if d.kind == "losses":
        values, loss = side_values(s, seat)
        out = []
        for k, units in enumerate(loss_options(s, seat)):
            auto = Text(" — the automatic choice", "（自動選択）") if k == 0 else Text("", "")
            if units:
                text = Text("Lose ", "") + _units(s, units, values) + Text("", "を失う") + auto
            else:
                text = Text(f"Lose no unit: the loss of {loss} falls on the hero",
                            f"ユニットは失わない：損失{loss}は英雄が受ける") + auto
            out.append(Choice({"kind": "assign", "units": units}, text))
        return distinct(out)
    if d.kind == "obstruct":
        out = [Choice({"kind": "pass"}, Text("Do not obstruct", "妨害しない"))]
        seen: set[str] = set()
        for iid in hand:
            if cdef(s, iid).type in OBSTRUCTION_TYPES and cdef(s, iid).id not in seen:
                seen.add(cdef(s, iid).id)
                what = name(s, iid) + Text(" (", "（") + type_name(cdef(s, iid).type) + Text(")", "）")
                out.append(Choice({"kind": "obstruct", "card": iid}, Text("Obstruct with ", "") + what
                                  + Text("", "で妨害")))
        return distinct(out)
    if d.kind == "terrain_response":
        terrain = name(s, d.target)
        out = [Choice({"kind": "pass"}, Text(f"Let {terrain.en} stand (the stack's March and fleet cards are removed)",
                                             f"{terrain.ja}を受け入れる（スタックの行軍・艦隊カードは外れる）"))]
        m = next((i for i in hand if cdef(s, i).march), None)
        if m is not None:
            out.append(Choice({"kind": "cancel", "card": m},
                              Text(f"Cancel {terrain.en} with {name(s, m).en} (it has no effect)",
                                   f"{name(s, m).ja}で{terrain.ja}を打ち消す（効果なし）")))
        return distinct(out)
    if d.kind == "redirect":
        spec = cdef(s, d.calamity).calamity
        assert spec is not None
        own = targets_of(s, seat, spec.target)
        order = ([d.target] if d.target in own else []) + [t for t in own if t != d.target]
        return distinct([Choice({"kind": "redirect", "target": t},
                                Text("Take the next check on ", "次の判定を") + yours(s, t) + Text("", "で受ける"))
                         for t in order])
    if d.kind == "switch":
        what = name(s, d.calamity)
        return distinct([Choice({"kind": "switch", "target": t},
                                Text(f"Switch {what.en} to ", f"{what.ja}を") + piece(s, t) + Text("", "に移す"))
                         for t in switch_targets(s, d.calamity, seat)])
    return []


def _intercept_label(s: WState, chosen: list[str]) -> Text:
    parts = []
    for sid in chosen:
        found = find_stack(s, sid)
        total = stack_combat(s, found[1]) if found is not None else 0
        parts.append(yours(s, sid) + Text(f" ({total})", f"（{total}）"))
    if len(parts) == 1:
        return Text("Intercept with ", "") + parts[0] + Text("", "で迎撃")
    return Text("Intercept with ", "") + names_and(parts) + Text(", in that order", "の順に迎撃")


def setup_choices(s: WState, seat: int) -> list[Choice]:
    if s.phase == "direction":
        return [Choice({"kind": "direction", "dir": "cw"}, Text("Play clockwise", "時計回り")),
                Choice({"kind": "direction", "dir": "ccw"}, Text("Play counter-clockwise", "反時計回り"))]
    castles = pickable(s, seat, "castle") or ["none"]
    heroes = pickable(s, seat, "hero") or ["none"]
    out = []
    for c in castles:
        castle = card_with(s, c, numbers(cdef(s, c))[1:]) if c != "none" else Text("no castle", "城砦なし")
        for h in heroes:
            hero = card_with(s, h, numbers(cdef(s, h))[1:]) if h != "none" else Text("no hero", "英雄なし")
            text = Text("Set up ", "") + castle + Text(" with ", "と") + hero + Text("", "で開始")
            out.append(Choice({"kind": "pick", "castle": c, "hero": h}, text, castle if len(heroes) > 1 else None))
    return distinct(out)
