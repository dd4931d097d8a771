"""What Warlords players read: the board, a hand and the log in both languages
(golden texts of a real set-up position and of a battle), card lookup, prompts
that show the attack being answered, menus without repeated or pointless
entries, and seats typed as people count them (from 1)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.render import warlords as render
from engine.core import SPECTATOR, Rng, RuleError, UnknownAction, Viewer, find_cards
from engine.core.arguments import check_arguments
from engine.warlords.cards import sample
from engine.warlords.game import GAME
from engine.warlords.state import WState, find_castle
from events.replay import MatchState
from events.service import MatchService
from tests.contract.matches import bot_turns

from .helpers import Table, act, texts
from .test_rules_battle import _duel, _garrison_choice


def position() -> tuple[WState, list[str], list[str]]:
    """A fixed-seed match: set-up, each player garrisons their castle and marches once,
    then the first player's stack goes on campaign. Returns the state and its log."""
    rng = Rng(b"golden-warlords-position-seed-01")
    s = GAME.setup(2, GAME.options({"decks": ["elvallie", "orcs_of_kor"]}, 2), rng)
    en: list[str] = []
    ja: list[str] = []

    def play(seat: int, action: dict[str, object]) -> None:
        nonlocal s
        t = GAME.apply(s, seat, dict(action), rng)
        s = t.state
        en.extend(x.en for x in t.log)
        ja.extend(x.ja for x in t.log)

    play(s.first, {"kind": "direction", "dir": "cw"})
    while s.phase == "pick":
        play(s.pick_queue[0], GAME.legal_actions(s, s.pick_queue[0])[0].action)
    for _ in range(2):
        seat = s.active
        acts = [c.action for c in GAME.legal_actions(s, seat)]
        play(seat, next(a for a in acts if a["kind"] == "deploy" and find_castle(s, a.get("to", "")) is not None))
        play(seat, next(c.action for c in GAME.legal_actions(s, seat) if c.action["kind"] == "march"))
        play(seat, {"kind": "end"})
    play(s.active, next(c.action for c in GAME.legal_actions(s, s.active) if c.action["kind"] == "march"))
    return s, en, ja


BOARD_EN = (
    'Warlords: Glory Road — turn 3, ⟦0⟧ to act (clockwise)\n'
    '*⟦0⟧: glory 26, revenue left 26, hand 11, deck 84\n'
    '  castle Redcliff[26 d11 g1 c43]: Griffins\n'
    '  stack Aerin the Bold[11 campaign→⟦1⟧ u0 c71]\n'
    ' ⟦1⟧: glory 25, revenue left 0, hand 10, deck 86\n'
    '  castle Greenhaven[25 d9 g1 c32]: Heavy Infantry\n'
    '  stack Tamsin Reed[9 patrol u0 c50]\n'
    'Key: castle[revenue d=defence in battle g=garrison armies +n=improvements]; stack[combat state →player=on campaign against u=armies and allies fly=flying]; c12=card id; TP=has drawn Time Passes; *=to act'
)
BOARD_JA = (
    'Warlords：グローリーロード — 第3手番 ⟦0⟧の番（時計回り）\n'
    '*⟦0⟧：勝利点26、残り収益26、手札11、山札84\n'
    '  城砦 赤崖[26 守11 兵1 c43]：グリフォン\n'
    '  スタック 勇者エアリン[11 作戦→⟦1⟧ 兵0 c71]\n'
    ' ⟦1⟧：勝利点25、残り収益0、手札10、山札86\n'
    '  城砦 グリーンヘイヴン[25 守9 兵1 c32]：重歩兵\n'
    '  スタック タムシン・リード[9 哨戒 兵0 c50]\n'
    '凡例：城砦[収益 守=戦闘時の防御 兵=守備隊の軍隊数 改=城砦改良の数] スタック[戦力 状態 →プレイヤー=作戦の相手 兵=軍隊・味方の数 飛=飛行]、c12=カードID、終=ゲーム終了カードを引いた、*=手番'
)
HAND_EN = (
    '⟦0⟧: revenue left 26, glory 26\n'
    'Hand (11):\n'
    ' c129 Elvallion: castle, no cost, revenue 42, defence 6, capacity 5, home castle of Elvallie, check 1 — deploy on its own (one castle a turn)\n'
    ' c72 Corvus Blackhand: hero, no cost, combat 12, capacity 3, check 4 — deploy on its own as a new stack (one hero a turn)\n'
    ' c144 Pegasi: army, cost 20, combat 6, Elvallie +1, flying, check 6 — on your stack or castle\n'
    ' c189 Sabotage: diplomacy, cost 10, check 8 — at an opponent: that player discards 2 cards at random\n'
    ' c7 March/Battle: action, no cost, battle +0, check 2 — march a stack, or start a battle\n'
    ' c33 March/Battle: action, no cost, battle +0, check 2 — march a stack, or start a battle\n'
    ' c88 March/Battle: action, no cost, battle +0, check 2 — march a stack, or start a battle\n'
    ' c180 March/Battle: action, no cost, battle +0, check 2 — march a stack, or start a battle\n'
    ' c139 March/Battle: action, no cost, battle +0, check 9, sudden death — march a stack, or start a battle\n'
    " c149 Desertion: calamity, no cost, instant, on an opponent's stack, check 6 — check 1-5: the weakest army or ally of the stack is lost; 6-7: it switches\n"
    " c186 Earthquake: calamity, no cost, instant, on an opponent's castle, check 5 — check 1-5: an improvement of the castle is destroyed; 6-7: it switches\n"
    'Your stacks:\n'
    ' Aerin the Bold[11 campaign→⟦1⟧ u0 c71]\n'
    'Your castles:\n'
    ' Redcliff[26 d11 g1 c43]: Griffins'
)
HAND_JA = (
    '⟦0⟧：残り収益26、勝利点26\n'
    '手札（11枚）：\n'
    ' c129 エルヴァリオン：城砦、コスト不要、収益42、防御6、キャパシティ5、エルヴァリーの本拠地、判定値1 — 単独で配置（1手番に1枚）\n'
    ' c72 黒手のコルヴス：英雄、コスト不要、戦力12、キャパシティ3、判定値4 — 単独で配置して新しいスタックに（1手番に1枚）\n'
    ' c144 ペガサス：軍隊、コスト20、戦力6、エルヴァリー所属時+1、飛行、判定値6 — 自分のスタックか城砦に\n'
    ' c189 破壊工作：外交、コスト10、判定値8 — 相手プレイヤーに：そのプレイヤーは手札を無作為に2枚捨てる\n'
    ' c7 行軍／戦闘：アクション、コスト不要、戦闘+0、判定値2 — スタックの行軍、または戦闘開始\n'
    ' c33 行軍／戦闘：アクション、コスト不要、戦闘+0、判定値2 — スタックの行軍、または戦闘開始\n'
    ' c88 行軍／戦闘：アクション、コスト不要、戦闘+0、判定値2 — スタックの行軍、または戦闘開始\n'
    ' c180 行軍／戦闘：アクション、コスト不要、戦闘+0、判定値2 — スタックの行軍、または戦闘開始\n'
    ' c139 行軍／戦闘：アクション、コスト不要、戦闘+0、判定値9、サドンデス — スタックの行軍、または戦闘開始\n'
    ' c149 脱走：災害、コスト不要、瞬間、対象は相手のスタック、判定値6 — 判定1～5でスタックの最も弱い軍隊・味方1体が失われる、6～7で交代\n'
    ' c186 地震：災害、コスト不要、瞬間、対象は相手の城砦、判定値5 — 判定1～5で城砦の改良1枚が破壊される、6～7で交代\n'
    '自分のスタック：\n'
    ' 勇者エアリン[11 作戦→⟦1⟧ 兵0 c71]\n'
    '自分の城砦：\n'
    ' 赤崖[26 守11 兵1 c43]：グリフォン'
)
LOG_EN = (
    '⟦1⟧ deploys Heavy Infantry (paying 15) to the garrison of their Greenhaven.\n'
    '⟦1⟧ marches their stack of Tamsin Reed: it is now patrolling.\n'
    '⟦1⟧ ends their turn.\n'
    'Turn 3: ⟦0⟧ receives 26 revenue.\n'
    '⟦0⟧ marches their stack of Aerin the Bold: it is now on campaign against ⟦1⟧.'
)
LOG_JA = (
    '⟦1⟧は重歩兵（コスト15）をグリーンヘイヴンの守備隊に配置した。\n'
    '⟦1⟧はタムシン・リードのスタックを行軍させた：哨戒中になった。\n'
    '⟦1⟧は手番を終えた。\n'
    '第3手番：⟦0⟧は収益26を得た。\n'
    '⟦0⟧は勇者エアリンのスタックを行軍させた：⟦1⟧に対して作戦中になった。'
)
BATTLE_EN = (
    "⟦0⟧ attacks ⟦1⟧'s stack of Corvus Blackhand with their stack of Aerin the Bold, playing March/Battle: total 21 (Aerin the Bold 11 + Light Infantry 5 + Light Infantry 5).\n"
    "Battle: ⟦0⟧'s stack of Aerin the Bold (21) against ⟦1⟧'s stack of Corvus Blackhand (21), difference 0: the oracle draws 1 card for the attacker's losses and 1 card for the defender's.\n"
    "⟦0⟧ checks for the attacker's losses: March/Battle (2).\n"
    "⟦0⟧ checks for the defender's losses: March/Battle (8).\n"
    'Losses: attacker 2, defender 8.\n'
    "⟦0⟧'s stack of Aerin the Bold takes a loss of 2: Light Infantry (5) is lost; the stack survives.\n"
    "⟦1⟧'s stack of Corvus Blackhand takes a loss of 8: Light Infantry (5) and Militia (4) are lost; the stack survives."
)
BATTLE_JA = (
    '⟦0⟧は勇者エアリンのスタックで⟦1⟧の黒手のコルヴスのスタックを攻撃する（行軍／戦闘を使用）：合計21（勇者エアリン11＋軽歩兵5＋軽歩兵5）。\n'
    '戦闘：⟦0⟧の勇者エアリンのスタック（21）対⟦1⟧の黒手のコルヴスのスタック（21）、差0。戦闘結果表により、攻撃側の損失に1枚、防御側の損失に1枚を引く。\n'
    '⟦0⟧の判定（攻撃側の損失）：行軍／戦闘（2）。\n'
    '⟦0⟧の判定（防御側の損失）：行軍／戦闘（8）。\n'
    '損失：攻撃側2、防御側8。\n'
    '⟦0⟧の勇者エアリンのスタックは損失2を受けた：軽歩兵（5）を失い、スタックは残った。\n'
    '⟦1⟧の黒手のコルヴスのスタックは損失8を受けた：軽歩兵（5）、民兵（4）を失い、スタックは残った。'
)


def test_golden_board_in_english_and_japanese() -> None:
    s, _, _ = position()
    assert render.board(GAME.view(s, SPECTATOR), "en") == BOARD_EN
    assert render.board(GAME.view(s, SPECTATOR), "ja") == BOARD_JA


def test_golden_hand_in_english_and_japanese() -> None:
    s, _, _ = position()
    assert render.private(GAME.view(s, Viewer.of(0)), 0, "en") == HAND_EN
    assert render.private(GAME.view(s, Viewer.of(0)), 0, "ja") == HAND_JA


def test_golden_log_excerpt_in_english_and_japanese() -> None:
    _, en, ja = position()
    assert "\n".join(en[-5:]) == LOG_EN
    assert "\n".join(ja[-5:]) == LOG_JA


def test_golden_battle_log_states_totals_checks_losses_and_each_result() -> None:
    t = _duel(("march_8", "march_2"))
    att, dfd = t.s.players[0].stacks[0], t.s.players[1].stacks[0]
    tr = act(t.s, 0, kind="attack", stack=att.hero, target=dfd.hero, cards=[t.s.players[0].hand[0]])
    assert "\n".join(x.en for x in tr.log) == BATTLE_EN
    assert "\n".join(x.ja for x in tr.log) == BATTLE_JA


def test_battle_log_says_a_stack_is_destroyed_when_the_loss_reaches_its_hero() -> None:
    # 21 against a lone Corvus (12): the defender's loss 4 + 8 = 12 reaches his combat 12.
    t = _duel(("march_8", "march_4", "march_1"), defender=())
    att, dfd = t.s.players[0].stacks[0], t.s.players[1].stacks[0]
    tr = act(t.s, 0, kind="attack", stack=att.hero, target=dfd.hero, cards=[t.s.players[0].hand[0]])
    assert ("⟦1⟧'s stack of Corvus Blackhand takes a loss of 12: it has no army or ally, and 12 reaches the "
            "hero's combat 12.") in texts(tr)
    assert "⟦1⟧'s stack of Corvus Blackhand is destroyed." in texts(tr)
    assert "⟦1⟧の黒手のコルヴスのスタックは全滅した。" in [x.ja for x in tr.log]


def test_battle_log_says_a_garrison_wiped_out_and_the_castle_captured() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    castle = t.castle(1, "castle_oakvale", garrison=("army_militia",))
    att = t.stack(0, "hero_aerin", members=("army_light_infantry", "army_light_infantry"), march=2, target=1)
    t.stack(1, "hero_tamsin")  # camped: it cannot intercept, and keeps seat 1 in the game
    t.deck(0, "march_5", "march_3")  # 21 against 7: no card for the attacker, 3 + 5 for the defender
    (card_id,) = t.hand(0, "march_1")
    tr = act(t.s, 0, kind="attack", stack=att.hero, target=castle.card, cards=[card_id])
    lines = [x.en for x in tr.log]
    assert "Battle: ⟦0⟧'s stack of Aerin the Bold (21) against ⟦1⟧'s Oakvale (7), difference +14" in lines[1]
    assert lines[-3:] == ["⟦0⟧'s stack of Aerin the Bold takes no loss.",
                          "⟦1⟧'s Oakvale takes a loss of 8: Militia (4) is lost from its garrison; its garrison is "
                          "wiped out.",
                          "⟦0⟧ captures ⟦1⟧'s Oakvale."]
    assert [x.ja for x in tr.log][-2:] == ["⟦1⟧の樫の谷は損失8を受けた：守備隊の民兵（4）を失い、守備隊は全滅した。",
                                           "⟦0⟧は⟦1⟧の樫の谷を攻略した。"]


def test_card_catalog_gives_every_card_its_full_text_in_both_languages() -> None:
    catalog = GAME.card_catalog()
    assert [c.id for c in catalog] == [d.id for d in sample().cards]
    for info in catalog:
        assert info.name.en and info.name.ja
        assert info.text.en.count("\n") >= 1 and info.text.ja.count("\n") >= 1, info.id
        assert "heck value" in info.text.en and "判定値" in info.text.ja, info.id
        assert "。 " not in info.text.ja and ", " not in info.text.ja, info.id


def test_card_catalog_text_says_cost_numbers_and_when_it_applies() -> None:
    by_id = {c.id: c for c in GAME.card_catalog()}
    cavalry = by_id["army_cavalry"].text
    assert cavalry.en.startswith("Army. Cost 18, combat 7, Horse Lords +2.")
    assert cavalry.ja.startswith("軍隊。コスト18、戦力7、ホースロード所属時+2。")
    plague = by_id["cal_plague"].text
    assert "1-4: the weakest garrison army of the castle is lost; 5: it switches" in plague.en
    assert "1～4なら城砦の最も弱い守備隊の軍隊1体が失われる、5なら交代" in plague.ja
    assert "stack advance" in plague.en and "Check value 3." in plague.en


def test_every_card_is_found_by_its_english_and_its_japanese_name() -> None:
    catalog = GAME.card_catalog()
    printed = {d.id: d.name for d in sample().cards}
    for info in catalog:
        assert info in find_cards(catalog, printed[info.id].en), info.id
        assert info in find_cards(catalog, printed[info.id].ja), info.id
        assert find_cards(catalog, info.name.en) == [info] and find_cards(catalog, info.name.ja) == [info]
        assert find_cards(catalog, info.id) == [info]
    # The ten March/Battle versions share a name: the catalog tells them apart by check value.
    assert [c.name.en for c in find_cards(catalog, "march/battle")][:2] == ["March/Battle (check 1)",
                                                                             "March/Battle (check 2)"]
    assert find_cards(catalog, "行軍／戦闘（判定値9）")[0].id == "march_9"


def _intercept_position() -> WState:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    castle = t.castle(1, "castle_oakvale", garrison=("army_militia",))
    att = t.stack(0, "hero_brakk", members=("army_orc_warband",), march=2, target=1)
    t.stack(1, "hero_tamsin", march=1)
    (card_id,) = t.hand(0, "act_ambush")
    return act(t.s, 0, kind="attack", stack=att.hero, target=castle.card, cards=[card_id]).state


def test_the_defender_sees_attacker_total_and_attacking_pieces_where_they_choose_interceptors() -> None:
    (pending,) = GAME.pending(_intercept_position())
    assert pending.seat == 1 and pending.kind == "intercept"
    assert pending.prompt.en == (
        "⟦0⟧ attacks your Oakvale with their stack of Brakk Skullsplitter: total 22 (Brakk Skullsplitter 13 + "
        "Orc Warband 6 + Battle card +3), against your 7 (Oakvale 3 + Militia 4). Choose which of your patrolling "
        "stacks intercept (they fight it instead, one after another), or none.")
    assert pending.prompt.ja == (
        "⟦0⟧が頭割りブラックのスタックであなたの樫の谷を攻撃：合計22（頭割りブラック13＋オーク戦団6＋戦闘カード+3）、"
        "対するあなたは7（樫の谷3＋民兵4）。迎撃する哨戒中のスタックを選ぶ（目標の代わりに順に戦う）か、迎撃しないを選んでください。")


def test_the_defender_sees_the_attack_and_the_loss_where_they_assign_it() -> None:
    t, _, _ = _garrison_choice()
    (pending,) = GAME.pending(t.s)
    assert pending.kind == "losses" and pending.seat == 1
    assert pending.prompt.en == (
        "⟦0⟧ attacked your Oakvale with their stack of Mira of the Vale: total 18 (Mira of the Vale 9 + Giant "
        "Warriors 9); your Oakvale takes a loss of 8. Choose which garrison armies take it: each one removed "
        "absorbs its combat value.")
    labels = [c.label.en for c in GAME.legal_actions(t.s, 1)]
    assert labels[0] == "Lose Knights (8) — the automatic choice"
    assert "Lose Militia (4) and Giant Warriors (9)" in labels


def test_the_board_names_who_it_waits_for_and_why() -> None:
    s = _intercept_position()
    assert "Waiting for ⟦1⟧ to choose interceptors" in render.board(GAME.view(s, SPECTATOR), "en")
    assert "⟦1⟧を待っています（迎撃の選択）" in render.board(GAME.view(s, SPECTATOR), "ja")


def test_a_card_that_would_find_nothing_to_act_on_is_not_listed_but_still_accepted() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    t.castle(1, "castle_oakvale")
    t.s.players[0].revenue = 50
    idle = t.stack(1, "hero_tamsin")  # no March cards: Recall Treaty would only spend itself
    marching = t.stack(1, "hero_mira", march=1)
    (treaty,) = t.hand(0, "dip_recall")
    listed = [c.action for c in GAME.legal_actions(t.s, 0) if c.action["kind"] == "play"]
    assert listed == [{"kind": "play", "card": treaty, "target": marching.hero}]
    tr = act(t.s, 0, kind="play", card=treaty, target=idle.hero)
    assert "⟦1⟧'s stack of Tamsin Reed has no March card to lose." in texts(tr)


def test_long_menus_are_grouped_by_the_card_chosen_first() -> None:
    s, _, _ = position()
    choices = GAME.legal_actions(s, 0)
    deploys = [c for c in choices if c.action["kind"] == "deploy" and c.action.get("to")]
    assert deploys and all(c.group is not None for c in deploys)
    pegasi = [c for c in deploys if "Pegasi" in c.label.en]
    assert len(pegasi) == 2 and {c.group for c in pegasi} == {pegasi[0].group}
    assert pegasi[0].group is not None and pegasi[0].group.en == "Pegasi (army)" and pegasi[0].group.ja == "ペガサス（軍隊）"
    rng = Rng(b"golden-warlords-position-seed-01")
    start = GAME.setup(2, GAME.options({"decks": ["elvallie", "orcs_of_kor"]}, 2), rng)
    start = GAME.apply(start, start.first, {"kind": "direction", "dir": "cw"}, rng).state
    picks = GAME.legal_actions(start, start.pick_queue[0])
    assert len(picks) == 18 and len({c.group for c in picks}) == 6  # six castles, then three heroes each


@pytest.mark.slow
@given(seats=st.integers(2, 6), seed=st.integers(0, 10_000))
def test_property_menus_never_repeat_a_label_and_text_names_seats_by_token(seats: int, seed: int) -> None:
    literal = re.compile(r"\bSeat \d|\d番席")
    tokens = 0
    for turn in bot_turns(GAME, seats, seed, limit=250):
        for p in turn.pending:
            assert not literal.search(p.prompt.en) and not literal.search(p.prompt.ja)
            choices = GAME.legal_actions(turn.state, p.seat)
            for lang in ("en", "ja"):
                labels = [c.label(lang) for c in choices]
                assert len(labels) == len(set(labels)), labels
            for c in choices:
                assert GAME.parse_action(c.code) == c.action
                assert "。 " not in c.label.ja and ", " not in c.label.ja
        for line in turn.step.transition.log:
            assert not literal.search(line.en) and not literal.search(line.ja), line
            assert "。 " not in line.ja and ", " not in line.ja, line.ja
            tokens += "⟦" in line.en
    assert tokens > 0


def _march_position() -> tuple[WState, str, str]:
    """Seat 0's patrolling stack, one March card from going on campaign, at a 3-seat table."""
    t = Table(3)
    for seat, castle in enumerate(("castle_dunmoor", "castle_oakvale", "castle_ashford")):
        t.castle(seat, castle)
    stack = t.stack(0, "hero_aerin", march=1)
    (march,) = t.hand(0, "march_3")
    return t.s, stack.hero, march


def test_a_typed_target_seat_is_counted_from_one() -> None:
    s, stack, march = _march_position()
    code = f"march card={march} stack={stack} target=2"
    listed = {c.code: c.action for c in GAME.legal_actions(s, 0) if c.action["kind"] == "march"}
    assert listed[code] == {"kind": "march", "card": march, "stack": stack, "target": 1}  # seat 2 is index 1
    assert GAME.parse_action(f"march stack={stack} target=2 card={march}") == listed[code]
    tr = GAME.apply(s, 0, GAME.parse_action(code), Rng(b"x" * 32))
    assert tr.state.players[0].stacks[0].target == 1
    assert texts(tr).endswith("it is now on campaign against ⟦1⟧.")


def test_a_typed_player_target_is_counted_from_one() -> None:
    assert GAME.parse_action("play card=c5 target=p2") == {"kind": "play", "card": "c5", "target": "p1"}
    assert GAME.parse_action("cast card=c5 stack=c6 target=2") == {"kind": "cast", "card": "c5", "stack": "c6",
                                                                   "target": "p1"}
    assert GAME.parse_action("attack stack=c1 target=c7 cards=c9")["target"] == "c7"  # a card id is left alone


@pytest.mark.parametrize("typed", ["target=0", "target=p0", "target=-1"])
def test_a_typed_seat_zero_is_refused(typed: str) -> None:
    with pytest.raises(UnknownAction) as err:
        GAME.parse_action(f"march card=c1 stack=c2 {typed}")
    assert "counted from 1" in err.value.message("en") and "1から数えます" in err.value.message("ja")


def test_a_typed_seat_that_does_not_exist_is_refused_saying_so() -> None:
    s, stack, march = _march_position()
    with pytest.raises(RuleError) as err:
        GAME.apply(s, 0, GAME.parse_action(f"march card={march} stack={stack} target=9"), Rng(b"x" * 32))
    assert "There is no seat 9 at this table (seats 1-3)." in err.value.message("en")
    assert "9番席はありません（1～3番席）。" in err.value.message("ja")
    with pytest.raises(RuleError) as err:
        GAME.apply(s, 0, GAME.parse_action(f"march card={march} stack={stack} target=1"), Rng(b"x" * 32))
    assert "cannot target yourself" in err.value.message("en")


def test_the_service_reads_a_typed_seat_from_one_and_refuses_unknown_arguments() -> None:
    s, stack, march = _march_position()
    ms = MatchState(match_id="m", game_id="warlords", ruleset=GAME.ruleset, options={}, commitment="", creator="x",
                    status="running", state=s)
    service = MatchService(None)  # type: ignore[arg-type]  # parsing needs no store
    action = service.parse(ms, 0, f"march stack={stack} card={march} target=3")
    assert action == {"kind": "march", "stack": stack, "card": march, "target": 2}
    with pytest.raises(UnknownAction) as err:
        service.parse(ms, 0, f"march stack={stack} card={march} traget=3")
    assert "traget=" in err.value.message("en") and "target=" in err.value.message("en")


def test_arguments_the_menus_leave_out_are_declared() -> None:
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    t.castle(1, "castle_oakvale")
    stack = t.stack(0, "hero_aerin")  # camped: no listed march names a target
    (march,) = t.hand(0, "march_3")
    choices = GAME.legal_actions(t.s, 0)
    assert not any("target" in c.action for c in choices if c.action["kind"] == "march")
    check_arguments(choices, GAME.parse_action(f"march stack={stack.hero} card={march} target=2"), GAME.optional_args)
    with pytest.raises(RuleError) as err:
        act(t.s, 0, kind="march", stack=stack.hero, card=march, target=1)
    assert "Only a patrolling stack chooses an opponent" in err.value.message("en")
