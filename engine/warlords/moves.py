"""The active player's actions in the action step: each has a pure check (raises
RuleError, used by legal_actions too) and an executor that assumes the check passed."""

from __future__ import annotations

from typing import Any

from engine.core import Rng, RuleError, Text, seat_label, seat_ref

from . import calamities, ruins
from .cards import rules
from .combat import battle
from .effects import apply_effects, target_seat
from .removal import discard_march, strip_for_terrain
from .stacks import (
    STATE_TEXT,
    at_home,
    banner,
    capacity,
    castle_capacity,
    flying,
    immobile,
    improvable,
    is_home,
    is_port,
    load,
    magic,
    stack_state,
)
from .state import (
    Castle,
    Decision,
    Stack,
    WState,
    check,
    find_castle,
    find_stack,
    in_play,
    name,
    rec,
    to_discard,
)
from .state import kind as card_kind
from .words import piece, stack_of, stack_total, their

Action = dict[str, Any]


NEXT_TURN = ("Do it again on your next turn, or do something else.", "次の手番にもう一度行うか、別の行動をしてください。")
ELSEWHERE = ("Choose another stack or castle with room.", "余裕のある別のスタックか城砦を選んでください。")


def _err(en: str, ja: str, allow_en: str = "", allow_ja: str = "") -> RuleError:
    # Every refusal says what is allowed instead; without a specific hint, the action list.
    allowed = Text(allow_en, allow_ja) if allow_en else Text("Type `help` to list the actions you can take now.",
                                                             "`help` で今できる行動の一覧を表示します。")
    return RuleError(Text(en, ja), allowed)


def _in_hand(s: WState, seat: int, iid: Any) -> str:
    if not isinstance(iid, str) or iid not in s.players[seat].hand:
        raise _err("That card is not in your hand.", "そのカードは手札にありません。",
                   "Choose a card from your hand.", "手札のカードを選んでください。")
    return str(iid)


def _own_stack(s: WState, seat: int, sid: Any) -> Stack:
    found = find_stack(s, sid) if isinstance(sid, str) else None
    if found is None or found[0] != seat:
        raise _err("That is not one of your stacks.", "それはあなたのスタックではありません。",
                   "Name one of your stacks by its hero's id.", "自分のスタックを英雄のIDで指定してください。")
    return found[1]


def _own_castle(s: WState, seat: int, cid: Any) -> Castle:
    found = find_castle(s, cid) if isinstance(cid, str) else None
    if found is None or found[0] != seat:
        raise _err("That is not one of your castles.", "それはあなたの城砦ではありません。",
                   "Name one of your castles.", "自分の城砦を指定してください。")
    return found[1]


def _unique_ok(s: WState, iid: str) -> None:
    d = rec(s, iid)
    if d.unique and in_play(s, d.id):
        raise _err(f"{d.name.en} is unique and already in play.", f"{d.name.ja}はユニークで、既に場にあります。",
                   "The first one in play stays; play another card.", "先に出たカードが残ります。別のカードを使ってください。")


def _pay(s: WState, seat: int, iid: str) -> None:
    cost = rec(s, iid).cost
    if cost > s.players[seat].revenue:
        raise _err(f"That costs {cost}; you have {s.players[seat].revenue} revenue left this turn.",
                   f"コストは{cost}ですが、今手番の残り収益は{s.players[seat].revenue}です。",
                   "Sell a treasure or choose a cheaper card.", "財宝を売るか、安いカードを選んでください。")


def _not_immobile(s: WState, st: Stack) -> None:
    if immobile(s, st):
        raise _err("Weather holds that stack: it cannot act.", "天候によりそのスタックは行動できません。",
                   "Remove the weather with a March card first.", "先に行軍カードで天候を取り除いてください。")


def _opponent_target(s: WState, seat: int, target: Any, kind: str) -> str:
    """An opponent's stack, castle or player ('p<seat>') as the card requires."""
    if not isinstance(target, str):
        raise _err("This card needs a target.", "このカードには対象が必要です。",
                   f"Name an opponent's {kind}.", "相手の対象を指定してください。")
    if kind == "player":
        if target.startswith("p") and target[1:].isdigit():
            _opponent_seat(s, seat, int(target[1:]), "p")
            return target
    elif kind == "stack":
        found = find_stack(s, target)
        if found is not None and found[0] != seat:
            return target
    elif kind == "castle":
        c = find_castle(s, target)
        if c is not None and c[0] != seat:
            return target
    raise _err(f"That is not an opponent's {kind}.", "それは相手の有効な対象ではありません。",
               f"Name an opponent's {kind}.", "相手の対象を指定してください。")


def _opponent_seat(s: WState, seat: int, t: int, prefix: str = "") -> None:
    """A seat named as an opponent, refused in the numbers people type (1-based)."""
    if not 0 <= t < s.seats:
        raise _err(f"There is no seat {t + 1} at this table (seats 1-{s.seats}).",
                   f"{t + 1}番席はありません（1～{s.seats}番席）。",
                   f"Name an opponent's seat as target={prefix}<seat number, from 1>.",
                   f"相手の席を target={prefix}<1からの席番号> で指定してください。")
    if t == seat:
        raise _err("You cannot target yourself.", "自分自身は対象にできません。",
                   "Name an opponent's seat.", "相手の席を指定してください。")
    if s.players[t].eliminated:
        raise _err(f"{seat_label(t).en} is out of the game.", f"{seat_label(t).ja}は脱落しています。",
                   "Name an opponent still in the game.", "残っている相手を指定してください。")


# --- deploy -------------------------------------------------------------

def check_deploy(s: WState, seat: int, a: Action) -> None:
    iid = _in_hand(s, seat, a.get("card"))
    kind = card_kind(s, iid)  # from the set's plain table: a card model's attribute read is slow (see CardDefs)
    p = s.players[seat]
    to = a.get("to", "none")
    r = rules()
    if kind in ("castle", "hero", "ruin"):
        if to != "none":
            raise _err("That card is placed on its own, not on another card.", "そのカードは単独で配置します。",
                       "Leave out 'to='.", "to= を指定しないでください。")
        _unique_ok(s, iid)
        if kind == "castle" and p.castles_placed >= r.castles_per_turn:
            raise _err(f"At most {r.castles_per_turn} castle a turn.", f"城砦は1手番に{r.castles_per_turn}枚までです。", *NEXT_TURN)
        if kind == "hero" and p.heroes_placed >= r.heroes_per_turn:
            raise _err(f"At most {r.heroes_per_turn} hero a turn.", f"英雄は1手番に{r.heroes_per_turn}枚までです。", *NEXT_TURN)
        return
    if kind in ("ally", "artefact", "treasure"):
        raise _err("Allies, artefacts and treasures come into play only from exploring a ruin.",
                   "味方・魔道具・財宝は遺跡の探索でのみ配置できます。", "Use 'explore'.", "explore を使ってください。")
    if kind not in ("banner", "army", "fleet", "improvement"):
        raise _err("That card is not deployed; it is played.", "そのカードは配置ではなく使用するカードです。")
    _pay(s, seat, iid)
    if kind == "improvement":
        c = _own_castle(s, seat, to)
        if not improvable(s, c):
            raise _err("That castle can take no more improvements.", "その城砦は改良限界です。", *ELSEWHERE)
        return
    if kind == "army" and find_castle(s, to) is not None:
        c = _own_castle(s, seat, to)
        if c.besieged_by is not None:
            raise _err("A besieged castle cannot be reinforced.", "包囲中の城砦には増援できません。")
        if len(c.garrison) >= castle_capacity(s, c):
            raise _err("That castle is at its capacity.", "その城砦はキャパシティの上限です。", *ELSEWHERE)
        return
    st = _own_stack(s, seat, to)
    if kind == "banner":
        if banner(s, st) is not None:
            raise _err("That stack already has a banner.", "そのスタックには既に軍旗があります。")
    elif kind == "army":
        if load(s, st) >= capacity(s, st):
            raise _err("That stack is at its capacity.", "そのスタックはキャパシティの上限です。", *ELSEWHERE)
    elif kind == "fleet":
        if st.fleet is not None or stack_state(st) not in ("camped", "patrolling"):
            raise _err("A fleet joins a camped or patrolling stack without one.", "艦隊は艦隊のない野営中か哨戒中のスタックに付けます。")
        if not any(is_port(s, c) and c.besieged_by is None for c in p.castles):
            raise _err("A fleet needs a port castle of yours that is not besieged.", "艦隊には包囲されていない港湾城が必要です。")


def do_deploy(s: WState, seat: int, a: Action, log: list[Text] | None) -> None:
    iid = a["card"]
    d = rec(s, iid)
    kind = d.type  # read once, as in check_deploy
    p = s.players[seat]
    to = a.get("to", "none")
    p.hand.remove(iid)
    p.revenue -= d.cost
    if kind == "castle":
        p.castles.append(Castle(iid))
        p.castles_placed += 1
    elif kind == "hero":
        p.stacks.append(Stack(iid))
        p.heroes_placed += 1
    elif kind == "ruin":
        p.ruins.append(iid)
        p.ruin_turn[iid] = s.turn
    elif kind == "improvement":
        _own_castle(s, seat, to).improvements.append(iid)
    elif kind == "army" and (castle := find_castle(s, to)) is not None:
        castle[1].garrison.append(iid)  # checked to be the player's own
    else:
        st = _own_stack(s, seat, to)
        if kind == "fleet":
            discard_march(s, st)
            st.fleet = iid
        else:
            st.members.append(iid)
    if log is None:
        return
    paid = _paid(d.cost)
    if to == "none":
        log.append(seat_ref(seat) + Text(f" deploys the {kind} ", "は") + d.text + paid
                   + Text(".", f"を{'城砦' if kind == 'castle' else '英雄' if kind == 'hero' else '遺跡'}として配置した。"))
    else:
        where = (Text("the garrison of ", "") + their(s, to) + Text("", "の守備隊")
                 if kind == "army" and find_castle(s, to) is not None else their(s, to))
        on = " on " if kind == "improvement" else " to "
        log.append(seat_ref(seat) + Text(" deploys ", "は") + d.text + paid + Text(on, "を") + where
                   + Text(".", "に配置した。"))


def _paid(cost: int) -> Text:
    """What a log line says a card cost (nothing when it was free)."""
    return Text(f" (paying {cost})", f"（コスト{cost}）") if cost else Text("", "")


# --- march, recall, clear -----------------------------------------------

def _march_card(s: WState, seat: int, raw: Any) -> str:
    iid = _in_hand(s, seat, raw)
    if not rec(s, iid).march:
        raise _err("That is not a March card.", "それは行軍カードではありません。")
    return iid


def check_march(s: WState, seat: int, a: Action) -> None:
    st = _own_stack(s, seat, a.get("stack"))
    _march_card(s, seat, a.get("card"))
    _not_immobile(s, st)
    limit = rules().marches_per_stack_per_turn
    if st.marched >= limit:
        raise _err(f"A stack marches {limit} step a turn; that one has already marched.",
                   f"スタックの行軍は1手番に{limit}段階までです。そのスタックは既に行軍しました。",
                   "March it again next turn, or march another stack.", "次の手番にもう一度行軍するか、別のスタックを行軍させてください。")
    state = stack_state(st)
    target = a.get("target")
    if state == "patrolling":
        if not isinstance(target, int):
            raise _err("A second March card sends the stack on campaign against one opponent.",
                       "2枚目の行軍カードでいずれかの相手に作戦を行います。", "Add target=<seat number, from 1>.",
                       "target=<1からの席番号> を指定してください。")
        _opponent_seat(s, seat, target)
    elif state in ("camped", "in_port"):
        if target is not None:
            raise _err("Only a patrolling stack chooses an opponent to march against.",
                       "相手を選ぶのは哨戒中のスタックだけです。")
    else:
        raise _err("That stack cannot march further.", "そのスタックはこれ以上行軍できません。",
                   "Recall it, or attack.", "帰還させるか、攻撃してください。")


def do_march(s: WState, seat: int, a: Action, log: list[Text] | None) -> None:
    st = _own_stack(s, seat, a["stack"])
    s.players[seat].hand.remove(a["card"])
    st.march.append(a["card"])
    st.marched += 1
    if stack_state(st) == "campaign":
        st.target = a["target"]
    if log is None:
        return
    state = STATE_TEXT[stack_state(st)]
    if st.target is not None:
        ref = seat_ref(st.target)
        state = Text(f"{state.en} against {ref.en}", f"{ref.ja}に対して{state.ja}")
    log.append(seat_ref(seat) + Text(" marches ", "は") + their(s, st.hero)
               + Text(": it is now ", "を行軍させた：") + state + Text(".", "になった。"))


def check_recall(s: WState, seat: int, a: Action) -> None:
    st = _own_stack(s, seat, a.get("stack"))
    _not_immobile(s, st)
    if not st.march:
        raise _err("That stack has no March cards to give up.", "そのスタックには行軍カードがありません。")


def do_recall(s: WState, seat: int, a: Action, log: list[Text] | None) -> None:
    st = _own_stack(s, seat, a["stack"])
    discard_march(s, st)
    if log is not None:
        log.append(seat_ref(seat) + Text(" recalls ", "は") + their(s, st.hero)
                   + Text(": its March cards are discarded and it is ", "を帰還させた：行軍カードは捨て札になり、")
                   + STATE_TEXT[stack_state(st)] + Text(".", "になった。"))


def clearable(s: WState, seat: int) -> list[str]:
    """Terrain, weather and persistent calamities on your cards that a March card removes."""
    p = s.players[seat]
    out: list[str] = []
    for st in p.stacks:
        out += [x for x in (st.terrain, st.weather) if x] + st.calamities
    for c in p.castles:
        out += c.calamities
    return out


def check_clear(s: WState, seat: int, a: Action) -> None:
    _march_card(s, seat, a.get("card"))
    if a.get("on") not in clearable(s, seat):
        raise _err("Nothing of that id to remove from your cards.", "そのIDの取り除けるカードはありません。",
                   "Name terrain, weather or a calamity on your stack or castle.", "自分のスタックか城砦の地形・天候・災害を指定してください。")


def do_clear(s: WState, seat: int, a: Action, log: list[Text] | None) -> None:
    on = a["on"]
    s.players[seat].hand.remove(a["card"])
    to_discard(s, a["card"])
    holder: str | None = None  # what it was on, for the log line
    for st in s.players[seat].stacks:
        if on in (st.terrain, st.weather):
            holder = st.hero
        if st.terrain == on:
            st.terrain = None
        if st.weather == on:
            st.weather = None
    held = calamities.detach(s, on)
    if held is not None:
        holder = held
    to_discard(s, on)
    if log is not None:
        where = their(s, holder) if holder is not None else Text("", "")
        log.append(seat_ref(seat) + Text(" removes ", "は行軍カードで") + name(s, on) + Text(" from ", "を") + where
                   + Text(" with a March card.", "から取り除いた。"))


# --- attack ---------------------------------------------------------------

def attack_targets(s: WState, seat: int, st: Stack) -> list[str]:
    state = stack_state(st)
    if state in ("campaign", "besieging") and st.target is not None and not s.players[st.target].eliminated:
        q = s.players[st.target]
        return [c.card for c in q.castles] + [x.hero for x in q.stacks]
    if state == "at_sea":
        return [c.card for o, q in enumerate(s.players) if o != seat for c in q.castles if is_port(s, c)]
    return []


def check_attack(s: WState, seat: int, a: Action) -> None:
    st = _own_stack(s, seat, a.get("stack"))
    _not_immobile(s, st)
    if st.battles >= rules().battles_per_stack_per_turn:
        raise _err("That stack has already fought this turn.", "そのスタックはこの手番に既に戦闘しました。", *NEXT_TURN)
    targets = attack_targets(s, seat, st)
    if not targets:
        raise _err("That stack cannot attack: it must be on campaign (or at sea, against a port castle).",
                   "そのスタックは攻撃できません（作戦中、または海上から港湾城へのみ）。")
    target = a.get("target")
    if target not in targets:
        raise _err("That target is out of this stack's reach.", "その対象はこのスタックの攻撃範囲外です。",
                   "Attack a castle or stack of the opponent it marches against.", "作戦対象の相手の城砦かスタックを攻撃してください。")
    cards = a.get("cards")
    if not isinstance(cards, list) or not cards:
        raise _err("An attack needs a Battle card.", "攻撃には戦闘カードが必要です。", "Add cards=<card id>.", "cards=<カードID> を指定してください。")
    if len(set(cards)) != len(cards):
        raise _err("Name each card once.", "同じカードを重複して指定できません。")
    for iid in cards:
        if rec(s, _in_hand(s, seat, iid)).battle is None:
            raise _err("That card cannot start a battle.", "そのカードでは戦闘を行えません。")
    c = find_castle(s, target)
    need = rules().home_castle_battle_cards if c is not None and is_home(s, c[1]) else 1
    if len({rec(s, i).name.en for i in cards}) > 1:
        raise _err("Battle cards used together must be of the same kind.", "同時に使う戦闘カードは同種でなければなりません。")
    if len(cards) != need:
        raise _err(f"This attack needs exactly {need} Battle card(s).", f"この攻撃には戦闘カードがちょうど{need}枚必要です。",
                   "A home castle needs two; anything else one.", "本拠地は2枚、それ以外は1枚です。")


def interceptors(s: WState, attacker_stack: str, target: str) -> list[str]:
    """The defender's stacks that may intercept: patrolling stacks free of weather; only
    flying ones against a flying attack on a stack (castle assaults are on the ground)."""
    found = find_stack(s, attacker_stack)
    castle = find_castle(s, target)
    owner = find_stack(s, target) or castle
    if found is None or owner is None:
        return []
    air = flying(s, found[1]) and castle is None
    out = []
    for st in s.players[owner[0]].stacks:
        if st.hero == target or stack_state(st) != "patrolling" or immobile(s, st):
            continue
        if air and not flying(s, st):
            continue
        out.append(st.hero)
    return out


def do_attack(s: WState, seat: int, a: Action, rng: Rng, log: list[Text] | None) -> None:
    p = s.players[seat]
    bonus = 0
    for iid in a["cards"]:
        p.hand.remove(iid)
        to_discard(s, iid)
        bonus += rec(s, iid).battle or 0
    target = a["target"]
    if log is not None:
        cards = " and ".join(rec(s, i).name.en for i in a["cards"])
        cards_ja = "と".join(rec(s, i).name.ja for i in a["cards"])
        log.append(seat_ref(seat) + Text(" attacks ", "は") + Text("", name(s, a["stack"]).ja + "のスタックで") + piece(s, target)
                   + Text(" with their stack of " + name(s, a["stack"]).en, "を攻撃する")
                   + Text(f", playing {cards}: total ", f"（{cards_ja}を使用）：合計") + stack_total(s, a["stack"], bonus)
                   + Text(".", "。"))
    owner = find_stack(s, target) or find_castle(s, target)
    assert owner is not None
    _own_stack(s, seat, a["stack"]).battles += 1
    if interceptors(s, a["stack"], target):
        s.decision = Decision("intercept", [owner[0]], seat, stack=a["stack"], target=target, bonus=bonus)
        if log is not None:
            log.append(seat_ref(owner[0]) + Text(" may intercept with patrolling stacks.", "は哨戒中のスタックで迎撃できる。"))
        return
    battle(s, rng, seat, a["stack"], target, bonus, log)


# --- explore ---------------------------------------------------------------

def check_explore(s: WState, seat: int, a: Action) -> None:
    st = _own_stack(s, seat, a.get("stack"))
    _not_immobile(s, st)
    p = s.players[seat]
    if stack_state(st) not in ("camped", "patrolling"):
        raise _err("Only a camped or patrolling stack explores your ruins.", "遺跡を探索できるのは野営中か哨戒中のスタックです。")
    if st.explored:
        raise _err("That stack has already explored this turn.", "そのスタックはこの手番に既に探索しました。", *NEXT_TURN)
    ruin = a.get("ruin")
    if ruin not in p.ruins:
        raise _err("That is not a ruin in your territory.", "それはあなたの場の遺跡ではありません。")
    if p.ruin_turn.get(ruin, s.turn) >= s.turn:
        raise _err("A ruin is explored on a later turn than the one it was placed.", "遺跡は配置した手番より後に探索します。")
    reward = _in_hand(s, seat, a.get("reward"))
    d = rec(s, reward)
    if d.type not in ("ally", "artefact", "treasure"):
        raise _err("The reward must be an ally, artefact or treasure.", "報酬は味方・魔道具・財宝のいずれかです。")
    _unique_ok(s, reward)
    if d.type != "treasure" and load(s, st) >= capacity(s, st):
        raise _err("That stack has no room for the reward.", "そのスタックには報酬を加える余裕がありません。")


def do_explore(s: WState, seat: int, a: Action, log: list[Text] | None) -> None:
    ruins.start(s, seat, a["stack"], a["ruin"], a["reward"], log)


# --- one-shot cards ------------------------------------------------------------

def check_play(s: WState, seat: int, a: Action) -> None:
    iid = _in_hand(s, seat, a.get("card"))
    d = rec(s, iid)
    if not (d.type == "diplomacy" or (d.type == "action" and d.battle is None and not d.march)):
        raise _err("That card is not played this way.", "そのカードはこの方法では使えません。")
    _unique_ok(s, iid)
    _pay(s, seat, iid)
    if d.target != "none":
        _opponent_target(s, seat, a.get("target"), d.target)
    elif a.get("target") not in (None, "none"):
        raise _err("That card takes no target.", "そのカードに対象はありません。")


def do_play(s: WState, seat: int, a: Action, rng: Rng, log: list[Text] | None) -> None:
    iid = a["card"]
    d = rec(s, iid)
    p = s.players[seat]
    p.hand.remove(iid)
    p.revenue -= d.cost
    to_discard(s, iid)
    target = a.get("target", "") if d.target != "none" else ""
    if log is not None:
        aim = Text(" on ", "を") + piece(s, str(target)) if target else Text("", "")
        log.append(seat_ref(seat) + Text(" plays ", "は") + d.text + _paid(d.cost) + aim + Text(".", "に使った。" if target else "を使った。"))
    apply_effects(s, rng, d.effects, seat, str(target), log)


def check_calamity(s: WState, seat: int, a: Action) -> None:
    iid = _in_hand(s, seat, a.get("card"))
    d = rec(s, iid)
    if d.calamity is None:
        raise _err("That is not a calamity.", "それは災害カードではありません。")
    if s.players[seat].calamities_played >= rules().calamities_per_turn:
        raise _err("One calamity a turn.", "災害は1手番に1枚までです。", *NEXT_TURN)
    _opponent_target(s, seat, a.get("target"), d.calamity.target)


def do_calamity(s: WState, seat: int, a: Action, rng: Rng, log: list[Text] | None) -> None:
    iid, target = a["card"], a["target"]
    p = s.players[seat]
    p.hand.remove(iid)
    p.calamities_played += 1
    owner = find_stack(s, target) or find_castle(s, target)
    assert owner is not None
    if log is not None:
        log.append(seat_ref(seat) + Text(" brings ", "は") + name(s, iid) + Text(" upon ", "を") + piece(s, target)
                   + Text("; ", "にもたらした。") + seat_ref(owner[0]) + Text(" checks.", "が判定する。"))
    calamities.resolve(s, rng, iid, owner[0], target, log)


def check_cast(s: WState, seat: int, a: Action) -> None:
    iid = _in_hand(s, seat, a.get("card"))
    d = rec(s, iid)
    if d.type != "spell":
        raise _err("That is not a spell.", "それは呪文カードではありません。")
    st = _own_stack(s, seat, a.get("stack"))
    _not_immobile(s, st)
    if not magic(s, st):
        raise _err("Only a hero with a magic artefact casts spells.", "呪文を使えるのは魔術の魔道具を持つ英雄だけです。")
    if st.spell_used:
        raise _err("That hero has already cast a spell this turn.", "その英雄はこの手番に既に呪文を使いました。", *NEXT_TURN)
    _opponent_target(s, seat, a.get("target"), d.target)


def do_cast(s: WState, seat: int, a: Action, rng: Rng, log: list[Text] | None) -> None:
    iid, target = a["card"], a["target"]
    st = _own_stack(s, seat, a["stack"])
    s.players[seat].hand.remove(iid)
    to_discard(s, iid)
    st.spell_used = True
    victim = target_seat(s, target)
    assert victim is not None
    if log is not None:
        log.append(seat_ref(seat) + Text("'s hero ", "の英雄") + name(s, st.hero) + Text(" casts ", "は") + name(s, iid)
                   + Text(" at ", "を") + piece(s, target) + Text("; ", "に唱えた。") + seat_ref(victim)
                   + Text(" checks.", "が判定する。"))
    value, _ = check(s, victim, rng, log, name(s, iid))
    for out in rec(s, iid).spell:
        if out.lo <= value <= out.hi:
            if out.on == "target":
                if log is not None:
                    log.append(name(s, iid) + Text(f" takes effect ({out.lo}-{out.hi}).", f"は効果を発揮した（{out.lo}～{out.hi}）。"))
                apply_effects(s, rng, out.effects, seat, target, log)
            else:
                if log is not None:
                    log.append(name(s, iid) + Text(f" fumbles ({out.lo}-{out.hi}) on the caster's stack!",
                                                   f"は失敗した（{out.lo}～{out.hi}）：術者のスタックに返る！"))
                apply_effects(s, rng, out.effects, seat, st.hero, log)
            return
    if log is not None:
        log.append(name(s, iid) + Text(f" has no effect (a check of {value}).", f"は効果がなかった（判定{value}）。"))


# --- terrain and weather -------------------------------------------------------

def check_terrain(s: WState, seat: int, a: Action) -> None:
    iid = _in_hand(s, seat, a.get("card"))
    if rec(s, iid).type != "terrain":
        raise _err("That is not a terrain card.", "それは地形カードではありません。")
    _unique_ok(s, iid)
    sid = a.get("stack")
    found = find_stack(s, sid) if isinstance(sid, str) else None
    if found is None:
        raise _err("Name a stack.", "スタックを指定してください。")
    owner, st = found
    if owner == seat and not at_home(st):
        raise _err("Terrain goes on your own camped, patrolling or in-port stack.",
                   "地形は自分の野営・哨戒・入港中のスタックに付けます。")
    if owner != seat and stack_state(st) not in ("campaign", "besieging"):
        raise _err("Terrain goes on an opponent's stack only while it is on campaign.",
                   "相手のスタックには作戦中の時のみ地形を付けられます。")
    if st.terrain_turn == s.turn:
        raise _err("That stack already received terrain this turn.", "そのスタックにはこの手番に既に地形が付きました。")


def do_terrain(s: WState, seat: int, a: Action, log: list[Text] | None) -> None:
    iid = a["card"]
    owner, st = find_stack(s, a["stack"])  # type: ignore[misc]
    s.players[seat].hand.remove(iid)
    if st.terrain is not None:
        to_discard(s, st.terrain)
    st.terrain = iid
    st.terrain_turn = s.turn
    if owner != seat:
        # The owner may cancel it at once (打ち消す): then it has no effect at all, so the March
        # and fleet cards are taken only when the owner lets it stand.
        if log is not None:
            log.append(seat_ref(seat) + Text(" puts ", "は") + name(s, iid) + Text(" on ", "を") + stack_of(s, st.hero, owner)
                       + Text("; ", "に付けた。") + seat_ref(owner)
                       + Text(" may cancel it at once with a March card.", "は行軍カードで即座に打ち消せる。"))
        s.decision = Decision("terrain_response", [owner], seat, stack=st.hero, target=iid)
        return
    strip_for_terrain(s, st)
    if log is not None:
        log.append(seat_ref(seat) + Text(" puts ", "は") + name(s, iid) + Text(" on ", "を") + their(s, st.hero)
                   + Text(": its March and fleet cards are removed.", "に付けた：行軍・艦隊カードは外れる。"))


def check_weather(s: WState, seat: int, a: Action) -> None:
    iid = _in_hand(s, seat, a.get("card"))
    if rec(s, iid).type != "weather":
        raise _err("That is not a weather card.", "それは天候カードではありません。")
    _unique_ok(s, iid)
    sid = a.get("stack")
    found = find_stack(s, sid) if isinstance(sid, str) else None
    if found is None or found[0] == seat or stack_state(found[1]) != "at_sea":
        raise _err("Weather goes only on an opponent's stack at sea.", "天候は海上にいる相手のスタックにのみ付けられます。")
    if found[1].weather_turn == s.turn:
        raise _err("That stack already received weather this turn.", "そのスタックにはこの手番に既に天候が付きました。")


def do_weather(s: WState, seat: int, a: Action, log: list[Text] | None) -> None:
    iid = a["card"]
    _, st = find_stack(s, a["stack"])  # type: ignore[misc]
    s.players[seat].hand.remove(iid)
    if st.weather is not None:
        to_discard(s, st.weather)
    st.weather = iid
    st.weather_turn = s.turn
    if log is not None:
        log.append(seat_ref(seat) + Text(" brings ", "は") + name(s, iid) + Text(" upon ", "を") + stack_of(s, st.hero)
                   + Text(": it cannot act until its owner removes the weather with a March card.",
                          "にもたらした：持ち主が行軍カードで取り除くまで、そのスタックは行動できない。"))


# --- treasure -------------------------------------------------------------------

def check_sell(s: WState, seat: int, a: Action) -> None:
    if a.get("card") not in s.players[seat].treasures:
        raise _err("That is not one of your treasures.", "それはあなたの財宝ではありません。")


def do_sell(s: WState, seat: int, a: Action, log: list[Text] | None) -> None:
    iid = a["card"]
    p = s.players[seat]
    p.treasures.remove(iid)
    to_discard(s, iid)
    p.revenue += rec(s, iid).revenue
    if log is not None:
        log.append(seat_ref(seat) + Text(" sells ", "は") + name(s, iid)
                   + Text(f" for {rec(s, iid).revenue} revenue this turn.", f"を売却し、この手番の収益を{rec(s, iid).revenue}得た。"))
