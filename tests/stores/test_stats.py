"""Player records (events/stats.py) over matches played through the service, on
both backends. Every expected number is worked out from the moves the test
itself makes at the times it sets, not read back from the function."""

from __future__ import annotations

import pytest

from events.model import Player
from events.service import MatchService
from events.stats import player_stats, server_stats, waiting_on

from .conftest import ANN, BEN, CAT, Clock

GUILD = "g1"


async def new_match(service: MatchService, *players: Player, guild: str = GUILD) -> str:
    ms = await service.create("toy", players[0], {"goal": 30}, place={"guild": guild})
    for p in players[1:]:
        await service.join(ms.match_id, p)
    await service.start(ms.match_id, players[0].id)
    return ms.match_id


async def move(service: MatchService, clock: Clock, match_id: str, who: Player, kind: str, after: float) -> None:
    """`who` makes a move of `kind` `after` seconds after the previous event."""
    clock.wait(after)
    if kind == "bank":
        action = next(c.action for c in await service.choices(match_id, who.id) if c.action["kind"] == "bank")
    else:
        action = {"kind": kind}
    await service.act(match_id, who.id, action)


async def won_by_banking(service: MatchService, clock: Clock, winner: Player, loser: Player,
                         first: Player, second: Player, guild: str = GUILD) -> tuple[str, dict[str, list[float]]]:
    """A toy match `first` opens, which `winner` wins by banking one card and
    passing it out (four passes in a row end a toy match; only the banker scores).
    Returns the match id and each player's timed moves."""
    mid = await new_match(service, first, second, guild=guild)
    times: dict[str, list[float]] = {first.id: [], second.id: []}
    if winner.id == second.id:
        await move(service, clock, mid, first, "pass", 10)
        times[first.id].append(10)
    await move(service, clock, mid, winner, "bank", 20)
    await move(service, clock, mid, loser, "accept", 30)
    times[winner.id].append(20)
    times[loser.id].append(30)
    # After the answer it is the banker's opponent's turn, then turns alternate.
    order = [loser, winner, loser, winner] if winner.id == first.id else [first, second, first, second]
    for i, p in enumerate(order):
        await move(service, clock, mid, p, "pass", 40 + i)
        times[p.id].append(40 + i)
    assert (await service.get(mid)).status == "finished"
    return mid, times


@pytest.mark.slow
async def test_wins_rate_move_time_and_streak(timed: MatchService, clock: Clock) -> None:
    all_times: dict[str, list[float]] = {ANN.id: [], BEN.id: []}
    results = []
    # Ann wins, Ann wins, Ben wins: Ann 2/3 with a losing streak of 1, Ben 1/3 winning 1.
    for winner, loser in ((ANN, BEN), (ANN, BEN), (BEN, ANN)):
        clock.wait(3600)
        mid, times = await won_by_banking(timed, clock, winner, loser, ANN, BEN)
        results.append(mid)
        for k, v in times.items():
            all_times[k] += v
    # One more started and left running, one aborted, one lobby: played counts the first two only.
    running = await new_match(timed, ANN, BEN)
    await move(timed, clock, running, ANN, "pass", 7)
    all_times[ANN.id].append(7)
    aborted = await new_match(timed, ANN, BEN)
    await timed.abort(aborted, "mod")
    await timed.create("toy", ANN, {"goal": 30}, place={"guild": GUILD})

    ann = await player_stats(timed.store, ANN.id, GUILD)
    assert (ann.total.played, ann.total.finished, ann.total.wins) == (5, 3, 2)
    assert ann.total.win_rate == pytest.approx(2 / 3)
    assert ann.streak == -1
    assert ann.name == "Ann"
    assert ann.moves == len(all_times[ANN.id])
    assert ann.avg_move_seconds == pytest.approx(sum(all_times[ANN.id]) / len(all_times[ANN.id]))
    assert set(ann.by_game) == {"toy"}

    ben = await player_stats(timed.store, BEN.id, GUILD)
    assert (ben.total.played, ben.total.finished, ben.total.wins, ben.streak) == (5, 3, 1, 1)
    assert ben.avg_move_seconds == pytest.approx(sum(all_times[BEN.id]) / len(all_times[BEN.id]))

    server = await server_stats(timed.store, GUILD)
    assert (server.total.played, server.total.finished, server.total.wins) == (5, 3, 3)
    assert [p.player for p in server.players] == [ANN.id, BEN.id]
    every = all_times[ANN.id] + all_times[BEN.id]
    assert server.moves == len(every)
    assert server.avg_move_seconds == pytest.approx(sum(every) / len(every))


@pytest.mark.slow
async def test_other_servers_bots_and_forfeits(timed: MatchService, clock: Clock) -> None:
    # Cat beats Ann elsewhere: not in this server's record, in Ann's overall one.
    await won_by_banking(timed, clock, CAT, ANN, CAT, ANN, guild="g2")
    # Ann against a bot: the bot's moves are not timed for anyone, and bots are not listed.
    ms = await timed.create("toy", ANN, {"goal": 30}, place={"guild": GUILD})
    await timed.add_bot(ms.match_id, ANN.id)
    await timed.start(ms.match_id, ANN.id)
    await move(timed, clock, ms.match_id, ANN, "mark", 5)
    await move(timed, clock, ms.match_id, ANN, "mark", 9)
    # Ben forfeits to Ann: the last one standing wins.
    mid = await new_match(timed, BEN, ANN)
    clock.wait(60)
    await timed.remove_player(mid, BEN.id, 0, "forfeit")
    assert (await timed.get(mid)).status == "finished"

    here = await player_stats(timed.store, ANN.id, GUILD)
    assert (here.total.played, here.total.finished, here.total.wins, here.streak) == (2, 1, 1, 1)
    assert (here.moves, here.avg_move_seconds) == (2, pytest.approx(7.0))
    everywhere = await player_stats(timed.store, ANN.id)
    assert (everywhere.total.played, everywhere.total.finished, everywhere.total.wins) == (3, 2, 1)
    server = await server_stats(timed.store, GUILD)
    assert {p.player for p in server.players} == {ANN.id, BEN.id}
    nobody = await player_stats(timed.store, "discord:404", GUILD)
    assert (nobody.total.played, nobody.avg_move_seconds, nobody.total.win_rate) == (0, None, None)


@pytest.mark.slow
async def test_waiting_on_lists_the_matches_pending_on_a_player(timed: MatchService, clock: Clock) -> None:
    ann_first = await new_match(timed, ANN, BEN)
    clock.wait(1)  # oldest first: created a second apart
    ben_first = await new_match(timed, BEN, ANN)
    clock.wait(1)
    elsewhere = await new_match(timed, ANN, CAT, guild="g2")
    finished, _ = await won_by_banking(timed, clock, ANN, BEN, ANN, BEN)
    fresh = MatchService(timed.store)  # as after a restart: nothing loaded yet
    assert [m.match_id for m in await waiting_on(fresh, ANN.id, GUILD)] == [ann_first]
    assert [m.match_id for m in await waiting_on(fresh, ANN.id)] == [ann_first, elsewhere]
    assert [m.match_id for m in await waiting_on(fresh, BEN.id, GUILD)] == [ben_first]
    # Ben answers Ann's bank: now it waits on Ann there too.
    await move(timed, clock, ben_first, BEN, "bank", 5)
    assert [m.match_id for m in await waiting_on(MatchService(timed.store), ANN.id, GUILD)] == [ann_first, ben_first]
    assert finished not in [m.match_id for m in await waiting_on(fresh, BEN.id)]


@pytest.mark.slow
async def test_an_invented_match_imported_counts_for_nobody(timed: MatchService, clock: Clock, tmp_path) -> None:
    """A whole match played in a forger's own database (chain and replay in order,
    because it was really played there) and imported here is listed, marked as
    imported, and changes no record."""
    from events.export import export_jsonl, import_jsonl
    from events.store import Store

    await won_by_banking(timed, clock, ANN, BEN, ANN, BEN)
    before = [await player_stats(timed.store, p.id, g) for p in (ANN, BEN) for g in (GUILD, None)]
    server_before = await server_stats(timed.store, GUILD)
    forger = await Store.open(tmp_path / "forger.sqlite")
    try:
        invented, _ = await won_by_banking(MatchService(forger, clock=clock), clock, BEN, ANN, ANN, BEN)
        text = await export_jsonl(MatchService(forger), invented)
    finally:
        await forger.close()
    ms = await import_jsonl(timed, text, match_id="invented")
    assert ms.status == "finished" and ms.outcome is not None and ms.seats[ms.outcome.winners[0]].id == BEN.id
    row = await timed.store.match("invented")
    assert row is not None and row.imported and row.guild == GUILD
    assert [r.id for r in await timed.store.matches(guild=GUILD) if r.imported] == ["invented"]
    assert [await player_stats(timed.store, p.id, g) for p in (ANN, BEN) for g in (GUILD, None)] == before
    assert await server_stats(timed.store, GUILD) == server_before
