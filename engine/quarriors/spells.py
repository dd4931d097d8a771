"""Casting spells: the effect vocabulary of the spell cards. Spells with
timing 'immediate' are cast from the active pool while immediate effects
are open; 'ready' spells from the ready area on your own turn; 'reaction'
spells on other players' turns (see prompts.py); 'attach' spells go onto a
creature of yours."""

from __future__ import annotations

from engine.core import Rng

from .bag import draw_into_pool, roll
from .common import gain, note, refuse, telling
from .destroy import destroy
from .names import TOK, dice_text, die_text
from .state import QState, card_of, creatures, face_of, own_card, set_attached
from .stats import defense, level


def _creature_owner(s: QState, d: int) -> int:
    for q in range(s.seats):
        if d in s.ready[q] and s.face[d] >= 0 and face_of(s, d).creature:
            return q
    return -1


def targets(s: QState, p: int, sp: int) -> list[int] | None:
    """Legal targets of spell die `sp` cast by `p`, or None if it takes none."""
    card = own_card(s, sp)
    burst = s.cards[s.dcard[sp]].faces[s.face[sp]].burst
    params = card.power("cast_destroy_creature")
    if params is not None:
        top = int(params["max_level_by_burst"][burst])
        return [d for q in range(s.seats) for d in creatures(s, q)
                if level(s, d) <= top and (q == p or card_of(s, d).power("warded") is None)]
    if card.power("cast_destroy_spell") is not None:
        out = [d for q in range(s.seats) for d in s.ready[q]
               if d != sp and s.face[d] >= 0 and face_of(s, d).spell]
        return out + [x for spells in s.attached.values() for x in spells]
    if card.power("reaction_zero_attack") is not None:
        return [d for d in creatures(s, s.active)
                if d not in s.zeroed and card_of(s, d).power("warded") is None]
    return None


def condition_met(s: QState, p: int, sp: int) -> bool:
    card = own_card(s, sp)
    params = card.power("cast_glory_per_scorer")
    if params is not None and s.scored < int(params["minimum"]):
        return False
    return not (card.power("cast_glory_per_hurt") is not None and not s.attack_done)


def kill_targets(s: QState, p: int, victim: int, max_defense: int) -> list[int]:
    return [d for d in creatures(s, victim)
            if defense(s, d, victim) <= max_defense and card_of(s, d).power("warded") is None]


def _level_up(s: QState, p: int) -> None:
    """Each of your creatures turns to a face one level higher. Where its die has
    different such faces, its owner chooses (a `shape` question, the face with the
    most bursts offered first and shown meanwhile)."""
    for d in creatures(s, p):
        if d in s.copies:
            continue
        faces = own_card(s, d).faces
        cur = faces[s.face[d]].level
        higher = sorted((i for i, f in enumerate(faces) if f.creature and f.level == cur + 1),
                        key=lambda i: (-faces[i].burst, i))
        if not higher:
            continue
        s.face[d] = higher[0]
        options = tuple(i for n, i in enumerate(higher) if faces[i] not in [faces[j] for j in higher[:n]])
        if len(options) > 1:
            s.prompts = (*s.prompts, ("shape", p, d, options))


def cast(s: QState, p: int, sp: int, target: int | None, others: list[int], rng: Rng) -> None:
    """Resolve the spell; it has been checked by the caller's rules."""
    card = own_card(s, sp)
    burst = card.faces[s.face[sp]].burst
    if sp in s.ready[p]:
        s.ready[p].remove(sp)
    else:
        s.pool[p].remove(sp)
    s.used[p].append(sp)
    w = TOK[p]
    told = telling(s)
    for effect, params in card.powers:
        if effect == "cast_attack_bonus":
            s.atk_bonus += int(params["by_burst"][burst])
            n = params["by_burst"][burst]
            note(s, f"{w}'s creatures get +{n} attack this turn.", f"{w}のモンスター全てに、このターン攻撃力+{n}。")
        elif effect == "cast_destroy_creature" and target is not None:
            destroy(s, target, p, rng)
        elif effect == "cast_destroy_each_opponent":
            for q in range(1, s.seats):
                victim = (p + q) % s.seats
                if kill_targets(s, p, victim, int(params["max_defense"])):
                    # the victim's reaction window first (Life Spell may lift defenses out of reach)
                    s.prompts = (*s.prompts, ("guard", victim, "spell"), ("kill", p, victim, int(params["max_defense"])))
        elif effect == "immediate_quiddity":
            s.mana += int(params["amount"])
            s.captures += int(params.get("captures", 0))
            more = params.get("captures")
            note(s, f"{w} banks {params['amount']} quiddity{f', and {more} more capture' if more else ''}.",
                 f"{w}が魔力{params['amount']}を得た{f'。捕獲数+{more}' if more else ''}。")
            roll(s, others, rng)
            if params.get("draw"):
                draw_into_pool(s, p, int(params["draw"]), rng, rolled=True)
        elif effect == "cast_quiddity":
            s.mana += int(params["amount"])
            note(s, f"{w} banks {params['amount']} quiddity.", f"{w}が魔力{params['amount']}を得た。")
        elif effect == "reaction_to_pool":
            if p not in s.lifecharm:
                s.lifecharm = (*s.lifecharm, p)
            note(s, f"{w}'s destroyed creatures go to the active pool for the rest of this turn.",
                 f"{w}の打倒されたモンスターは、このターンの間、活動プールへ移る。")
        elif effect == "reaction_zero_attack" and target is not None:
            s.zeroed = (*s.zeroed, target)
            if told:
                dt = die_text(s, target, face=False)
                a = TOK[s.active]
                note(s, f"{a}'s {dt.en} has attack 0 for the rest of this turn.", f"{a}の{dt.ja}の攻撃力は、このターンの間0になる。")
        elif effect == "reaction_defense":
            s.lifespell = tuple(v + (int(params["amount"]) if q == p else 0) for q, v in enumerate(s.lifespell))
            note(s, f"{w}'s creatures get +{params['amount']} defense for the rest of this turn.",
                 f"{w}のモンスター全てに、このターンの間防御力+{params['amount']}。")
        elif effect == "cast_level_up":
            _level_up(s, p)
            raised = [d for d in creatures(s, p) if d not in s.copies]
            if raised and told:
                shown = dice_text(s, raised)
                note(s, f"{w}'s creatures now show: {shown.en}.", f"{w}のモンスターの目：{shown.ja}。")
        elif effect == "cast_destroy_spell" and target is not None:
            if told:
                dt = die_text(s, target)
                owner = next((q for q in range(s.seats) if target in s.ready[q]), -1)
                if owner < 0:  # an attached spell: its creature's owner
                    owner = next(_creature_owner(s, c) for c, spells in s.attached.items() if target in spells)
                o = TOK[owner]
                note(s, f"{o}'s {dt.en} is destroyed (to the used pile).", f"{o}の{dt.ja}が破壊された（休眠パイルへ）。")
            for q in range(s.seats):
                if target in s.ready[q]:
                    s.ready[q].remove(target)
                    s.used[q].append(target)
            for c, spells in list(s.attached.items()):
                if target in spells:
                    set_attached(s, c, tuple(x for x in spells if x != target))
                    s.used[_creature_owner(s, c)].append(target)
        elif effect == "cast_glory_per_scorer":
            gain(s, p, s.scored)
        elif effect == "cast_glory":
            gain(s, p, int(params["amount"]))
        elif effect == "cast_glory_per_hurt":
            gain(s, p, len(s.hurt))


def check_cast(s: QState, p: int, sp: int, target: int | None, others: list[int], *, reaction: bool) -> None:
    """Refuse a cast the rules do not allow (pool/ready location, timing, target)."""
    if not isinstance(sp, int) or not 0 <= sp < len(s.face) or s.face[sp] < 0:
        refuse("That is not a spell you can cast.", "それは発動できる魔法ではありません。")
    card = own_card(s, sp)
    f = card.faces[s.face[sp]]
    if not f.spell or card.kind != "spell":
        refuse("That die does not show a spell.", "そのダイスは魔法の目ではありません。")
    timing = card.timing
    if reaction:
        if timing != "reaction" or sp not in s.ready[p]:
            refuse("Only readied reaction spells can be cast now.", "今発動できるのは待機エリアのリアクション魔法だけです。")
    elif timing == "immediate":
        if sp not in s.pool[p] or not s.imm:
            refuse("Immediate spells are cast from your active pool before you ready or summon.",
                   "即時魔法は魔法の準備や召喚の前に活動プールから使います。")
    elif timing == "ready":
        if sp not in s.ready[p]:
            refuse("Ready the spell first.", "先に魔法を待機エリアに準備してください。")
    else:
        refuse("That spell is not cast this way.", "その魔法はこの方法では発動できません。",
               "Attach spells use `attach`; reactions only on other players' turns.",
               "付加魔法は attach、リアクションは他のプレイヤーの手番に使います。")
    if not condition_met(s, p, sp):
        refuse("The spell's condition is not met.", "その魔法の条件を満たしていません。")
    legal = targets(s, p, sp)
    if legal is None:
        if target is not None:
            refuse("That spell takes no target.", "その魔法に対象はありません。")
    elif target not in legal:
        refuse("Choose a legal target.", "正しい対象を選んでください。")
    params = card.power("immediate_quiddity")
    limit = int(params.get("reroll_others", 0)) if params else 0
    if len(others) > limit or len(set(others)) != len(others) or any(
            o == sp or o not in s.pool[p] or s.face[o] < 0 for o in others):
        refuse("Those dice cannot be rerolled.", "それらのダイスは振り直せません。")
