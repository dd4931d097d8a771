"""What Musou players read: the board, a hand and the log of a real match
position (golden texts, en and ja), card lookup, the defender's prompt, menus
(staged by card, no duplicate labels, no no-ops), seats named by token and
typed 1-based, and Japanese that reads as Japanese."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.render import musou as render
from engine.core import SPECTATOR, Rng, RuleError, Text, Viewer, find_cards
from engine.core.arguments import check_arguments
from engine.core.errors import UnknownAction
from engine.core.play import step
from engine.core.selfplay import derive_secret
from engine.musou.cards import catalog
from engine.musou.game import GAME
from engine.musou.match import finish_game
from engine.musou.state import MusouState
from tests.contract.matches import bot_turns

from .helpers import Position, act, rng

# A real match: seed 7, Shu (seat 0, Liu Bei's Army) against Wei (seat 1, Cao
# Cao's Army). Xingcai attacks Xu Zhu on turn 3 and the defender lets it through.
SCRIPT = ["0:commander card=m00", "1:commander card=m10", "0:keep", "1:keep",
          "0:place card=g1s0c44 square=1 pay=g1s0c60", "1:pass", "0:pass", "0:pass", "1:pass",
          "1:place card=g1s1c42 pay=g1s1c27 square=1", "0:pass", "1:pass", "1:pass", "0:pass",
          "0:facedown card=g1s0c58 square=2", "1:pass", "0:pass", "0:attack from=1 target=g1s1c42", "1:pass"]


def scripted(upto: int = len(SCRIPT)) -> tuple[MusouState, list[tuple[Text, ...]]]:
    secret = derive_secret(7)
    r = Rng(secret, 0)
    state = GAME.setup(2, GAME.options({"decks": ["shu", "wei"]}, 2), r)
    counter, logs = r.counter, []
    for line in SCRIPT[:upto]:
        seat, text = line.split(":", 1)
        result = step(GAME, state, int(seat), GAME.parse_action(text), secret, counter)
        logs.append(result.transition.log)
        state, counter = result.transition.state, result.counter
    return state, logs


BOARD_EN = """\
Musou TCG (sample cards), game 1 (games won: ⟦0⟧ 0, ⟦1⟧ 0): turn 3, ⟦0⟧'s main phase 2
Priority: ⟦0⟧
⟦1⟧: Cao Cao's Army, troops 20, hand 5, deck 43, provisions 0, discard 1, musou ready
  1ATK:Xu Zhu P5/S1 (dmg3) | 2SUP:- | 3ATK:-
  4SUP:- | 5CMD:Cao Cao's Army | 6ATK:-
  7SPT:- | 8SUP:- | 9SPT:-
⟦0⟧: Liu Bei's Army, troops 21, hand 5, deck 42, provisions 0, discard 1, musou ready
  1ATK:Xingcai P3/S1 (exh,dmg2) | 2SUP:face-down | 3ATK:-
  4SUP:- | 5CMD:Liu Bei's Army | 6SUP:-
  7SPT:- | 8ATK:- | 9SPT:-
Legend: ATK attack square, SUP supply square, SPT support square, CMD commander; P power (武力), S strike (戦攻); \
exh exhausted; dmg damage taken this turn; - empty."""

BOARD_JA = """\
真・三國無双4 TCG（サンプルカード） 第1ゲーム（勝ち数 ⟦0⟧ 0、⟦1⟧ 0）第3ターン・⟦0⟧のメインフェイズ2
優先権：⟦0⟧
⟦1⟧：曹操軍 兵数20 手札5 デッキ43 兵糧0 捨て札1 無双未使用
  1戦攻：許褚 武5/攻1（傷3） | 2補給：- | 3戦攻：-
  4補給：- | 5指揮：曹操軍 | 6戦攻：-
  7支援：- | 8補給：- | 9支援：-
⟦0⟧：劉備軍 兵数21 手札5 デッキ42 兵糧0 捨て札1 無双未使用
  1戦攻：星彩 武3/攻1（横、傷2） | 2補給：伏せ札 | 3戦攻：-
  4補給：- | 5指揮：劉備軍 | 6補給：-
  7支援：- | 8戦攻：- | 9支援：-
凡例：戦攻・補給・支援＝マスの役割、指揮＝指揮官、武＝武力、攻＝戦攻、横＝行動不能、傷＝このターンに受けたダメージ、-＝空き。"""

HAND_EN = """\
⟦0⟧, private
Hand (5; provisions 0):
 g1s0c27 Guan Yu (general, Wood, cost 4, P5/S2, terms Wood x1)
 g1s0c42 Zhao Yun (general, Wood, cost 3, P4/S1, terms none) — Move (移動): once per turn in your main phase, \
it may move to an empty square of your formation.
 g1s0c11 Huang Zhong (general, Fire, cost 3, P3/S2, terms none) — Support (支援): on a support square, exhaust it, \
on your priority in a main phase or when attacked: deal 1 damage to an enemy general.
 g1s0c26 Yueying (general, Earth, cost 2, P2/S1, terms none) — Support (支援): on a support square, exhaust it, \
on your priority in a main phase or when attacked: you gain 2 troops.
 g1s0c53 Ma Chao (general, Fire, cost 4, P4/S2, terms none, formation 2) — Move (移動): once per turn in your main \
phase, it may move to an empty square of your formation.
Your face-down cards:
 square 2: g1s0c58 Pang Tong (general, Fire, cost 3, P2/S1, terms Fire x1, Wood x1) — Ambush (伏兵): set face down, \
it may be turned face up by paying its cost, in a main phase on your priority or when attacked; when it is: deal 2 \
damage to every enemy general.
Terms: your ready face-up generals of that element on supply squares. Formation: your face-up generals already on \
the field.
Unused commanders: m01 Guan Yu's Army (AAS/PCS/PAA), m02 Zhuge Liang's Army (PSP/ACA/SSA)"""

HAND_JA = """\
⟦0⟧の非公開情報
手札（5枚、兵糧0枚）：
 g1s0c27 関羽（武将・木・コスト4・武5/攻2・ターム木1）
 g1s0c42 趙雲（武将・木・コスト3・武4/攻1・タームなし） — 移動：自分のメインフェイズに1ターン1回、自陣の空いているマスへ移動できる。
 g1s0c11 黄忠（武将・火・コスト3・武3/攻2・タームなし） — 支援：支援マスでこの武将を行動不能にして、\
メインフェイズの自分の優先権か攻撃を受けた時に使う：敵武将1体に1ダメージ。
 g1s0c26 月英（武将・土・コスト2・武2/攻1・タームなし） — 支援：支援マスでこの武将を行動不能にして、\
メインフェイズの自分の優先権か攻撃を受けた時に使う：自分の兵数を2増やす。
 g1s0c53 馬超（武将・火・コスト4・武4/攻2・タームなし、布陣2） — 移動：自分のメインフェイズに1ターン1回、\
自陣の空いているマスへ移動できる。
自分の伏せ札：
 2番マス：g1s0c58 龐統（武将・火・コスト3・武2/攻1・ターム火1、木1） — 伏兵：伏せ札から、\
コストを払ってメインフェイズの自分の優先権か攻撃を受けた時に表向きにできる。表向きにした時：敵武将すべてに2ダメージ。
ターム＝補給マスにいる、その属性の臨戦状態の表向きの武将の数。布陣＝自分の場に既にいる表向きの武将の数。
未使用の指揮官：m01 関羽軍（AAS/PCS/PAA）、m02 諸葛亮軍（PSP/ACA/SSA）"""

LOG_EN = """\
⟦0⟧'s Xingcai (square 1, power 3) attacks ⟦1⟧'s Xu Zhu (square 1, power 5): each deals its power to the other.
⟦1⟧ does not respond.
Clash: ⟦0⟧'s Xingcai (power 3) against ⟦1⟧'s Xu Zhu (power 5).
⟦1⟧'s Xu Zhu takes 3 damage and survives (damage 3 of power 5).
⟦0⟧'s Xingcai takes 5 damage and is exhausted (2 damage remains; power 3).
⟦0⟧'s main phase 2."""

LOG_JA = """\
⟦0⟧の星彩（1番マス・武力3）が⟦1⟧の許褚（1番マス・武力5）を攻撃：互いに武力分のダメージ。
⟦1⟧は対応しない。
激突：⟦0⟧の星彩（武力3）対 ⟦1⟧の許褚（武力5）。
⟦1⟧の許褚に3ダメージ：持ちこたえた（ダメージ3／武力5）。
⟦0⟧の星彩に5ダメージ：行動不能になった（残りダメージ2、武力3）。
⟦0⟧のメインフェイズ2。"""


@pytest.mark.parametrize("locale, expected", [("en", BOARD_EN), ("ja", BOARD_JA)])
def test_golden_board_names_seats_by_token_and_explains_its_shorthand(locale: str, expected: str) -> None:
    state, _ = scripted()
    assert render.board(GAME.view(state, SPECTATOR), locale) == expected


@pytest.mark.parametrize("locale, expected", [("en", HAND_EN), ("ja", HAND_JA)])
def test_golden_hand_shows_each_cards_cost_terms_and_abilities(locale: str, expected: str) -> None:
    state, _ = scripted()
    assert render.private(GAME.view(state, Viewer.of(0)), 0, locale) == expected


@pytest.mark.parametrize("locale, expected", [("en", LOG_EN), ("ja", LOG_JA)])
def test_golden_log_of_an_attack_names_the_players_and_each_result(locale: str, expected: str) -> None:
    _, logs = scripted()
    assert "\n".join(line(locale) for t in logs[-2:] for line in t) == expected


def test_the_board_is_not_clipped() -> None:
    p = Position()
    for sq in (1, 2, 3, 4, 6, 7, 8, 9):
        p.put(0, sq, "green_dragon")
        p.put(1, sq, "green_dragon")
    text = render.board(GAME.view(p.s, SPECTATOR), "en")
    assert not text.endswith("…") and text.endswith(".")


# ---- card lookup -------------------------------------------------------------------------------

def test_catalog_covers_every_card_and_commander_with_text_in_both_languages() -> None:
    infos = GAME.card_catalog()
    cat = catalog()
    assert [i.id for i in infos] == [c.key for c in cat.data.cards] + [m.key for m in cat.data.commanders]
    for info in infos:
        assert info.name.en and info.name.ja and info.text.en.strip() and info.text.ja.strip(), info.id
        assert "None" not in info.text.en and "None" not in info.text.ja


@pytest.mark.parametrize("info", GAME.card_catalog(), ids=lambda i: i.id)
def test_each_card_is_found_by_its_english_and_japanese_name(info: Any) -> None:
    assert info in find_cards(GAME.card_catalog(), info.name.en)
    assert info in find_cards(GAME.card_catalog(), info.name.ja)


def test_card_text_gives_type_cost_stats_terms_abilities_and_timing() -> None:
    by_id = {i.id: i for i in GAME.card_catalog()}
    assert by_id["guan_yu"].text.en == "General, Wood, cost 4, power 5, strike 2.\nTerms: Wood x1.\nNo abilities."
    assert by_id["guan_yu"].text.ja == "武将・木・コスト4・武力5・戦攻2。\nターム：木1。\n能力なし。"
    assert by_id["empty_fort"].text.en == (
        "Stratagem, Water, cost 2.\nTerms: Water x1.\nUse it only when an attack is declared against you, then "
        "discard it: cancel the attack; then draw 1 card.")
    assert by_id["empty_fort"].text.ja == (
        "計略・水・コスト2。\nターム：水1。\n自分が攻撃宣言を受けた時のみ使い、捨て札にする：その攻撃を無効にする。"
        "その後、カードを1枚引く。")
    assert by_id["ma_chao"].text.en.splitlines()[1] == "Terms: none; formation: 2 generals."
    # The War Council and The Art of War keep their rules: draw 2 (a stratagem; an item's on-place step).
    assert by_id["war_council"].text.en.endswith("draw 2 cards.")
    assert by_id["art_of_war"].text.en.endswith("When placed: draw 2 cards.")
    assert by_id["liu_bei_army"].text.en == (
        "Commander: troops 20, opening hand 6.\nFormation ASA/SCS/PAP (rows top to bottom; ATK attack, SUP supply, "
        "SPT support square, CMD the commander):\n  ATK SUP ATK\n  SUP CMD SUP\n  SPT ATK SPT\n"
        "無双 Benevolence (once per game, in your own main phase): you gain 5 troops; then draw 1 card.")


def test_catalog_honours_a_groups_own_card_set() -> None:
    raw = json.loads(catalog().data.model_dump_json())
    raw["cards"] = [c for c in raw["cards"] if c["key"] in ("guan_yu", "fire_arrows")]
    raw["cards"].append({"key": "our_hero", "type": "general", "name": {"en": "Our Hero", "ja": "我らの英雄"},
                         "element": "fire", "cost": 1, "power": 2, "strike": 1,
                         "text": {"en": "Loved by all.", "ja": "皆に愛される。"}})
    options = GAME.options({"cards": json.dumps(raw)}, 2)
    infos = GAME.card_catalog(options)
    assert [i.id for i in infos][:3] == ["guan_yu", "fire_arrows", "our_hero"]
    (hero,) = find_cards(infos, "我らの英雄")
    assert hero.text.en.endswith("Loved by all.") and hero.text.ja.endswith("皆に愛される。")


# ---- the defender's prompt and the attack's results ---------------------------------------------

def test_the_defenders_prompt_states_attacker_total_and_what_absorbs() -> None:
    p = Position(stage="battle")
    p.put(0, 1, "zhang_fei")  # strike 2
    p.put(1, 3, "city_walls")  # ward 1
    s = act(p.s, 0, "attack from=1 target=player")
    (pending,) = GAME.pending(s)
    assert (pending.seat, pending.kind) == (1, "respond")
    assert pending.prompt.en == ("⟦0⟧'s Zhang Fei (square 1) attacks ⟦1⟧: strike 2, 1 absorbed by City Walls, "
                                 "1 troop to lose. Respond (stratagem, support, trap, ambush) or pass.")
    assert pending.prompt.ja == ("⟦0⟧の張飛（1番マス）が⟦1⟧を攻撃：戦攻2、城壁が1を防ぐ、兵数1減。"
                                 "対応（計略・支援・罠・伏兵）するか、パスしてください。")
    t = GAME.apply(s, 1, {"kind": "pass"}, rng())
    assert [line.en for line in t.log] == [
        "⟦1⟧ does not respond.", "⟦0⟧'s Zhang Fei hits ⟦1⟧: strike 2, 1 absorbed by City Walls, total 1.",
        "⟦1⟧ loses 1 troop (19 left).", "⟦0⟧'s main phase 2."]
    assert [line.ja for line in t.log] == [
        "⟦1⟧は対応しない。", "⟦0⟧の張飛の攻撃が⟦1⟧に命中：戦攻2、城壁が1を防いだ、合計1。",
        "⟦1⟧の兵数が1減った（残り19）。", "⟦0⟧のメインフェイズ2。"]


def test_the_defenders_prompt_against_a_general_names_both_and_their_power() -> None:
    p = Position(stage="battle")
    p.put(0, 1, "zhang_fei")
    target = p.put(1, 1, "xu_zhu")
    s = act(p.s, 0, f"attack from=1 target={target}")
    (pending,) = GAME.pending(s)
    assert pending.prompt.en.startswith("⟦0⟧'s Zhang Fei (square 1, power 4) attacks ⟦1⟧'s Xu Zhu "
                                        "(square 1, power 5): each deals its power to the other.")
    assert pending.prompt.ja.startswith("⟦0⟧の張飛（1番マス・武力4）が⟦1⟧の許褚（1番マス・武力5）を攻撃")


@pytest.mark.parametrize("attacker, exhausted, result_en, result_ja", [
    ("zhang_fei", False, "is exhausted (1 damage remains; power 3)", "行動不能になった（残りダメージ1、武力3）"),
    ("zhang_fei", True, "is destroyed", "破壊された"),
    ("lu_bu", False, "is exhausted and destroyed", "行動不能になり、破壊された"),
])
def test_clash_results_say_exhausted_or_destroyed(attacker: str, exhausted: bool, result_en: str,
                                                  result_ja: str) -> None:
    p = Position(stage="battle")
    p.put(0, 1, attacker)
    target = p.put(1, 1, "guan_ping", exhausted=exhausted)  # power 3
    hit = 4 if attacker == "zhang_fei" else 7
    t = GAME.apply(act(p.s, 0, f"attack from=1 target={target}"), 1, {"kind": "pass"}, rng())
    assert f"⟦1⟧'s Guan Ping takes {hit} damage and {result_en}." in [line.en for line in t.log]
    assert f"⟦1⟧の関平に{hit}ダメージ：{result_ja}。" in [line.ja for line in t.log]
    assert (t.state.field[1][0] is None) == ("destroyed" in result_en)


# ---- menus -----------------------------------------------------------------------------------------

def test_turn_one_menu_is_staged_by_card_then_where() -> None:
    state, _ = scripted(4)  # both kept: seat 0's first main phase
    choices = GAME.legal_actions(state, 0)
    names = {i.id: i.name for i in GAME.card_catalog()}
    assert len(choices) > 25
    for c in choices:
        if c.action["kind"] in ("place", "facedown", "stratagem"):
            assert c.group == names[state.names[c.action["card"]]], c
        else:
            assert c.group is None and c.action["kind"] in ("pass", "musou")
    groups = {c.group for c in choices if c.group is not None}
    assert groups == {names[state.names[cid]] for cid in state.hands[0]}  # one stage per card in hand
    assert all(len([c for c in choices if c.group == g]) <= 25 for g in groups)


def test_a_stratagem_that_would_do_nothing_is_not_listed_but_is_accepted() -> None:
    p = Position()  # the opponent has no general: Fire Arrows would hit nothing
    (arrows,) = p.hand(0, "fire_arrows")
    assert not [c for c in GAME.legal_actions(p.s, 0) if c.action.get("card") == arrows
                and c.action["kind"] == "stratagem"]
    t = GAME.apply(p.s, 0, {"kind": "stratagem", "card": arrows}, rng())  # a recorded log may hold one
    assert "There is no general to target: that step does nothing." in [line.en for line in t.log]
    target = p.put(1, 1, "xu_zhu")
    assert {"kind": "stratagem", "card": arrows, "target": target} in [c.action for c in GAME.legal_actions(p.s, 0)]


def test_only_targets_an_ability_changes_are_listed() -> None:
    p = Position()
    (morale,) = p.hand(0, "morale")  # ready one of your generals
    p.put(0, 1, "zhang_fei")
    tired = p.put(0, 3, "guan_ping", exhausted=True)
    listed = [c.action.get("target") for c in GAME.legal_actions(p.s, 0) if c.action.get("card") == morale
              and c.action["kind"] == "stratagem"]
    assert listed == [tired]


def test_a_musou_that_would_hit_nothing_is_not_listed() -> None:
    p = Position(("cao_cao_army", "liu_bei_army"))  # Path of the Hegemon: 3 damage to every enemy general
    assert "musou" not in [c.action["kind"] for c in GAME.legal_actions(p.s, 0)]
    p.put(1, 1, "xu_zhu")
    assert "musou" in [c.action["kind"] for c in GAME.legal_actions(p.s, 0)]


def test_arguments_the_menu_leaves_out_may_be_typed_and_typos_are_refused() -> None:
    p = Position()
    (ping, spare) = p.hand(0, "guan_ping", "guan_xing")
    choices = GAME.legal_actions(p.s, 0)
    typed = GAME.parse_action(f"place card={ping} square=9 pay={spare}")  # provisions suffice: pay= not listed
    check_arguments(choices, typed, GAME.optional_args)
    GAME.apply(p.s, 0, typed, rng())
    with pytest.raises(UnknownAction) as err:
        check_arguments(choices, GAME.parse_action(f"place card={ping} square=9 paid={spare}"), GAME.optional_args)
    assert "paid=" in err.value.message("en") and "pay=" in err.value.message("en")


# ---- seats ---------------------------------------------------------------------------------------------

def loser_chooses() -> MusouState:
    s, _ = scripted(4)
    s.game_winner, s.loss_reason = 0, "troops"
    finish_game(s)
    for line in ("0:keep", "1:keep", "0:commander card=m01", "1:commander card=m11"):
        seat, text = line.split(":", 1)
        s = act(s, int(seat), text)
    assert s.stage == "first" and s.chooser == 1
    return s


def test_typed_seats_are_one_based() -> None:
    s = loser_chooses()
    (pending,) = GAME.pending(s)
    assert pending.prompt.en == "You lost game 1: choose who goes first."
    assert pending.prompt.ja == "第1ゲームに敗れたので、先攻を選んでください。"
    codes = {c.label.en: c.code for c in GAME.legal_actions(s, 1)}
    assert codes == {"You go first": "first seat=2", "Your opponent goes first": "first seat=1"}
    t = GAME.apply(s, 1, GAME.parse_action("first seat=2"), rng())
    assert t.state.first == 1 and t.log[0].en == "⟦1⟧ chooses: ⟦1⟧ goes first."
    for wrong in ("first seat=0", "first seat=3"):
        with pytest.raises(RuleError) as err:
            GAME.apply(s, 1, GAME.parse_action(wrong), rng())
        assert err.value.message("en") == "seat= must be 1 or 2. Seats count from 1: first seat=1 or first seat=2."
        assert err.value.allowed is not None
        assert (err.value.what.ja, err.value.allowed.ja) == ("seat= は1か2です。", "席は1から数えます：first seat=1 か first seat=2。")


SEAT_WORDS = re.compile(r"Seat \d|\d番席|seat \d")


def japanese_reads_as_japanese(text: str) -> bool:
    return "。 " not in text and ", " not in text and "、 " not in text


@pytest.mark.slow
@given(st.integers(min_value=0, max_value=10**6))
def test_property_menus_logs_and_prompts_read_well(seed: int) -> None:
    """Random play: no menu shows a label twice in either language;
    every log line names seats by token (never "Seat N"), each move's lines name
    someone, and the Japanese has no English separators."""
    for turn in bot_turns(GAME, 2, seed, limit=400):
        state = turn.state
        for p in turn.pending:
            assert not SEAT_WORDS.search(p.prompt.en + p.prompt.ja)
            assert japanese_reads_as_japanese(p.prompt.ja), p.prompt.ja
            choices = GAME.legal_actions(state, p.seat)
            for locale in ("en", "ja"):
                labels = [c.label(locale) for c in choices]
                assert len(set(labels)) == len(labels), labels
                assert max(len(label) for label in labels) <= 100
        lines = turn.step.transition.log
        assert any("⟦" in line.en and "⟦" in line.ja for line in lines), lines
        for line in lines:
            assert not SEAT_WORDS.search(line.en + line.ja), line
            assert japanese_reads_as_japanese(line.ja), line.ja


def test_ruleset_was_bumped_for_the_new_wording() -> None:
    assert GAME.ruleset == "musou-4"


def test_the_defenders_prompt_says_when_the_attack_will_come_to_nothing() -> None:
    p = Position(stage="battle")
    p.put(0, 1, "zhang_fei")
    p.put(1, 7, "pitfall", face_down=True)  # a trap: exhaust the attacking general
    s = act(act(p.s, 0, "attack from=1 target=player"), 1, "reveal square=7")
    (pending,) = GAME.pending(s)
    assert pending.kind == "respond"
    assert pending.prompt.en.startswith("⟦0⟧'s Zhang Fei (square 1) attacked but is exhausted, so the attack comes "
                                        "to nothing.")
    assert pending.prompt.ja.startswith("⟦0⟧の張飛（1番マス）は攻撃したが行動不能のため、攻撃は不成立。")
    t = GAME.apply(s, 1, {"kind": "pass"}, rng())
    assert "⟦0⟧'s attack comes to nothing: the attacker is gone or exhausted." in [line.en for line in t.log]
