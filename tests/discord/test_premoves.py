"""Conditional premoves through `/parley order` in the harness, in en and ja:
set privately (nothing posted, nobody else's DMs change), refused in one line
where the game cannot let one wait on a move, and the move one makes posted as
made by premove, naming nothing of the premove itself."""

from __future__ import annotations

import pytest

from tests.discord.conftest import ALICE, BOB
from tests.discord.games import SeatedGame
from tests.discord.harness import Harness
from tests.discord.helpers import open_match, state, thread_text
from tests.discord.test_orders import _seen


async def test_a_premove_is_private_and_fires_in_the_thread(harness: Harness, seated: None,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SeatedGame, "premove_kinds", frozenset({"pass", "mark"}))
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, game="seated")
    public, alice_dms = thread_text(h, thread), _seen(h, ALICE)
    ex = await h.slash(BOB, "order", channel=thread, order="premove if pass then mark")
    await h.settle()
    assert h.reply_text(ex) == "事前指示を設定しました: プレムーブ: 相手が`pass`なら`mark`"
    assert h.last_reply(ex)["_visible_to"] == BOB.id
    assert thread_text(h, thread) == public and _seen(h, ALICE) == alice_dms, "setting one posts nothing"
    await h.slash(ALICE, "act", channel=thread, action="pass")
    await h.settle()
    after = thread_text(h, thread)
    assert after.count("by premove:") == 1 and "marks." in after and "if pass" not in after
    assert (await state(h, match_id)).orders == {}
    # Alice, in English: a move the table does not see whole is refused; a decision kind is fine.
    refused = h.reply_text(await h.slash(ALICE, "order", channel=thread, order="premove if bank then pass"))
    assert "A premove cannot wait for 'bank'" in refused and "a premove may wait for: mark, pass" in refused
    ex = await h.slash(ALICE, "order", channel=thread, order="premove on turn then mark")
    assert h.reply_text(ex) == "Standing order set: premove: when you are asked `turn`, `mark`"
    await h.slash(BOB, "act", channel=thread, action="pass")
    await h.settle()
    assert thread_text(h, thread).count("by premove:") == 2
    # Its help, in either language, says what a premove lets the table learn.
    assert "the table learns that you had answered in advance" in h.reply_text(
        await h.slash(ALICE, "order", channel=thread))
    assert "卓に伝わるのは、前もって応じていたことと" in h.reply_text(await h.slash(BOB, "order", channel=thread))


async def test_a_game_without_premoves_refuses_them(harness: Harness, seated: None) -> None:
    h = harness
    _, thread = await open_match(h, ALICE, BOB, game="seated")
    text = h.reply_text(await h.slash(BOB, "order", channel=thread, order="premove if pass then mark"))
    assert "着席ではプレムーブは使えません。" in text
