"""Candidate actions for menus and bots; each is kept only if its rule check passes.
Interchangeable cards (the March/Battle versions) are offered once per use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Choice, RuleError, Text

from . import moves
from .calamities import switch_targets, targets_of
from .combat import loss_options
from .opening import pickable
from .ruins import OBSTRUCTION_TYPES
from .stacks import stack_state
from .state import WState, cdef, name, seat_text

Action = dict[str, Any]
MAX_INTERCEPTORS_LISTED = 6  # 63 sets; a larger army still names any set by hand
CHECKS: dict[str, Callable[[WState, int, Action], None]] = {
    "deploy": moves.check_deploy, "march": moves.check_march, "recall": moves.check_recall,
    "clear": moves.check_clear, "attack": moves.check_attack, "explore": moves.check_explore,
    "play": moves.check_play, "calamity": moves.check_calamity, "cast": moves.check_cast,
    "terrain": moves.check_terrain, "weather": moves.check_weather, "sell": moves.check_sell,
}


KIND_JA = {"deploy": "配置", "march": "行軍", "recall": "帰還", "clear": "除去", "attack": "攻撃", "explore": "探索",
           "play": "使用", "calamity": "災害", "cast": "呪文", "terrain": "地形", "weather": "天候", "sell": "売却"}


def _label(s: WState, a: Action) -> Text:
    kind = a["kind"]
    parts = [Text(str(kind), KIND_JA.get(str(kind), str(kind)))]
    for key in ("card", "stack", "to", "on", "target", "ruin", "reward"):
        v = a.get(key)
        if isinstance(v, str) and v in s.cards:
            parts.append(Text(f" {key}=", " ") + name(s, v) + Text(f" [{v}]", f"[{v}]"))
        elif isinstance(v, str) and v.startswith("p") and v[1:].isdigit():
            parts.append(Text(" ", " ") + seat_text(int(v[1:])))
        elif isinstance(v, int) and key == "target":
            parts.append(Text(" vs ", " 対") + seat_text(v))
    if "cards" in a:
        parts.append(Text(" with ", " ") + name(s, a["cards"][0]) + Text(f" x{len(a['cards'])}", f"×{len(a['cards'])}"))
    out = parts[0]
    for p in parts[1:]:
        out = out + p
    return out


def _names(s: WState, ids: list[str]) -> Text:
    if not ids:
        return Text("nothing (the hero takes it)", "なし（英雄が受ける）")
    out = name(s, ids[0]) + Text(f" [{ids[0]}]", f"[{ids[0]}]")
    for i in ids[1:]:
        out = out + Text(", ", "、") + name(s, i) + Text(f" [{i}]", f"[{i}]")
    return out


def play_candidates(s: WState, seat: int) -> list[Action]:
    p = s.players[seat]
    hand = p.hand
    stacks = [st.hero for st in p.stacks]
    castles = [c.card for c in p.castles]
    opp_stacks = [st.hero for o, q in enumerate(s.players) if o != seat for st in q.stacks]
    opp_castles = [c.card for o, q in enumerate(s.players) if o != seat for c in q.castles]
    opp_players = [f"p{o}" for o, q in enumerate(s.players) if o != seat and not q.eliminated]
    firsts: dict[str, str] = {}
    for iid in hand:
        firsts.setdefault(cdef(s, iid).id, iid)
    distinct = list(firsts.values())
    march = next((i for i in hand if cdef(s, i).march), None)
    out: list[Action] = []
    for iid in distinct:
        d = cdef(s, iid)
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
    battle_cards = [i for i in distinct if cdef(s, i).battle is not None]
    all_battle = [i for i in hand if cdef(s, i).battle is not None]
    for st in p.stacks:
        if st.march:
            out.append({"kind": "recall", "stack": st.hero})
        for t in moves.attack_targets(s, seat, st):
            for b in battle_cards:
                out.append({"kind": "attack", "stack": st.hero, "target": t, "cards": [b]})
            for kind in {cdef(s, i).name.en for i in all_battle}:
                same = [i for i in all_battle if cdef(s, i).name.en == kind]
                if len(same) >= 2:
                    out.append({"kind": "attack", "stack": st.hero, "target": t, "cards": same[:2]})
    out += [{"kind": "sell", "card": t} for t in p.treasures]
    return out


def play_choices(s: WState, seat: int) -> list[Choice]:
    choices = [Choice({"kind": "end"}, Text("End your turn", "手番を終える"))]
    for a in play_candidates(s, seat):
        try:
            CHECKS[a["kind"]](s, seat, a)
        except RuleError:
            continue
        choices.append(Choice(a, _label(s, a)))
    return choices


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
            label = Text("Intercept with ", "迎撃：") + _names(s, chosen)
            out.append(Choice({"kind": "intercept", "stacks": chosen}, label))
        return out
    if d.kind == "losses":
        return [Choice({"kind": "assign", "units": units},
                       Text("Lose ", "失う：") + _names(s, units)
                       + Text(" (automatic choice)" if k == 0 else "", "（自動選択）" if k == 0 else ""))
                for k, units in enumerate(loss_options(s, seat))]
    if d.kind == "obstruct":
        out = [Choice({"kind": "pass"}, Text("Do not obstruct", "妨害しない"))]
        seen: set[str] = set()
        for iid in hand:
            if cdef(s, iid).type in OBSTRUCTION_TYPES and cdef(s, iid).id not in seen:
                seen.add(cdef(s, iid).id)
                out.append(Choice({"kind": "obstruct", "card": iid}, Text("Obstruct with ", "妨害：") + name(s, iid)))
        return out
    if d.kind == "terrain_response":
        out = [Choice({"kind": "pass"}, Text("Leave the terrain", "地形を受け入れる"))]
        m = next((i for i in hand if cdef(s, i).march), None)
        if m is not None:
            out.append(Choice({"kind": "cancel", "card": m}, Text("Cancel it with ", "打ち消す：") + name(s, m)))
        return out
    if d.kind == "redirect":
        spec = cdef(s, d.calamity).calamity
        assert spec is not None
        own = targets_of(s, seat, spec.target)
        order = ([d.target] if d.target in own else []) + [t for t in own if t != d.target]
        return [Choice({"kind": "redirect", "target": t}, Text("Next check on ", "次の判定対象：") + name(s, t))
                for t in order]
    if d.kind == "switch":
        return [Choice({"kind": "switch", "target": t}, Text("Switch it to ", "移し先：") + name(s, t))
                for t in switch_targets(s, d.calamity, seat)]
    return []


def setup_choices(s: WState, seat: int) -> list[Choice]:
    if s.phase == "direction":
        return [Choice({"kind": "direction", "dir": "cw"}, Text("Play clockwise", "時計回り")),
                Choice({"kind": "direction", "dir": "ccw"}, Text("Play counter-clockwise", "反時計回り"))]
    castles = pickable(s, seat, "castle") or ["none"]
    heroes = pickable(s, seat, "hero") or ["none"]
    out = []
    for c in castles:
        for h in heroes:
            label = Text("Set up ", "配置：") + (name(s, c) if c != "none" else Text("no castle", "城砦なし")) + \
                Text(" + ", "＋") + (name(s, h) if h != "none" else Text("no hero", "英雄なし"))
            out.append(Choice({"kind": "pick", "castle": c, "hero": h}, label))
    return out
