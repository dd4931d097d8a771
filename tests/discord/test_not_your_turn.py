"""Acting out of turn: a clear private answer naming whose decision it is."""

from __future__ import annotations

from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.harness import Harness, custom_ids
from tests.discord.helpers import open_match, state


async def test_not_your_turn_names_who_is_awaited_in_english(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, CAROL)  # Alice moves first; Carol's client is English
    ms = await state(h, match_id)
    ex = await h.slash(CAROL, "act", channel=thread, action="roll")
    reply = h.last_reply(ex)
    assert reply["_visible_to"] == CAROL.id
    assert reply["content"] == ("It is not your turn: the game is waiting for **alice**. "
                                "You are mentioned in the thread when it is your turn.")
    assert (await state(h, match_id)).seq == ms.seq


async def test_not_your_turn_names_who_is_awaited_in_japanese(harness: Harness) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, BOB)
    ex = await h.slash(BOB, "act", channel=thread, action="roll")
    assert h.reply_text(ex) == ("今はあなたの番ではありません。**alice** の選択を待っています。"
                                "あなたの番になるとスレッドでメンションされます。")


async def test_suggestions_out_of_turn_say_whose_turn_it_is(harness: Harness) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, CAROL)
    [only] = await h.autocomplete(CAROL, "act", "action", channel=thread, action="")
    assert only["name"] == "It is not your turn: the game is waiting for alice."
    ex = await h.slash(CAROL, "act", channel=thread, action=only["value"])  # picked anyway
    assert h.reply_text(ex).startswith("It is not your turn: the game is waiting for **alice**.")


async def test_a_retried_move_is_already_done_not_out_of_turn(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    first = await h.slash(ALICE, "act", channel=thread, action="roll")
    ms = await state(h, match_id)
    await h.redeliver(first)  # Discord delivers the same interaction again: now it is Bob's turn
    assert (await state(h, match_id)).seq == ms.seq
    assert "not your turn" not in h.reply_text(first)


async def test_the_waiting_players_hand_says_whom_the_game_waits_for(harness: Harness) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, CAROL)
    shown = await h.slash(CAROL, "hand", channel=thread)
    assert h.reply_text(shown).endswith("\nWaiting for **alice**.") and not custom_ids(h.last_reply(shown))


async def test_a_seated_player_on_the_other_seats_dm_menu_is_told_it_is_not_theirs(harness: Harness) -> None:
    from tests.discord.harness import custom_ids
    h = harness
    match_id, _ = await open_match(h, ALICE, BOB)  # Alice moves first; Bob's client is Japanese
    ms = await state(h, match_id)
    menu = h.fake.dms(ALICE.id)[-1]
    mark = str([c.code for c in ms.game.legal_actions(ms.state, 0)].index("mark"))
    ex = await h.click(BOB, menu, custom_ids(menu)[0], values=[mark])  # her menu, forwarded to him
    reply = h.last_reply(ex)
    assert reply["_visible_to"] == BOB.id
    assert h.reply_text(ex) == ("このメニューは **alice** の選択で、あなたのものではありません。"
                                "あなたの選択はあなたのDMに届きます。`/parley hand` で自分の手札を確認できます。")
    assert (await state(h, match_id)).seq == ms.seq
    outsider = await h.click(CAROL, menu, custom_ids(menu)[0], values=[mark])  # not in the match at all
    assert "not seated" in h.reply_text(outsider)
    assert (await state(h, match_id)).seq == ms.seq
