"""What a Quarriors player reads: the board, their own dice, the log and the
prompts, in English and Japanese (golden texts of a real position); the card
lookup; menus without duplicate labels or no-op choices; arguments."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.render import quarriors as render
from engine import quarriors as engine_quarriors
from engine.core import SPECTATOR, Rng, Text, Viewer, find_cards, with_names
from engine.core.arguments import check_arguments
from engine.core.errors import UnknownAction
from engine.core.selfplay import derive_secret, play_bots
from engine.quarriors.cards import base_set
from engine.quarriors.faces import face_text
from engine.quarriors.game import GAME
from engine.quarriors.state import QState
from tests.contract.matches import bot_turns
from tests.quarriors.helpers import act, make, place, rng

NAMES = ["Ann", "Ben"]
CARDS = ["deathdealer", "defender_of_the_pale", "devotee_of_the_holy_query", "ghostly_spirit", "primordial_ooze",
         "quake_dragon", "warrior_of_the_quay", "death_cantrip", "growth_cantrip", "life_spell"]
# The scripted player of the golden position: absorb, summon, attack, capture the dearest die, end the turn.
ORDER = ["absorb", "summon", "proceed", "capture", "end_turn", "skip", "pass"]


def named(text: str, locale: str) -> str:
    return with_names(text, NAMES, locale)


def _pick(s: QState, seat: int) -> dict[str, Any]:
    acts = [c.action for c in GAME.legal_actions(s, seat)]
    for kind in ORDER:
        xs = [a for a in acts if a["kind"] == kind and "pay" not in a]
        if kind == "capture":
            xs.sort(key=lambda a: -next(c.cost for c in s.cards if c.id == a["card"]))
        if xs:
            return xs[0]
    return acts[0]


def golden_position() -> tuple[QState, list[Text]]:
    """Two players, seed 6, chosen cards: Ann's first turn, then Ben's up to
    his attack; Ann must choose which Assistant absorbs it. Returns the state
    and the log of Ben's turn (Ann ending hers included)."""
    secret = derive_secret(6)
    r = Rng(secret)
    s = GAME.setup(2, GAME.options({"cards": CARDS}, 2), r)
    counter = r.counter
    log: list[Text] = []
    for i in range(8):
        seat = GAME.pending(s)[0].seat
        a = _pick(s, seat)
        r = Rng(secret, counter)
        t = GAME.apply(s, seat, a, r)
        if i >= 4:
            log += list(t.log) or [GAME.describe(s, seat, a)]
        s, counter = t.state, r.counter
    return s, log


BOARD_EN = """\
Quarriors — turn 2: Ben's turn, attack. 20 glory wins
Waiting for: Ann (defend)
Wilds (capture cost, glory, dice left):
  Basic Quiddity — cost 0, 0 left
  Assistant — cost 1, 1 glory, 2 left
  Portal — cost 4, 5 left
  Deathdealer — cost 3, 2 glory, 4 left
  Defender of the Pale — cost 5, 2 glory, 5 left
  Devotee of the Holy Query — cost 3, 2 glory, 5 left
  Ghostly Spirit — cost 3, 2 glory, 5 left
  Primordial Ooze — cost 8, 2 glory, 5 left
  Quake Dragon — cost 8, 4 glory, 5 left
  Warrior of the Quay — cost 4, 2 glory, 5 left
  Death Cantrip — cost 4, 5 left (readied spell)
  Growth Cantrip — cost 3, 5 left (immediate spell)
  Life Spell — cost 4, 5 left (reaction spell)
This turn (Ben): quiddity to spend 2 (0 banked), captures left 1
Attack: Ben → Ann with Assistant d78 (1), Assistant d77 (1); 2 left to absorb
 Ann: 0 glory, bag 6, used pile 5
   ready: Assistant d67 [L1 1/2] 1/2, Assistant d68 [L1 1/2] 1/2
>Ben: 0 glory, bag 6, used pile 2
   ready: Assistant d78 [L1 1/2] 1/2, Assistant d77 [L1 1/2] 1/2
   pool: Basic Quiddity d72 [Q1], Basic Quiddity d70 [Q1]
Key: Qn = n quiddity; Ln a/d = level n creature (attack a, defense d; summoned for n quiddity); \
a/d after [ ] = attack/defense now; > = whose turn."""

BOARD_JA = """\
クォーリアーズ — ターン2：Benの手番、攻撃。勝利点20で勝利
待っている相手：Ann（防御）
狩場（捕獲コスト・勝利点・残りのダイス）：
  魔力源 — 魔力0・残り0
  助手 — 魔力1・勝利点1・残り2
  次元扉 — 魔力4・残り5
  死の運び手 — 魔力3・勝利点2・残り4
  辺境の守り手 — 魔力5・勝利点2・残り5
  聖問の献身者 — 魔力3・勝利点2・残り5
  幽霊 — 魔力3・勝利点2・残り5
  原初の粘体 — 魔力8・勝利点2・残り5
  地震竜 — 魔力8・勝利点4・残り5
  波止場の戦士 — 魔力4・勝利点2・残り5
  死の小呪 — 魔力4・残り5（待機魔法）
  成長の小呪 — 魔力3・残り5（即時魔法）
  生命の呪文 — 魔力4・残り5（リアクション魔法）
このターン（Ben）：使える魔力2（うち蓄え0）、捕獲残り1
攻撃中：Ben→Ann：助手 d78（1）、助手 d77（1）。残りの攻撃力2
 Ann：勝利点0、バッグ6個、休眠パイル5個
   待機エリア：助手 d67 [L1 1/2] 1/2、助手 d68 [L1 1/2] 1/2
>Ben：勝利点0、バッグ6個、休眠パイル2個
   待機エリア：助手 d78 [L1 1/2] 1/2、助手 d77 [L1 1/2] 1/2
   活動プール：魔力源 d72 [Q1]、魔力源 d70 [Q1]
記号：Qn＝魔力n。Ln a/d＝レベルnのモンスター（攻撃力a・防御力d、召喚に魔力n）。\
[ ]の後のa/d＝今の攻撃力・防御力。>＝手番のプレイヤー。"""

HAND_EN = """\
Ann's dice — 0 of 20 glory
Ready area:
 Assistant d67 [L1 1/2] — attack 1, defense 2 now
 Assistant d68 [L1 1/2] — attack 1, defense 2 now
Bag (6): Basic Quiddity ×4, Assistant ×2
Used pile (5): Basic Quiddity ×4, Deathdealer ×1
Key: Ln a/d = level n creature (attack a, defense d; summoned for n quiddity)."""

HAND_JA = """\
Annの手元 — 勝利点0／20
待機エリア：
 助手 d67 [L1 1/2] — 今の攻撃力1・防御力2
 助手 d68 [L1 1/2] — 今の攻撃力1・防御力2
バッグ（6個）：魔力源×4、助手×2
休眠パイル（5個）：魔力源×4、死の運び手×1
記号：Ln a/d＝レベルnのモンスター（攻撃力a・防御力d、召喚に魔力n）。"""

LOG_EN = """\
Ann ends the turn.
Turn 2: Ben's turn.
Ben draws and rolls: Assistant d78 [L1 1/2], Basic Quiddity d76 [Q1], Assistant d79 [Q1], \
Assistant d77 [L1 1/2], Basic Quiddity d72 [Q1], Basic Quiddity d70 [Q1].
Ben summons Assistant d78 [L1 1/2] for 1 quiddity.
Ben summons Assistant d77 [L1 1/2] for 1 quiddity.
Ben proceeds to the attack.
Ben attacks Ann with a total of 2: Assistant d78 (1), Assistant d77 (1)."""

LOG_JA = """\
Annが手番を終えた。
ターン2：Benの手番。
Benがダイスを取り出して振った：助手 d78 [L1 1/2]、魔力源 d76 [Q1]、助手 d79 [Q1]、\
助手 d77 [L1 1/2]、魔力源 d72 [Q1]、魔力源 d70 [Q1]。
Benが助手 d78 [L1 1/2]を召喚した（魔力1）。
Benが助手 d77 [L1 1/2]を召喚した（魔力1）。
Benが攻撃へ進んだ。
BenがAnnを総攻撃力2で攻撃：助手 d78（1）、助手 d77（1）。"""

PROMPT_EN = ("Ben attacks you with a total of 2: Assistant d78 (1), Assistant d77 (1). "
             "Choose the creature that absorbs it next (`absorb`).")
PROMPT_JA = "Benがあなたを総攻撃力2で攻撃しています：助手 d78（1）、助手 d77（1）。次に攻撃を受けるモンスターを選んでください（absorb）。"

ABSORB_EN = "Ann's Assistant d67 [L1 1/2] (defense 2) absorbs 2 of the 2 attack: destroyed; 0 left."
ABSORB_JA = "Annの助手 d67 [L1 1/2]（防御力2）が攻撃2のうち2を受けて打倒された。残り0。"


@pytest.mark.parametrize("locale, board, hand", [("en", BOARD_EN, HAND_EN), ("ja", BOARD_JA, HAND_JA)])
def test_golden_board_and_hand_of_a_real_position(locale: str, board: str, hand: str) -> None:
    s, _ = golden_position()
    assert named(render.board(GAME.view(s, SPECTATOR), locale), locale) == board
    assert named(render.private(GAME.view(s, Viewer.of(0)), 0, locale), locale) == hand


@pytest.mark.parametrize("locale, log", [("en", LOG_EN), ("ja", LOG_JA)])
def test_golden_log_of_a_turn_says_who_did_what_and_the_attack_total(locale: str, log: str) -> None:
    _, lines = golden_position()
    assert "\n".join(named(x(locale), locale) for x in lines) == log


def test_golden_defender_prompt_names_the_attacker_the_total_and_the_attacking_creatures() -> None:
    s, _ = golden_position()
    (pending,) = GAME.pending(s)
    assert pending.seat == 0 and pending.kind == "defend"
    assert named(pending.prompt.en, "en") == PROMPT_EN
    assert named(pending.prompt.ja, "ja") == PROMPT_JA


def test_golden_an_absorb_says_which_creature_took_how_much_and_what_came_of_it() -> None:
    s, _ = golden_position()
    t = GAME.apply(s, 0, {"kind": "absorb", "die": 67}, Rng(derive_secret(6), 99))
    assert [named(x.en, "en") for x in t.log] == [ABSORB_EN]
    assert [named(x.ja, "ja") for x in t.log] == [ABSORB_JA]


def test_an_absorb_that_survives_says_so_and_that_the_attack_ends() -> None:
    s = make()
    place(s, "ready", 0, "assistant", creature=True)  # 1 attack
    v = place(s, "ready", 1, "warrior_of_the_quay", level=2)  # 4 defense
    t = GAME.apply(s, 0, {"kind": "proceed"}, rng())
    lines = [x.en for x in t.log]
    assert lines[0] == "⟦0⟧ proceeds to the attack."
    assert lines[1].startswith("⟦0⟧ attacks ⟦1⟧ with a total of 1: Assistant d")
    assert lines[2] == (f"Forced, the only creature left: ⟦1⟧'s Warrior of the Quay d{v} [L2 3/4] (defense 4) "
                        "absorbs the 1 attack left and survives; the attack on ⟦1⟧ ends.")
    assert t.log[2].ja.endswith("が残りの攻撃1を受けて耐えた。⟦1⟧への攻撃は終わった。")


def test_a_guard_prompt_and_a_later_defend_prompt_name_the_attack_in_progress() -> None:
    s = make(["life_spell"], seats=3)
    dragon = place(s, "ready", 0, "quake_dragon", level=2)  # 6 attack
    shield = place(s, "ready", 2, "life_spell", spell=True)
    b1 = place(s, "ready", 2, "assistant", creature=True)
    b2 = place(s, "ready", 2, "devotee_of_the_holy_query", level=2)
    b3 = place(s, "ready", 2, "warrior_of_the_quay", level=2)
    b4 = place(s, "ready", 2, "devotee_of_the_holy_query", level=2)
    s = act(s, 0, kind="proceed")  # seat 1 has no creatures: seat 2 is asked first
    (guard,) = GAME.pending(s)
    assert guard.seat == 2 and guard.kind == "respond"
    assert guard.prompt.en == (f"⟦0⟧ is about to attack you with Quake Dragon d{dragon} (6). "
                               "Cast a reaction spell before you defend, or pass.")
    s = act(s, 2, kind="pass")
    assert s.prompts == () and b1 in s.used[2]  # the quake took the Assistant first
    s = act(s, 2, kind="absorb", die=b3)  # 4 of the 6: destroyed, 2 left
    (defend,) = GAME.pending(s)
    assert defend.prompt.en == (f"⟦0⟧ attacks you with Quake Dragon d{dragon} (6). 2 of the attack is left "
                                f"(already hit: Assistant d{b1}, Warrior of the Quay d{b3}). "
                                "Choose the creature that absorbs it next (`absorb`).")
    assert defend.prompt.ja == (f"⟦0⟧が攻撃しています：地震竜 d{dragon}（6）。残りの攻撃力は2です"
                                f"（攻撃を受けたもの：助手 d{b1}、波止場の戦士 d{b3}）。"
                                "次に攻撃を受けるモンスターを選んでください（absorb）。")
    assert shield in s.ready[2] and b2 in s.ready[2] and b4 in s.ready[2]


def test_a_quake_and_its_kills_are_logged_before_the_total() -> None:
    s = make()
    dragon = place(s, "ready", 0, "quake_dragon", level=1)
    small = place(s, "ready", 1, "assistant", creature=True)
    t = GAME.apply(s, 0, {"kind": "proceed"}, rng())
    assert [x.en for x in t.log][1:] == [
        f"Quake Dragon d{dragon} quakes: every level 1 creature of ⟦1⟧ is destroyed first.",
        f"⟦1⟧'s Assistant d{small} [L1 1/2] is destroyed.",
        f"⟦0⟧ attacks ⟦1⟧ with a total of 4: Quake Dragon d{dragon} (4).",
        "⟦1⟧ has no creature left to absorb the other 4.",
    ]


def test_a_reroll_line_says_what_the_dice_show_afterwards() -> None:
    s = make()
    a = place(s, "pool", 0, "assistant", reroll=2)
    t = GAME.apply(s, 0, {"kind": "reroll", "die": a}, rng())
    (line,) = t.log
    now = face_text(t.state.dfaces[a][t.state.face[a]])
    assert line.en == f"⟦0⟧ rerolls Assistant d{a} [R+1*]. Result: Assistant d{a} [{now}]."
    assert line.ja == f"⟦0⟧が助手 d{a} [R+1*]を振り直した。結果：助手 d{a} [{now}]。"


# -- the card lookup -------------------------------------------------------------------------

QUAKE_DRAGON_EN = """\
Quake Dragon — creature card
Capture cost 8 quiddity; scores 4 glory; 5 dice on the card.
Die faces (Quake Dragon die):
  Q1 — 1 quiddity
  Q2 — 2 quiddity
  Q3/R — 3 quiddity, or reroll this die
  L1 4/4 — level 1 creature: attack 4, defense 4; summon for 1 quiddity
  L2 6/6* — level 2 creature: attack 6, defense 6; one burst (*); summon for 2 quiddity
  L3 8/7** — level 3 creature: attack 8, defense 7; two bursts (**); summon for 3 quiddity
Ability: When it attacks: every level 1 creature of the defending player is destroyed first."""

QUAKE_DRAGON_JA = """\
地震竜 — モンスターカード
捕獲コスト：魔力8。得点化で勝利点4。カード上のダイス5個。
ダイスの目（地震竜のダイス）：
  Q1 — 魔力1
  Q2 — 魔力2
  Q3/R — 魔力3、またはこのダイスを振り直す
  L1 4/4 — レベル1のモンスター：攻撃力4・防御力4。召喚に魔力1
  L2 6/6* — レベル2のモンスター：攻撃力6・防御力6。爆発シンボル1つ（*）。召喚に魔力2
  L3 8/7** — レベル3のモンスター：攻撃力8・防御力7。爆発シンボル2つ（**）。召喚に魔力3
能力：攻撃時：防御側プレイヤーのレベル1のモンスターは全て、防御の前に打倒される。"""

LIFE_SPELL_EN = """\
Life Spell — spell card
Capture cost 4 quiddity; 5 dice on the card.
Die faces (Life die):
  Q1 — 1 quiddity
  Q2 ×2 — 2 quiddity
  SP ×3 — spell: ready it for free (`ready`)
Reaction spell: ready it on your turn; cast it on another player's turn: before you defend, while you absorb \
an attack, or right after a creature of yours is destroyed.
Ability: Reaction: your creatures get +4 defense for the rest of this turn."""


def test_golden_card_lookup_of_a_creature_and_a_spell() -> None:
    cards = {c.id: c for c in GAME.card_catalog()}
    assert cards["quake_dragon"].text.en == QUAKE_DRAGON_EN
    assert cards["quake_dragon"].text.ja == QUAKE_DRAGON_JA
    assert cards["life_spell"].text.en == LIFE_SPELL_EN


def test_the_catalog_has_every_card_of_the_set_with_its_full_text_in_both_languages() -> None:
    catalog = GAME.card_catalog()
    assert [c.id for c in catalog] == list(base_set().cards)
    for c in catalog:
        card = base_set().cards[c.id]
        for text, locale in ((c.text.en, "en"), (c.text.ja, "ja")):
            assert text.startswith(card.name(locale) + " — ")
            assert card.text(locale) in text  # the ability
            assert str(card.cost) in text.splitlines()[1]  # the capture cost
            assert len(text.splitlines()) >= 4  # the kind, the numbers, the faces
        assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", c.text.en), c.id  # English reads as English
        assert ", " not in c.text.ja and "。 " not in c.text.ja, c.id


# The numbers gathered for the project (../shared/data/quarriors-base.json), shipped with the tests so that a
# clean clone checks the engine's own data file against them: same cards, costs, glory and every face.
GATHERED = Path(__file__).resolve().parent / "data" / "quarriors-base.json"


def _gathered_face(face: dict[str, Any]) -> dict[str, Any]:
    """A face as the gathered data writes it, in the engine data's words: a creature's numbers
    flat, draw_roll as draw, a reroll named by its scope, burst 0 where it is not written."""
    if "choice" in face or "all" in face:
        kind = "choice" if "choice" in face else "all"
        return {kind: [_gathered_face(f) for f in face[kind]]}
    if "draw_roll" in face:
        return {"draw": face["draw_roll"]}
    out = {k: v for k, v in face.items() if k not in ("creature", "reroll", "scope")}
    out.update(face.get("creature", {}))
    if face.get("reroll"):
        out["reroll"] = face["scope"]
    return {**out, "burst": face.get("burst", 0)}


def test_the_engine_data_has_the_gathered_cards_numbers_and_faces() -> None:
    gathered = json.loads(GATHERED.read_text(encoding="utf-8"))
    ours = json.loads((Path(engine_quarriors.__file__).parent / "data" / "base.json").read_text(encoding="utf-8"))
    assert {c.id for c in GAME.card_catalog()} == {c["id"] for c in gathered["cards"]}
    cards = {c["id"]: c for c in ours["cards"]}
    for c in gathered["cards"]:
        mine = cards[c["id"]]
        assert (mine["kind"], mine["die"], mine["cost"], mine["glory"] or 0, mine["dice_on_card"], mine["timing"]) == (
            c["kind"], c["class"], c["cost"], c["glory"] or 0, c["dice_on_card"], c["timing"]), c["id"]
    dice = {d["id"]: d["faces"] for d in ours["dice"]}
    assert dice.keys() == {d["id"] for d in gathered["dice"]}
    for d in gathered["dice"]:
        assert dice[d["id"]] == [_gathered_face(f) for f in d["faces"]], d["id"]


def test_every_card_is_found_by_its_english_and_its_japanese_name() -> None:
    catalog = GAME.card_catalog()
    for c in catalog:
        assert find_cards(catalog, c.name.en)[0].id == c.id
        assert find_cards(catalog, c.name.ja)[0].id == c.id
        assert find_cards(catalog, c.id) == [c]


def test_the_catalog_of_a_match_with_chosen_cards_is_those_and_the_basic_cards() -> None:
    chosen = GAME.card_catalog({"cards": CARDS})
    assert [c.id for c in chosen] == ["basic_quiddity", "assistant", "portal", *sorted(
        CARDS, key=list(base_set().cards).index)]
    assert [c.id for c in GAME.card_catalog({"cards": ",".join(CARDS)})] == [c.id for c in chosen]


# -- hands and boards ------------------------------------------------------------------------

def test_a_hand_says_what_each_face_does_and_what_summoning_costs_with_a_surcharge() -> None:
    s = make(["mighty_defender_of_the_pale", "death_spell"])
    place(s, "ready", 1, "mighty_defender_of_the_pale", level=2, burst=1)  # opponents pay 1 more
    w = place(s, "pool", 0, "warrior_of_the_quay", level=2)
    q = place(s, "pool", 0, "basic_quiddity", quiddity=2)
    sp = place(s, "pool", 0, "death_spell", spell=True, burst=1)
    hand = render.private(GAME.view(s, Viewer.of(0)), 0, "en").splitlines()
    assert f" Warrior of the Quay d{w} [L2 3/4] — level 2 creature: attack 3, defense 4; summon for 3 quiddity" in hand
    assert f" Basic Quiddity d{q} [Q2] — 2 quiddity" in hand
    assert f" Death Spell d{sp} [SP*] — spell: ready it for free (`ready`), cast it later on your turn" in hand
    assert " Death Spell (readied spell) — Cast: in each opponent's ready area, destroy one creature with " \
           "defense 6 or less (you pick)." in hand
    ja = render.private(GAME.view(s, Viewer.of(0)), 0, "ja")
    assert f" 波止場の戦士 d{w} [L2 3/4] — レベル2のモンスター：攻撃力3・防御力4。召喚に魔力3" in ja.splitlines()


def test_the_key_explains_every_shorthand_the_board_shows_and_no_other() -> None:
    s = make(["quake_dragon", "questing_wizard", "death_spell"])
    place(s, "pool", 0, "quake_dragon", choice=True)  # Q3/R
    place(s, "pool", 0, "assistant", reroll=2)  # R+1*
    place(s, "pool", 0, "portal", draw=2)  # D2
    place(s, "pool", 0, "questing_wizard", quiddity=1, draw=1)  # Q1+D1
    place(s, "ready", 0, "death_spell", spell=True, burst=2)  # SP**
    board = render.board(GAME.view(s, SPECTATOR), "en")
    key = board.splitlines()[-1]
    for shown in ("Q3/R", "R+1*", "D2", "Q1+D1", "SP**"):
        assert f"[{shown}]" in board
    for meaning in ("Qn = n quiddity", "Dn = draw n dice", "R = reroll this die", "R+1 = reroll this die and one",
                    "+ = both", "/ = one or the other", "SP = spell", "* = burst"):
        assert meaning in key, meaning
    assert "Ln a/d" not in key and "?/?" not in key  # no creature is shown
    ja = render.board(GAME.view(s, SPECTATOR), "ja").splitlines()[-1]
    assert ja.startswith("記号：Qn＝魔力n。") and "／でつないだ効果＝どちらか一方" in ja and ", " not in ja


def test_boards_are_whole_and_name_players_by_token() -> None:
    played = play_bots(GAME, 4, 3)
    view = GAME.view(played.state, SPECTATOR)
    for locale in ("en", "ja"):
        text = render.board(view, locale)
        assert not text.endswith("…") and "⟦3⟧" in text
        assert not re.search(r"[Ss]eat \d|\d番席", text)


# -- logs, prompts and menus over whole matches -----------------------------------------------

SEAT_WORDS = re.compile(r"[Ss]eat \d|\d番席|player \d")


def _walk(seed: int, seats: int):  # type: ignore[no-untyped-def]
    """Every (state, seat, action, log lines) of a bot match."""
    for turn in bot_turns(GAME, seats, seed):
        lines = list(turn.step.transition.log) or [GAME.describe(turn.state, turn.seat, turn.action)]
        yield turn.state, turn.seat, turn.action, lines


@given(seed=st.integers(0, 10**6), seats=st.integers(2, 4))
def test_property_every_menu_has_distinct_labels_and_codes(seed: int, seats: int) -> None:
    for s, seat, _, _ in _walk(seed, seats):
        choices = GAME.legal_actions(s, seat)
        for lang in ("en", "ja"):
            labels = [c.label(lang) for c in choices]
            assert len(labels) == len(set(labels)), labels
        codes = [c.code for c in choices]
        assert len(codes) == len(set(codes))


@given(seed=st.integers(0, 10**6), seats=st.integers(2, 4))
def test_property_every_log_line_names_a_player_by_token_and_reads_in_its_language(seed: int, seats: int) -> None:
    for s, _, _, lines in _walk(seed, seats):
        for line in lines:
            assert "⟦" in line.en and "⟦" in line.ja, line
            assert not SEAT_WORDS.search(line.en) and not SEAT_WORDS.search(line.ja), line
            assert ", " not in line.ja and "。 " not in line.ja, line.ja
            assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", line.en), line.en
        for p in GAME.pending(s):
            assert not SEAT_WORDS.search(p.prompt.en) and not SEAT_WORDS.search(p.prompt.ja)
            assert ", " not in p.prompt.ja and "。 " not in p.prompt.ja, p.prompt.ja


@given(seed=st.integers(0, 10**6))
def test_property_every_choice_code_reads_back_as_its_action_and_names_no_seat(seed: int) -> None:
    """No Quarriors argument names a seat (targets are dice), so nothing typed is 0-based."""
    for s, seat, _, _ in _walk(seed, 3):
        for c in GAME.legal_actions(s, seat):
            assert c.shown is None and GAME.parse_action(c.code) == c.action
            assert set(c.action) <= {"kind", "die", "target", "other", "others", "to", "card", "pay", "face"}


def test_the_turn_menu_is_grouped_by_the_die_or_card_each_choice_is_about() -> None:
    s = make()
    w = place(s, "pool", 0, "warrior_of_the_quay", level=1)
    for _ in range(3):
        place(s, "pool", 0, "basic_quiddity", quiddity=1)
    place(s, "pool", 0, "basic_quiddity", quiddity=2)
    groups = {c.code: c.group for c in GAME.legal_actions(s, 0)}
    assert groups["proceed"] is None
    assert {g for code, g in groups.items() if code.startswith(f"summon die={w}")} == {
        Text(f"Warrior of the Quay d{w} [L1 2/3]", f"波止場の戦士 d{w} [L1 2/3]")}
    assert sum(1 for code in groups if code.startswith(f"summon die={w}")) > 1  # paying alternatives
    s = act(s, 0, kind="proceed")
    capture = [c for c in GAME.legal_actions(s, 0) if c.action["kind"] == "capture"]
    assert capture and all(c.group == base_set().cards[c.action["card"]].name for c in capture)


def test_issue_21_a_capture_is_offered_once_paid_by_the_engine_and_a_named_payment_still_applies() -> None:
    """Dice of 1, 1 and 2 pay a capture in several mixes; the menu listed the
    engine's payment and a named one side by side, reading as the same capture twice."""
    s = make()
    for _ in range(2):
        place(s, "pool", 0, "basic_quiddity", quiddity=1)
    place(s, "pool", 0, "basic_quiddity", quiddity=2)
    s = act(s, 0, kind="proceed")
    paid = [a for a in GAME.raw_actions(s, 0) if a["kind"] == "capture" and "pay" in a]
    assert paid  # the position does offer other payments (the random bot still draws among them)
    captures = [c for c in GAME.legal_actions(s, 0) if c.action["kind"] == "capture"]
    cards = [c.action["card"] for c in captures]
    assert captures and len(cards) == len(set(cards)) and all("pay" not in c.action for c in captures)
    assert {a["card"] for a in paid} <= set(cards)
    t = act(s, 0, **paid[0])  # typed (or recorded in an old log), a named payment applies as before
    assert all(d in t.used[0] for d in paid[0]["pay"])


def test_a_switch_to_what_the_ooze_already_copies_is_not_listed_but_still_applies() -> None:
    s = make(["strong_primordial_ooze"], seats=3)
    d1 = place(s, "ready", 1, "quake_dragon", level=3)
    d2 = place(s, "ready", 2, "warrior_of_the_quay", level=2)
    ooze = place(s, "pool", 0, "strong_primordial_ooze", level=2)
    place(s, "pool", 0, "basic_quiddity", quiddity=2)
    s = act(s, 0, kind="summon", die=ooze)
    s = act(s, 0, kind="copy", target=d1)
    codes = [c.code for c in GAME.legal_actions(s, 0)]
    assert f"switch die={ooze} target={d2}" in codes
    assert f"switch die={ooze} target={d1}" not in codes  # it copies that already
    t = act(s, 0, kind="switch", die=ooze, target=d1)  # a recorded log may hold one
    assert t.copies[ooze] == s.copies[ooze] and ooze in t.switched


def test_a_trade_for_a_die_of_the_same_card_is_not_listed_but_still_applies() -> None:
    s = make(["shaping_incantation"])
    sp = place(s, "used", 0, "shaping_incantation", spell=True)
    a = place(s, "used", 0, "assistant", creature=True)
    s.prompts = (("trade", 0, sp, 3),)
    codes = [c.code for c in GAME.legal_actions(s, 0)]
    assert "skip" in codes and f"trade card=portal die={a}" in codes
    assert f"trade card=assistant die={a}" not in codes  # it would take the same die back
    t = act(s, 0, kind="trade", die=a, card="assistant")
    assert a in t.used[0]


def test_named_payment_is_an_optional_argument_and_a_typo_is_refused_naming_it() -> None:
    s = make()
    w = place(s, "pool", 0, "warrior_of_the_quay", level=1)
    q = place(s, "pool", 0, "basic_quiddity", quiddity=1)
    choices = GAME.legal_actions(s, 0)
    assert not any("pay" in c.action for c in choices)  # one die: no paying alternatives listed
    check_arguments(choices, {"kind": "summon", "die": w, "pay": [q]}, GAME.optional_args)
    with pytest.raises(UnknownAction) as err:
        check_arguments(choices, {"kind": "summon", "die": w, "payy": [q]}, GAME.optional_args)
    assert "payy=" in err.value.message("en") and "pay=" in err.value.message("en")
    assert GAME.optional_args == {"summon": frozenset({"pay"}), "capture": frozenset({"pay"})}


def test_the_ruleset_was_bumped_for_the_new_wording() -> None:
    assert GAME.ruleset == "quarriors-3"
