"""`/parley rating` and `/parley profile` through the real bot, in a server,
in a DM (the asker's own, every server) and in Japanese; `parley profile` in
the terminal. Expected ratings are openskill's own update, computed here."""

from __future__ import annotations

import asyncio

from openskill.models import PlackettLuce

from bot.cli import main
from events.model import Player
from events.service import MatchService
from events.store import Store
from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.harness import Harness
from tests.discord.helpers import open_match
from tests.discord.test_ratings import _finish_one

PL = PlackettLuce()


async def test_rating_and_profile_here_in_a_dm_and_in_japanese(harness: Harness) -> None:
    h = harness
    assert f"{ALICE.mention} has no rating here yet." in h.reply_text(await h.slash(ALICE, "rating"))
    winner = await _finish_one(h)
    loser = BOB if winner is ALICE else ALICE
    running, _ = await open_match(h, ALICE, BOB)
    [[won], [lost]] = PL.rate([[PL.rating()], [PL.rating()]], ranks=[1.0, 2.0])

    text = h.reply_text(await h.slash(CAROL, "rating", user=winner, game="toy"))
    assert f"Ratings of {winner.mention} on this server:" in text
    assert f"- Toy: {won.ordinal():.1f}  (μ {won.mu:.1f}, σ {won.sigma:.1f}; 1 rated matches)" in text
    assert "Unknown game 'chess'." in h.reply_text(await h.slash(CAROL, "rating", game="chess"))

    card = h.last_reply(await h.slash(CAROL, "profile", user=loser))
    assert card["_visible_to"] == CAROL.id
    lines = card["content"].splitlines()
    assert lines[0] == f"**Player card: {loser.mention}**"
    assert f"- Toy: {lost.ordinal():.1f}" in card["content"]
    assert any(line.startswith("- Toy `") and " · lost · " in line for line in lines)
    assert "Reliability: played 1 of 1 ended matches to the end (100%)." in lines
    assert any(line.startswith(f"- Toy `{running}` · running · <#") for line in lines)

    # In a DM: one's own card and rating, from every server; another player's are refused.
    mine = h.reply_text(await h.slash(winner, "profile", dm=True))
    assert (mine.startswith("**Player card:") or mine.startswith("**プレイヤーカード：")) and f"{won.ordinal():.1f}" in mine
    assert f"{won.ordinal():.1f}" in h.reply_text(await h.slash(winner, "rating", dm=True))
    refused = h.reply_text(await h.slash(ALICE, "profile", dm=True, user=BOB))
    assert refused.startswith("Here you can look up only your own records;")
    assert "自分の記録だけ" in h.reply_text(await h.slash(BOB, "rating", guest=True, user=ALICE))
    assert "No match is waiting for you." in h.reply_text(await h.slash(CAROL, "mine", dm=True))

    ja = h.reply_text(await h.slash(BOB, "profile"))  # Bob reads Japanese
    assert "プレイヤーカード" in ja and "信頼度：" in ja and "進行中の対戦：" in ja


def test_profile_in_the_terminal(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    db = str(tmp_path / "p.sqlite")
    ann, ben = Player(id="local:ann", name="ann"), Player(id="local:ben", name="ben")

    async def play() -> None:
        store = await Store.open(db)
        try:
            service = MatchService(store, operator="cli")
            ms = await service.create("toy", ann, {"goal": 30})
            await service.join(ms.match_id, ben)
            await service.start(ms.match_id, ann.id)
            await service.remove_player(ms.match_id, ben.id, 1, "forfeit")
        finally:
            await store.close()

    asyncio.run(play())
    [[won], [_]] = PL.rate([[PL.rating()], [PL.rating()]], ranks=[1.0, 2.0])
    assert main(["--db", db, "profile", "ben"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Player card: ben"
    assert "Reliability: played 0 of 1 ended matches to the end (0%)." in out
    assert "Left 1 (forfeited 1, removed 0, timed out 0; a bot took over 0); handed over 0." in out
    assert " · forfeited · " in out
    assert main(["--db", db, "--lang", "ja", "profile", "ann"]) == 0
    out = capsys.readouterr().out
    assert "プレイヤーカード：ann" in out and f"{won.ordinal():.1f}" in out and " · 勝ち · " in out
