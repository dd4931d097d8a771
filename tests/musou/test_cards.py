"""The effect vocabulary, one sample card per step kind."""

from __future__ import annotations

from .helpers import Position, act


def test_card_surprise_raid_costs_the_opponent_troops() -> None:
    p = Position()
    (raid,) = p.hand(0, "surprise_raid")
    assert act(p.s, 0, f"stratagem card={raid}").troops[1] == 18


def test_card_assassination_destroys_only_a_weak_general() -> None:
    p = Position()
    s = p.s
    p.put(0, 2, "gao_shun")  # metal on supply: the term
    weak = p.put(1, 1, "zhen_ji")  # 武力 2
    strong = p.put(1, 3, "xu_zhu")  # 武力 5
    a, b = p.hand(0, "assassination", "assassination")
    s2 = act(s, 0, f"stratagem card={a} target={weak}")
    assert s2.field[1][0] is None
    s3 = act(s, 0, f"stratagem card={b} target={strong}")
    assert s3.field[1][2] is not None  # above the limit of 3: nothing happens


def test_card_rally_boosts_power_until_end_of_turn() -> None:
    p = Position(stage="battle")
    s = p.s
    p.put(0, 1, "huang_gai")  # 3
    target = p.put(1, 1, "cao_ren")  # 4
    (rally,) = p.hand(0, "rally")
    s.stage, s.priority = "main1", 0
    mine = s.field[0][0]
    assert mine is not None
    s2 = act(s, 0, f"stratagem card={rally} target={mine.card}")
    s2.stage = "battle"
    s3 = act(act(s2, 0, f"attack from=1 target={target}"), 1, "pass")
    assert s3.field[1][0] is not None and s3.field[1][0].exhausted  # 5 >= 4


def test_card_morale_boost_readies_a_general() -> None:
    p = Position()
    tired = p.put(0, 1, "zhang_fei", exhausted=True)
    (morale,) = p.hand(0, "morale")
    s2 = act(p.s, 0, f"stratagem card={morale} target={tired}")
    assert s2.field[0][0] is not None and not s2.field[0][0].exhausted


def test_card_supply_line_takes_provisions_from_the_deck_top() -> None:
    p = Position(provisions=(1, 1))
    s = p.s
    spent, top = s.provisions[0][0], s.decks[0][-1]
    (line,) = p.hand(0, "supply_line")  # cost 1, provision 2
    s2 = act(s, 0, f"stratagem card={line}")
    # the spent provision went onto the deck top and comes straight back, then the old top
    assert s2.provisions[0] == [spent, top] and len(s2.decks[0]) == len(s.decks[0]) - 1


def test_card_red_hare_adds_strike() -> None:
    p = Position(stage="battle")
    p.put(0, 7, "red_hare")
    p.put(0, 1, "zhang_fei")  # 戦攻 2 + 1
    s2 = act(act(p.s, 0, "attack from=1 target=player"), 1, "pass")
    assert s2.troops[1] == 17


def test_card_war_drum_boosts_only_wood_generals() -> None:
    p = Position(stage="battle")
    s = p.s
    p.put(0, 9, "war_drum")
    p.put(0, 1, "guan_ping")  # wood 3 -> 4
    p.put(0, 3, "huang_gai")  # fire 3 stays 3
    a = p.put(1, 1, "cao_ren")  # 4
    b = p.put(1, 3, "dian_wei")  # 4
    s2 = act(act(s, 0, f"attack from=1 target={a}"), 1, "pass")
    s3 = act(act(s2, 0, f"attack from=3 target={b}"), 1, "pass")
    assert s3.field[1][0] is not None and s3.field[1][0].exhausted
    assert s3.field[1][2] is not None and not s3.field[1][2].exhausted


def test_card_pang_tong_ambush_damages_every_enemy_general() -> None:
    p = Position(provisions=(3, 3))
    s = p.s
    p.put(0, 2, "huang_gai")  # fire on supply
    p.put(0, 4, "guan_ping")  # wood on supply
    p.put(0, 1, "pang_tong", face_down=True)
    p.put(1, 1, "zhen_ji")  # 武力 2: exhausted by 2
    p.put(1, 3, "xu_zhu")  # 武力 5: 2 damage
    s2 = act(s, 0, "reveal square=1")
    assert s2.field[1][0] is not None and s2.field[1][0].exhausted
    assert s2.field[1][2] is not None and s2.field[1][2].damage == 2 and not s2.field[1][2].exhausted


def test_card_chen_gong_support_cancels_an_attack() -> None:
    p = Position(stage="battle")
    p.put(0, 1, "zhang_fei")
    p.put(1, 7, "chen_gong")  # support square of Cao Cao's Army
    s2 = act(act(p.s, 0, "attack from=1 target=player"), 1, "support square=7")
    assert s2.troops[1] == 20 and s2.attack is None and s2.stage != "respond"


def test_card_cao_pi_takes_a_provision_when_placed() -> None:
    p = Position(provisions=(3, 3))
    (pi,) = p.hand(0, "cao_pi")  # cost 3
    s2 = act(p.s, 0, f"place card={pi} square=1")
    assert len(s2.provisions[0]) == 1
