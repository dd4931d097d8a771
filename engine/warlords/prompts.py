"""What each pending decision asks, in the words of the seat that must answer:
who did what to them and the numbers they decide on (all of it public)."""

from __future__ import annotations

from engine.core import Text, seat_ref

from .catalog import static_effect
from .state import Decision, WState, find_castle, find_stack, name, rec
from .words import piece, seats_and, stack_total, total_of
from .words import yours as _yours


def yours(s: WState, iid: str) -> Text:
    return _yours(s, iid, "あなたの")


def setup(s: WState, k: int) -> Text:
    if k == 0:
        return Text("Pick your castle and hero; then you draw your opening hand.",
                    "城砦と英雄を選んでください。その後、最初の手札を引きます。")
    return (Text("Pick your castle and hero after ", "") + seats_and(s.pick_queue[:k])
            + Text(" (in turn order).", "の後に城砦と英雄を選んでください（手番順）。"))


def turn(s: WState) -> Text:
    left = s.players[s.active].revenue
    return Text(f"Your turn: act, or end your turn (revenue left: {left}).",
                f"あなたの手番です。行動するか、手番を終えてください（残り収益{left}）。")


def direction() -> Text:
    return Text("You go first: choose the direction of play (it holds for the whole game).",
                "あなたが最初のプレイヤーです。プレイ順の向きを選んでください（ゲーム終了まで変わりません）。")


def _attack(s: WState, d: Decision, verb: str = "attacks") -> Text:
    """'⟦0⟧ attacks your Port Kessa with their stack of Aerin the Bold: total 24 (...)'."""
    hero = name(s, d.stack)
    return (seat_ref(d.actor) + Text(f" {verb} ", "が") + Text("", hero.ja + "のスタックで") + yours(s, d.target)
            + Text(f" with their stack of {hero.en}: total ", "を攻撃：合計") + stack_total(s, d.stack, d.bonus))


def _who_takes(s: WState, sid_or_castle: str) -> Text:
    if find_castle(s, sid_or_castle) is not None:
        return Text("Choose which garrison armies take it: each one removed absorbs its combat value.",
                    "損失を受ける守備隊の軍隊を選んでください。取り除かれる軍隊はそれぞれ戦力分を吸収します。")
    found = find_stack(s, sid_or_castle)
    hero = rec(s, found[1].hero).combat if found is not None else 0
    return Text(f"Choose which armies and allies take it: each one removed absorbs its combat value, and what they "
                f"leave falls on the hero (combat {hero}; the stack is destroyed if it reaches that).",
                f"損失を受ける軍隊・味方を選んでください。取り除かれるユニットはそれぞれ戦力分を吸収し、残りは英雄"
                f"（戦力{hero}。これに達するとスタックは全滅）が受けます。")


def decision(s: WState, d: Decision, seat: int) -> Text:
    if d.kind == "intercept":
        mine = total_of(s, d.target)
        return (_attack(s, d) + Text(", against your ", "、対するあなたは") + mine
                + Text(". Choose which of your patrolling stacks intercept (they fight it instead, one after another), "
                       "or none.", "。迎撃する哨戒中のスタックを選ぶ（目標の代わりに順に戦う）か、迎撃しないを選んでください。"))
    if d.kind == "losses":
        loss = d.a_loss if seat == d.actor else d.d_loss
        if seat == d.actor:
            return (Text("Your attack on ", "") + piece(s, d.target) + Text(" leaves ", "への攻撃で、")
                    + yours(s, d.stack) + Text(f" a loss of {loss}. ", f"は損失{loss}を受けます。")
                    + _who_takes(s, d.stack))
        return (_attack(s, d, "attacked") + Text("; ", "。") + yours(s, d.target)
                + Text(f" takes a loss of {loss}. ", f"は損失{loss}を受けます。") + _who_takes(s, d.target))
    if d.kind == "obstruct":
        risk = rec(s, d.reward).search_risk
        return (piece(s, d.stack) + Text(" explores ", "が") + name(s, d.ruin) + Text(", seeking ", "を探索中（報酬：")
                + name(s, d.reward) + Text(f" (search risk {risk}). Obstruct it with a terrain, weather, calamity or "
                                           f"spell card from your hand (then you check: {risk} or less loses the "
                                           "expedition), or pass.",
                                           f"、捜索リスク{risk}）。手札の地形・天候・災害・呪文カードで妨害する（その後あなたが"
                                           f"判定し、{risk}以下なら探索は失敗）か、パスしてください。"))
    if d.kind == "terrain_response":
        effects = [static_effect(e) for e in rec(s, d.target).effects]
        what = name(s, d.target) + Text(" (" + ", ".join(e.en for e in effects) + ")",
                                        "（" + "、".join(e.ja for e in effects) + "）") if effects else name(s, d.target)
        return (seat_ref(d.actor) + Text(" put ", "が") + Text("", yours(s, d.stack).ja + "に") + what
                + Text(f" on {yours(s, d.stack).en}. Cancel it at once with a March card (it then has no effect), or "
                       "let it stand (the stack's March and fleet cards are removed).",
                       "を付けました。行軍カードで即座に打ち消す（効果なし）か、受け入れてください（スタックの行軍・艦隊カードは外れます）。"))
    if d.kind == "switch":
        spec = rec(s, d.calamity).calamity
        where = Text("castle", "城砦") if spec is not None and spec.target == "castle" else Text("stack", "スタック")
        return (name(s, d.calamity) + Text(f" switches: choose another player's {where.en} to move it to; that player "
                                           "then checks.", f"が交代：移す先の他のプレイヤーの{where.ja}を選んでください"
                                                           "（その持ち主が判定します）。"))
    if d.kind == "redirect":
        spec = rec(s, d.calamity).calamity
        where = Text("castles", "城砦") if spec is not None and spec.target == "castle" else Text("stacks", "スタック")
        gone = Text(" (its target is gone)", "（対象はもうない）") if not d.target else Text("", "")
        return (name(s, d.calamity) + Text(" goes on", "は続く") + gone
                + Text(f": choose which of your {where.en} takes its next check.",
                       f"：次の判定を受ける自分の{where.ja}を選んでください。"))
    return Text(d.kind, d.kind)

