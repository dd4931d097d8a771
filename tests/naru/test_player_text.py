"""What players read: the board, the hand, the log, prompts, menus and card
lookup, in English and Japanese (issue 11). Golden texts are written out in
full: a change of wording must be looked at, not waved through."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.render import naru as render
from engine.core import SPECTATOR, Rng, Text, Viewer, find_cards, with_names
from engine.core.arguments import check_arguments
from engine.core.errors import UnknownAction
from engine.core.selfplay import play_bots
from engine.naru.game import GAME
from engine.naru.state import NaruState
from tests.contract.matches import bot_turns
from tests.naru.builder import Board, act, sq

SEED = 238  # a bot match whose 41st move is a keep attack won with a tool and a doubling


def position(moves: int, seed: int = SEED) -> tuple[NaruState, list[Text]]:
    """The state after `moves` bot moves, and the log lines of the last five."""
    turns = list(bot_turns(GAME, 2, seed, limit=moves))
    return turns[-1].after, [line for turn in turns[-5:] for line in turn.step.transition.log]


# -- golden texts -------------------------------------------------------------------

LOG_EN = """\
⟦1⟧ ends their turn.
Turn 8: ⟦0⟧ gains 3 resources (1 per turn + 1 per land held: 2), now 5.
⟦0⟧ draws 1 card.
⟦0⟧ ends the summon phase.
⟦0⟧'s Fisher attacks ⟦1⟧'s Head Priest, defending ⟦1⟧'s keep on C2, from C3.
⟦0⟧ uses the battle tool Smoke Bomb.
⟦1⟧ adds no battle tool.
Battle on C2: ⟦0⟧'s Fisher attack 3 ×2 (Commerce beats Politics) = 6 against ⟦1⟧'s Head Priest defense 3.
6 against 3: ⟦1⟧'s Head Priest is destroyed and goes to jail; ⟦0⟧'s Fisher advances to C2.
⟦0⟧'s Fisher takes ⟦1⟧'s keep on C2.
⟦1⟧ loses 1 life (1 left).
⟦0⟧'s commoner on C2 may promote (成る!)."""

LOG_JA = """\
⟦1⟧はターンを終えた。
ターン8：⟦0⟧はリソースを3得た（ターンごとに1＋占領した土地2）。計5。
⟦0⟧はカードを1枚引いた。
⟦0⟧は召喚フェイズを終えた。
⟦0⟧の漁師がC3から、⟦1⟧の天守閣（C2）を守る⟦1⟧の宮司に攻撃した。
⟦0⟧は戦闘どうぐ「煙玉」を使った。
⟦1⟧は戦闘どうぐを使わなかった。
C2で戦闘：⟦0⟧の漁師 こうげき3×2（農商は政治に有利）＝6 対 ⟦1⟧の宮司 ぼうぎょ3。
6対3：⟦1⟧の宮司は敗れて牢屋に送られ、⟦0⟧の漁師がC2に進んだ。
⟦0⟧の漁師が⟦1⟧の天守閣（C2）に攻め込んだ。
⟦1⟧はライフを1失った（残り1）。
⟦0⟧のC2の平民は「成る!」ことができる。"""

BOARD_EN = """\
Naru! — turn 8: ⟦0⟧'s action phase
[1] ⟦0⟧ (second, territory rows 3-4): life 2, resources 4, hand 7, deck 26, jail 2, exile 0
[2] ⟦1⟧ (first, territory rows 1-2): life 1, resources 0, hand 4, deck 28, jail 3, exile 1
    A        B        C
 4   ·        ·        ·
 3  K1*      L1[1]    L2
 2   ·        ·       K2[1]
 1   ·        ·       L2*[2]
Key: K keep, L land, the digit after it its owner ([1] or [2] above), * faith land, · no land, [n] a unit of \
player n, ? face down; units: attack/defense, Pol > For > Com > Pol (the advantage doubles in battle), ⛩ faith unit
Units:
 C1 ⟦1⟧: Castle Chamberlain [Pol] 3/4
 C2 ⟦0⟧: Fisher [Com] 3/3 with Lacquered Armour (returns to C3 at end of turn, moved)
 B3 ⟦0⟧: Fisher [Com] 3/1
⟦0⟧'s commoner on C2 may promote (成る!)."""

BOARD_JA = """\
武将隊戦棋 成る! — ターン8・⟦0⟧の行動フェイズ
[1] ⟦0⟧（後攻・3-4行目が領地）ライフ2・リソース4・手札7・デッキ26・牢屋2・除外0
[2] ⟦1⟧（先攻・1-2行目が領地）ライフ1・リソース0・手札4・デッキ28・牢屋3・除外1
    A        B        C
 4   ·        ·        ·
 3  K1*      L1[1]    L2
 2   ·        ·       K2[1]
 1   ·        ·       L2*[2]
凡例：K＝天守閣、L＝土地、直後の数字＝持ち主（上の[1]・[2]）、*＝信仰の土地、·＝土地なし、[n]＝プレイヤーnのユニット、\
?＝裏向き／ユニット：こうげき/ぼうぎょ、政＞武＞農＞政（有利なら戦闘で2倍）、⛩＝神職ユニット
ユニット：
 C1 ⟦1⟧：城代家老［政］3/4
 C2 ⟦0⟧：漁師［農］3/3（装備：漆塗りの具足・ターン終了時にC3に戻る・移動済）
 B3 ⟦0⟧：漁師［農］3/1
⟦0⟧のC2の平民は「成る!」ことができる。"""

HAND_EN = """\
⟦0⟧: life 2, resources 4
Keep (A3): Kokura Castle: Autumn Keep — Keep effect: draw 1 card. (Faith icon: counts as a faith land.) Usable \
once in each of your turns, while an enemy unit is in your territory.
Hand (7):
 c58 Head Priest (general, cost 3, Politics, attack 2, defense 3, faith unit; placed on a land in your territory)
 c14 Harvest Prayer (ritual, cost 1; needs your faith unit on a faith land) — Ritual: draw 2 cards.
 c46 Head Priest (general, cost 3, Politics, attack 2, defense 3, faith unit; placed on a land in your territory)
 c72 Ration Pills (battle tool, cost 2; only in a battle) — Battle: +3 to your unit's value in this battle.
 c65 Castle Chamberlain (general, cost 4, Politics, attack 3, defense 4; placed on a land in your territory)
 c49 Village Headman (general, cost 4, Commerce, attack 3, defense 4; placed on a land in your territory)
 c12 Rice Paddy (land, free; one land per turn, next to one of your lands or replacing one)"""

HAND_JA = """\
⟦0⟧：ライフ2・リソース4
天守閣（A3）：小倉城・秋の天守「天守効果：カードを1枚引く。（信仰アイコン：信仰の土地として扱う）」\
自分のターンに1回、相手ユニットが自分の領地内にいるときに使える。
手札（7枚）：
 c58 宮司（武将・コスト3・政治・こうげき2／ぼうぎょ3・神職・自分の領地内の土地に配置）
 c14 豊作祈願（儀式・コスト1・信仰の土地に自分の神職ユニットが必要）「儀式：カードを2枚引く。」
 c46 宮司（武将・コスト3・政治・こうげき2／ぼうぎょ3・神職・自分の領地内の土地に配置）
 c72 兵糧丸（戦闘どうぐ・コスト2・戦闘中のみ）「戦闘：この戦闘の間、自分のユニットの戦闘力+3。」
 c65 城代家老（武将・コスト4・政治・こうげき3／ぼうぎょ4・自分の領地内の土地に配置）
 c49 庄屋（武将・コスト4・農商・こうげき3／ぼうぎょ4・自分の領地内の土地に配置）
 c12 田んぼ（土地・コスト不要・1ターンに1枚、自分の土地の隣か自分の土地と入れ替え）"""


def test_golden_log_of_a_keep_attack_in_both_languages() -> None:
    _, logs = position(41)
    assert "\n".join(line.en for line in logs) == LOG_EN
    assert "\n".join(line.ja for line in logs) == LOG_JA


def test_golden_board_in_both_languages() -> None:
    state, _ = position(41)
    view = GAME.view(state, SPECTATOR)
    assert render.board(view, "en") == BOARD_EN
    assert render.board(view, "ja") == BOARD_JA


def test_golden_hand_shows_cost_and_needs_in_both_languages() -> None:
    state, _ = position(41)
    view = GAME.view(state, Viewer.of(0))
    assert render.private(view, 0, "en") == HAND_EN
    assert render.private(view, 0, "ja") == HAND_JA


def test_the_front_end_writes_names_for_the_seat_tokens() -> None:
    state, logs = position(41)
    board = with_names(render.board(GAME.view(state, SPECTATOR), "en"), ["Ann", "Ben"])
    assert board.startswith("Naru! — turn 8: Ann's action phase\n[1] Ann (second") and "⟦" not in board
    assert with_names(logs[-2].ja, ["アン", "ベン"], "ja") == "ベンはライフを1失った（残り1）。"


# -- card lookup ----------------------------------------------------------------------

def test_card_catalog_gives_every_card_its_full_text_in_both_languages() -> None:
    catalog = GAME.card_catalog()
    assert [c.id for c in catalog] == [c.key for c in GAME.cards.cards]
    for info in catalog:
        card = GAME.defs[info.id]
        assert info.name == card.name
        for text in (info.text.en, info.text.ja):
            assert text.strip() and len(text.splitlines()) >= 2, info.id
        if card.kind not in ("keep", "land"):
            assert f"cost {card.cost}" in info.text.en and f"コスト{card.cost}" in info.text.ja
        if card.kind in ("commoner", "general"):
            assert f"attack {card.attack}, defense {card.defense}" in info.text.en
            assert f"こうげき{card.attack}／ぼうぎょ{card.defense}" in info.text.ja


def test_find_cards_finds_each_card_by_its_english_and_japanese_name() -> None:
    catalog = GAME.card_catalog({"decks": ["spring", "summer"]})
    for info in catalog:
        assert [c.id for c in find_cards(catalog, info.name.en)] == [info.id]
        assert [c.id for c in find_cards(catalog, info.name.ja)] == [info.id]


def test_golden_card_text_of_a_ritual() -> None:
    (info,) = find_cards(GAME.card_catalog(), "お祓い")
    assert info.text.en == (
        "Ritual — cost 3.\n"
        "Ritual: send an enemy unit with defense 3 or less to jail.\n"
        "Target: an enemy unit.\n"
        "Needs your faith unit, not placed this turn, standing on a faith land: it chants the ritual (a face-down "
        "one turns face up). Your turn, summon or action phase. It is exiled after use.")
    assert info.text.ja == (
        "儀式・コスト3。\n"
        "儀式：ぼうぎょ3以下の相手ユニット1体を牢屋に送る。\n"
        "対象：相手ユニット1体。\n"
        "信仰の土地にいる自分の神職ユニット（このターンに配置したものを除く）が唱える（裏向きなら表になる）。"
        "自分のターンの召喚フェイズか行動フェイズに使う。使用後は除外。")


def test_golden_card_text_of_a_general_names_its_attribute_advantage() -> None:
    (info,) = find_cards(GAME.card_catalog(), "samurai captain")
    assert info.text.en.splitlines()[0] == "General — cost 4, Force, attack 4, defense 3."
    assert info.text.en.splitlines()[-1] == ("Force: its value doubles in a battle against a Commerce unit; "
                                             "a Politics unit's value doubles against it.")
    assert info.text.ja.splitlines()[0] == "武将・コスト4・武力・こうげき4／ぼうぎょ3。"


def test_a_card_file_without_text_gets_its_ability_written_from_its_effects() -> None:
    from engine.naru.cards import CardDef, Effect
    from engine.naru.catalog import ability

    card = CardDef(key="tool-x", name_en="X", name_ja="エックス", kind="tool", cost=1, target="enemy_unit",
                   effects=(Effect(op="jail", max_defense=2), Effect(op="draw", n=1)))
    assert ability(card) == Text("Send an enemy unit with defense 2 or less to jail; draw 1 card.",
                                 "ぼうぎょ2以下の相手ユニット1体を牢屋に送る、カードを1枚引く。")


# -- battles in the log and in the defender's prompt ------------------------------------

def battle_position() -> Board:
    """Seat 0's Samurai Captain (force, 4/3) on B2 may attack seat 1's Farmer (commerce, 2/2) on B3."""
    b = Board()
    b.unit(0, "gen-captain", "B2")
    b.unit(1, "com-farmer", "B3", facedown=True)
    return b


def test_the_defenders_prompt_names_the_attacker_the_total_and_the_attacking_unit() -> None:
    b = battle_position()
    b.hand(0, "bt-matchlock")
    s = act(b.s, 0, "move", **{"from": "B2", "to": "B3"}).state
    s = act(s, 0, "battle_tool", card=b.s.players[0].hand[0]).state
    (pending,) = GAME.pending(s)
    assert pending.seat == 1 and pending.kind == "respond"
    assert pending.prompt.en == (
        "You are attacked on B3: ⟦0⟧'s Samurai Captain attack 4 +2 (Matchlock) ×2 (Force beats Commerce) = 12 "
        "against ⟦1⟧'s Farmer defense 2. The defender loses ties. Add a battle tool, or none.")
    assert pending.prompt.ja == (
        "攻撃を受けています（B3）：⟦0⟧の侍大将 こうげき4+2（火縄銃）×2（武力は農商に有利）＝12 対 ⟦1⟧の百姓 ぼうぎょ2。"
        "同値なら防御側の負けです。戦闘どうぐを使うか選んでください。")


def test_the_battle_log_shows_the_doubling_and_each_result() -> None:
    b = battle_position()
    s = act(b.s, 0, "move", **{"from": "B2", "to": "B3"}).state
    s = act(s, 0, "no_tool").state
    t = act(s, 1, "no_tool")
    assert [line.en for line in t.log] == [
        "⟦1⟧ adds no battle tool.",
        "Battle on B3: ⟦0⟧'s Samurai Captain attack 4 ×2 (Force beats Commerce) = 8 against ⟦1⟧'s Farmer defense 2.",
        "8 against 2: ⟦1⟧'s Farmer is destroyed and goes to jail; ⟦0⟧'s Samurai Captain advances to B3.",
    ]


def test_a_repelled_attack_and_a_cancelled_doubling_are_told() -> None:
    b = Board()
    b.unit(0, "com-farmer", "B2")  # commerce 2/2
    b.unit(1, "gen-magistrate", "B3")  # politics 2/3: commerce beats politics
    smoke = b.hand(1, "bt-smoke")
    s = act(b.s, 0, "move", **{"from": "B2", "to": "B3"}).state
    s = act(s, 0, "no_tool").state
    t = act(s, 1, "battle_tool", card=smoke)
    assert t.log[1].en == ("Battle on B3: ⟦0⟧'s Farmer attack 2 (no ×2: Smoke Bomb cancels Commerce's advantage over "
                           "Politics) = 2 against ⟦1⟧'s Town Magistrate defense 3.")
    assert t.log[2].en == "2 against 3: ⟦1⟧'s Town Magistrate holds; ⟦0⟧'s Farmer is repelled and returns to B2."
    assert t.log[2].ja == "2対3：⟦1⟧の町奉行は持ちこたえ、⟦0⟧の百姓は敗れてB2に戻った。"


def test_a_tie_says_the_defender_loses_ties() -> None:
    b = Board()
    b.unit(0, "com-clerk", "B2")  # politics 2/2
    b.unit(1, "com-clerk", "B3")
    s = act(b.s, 0, "move", **{"from": "B2", "to": "B3"}).state
    s = act(s, 0, "no_tool").state
    t = act(s, 1, "no_tool")
    assert t.log[2].en.startswith("2 against 2 (the defender loses ties): ⟦1⟧'s Town Clerk is destroyed")
    assert t.log[2].ja.startswith("2対2（同値は防御側の負け）：")


# -- promotion that finds no general ---------------------------------------------------

def test_a_promotion_that_finds_no_general_names_the_cards_revealed() -> None:
    b = Board()  # both decks: ten Rice Paddies
    b.s.players[0].deck.append(b.card(0, "com-farmer"))
    b.unit(0, "com-farmer", "A3")
    b.land(1, "land-town", "A4")
    s = act(b.s, 0, "move", **{"from": "A3", "to": "A4"}).state
    t = act(s, 0, "promote_deck")
    assert t.log[-1].en == ("⟦0⟧ reveals the whole deck (11 cards: Rice Paddy ×10, Farmer): no general, so no "
                            "promotion. The deck is shuffled.")
    assert t.log[-1].ja == "⟦0⟧はデッキをすべてめくった（11枚：田んぼ×10、百姓）が武将がなく、成れなかった。デッキをシャッフルした。"


# -- menus ------------------------------------------------------------------------------

def menus(seed: int):  # type: ignore[no-untyped-def]
    """Every menu offered in a bot match: (state, seat, choices)."""
    for turn in bot_turns(GAME, 2, seed):
        for pending in turn.pending:
            yield turn.state, pending.seat, GAME.legal_actions(turn.state, pending.seat)


@given(st.integers(min_value=0, max_value=10**9))
def test_property_no_menu_shows_the_same_label_twice(seed: int) -> None:
    for _, _, choices in menus(seed):
        for locale in ("en", "ja"):
            labels = Counter(c.label(locale) for c in choices)
            assert max(labels.values(), default=1) == 1, [x for x, n in labels.items() if n > 1]


def swap_position() -> tuple[Board, str, str]:
    b = Board(phase="swap")
    b.s.players[0].turns_taken = 1
    paddy = b.hand(0, "land-paddy")
    farmer = b.hand(0, "com-farmer")
    b.s.players[0].deck.append(b.card(0, "land-town"))
    return b, paddy, farmer


def test_the_land_swap_lists_no_swap_that_changes_nothing_but_still_accepts_one() -> None:
    b, paddy, farmer = swap_position()
    swaps = [c.action for c in GAME.legal_actions(b.s, 0) if c.action["kind"] == "land_swap"]
    assert {"kind": "land_swap", "give": paddy, "take": "land-paddy"} not in swaps
    assert {"kind": "land_swap", "give": farmer, "take": "land-paddy"} in swaps
    assert {"kind": "land_swap", "give": paddy, "take": "land-town"} in swaps
    # A recorded log may hold one from before: it still applies.
    t = act(b.s, 0, "land_swap", give=paddy, take="land-paddy")
    assert t.state.phase == "summon" and t.state.players[0].resources == b.s.players[0].resources - 1


def test_the_land_swap_menu_is_grouped_by_the_land_taken() -> None:
    b, _, farmer = swap_position()
    choices = [c for c in GAME.legal_actions(b.s, 0) if c.action["kind"] == "land_swap"]
    for c in choices:
        assert c.group is not None
        assert c.group.en == f"Take {GAME.defs[c.action['take']].name.en}"
        assert c.group.ja == f"{GAME.defs[c.action['take']].name.ja}を手札へ"
    groups = [c.group.en for c in choices if c.group is not None]
    assert groups == sorted(groups, key=groups.index)  # each group's choices come together
    assert choices[0].label.ja == "リソース1：百姓をデッキへ、田んぼを手札へ" and choices[0].action["give"] == farmer


def test_a_keep_effect_that_can_jail_nobody_is_not_offered_but_still_accepted() -> None:
    b = Board(keeps=("keep-winter", "keep-summer"))  # winter: jail an enemy in your territory with defense <= 2
    b.unit(1, "gen-captain", "A2")  # defense 3, face up: nothing would happen
    assert not [c for c in GAME.legal_actions(b.s, 0) if c.action["kind"] == "keep_effect"]
    t = act(b.s, 0, "keep_effect", at="A2")
    assert "no effect" in t.log[-1].en and t.state.units[sq("A2")] is not None
    b.unit(1, "com-farmer", "C2", facedown=True)  # face down: its defense is not known yet
    offered = [c for c in GAME.legal_actions(b.s, 0) if c.action["kind"] == "keep_effect"]
    assert [c.action.get("at") for c in offered] == ["C2"]
    assert offered[0].label.en.startswith("Keep effect on C2 (a face-down commoner): ")


def test_long_menus_are_grouped_by_card_or_unit() -> None:
    for seed in (1, 2):
        for _, _, choices in menus(seed):
            for c in choices:
                if c.action["kind"] in ("land", "summon", "equip", "tool", "ritual", "move", "keep_effect",
                                        "land_swap"):
                    assert c.group is not None, c.action
                else:
                    assert c.group is None, c.action


# -- logs name players -----------------------------------------------------------------

@pytest.mark.parametrize("seed", [3, 8])
def test_every_log_line_names_a_player_by_token_never_by_seat_number(seed: int) -> None:
    lines = 0
    for turn in bot_turns(GAME, 2, seed):
        assert turn.step.transition.log, turn.action  # no action goes unlogged
        for line in turn.step.transition.log:
            lines += 1
            assert "⟦" in line.en and "⟦" in line.ja, line
            assert not re.search(r"Seat \d|\d番席", line.en + line.ja), line
    assert lines > 50


@pytest.mark.parametrize("seed", [4, 9])
def test_japanese_reads_as_japanese(seed: int) -> None:
    """No English list comma, no space after 。, no ASCII colon after Japanese,
    in log lines, prompts, menus, boards and hands."""
    for turn in bot_turns(GAME, 2, seed):
        state = turn.state
        texts = [render.board(GAME.view(state, SPECTATOR), "ja")]
        for pending in turn.pending:
            texts.append(pending.prompt.ja)
            texts += [c.label.ja for c in GAME.legal_actions(state, pending.seat)]
            texts.append(render.private(GAME.view(state, Viewer.of(pending.seat)), pending.seat, "ja"))
        texts += [line.ja for line in turn.step.transition.log]
        for text in texts:
            assert ", " not in text and "。 " not in text, text
            assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]: ", text), text
    for info in GAME.card_catalog():
        assert ", " not in info.text.ja and "。 " not in info.text.ja


def test_the_board_is_never_clipped() -> None:
    played = play_bots(GAME, 2, 11)
    text = render.board(GAME.view(played.state, SPECTATOR), "en")
    assert not text.endswith("…") and text.splitlines()[-1].startswith("⟦")


# -- typed arguments ----------------------------------------------------------------------

def test_no_action_takes_a_seat_so_every_code_reads_back_as_its_action() -> None:
    for _, _, choices in menus(5):
        for c in choices:
            assert c.shown is None and not {"seat", "target", "player"} & set(c.action)
            assert GAME.parse_action(c.code) == c.action


def ritual_position() -> tuple[Board, str]:
    b = Board()
    b.land(0, "land-shrine", "A1")
    b.land(0, "land-temple", "C1")
    b.unit(0, "com-maiden", "A1")  # face up: the list offers no by=
    b.unit(0, "com-teacher", "C1", facedown=True)
    prayer = b.hand(0, "rit-prayer")
    return b, prayer


def test_a_ritual_accepts_a_typed_chanter_the_list_does_not_spell_out() -> None:
    b, prayer = ritual_position()
    choices = GAME.legal_actions(b.s, 0)
    assert {"kind": "ritual", "card": prayer} in [c.action for c in choices]
    typed = GAME.parse_action(f"ritual card={prayer} by=C1")
    check_arguments(choices, typed, GAME.optional_args)
    t = GAME.apply(b.s, 0, typed, Rng(b"x" * 32))
    assert not t.state.units[sq("C1")].facedown  # type: ignore[union-attr]


def test_an_unknown_argument_is_refused_naming_the_allowed_ones() -> None:
    b, prayer = ritual_position()
    choices = GAME.legal_actions(b.s, 0)
    with pytest.raises(UnknownAction) as err:
        check_arguments(choices, GAME.parse_action("move from=A1 to=A2 seat=2"), GAME.optional_args)
    assert "seat=" in err.value.message("en") and "from=, to=" in err.value.message("en")
    with pytest.raises(UnknownAction) as err:
        check_arguments(choices, GAME.parse_action(f"ritual card={prayer} voice=C1"), GAME.optional_args)
    assert "voice=" in err.value.message("en") and "by=" in err.value.message("en")


def test_the_hand_says_when_the_keep_effect_was_used_this_turn() -> None:
    b = Board(keeps=("keep-spring", "keep-summer"))
    b.unit(1, "gen-captain", "A2")  # an enemy in seat 0's territory: the keep effect may be used
    s = act(b.s, 0, "keep_effect").state
    mine = render.private(GAME.view(s, Viewer.of(0)), 0, "en").splitlines()[1]
    assert mine == ("Keep (B1): Kokura Castle: Spring Keep — Keep effect: gain 2 resources. Usable once in each of "
                    "your turns, while an enemy unit is in your territory; used this turn.")
    mine = render.private(GAME.view(s, Viewer.of(0)), 0, "ja").splitlines()[1]
    assert mine.endswith("いるときに使える（このターンは使用済み）。")


def test_a_ritual_names_the_unit_that_chants_it() -> None:
    b, prayer = ritual_position()
    t = act(b.s, 0, "ritual", card=prayer)
    assert [line.en for line in t.log] == ["⟦0⟧'s Shrine Maiden on A1 chants the ritual Prayer for the Castle.",
                                           "⟦0⟧ gains 1 life (now 3)."]
    assert t.log[0].ja == "⟦0⟧の巫女（A1）が儀式「城内安全祈願」を唱えた。"
