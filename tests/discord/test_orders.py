"""`/parley order` through the harness: set privately (nothing posted, nobody
else's messages change, their menus stay good), the move it makes is posted as
made by standing order, listed and cancelled in the player's language."""

from __future__ import annotations

from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness, User, custom_ids
from tests.discord.helpers import open_match, state, thread_text


def _seen(h: Harness, user: User) -> list[tuple[object, ...]]:
    return [(m["id"], m.get("edited_timestamp"), m.get("content"), str(m.get("components"))) for m in h.fake.dms(user.id)]


async def test_a_standing_order_is_private_and_answers_in_the_thread(harness: Harness, seated: None) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, game="seated")
    await h.slash(ALICE, "act", channel=thread, action="draw")
    await h.slash(BOB, "act", channel=thread, action="pass")
    await h.settle()
    public, alice_dms = thread_text(h, thread), _seen(h, ALICE)
    ex = await h.slash(BOB, "order", channel=thread, order="decline respond")
    await h.settle()
    assert h.reply_text(ex) == "事前指示を設定しました: decline respond：取り消すまで"
    assert h.last_reply(ex)["_visible_to"] == BOB.id
    assert thread_text(h, thread) == public, "setting an order posts nothing"
    assert _seen(h, ALICE) == alice_dms, "nor sends or edits anyone's DM"
    # Alice's menu, offered before Bob's order, still plays: nothing she can see changed.
    ms = await state(h, match_id)
    pick = next(i for i, c in enumerate(ms.game.legal_actions(ms.state, 0)) if c.action["kind"] == "bank")
    dm = [m for m in h.fake.dms(ALICE.id) if m["_interaction"] is None][-1]
    ids = custom_ids(dm)
    await (h.click(ALICE, dm, ids[0], values=[str(pick)]) if ids[0].startswith("p:s:") else h.click(ALICE, dm, ids[pick]))
    await h.settle()
    after = thread_text(h, thread)
    assert "by standing order:" in after and "accepts." in after
    assert "decline respond" not in after
    ms = await state(h, match_id)
    assert ms.state.responder is None and [o.name for o in ms.orders[1]] == ["decline respond"]
    listed = h.reply_text(await h.slash(BOB, "order", channel=thread))
    assert "あなたの事前指示（あなたにだけ見えます）:" in listed and "卓に伝わるのは" in listed
    cancelled = h.reply_text(await h.slash(BOB, "order", channel=thread, cancel=True))
    assert cancelled == "事前指示を取り消しました。"
    assert (await state(h, match_id)).orders == {}


async def test_a_bad_order_is_refused_in_english_too(harness: Harness, seated: None) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, BOB, game="seated")
    text = h.reply_text(await h.slash(ALICE, "order", channel=thread, order="fold forever"))
    assert "'fold forever' is not a standing order." in text and "order <responses, all" in text
    text = h.reply_text(await h.slash(ALICE, "order", channel=thread, cancel=True))
    assert "You have no standing orders to cancel." in text
