"""An abandoned seat keeps the match alive: a forfeited seat is played on by a
search bot of the match's take-over level, recorded in the log, so replay and
verification accept its moves and nothing else; older logs (a forfeit without
a level) still replay with the default move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core import Rng
from events.errors import Refused, ReplayError
from events.model import Event, Player
from events.replay import all_seeing_digest, rebuild
from events.service import MatchService
from events.stats import player_stats
from events.store import Store
from events.verify import verify_match
from tests.events.conftest import ANN, BEN, CAT

GAMES = ("quarriors", "naru", "musou", "warlords")
DAN = Player(id="local:dan", name="Dan")


async def _service(tmp_path: Path, name: str) -> tuple[Store, MatchService]:
    store = await Store.open(tmp_path / f"{name}.sqlite")
    return store, MatchService(store, snapshot_every=50, new_secret=lambda: bytes(range(32)),
                               bot_rng=Rng(b"bots" * 8), operator="mod")


async def _play_out(service: MatchService, match_id: str, *people: Player) -> int:
    """`people` play every decision that waits on them with the game's own bot
    (through the service, as a person would), until the match ends."""
    rng = Rng(b"a person" * 4)
    ids = {p.id for p in people}
    moves = 0
    while (ms := await service.get(match_id)).status == "running":
        waiting = await service.waiting(match_id)
        # The bot's seat may wait its turn behind a person's (Warlords), never alone.
        pending, who = next((p, who) for p, who in waiting if who.id in ids)
        await service.act(match_id, who.id, ms.game.bot_action(ms.state, pending.seat, rng), seat=pending.seat)
        moves += 1
    return moves


@pytest.mark.slow  # a search bot plays a whole match
@pytest.mark.parametrize("game", ["quarriors", "warlords"])
async def test_a_bot_takes_over_a_forfeited_seat_and_finishes_the_match(tmp_path: Path, game: str) -> None:
    store, service = await _service(tmp_path, game)
    ms = await service.create(game, ANN, {}, place={"takeover": "normal"})
    for p in (BEN, CAT):
        await service.join(ms.match_id, p)
    await service.start(ms.match_id, ANN.id)
    left = await service.remove_player(ms.match_id, ANN.id, 0, "forfeit")
    assert left.events[0].payload == {"seat": 0, "reason": "forfeit", "takeover": "normal"}
    assert left.match.status == "running"  # three seats, one left: the others play on with a bot in it
    assert await _play_out(service, ms.match_id, BEN, CAT) > 0

    events = await service.events(ms.match_id)
    taken = [e for e in events if e.type == "action" and e.payload["seat"] == 0 and e.seq > left.events[0].seq]
    assert taken and all(e.actor == "system" and e.payload["auto"] in ("takeover", "forced") for e in taken)
    assert any(e.payload["auto"] == "takeover" for e in taken)
    finished = await service.get(ms.match_id)
    assert finished.status == "finished" and 0 not in finished.outcome.winners
    row = await store.match(ms.match_id)
    assert row is not None and row.result is not None and row.result["taken_over"] == {"0": "normal"}

    report = await verify_match(service, ms.match_id)
    assert report.ok, [line.en for line in report.lines]
    service.forget()  # from the log alone (and its snapshots): the same match
    again = await service.get(ms.match_id)
    assert all_seeing_digest(again) == all_seeing_digest(finished) and again.outcome == finished.outcome
    assert again.taken == {0: "normal"}
    replayed, _ = rebuild(events, bytes(range(32)))
    assert all_seeing_digest(replayed) == all_seeing_digest(finished) and replayed.outcome == finished.outcome

    ann = await player_stats(store, ANN.id)  # the bot's play is not Ann's, nor its result
    assert (ann.total.played, ann.total.finished, ann.total.wins, ann.moves) == (1, 1, 0, 0)
    await store.close()


@pytest.mark.parametrize("game", ["naru", "musou"])
async def test_a_two_seat_match_whose_player_leaves_is_won_by_the_one_left(tmp_path: Path, game: str) -> None:
    """Decided: no bot plays on against the one left (a league counts a forfeit
    as the opponent's win); the take-over level is not recorded."""
    store, service = await _service(tmp_path, game)
    ms = await service.create(game, ANN, {}, place={"takeover": "normal"})
    await service.join(ms.match_id, BEN)
    await service.start(ms.match_id, ANN.id)
    left = await service.remove_player(ms.match_id, ANN.id, 0, "forfeit")
    assert left.events[0].payload == {"seat": 0, "reason": "forfeit"}
    assert left.match.status == "finished" and left.match.outcome.winners == (1,) and left.match.taken == {}
    assert (await verify_match(service, ms.match_id)).ok
    await store.close()


async def _three_at_toy(service: MatchService) -> Any:
    """A running toy match of Ann, Ben and Cat whose left seats a bot (easy) takes over."""
    ms = await service.create("toy", ANN, {"goal": 500}, place={"takeover": "easy"})
    for p in (BEN, CAT):
        await service.join(ms.match_id, p)
    await service.start(ms.match_id, ANN.id)
    return ms


async def test_an_old_style_forfeit_still_plays_the_default_move(service: MatchService) -> None:
    """A match without a take-over level (every match recorded before take-overs):
    the forfeit carries no level and the seat passes, as it always did."""
    ms = await service.create("toy", ANN, {"goal": 500})
    for p in (BEN, CAT):
        await service.join(ms.match_id, p)
    await service.start(ms.match_id, ANN.id)
    left = await service.remove_player(ms.match_id, "mod:mod", 1, "removed")
    assert left.events[0].payload == {"seat": 1, "reason": "removed"}
    await service.act(ms.match_id, ANN.id, "roll")
    events = await service.events(ms.match_id)
    auto = [e for e in events if e.type == "action" and e.payload["seat"] == 1]
    assert [e.payload["auto"] for e in auto] == ["forfeited"] and auto[0].payload["action"] == {"kind": "pass"}
    assert (await verify_match(service, ms.match_id)).ok
    assert rebuild(events, await service.store.secret(ms.match_id))[0].taken == {}

    # Such a seat may only pass: a different move in its name does not replay.
    forged = [_with_action(e, {"kind": "roll"}) if e.seq == auto[0].seq else e for e in events]
    with pytest.raises(ReplayError, match="something other than the default"):
        rebuild(forged, await service.store.secret(ms.match_id))


async def test_replay_accepts_only_a_level_the_game_offers(service: MatchService) -> None:
    ms = await _three_at_toy(service)
    left = await service.remove_player(ms.match_id, CAT.id, 2, "forfeit")
    assert left.events[0].payload["takeover"] == "easy"
    events = await service.events(ms.match_id)
    forged = [e.model_copy(update={"payload": {**e.payload, "takeover": "hard"}}) if e.seq == left.events[0].seq
              else e for e in events]
    with pytest.raises(ReplayError, match="no bot level 'hard'"):
        rebuild(forged, await service.store.secret(ms.match_id))
    with pytest.raises(Refused, match="not a take-over level"):
        await service.create("toy", ANN, {}, place={"takeover": "hard"})  # the toy game has no search


async def test_no_take_over_without_a_person_left_to_play_for(service: MatchService) -> None:
    ms = await _three_at_toy(service)
    first = await service.remove_player(ms.match_id, ANN.id, 0, "forfeit")
    assert first.match.status == "running" and first.match.taken == {0: "easy"}
    last = await service.remove_player(ms.match_id, BEN.id, 1, "forfeit")
    assert "takeover" not in last.events[0].payload  # one person left with a bot: no game among people
    assert last.match.status == "finished" and last.match.outcome.winners == (2,)
    assert (await verify_match(service, ms.match_id)).ok

    against_a_bot = await service.create("toy", ANN, {"goal": 500}, place={"takeover": "easy"})
    await service.add_bot(against_a_bot.match_id, ANN.id)
    await service.start(against_a_bot.match_id, ANN.id)
    alone = await service.remove_player(against_a_bot.match_id, ANN.id, 0, "forfeit")
    assert "takeover" not in alone.events[0].payload and alone.match.outcome.winners == (1,)


async def test_a_substitute_brings_a_taken_seat_back(service: MatchService) -> None:
    ms = await _three_at_toy(service)
    await service.remove_player(ms.match_id, BEN.id, 1, "forfeit")
    back = await service.replace_player(ms.match_id, "mod", 1, DAN, "Dan subs in")
    assert back.events[0].payload["back"] is True
    assert back.match.forfeited == frozenset() and back.match.taken == {}
    await service.act(ms.match_id, ANN.id, "pass")
    assert [who.id for _, who in await service.waiting(ms.match_id)] == [DAN.id]
    await service.act(ms.match_id, DAN.id, "roll")
    assert (await verify_match(service, ms.match_id)).ok


async def test_the_owner_hands_their_seat_over(service: MatchService) -> None:
    ms = await service.create("toy", ANN, {"goal": 500})
    await service.join(ms.match_id, BEN)
    await service.start(ms.match_id, ANN.id)
    with pytest.raises(Refused, match="already play"):
        await service.hand_over(ms.match_id, ANN.id, BEN)
    with pytest.raises(Refused):
        await service.hand_over(ms.match_id, CAT.id, DAN)  # not seated
    given = await service.hand_over(ms.match_id, ANN.id, DAN)
    assert given.events[0].actor == ANN.id and given.match.seats[0].id == DAN.id
    await service.act(ms.match_id, DAN.id, "pass")
    assert (await verify_match(service, ms.match_id)).ok

    # Replay holds a hand-over to its rules: a player cannot give away someone else's seat.
    events = await service.events(ms.match_id)
    forged = [e.model_copy(update={"actor": BEN.id}) if e.seq == given.events[0].seq else e for e in events]
    with pytest.raises(ReplayError, match="handed over by a moderator"):
        rebuild(forged, await service.store.secret(ms.match_id))


def _with_action(event: Event, action: dict[str, Any]) -> Event:
    return event.model_copy(update={"payload": {**event.payload, "action": action}})
