"""Standing orders at the terminal: set, listed, explained, refused in one line,
and the moves they make are told as made by standing order."""

from .conftest import play


async def test_an_order_set_at_the_terminal_answers_for_its_seat(service):
    s = await play(service, ["orders", "order decline turn", "pass", "quit"])
    assert "You have no standing orders." in s.out
    assert "Standing order set: decline turn until you cancel it" in s.out
    # Ann's order passed at once and again after Ben's pass: Ann was never asked.
    assert s.out.count("  · ann, by standing order:") == 2
    assert s.out.count("— ann (seat 1): ann, your move.") == 1
    ms = await s.service.get(s.match_id)
    assert [o.name for o in ms.orders[0]] == ["decline turn"]


async def test_order_help_says_what_the_table_learns(service):
    s = await play(service, ["order", "order fold forever", "cancel", "quit"], locale="ja")
    assert "卓に伝わるのはあなたが伝えると選んだこと" in s.out
    assert "できません: 「fold forever」は事前指示ではありません。" in s.out
    assert "できません: 取り消す事前指示はありません。" in s.out
    assert (await s.service.get(s.match_id)).orders == {}


async def test_the_players_own_move_cancels_their_orders(service):
    s = await play(service, ["order decline nothing", "orders", "pass", "quit"])
    assert "  · decline nothing until you cancel it" in s.out
    assert (await s.service.get(s.match_id)).orders == {}
