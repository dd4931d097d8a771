"""An abandoned seat on Discord: a bot takes it over (the server's level, or the
match's), `/parley sub` keeps the server's pool of substitutes, and a seat is
handed over by its player (to someone in the pool) or by a moderator (to
anyone, a bot's seat included), in English and Japanese."""

from __future__ import annotations

import pytest

from tests.discord.conftest import ALICE, BOB, CAROL, MOD
from tests.discord.harness import Harness
from tests.discord.helpers import open_match, state, thread_text

POOL = "discord:subs"


async def test_the_pool_is_listed_joined_and_left_in_each_language(harness: Harness) -> None:
    h = harness
    empty = await h.slash(BOB, "sub")  # Bob reads Japanese
    assert "代打ち候補はまだいません" in h.reply_text(empty)
    assert "You are in the substitute pool" in h.reply_text(await h.slash(ALICE, "sub", action="join"))
    assert "代打ち候補に登録しました" in h.reply_text(await h.slash(BOB, "sub", action="join"))
    again = await h.slash(ALICE, "sub", action="join")
    assert h.reply_text(again) == "You are already in the substitute pool."
    listed = await h.slash(CAROL, "sub", action="list")
    assert h.reply_text(listed) == ("Substitutes on this server, willing to take over a seat: "
                                    f"{ALICE.mention}, {BOB.mention}")
    assert not h.last_reply(listed)["_pings"]["users"]  # named, never pinged
    in_japanese = await h.slash(BOB, "sub")
    assert h.reply_text(in_japanese) == f"このサーバーの代打ち候補（席を引き継いでもよい人）: {ALICE.mention}、{BOB.mention}"
    assert "代打ち候補から外れました" in h.reply_text(await h.slash(BOB, "sub", action="leave"))
    assert h.reply_text(await h.slash(BOB, "sub", action="leave")) == "代打ち候補に登録されていません。"
    stored = await h.parley.service.store.get_kv(POOL, str(h.fake.guild_id))
    assert stored == [{"id": f"discord:{ALICE.id}", "name": "alice"}]
    await h.restart()  # in the database, not in memory
    assert ALICE.mention in h.reply_text(await h.slash(CAROL, "sub"))


async def test_a_player_hands_their_seat_to_a_volunteer(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    refused = await h.slash(ALICE, "sub", channel=thread, action="give", user=CAROL)
    assert "is not in the substitute pool" in h.reply_text(refused)
    assert (await state(h, match_id)).seats[0].id == f"discord:{ALICE.id}"
    no_one = await h.slash(BOB, "sub", channel=thread, action="give")
    assert "`user` オプション" in h.reply_text(no_one)

    await h.slash(CAROL, "sub", action="join")
    given = await h.slash(ALICE, "sub", channel=thread, action="give", user=CAROL)
    assert h.reply_text(given) == f"Seat 1 now belongs to {CAROL.mention}."
    ms = await state(h, match_id)
    assert ms.seats[0].id == f"discord:{CAROL.id}" and not ms.forfeited
    assert "The player of seat 1 handed it to **carol**." in thread_text(h, thread)
    events = await h.parley.service.events(match_id)
    assert events[-1].type == "player_replaced" and events[-1].actor == f"discord:{ALICE.id}"
    assert await h.parley.service.store.get_kv(POOL, str(h.fake.guild_id)) == []  # a second seat needs a second yes
    # Alice has no seat left to give; Bob's seat is his, not hers.
    taken = await h.slash(ALICE, "sub", channel=thread, action="give", user=MOD, seat=2)
    assert "Only moderators" in h.reply_text(taken)


async def test_a_bot_plays_a_forfeited_seat_until_a_moderator_brings_a_substitute(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, MOD)  # three seats: the other two play on
    await h.slash(ALICE, "forfeit", channel=thread)
    ms = await state(h, match_id)
    assert ms.status == "running" and ms.taken == {0: "easy"}  # the toy game has only its own bot
    assert "A bot (easy) plays the seat from now on." in thread_text(h, thread)
    lobby = next(m for m in h.fake.public_messages() if int(m["channel_id"]) == h.fake.channel_id)
    assert "A seat whose player leaves is played on by a bot (easy)." in lobby["content"]

    refused = await h.slash(BOB, "sub", channel=thread, action="give", seat=1, user=CAROL)
    assert "モデレーター" in h.reply_text(refused)  # a player cannot give away a seat that is not theirs
    given = await h.slash(MOD, "sub", channel=thread, action="give", seat=1, user=CAROL)
    assert h.reply_text(given) == f"Seat 1 now belongs to {CAROL.mention}."
    back = await state(h, match_id)
    assert back.seats[0].id == f"discord:{CAROL.id}" and not back.forfeited and not back.taken
    verified = await h.slash(MOD, "verify", channel=thread)
    assert "passed" in h.reply_text(verified)


@pytest.mark.slow
async def test_the_servers_take_over_level_and_the_matchs_own(harness: Harness) -> None:
    h = harness
    shown = await h.slash(MOD, "settings", takeover="off")
    assert "A left seat in new matches is played on by: nobody (its default move)." in h.reply_text(shown)
    match_id, thread = await open_match(h, ALICE, BOB)
    assert (await state(h, match_id)).place["takeover"] == "off"
    await h.slash(ALICE, "forfeit", channel=thread)
    ms = await state(h, match_id)
    assert ms.status == "finished" and ms.outcome.winners == (1,)  # as before take-overs: Bob is left and wins

    in_japanese = await h.slash(BOB, "new", game="toy", takeover="hard")  # the toy game has no search
    assert "代打ちボットの強さにありません" in h.reply_text(in_japanese)
    chosen, _ = await open_match(h, ALICE, BOB, takeover="easy")
    assert (await state(h, chosen)).place["takeover"] == "easy"
    await h.slash(MOD, "settings", takeover="normal")
    defaulted, _ = await open_match(h, ALICE, BOB)
    assert (await state(h, defaulted)).place["takeover"] == "easy"  # normal, eased to the game's own bot
