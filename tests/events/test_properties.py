"""Random command sequences, legal and illegal, duplicated and interleaved,
never corrupt the log; replay equals live state; undo then redo is the identity."""

import asyncio

from hypothesis import given
from hypothesis import strategies as st

from engine.core import SPECTATOR, RuleError, Viewer
from engine.core.redaction import leaked
from events.model import Player
from events.replay import rebuild
from events.service import MatchService
from events.store import Store
from tests.toygame import hidden_ids

PLAYERS = [Player(id=f"local:p{i}", name=f"P{i}") for i in range(4)]
command = st.tuples(
    st.integers(0, 3),  # who
    st.sampled_from(["pass", "roll", "mark", "draw", "bank card=1-a", "accept", "challenge", "fly", "undo", "redo",
                     "takeback", "yes", "no"]),
    st.one_of(st.none(), st.sampled_from(["c1", "c2", "c3"])),  # command ids repeat on purpose
)


async def run_commands(tmp, seats, commands):
    store = await Store.open(tmp / "p.sqlite")
    try:
        svc = MatchService(store, snapshot_every=7, operator="m")
        ms = await svc.create("toy", PLAYERS[0], {"goal": 40})
        for p in PLAYERS[1:seats]:
            await svc.join(ms.match_id, p)
        await svc.start(ms.match_id, PLAYERS[0].id)
        mid = ms.match_id
        for who, word, cid in commands:
            player = PLAYERS[who]
            try:
                if word == "undo":
                    await svc.undo(mid, "m", count=1, command_id=cid)
                elif word == "redo":
                    await svc.redo(mid, "m", command_id=cid)
                elif word == "takeback":
                    await svc.request_takeback(mid, player.id, command_id=cid)
                elif word in ("yes", "no"):
                    await svc.answer_takeback(mid, player.id, word == "yes", command_id=cid)
                else:
                    # the same command twice at once: one lock, one move
                    await asyncio.gather(svc.act(mid, player.id, word, command_id=cid),
                                         svc.act(mid, player.id, word, command_id=cid),
                                         return_exceptions=True)
            except RuleError:
                pass
            live = await svc.get(mid)
            if live.state is not None:
                for viewer in [SPECTATOR, *(Viewer.of(s) for s in range(seats))]:
                    assert leaked(svc_view := live.game.view(live.state, viewer), hidden_ids(live.state, viewer)) == set(), svc_view
        events = await store.events(mid)
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        ids = [e.command_id for e in events if e.command_id]
        assert len(ids) == len(set(ids))
        live = await svc.get(mid)
        replayed, _ = rebuild(events, await store.secret(mid))
        assert replayed == live
        assert await MatchService(store).get(mid) == live
    finally:
        await store.close()


@given(st.integers(2, 4), st.lists(command, max_size=30))
def test_random_commands_never_corrupt_the_log(tmp_path_factory, seats, commands):
    asyncio.run(run_commands(tmp_path_factory.mktemp("prop"), seats, commands))


async def undo_redo(tmp, moves):
    store = await Store.open(tmp / "u.sqlite")
    try:
        svc = MatchService(store, operator="m")
        ms = await svc.create("toy", PLAYERS[0], {"goal": 500})
        await svc.join(ms.match_id, PLAYERS[1])
        await svc.start(ms.match_id, PLAYERS[0].id)
        mid = ms.match_id
        played = 0
        for word in moves:
            (pending, player), = await svc.waiting(mid)
            try:
                await svc.act(mid, player.id, word if pending.kind == "turn" else "accept")
                played += 1
            except RuleError:
                pass
        if played == 0:
            return
        before = await svc.get(mid)
        await svc.undo(mid, "m", count=played)
        await svc.redo(mid, "m")
        after = await svc.get(mid)
        assert after.state == before.state and after.counter == before.counter
    finally:
        await store.close()


@given(st.lists(st.sampled_from(["roll", "mark", "draw", "bank card=2-b"]), min_size=1, max_size=12))
def test_undo_then_redo_is_the_identity(tmp_path_factory, moves):
    asyncio.run(undo_redo(tmp_path_factory.mktemp("undo"), moves))
