"""What the game asks: the prompt of each pending decision. Prompts are public
(every view lists who is waited on and why), so they name only public dice:
creatures in ready areas, never a die back in a bag. A defender's prompt
names the attacker, the attack and the creatures making it."""

from __future__ import annotations

from engine.core.text import Text

from .attack import attackers
from .names import TOK, dice_text, die_text
from .state import Prompt, QState

TURN = Text("Your turn: use dice effects, ready spells, summon creatures and cast spells; `proceed` attacks.",
            "あなたの手番です。ダイスの効果を使い、魔法の準備・召喚・発動をしてから proceed で攻撃へ。")
CAPTURE = Text("After the attack: capture a die, cast readied spells, or end your turn.",
               "攻撃の後です。ダイスの捕獲・待機中の魔法の発動をするか、手番を終えてください。")

STATIC = {
    "shape": Text("Shaping Charm: choose which higher face your creature turns to.",
                  "形成の護符：モンスターを1レベル上のどの目にするか選んでください。"),
    "cull": Text("Cull dice from your used pile, one per creature scored (each goes back to its card).",
                 "休眠パイルのダイスを解雇できます。得点化したモンスター1体につき1個（カードに戻ります）。"),
    "swap": Text("Deathdealer scored: swap it for a die in an opponent's used pile?",
                 "死の運び手が得点化しました。対戦相手の休眠パイルのダイスと交換しますか？"),
    "take": Text("Take a spell die from the wilds into your bag for free?", "狩場の魔法ダイス1個を無償でバッグに入れますか？"),
    "recall": Text("Move another creature die from your used pile to your active pool?",
                   "休眠パイルの他のモンスターダイス1個を活動プールに移しますか？"),
    "trade": Text("Shaping Incantation: cull a die from your used pile to capture one costing up to 3 more?",
                  "形成の詠唱：休眠パイルのダイス1個を解雇して、捕獲値が3多いまでのダイスを捕獲しますか？"),
    "spellcull": Text("Strong Questing Wizard scored: cull spell dice from your ready area and pool for 1 glory each?",
                      "探求の魔術師：猛者が得点化しました。待機エリアと活動プールの魔法ダイスを解雇し、"
                      "1個につき勝利点+1を得ますか？"),
}


def _public(s: QState, dice: tuple[int, ...]) -> list[int]:
    return [d for d in dice if not any(d in bag for bag in s.bag)]


def defend(s: QState) -> Text:
    """The defender's decision: who attacks with what, and what is left to absorb."""
    w, d, n = TOK[s.active], s.defenders[0], s.remaining
    by = attackers(s, d)
    ask_en, ask_ja = "Choose the creature that absorbs it next (`absorb`).", "次に攻撃を受けるモンスターを選んでください（absorb）。"
    if not s.hit:
        return Text(f"{w} attacks you with a total of {n}: {by.en}. {ask_en}",
                    f"{w}があなたを総攻撃力{n}で攻撃しています：{by.ja}。{ask_ja}")
    hit = dice_text(s, _public(s, s.hit), face=False)
    return Text(f"{w} attacks you with {by.en}. {n} of the attack is left (already hit: {hit.en}). {ask_en}",
                f"{w}が攻撃しています：{by.ja}。残りの攻撃力は{n}です（攻撃を受けたもの：{hit.ja}）。{ask_ja}")


def _guard(s: QState, pr: Prompt) -> Text:
    w = TOK[s.active]
    if len(pr) > 2:  # before a Death Spell's pick in this area
        return Text(f"{w}'s Death Spell will destroy one of your creatures with defense 6 or less: cast a reaction "
                    "spell (Life Spell, Life Charm) or pass.",
                    f"{w}の死の呪文が、あなたの防御力6以下のモンスター1体を打倒します。"
                    "リアクション魔法（生命の呪文・生命の護符）を使うかパスしてください。")
    by = attackers(s, int(pr[1]))
    return Text(f"{w} is about to attack you with {by.en}. Cast a reaction spell before you defend, or pass.",
                f"{w}があなたを攻撃しようとしています：{by.ja}。防御の前にリアクション魔法を使うか、パスしてください。")


def _lost(s: QState, pr: Prompt) -> Text:
    gone = die_text(s, pr[2], face=False) if _public(s, (pr[2],)) else Text("creature", "モンスター")
    return Text(f"Your {gone.en} was destroyed: react (Shaping Cantrip, Life Charm, Ghostly Spirit's cull) or pass.",
                f"あなたの{gone.ja}が打倒されました。対応する（形成の小呪・生命の護符・幽霊の解雇）か、パスしてください。")


def _copy(s: QState, pr: Prompt) -> Text:
    ooze = die_text(s, pr[2], face=False)
    return Text(f"Your {ooze.en} must copy a creature in an opponent's ready area: choose which.",
                f"あなたの{ooze.ja}は対戦相手の待機エリアのモンスター1体を複製します。どれにするか選んでください。")


def _kill(s: QState, pr: Prompt) -> Text:
    v, most = TOK[pr[2]], pr[3]
    return Text(f"Death Spell: choose which creature of {v} with defense {most} or less is destroyed.",
                f"死の呪文：{v}の防御力{most}以下のモンスターから、打倒するものを選んでください。")


_ASK = {"guard": _guard, "lost": _lost, "copy": _copy, "kill": _kill}


def question(s: QState, pr: Prompt) -> Text:
    ask = _ASK.get(pr[0])
    return ask(s, pr) if ask is not None else STATIC[pr[0]]
