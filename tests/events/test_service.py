import pytest

from engine.core import ALL_SEEING, NotYourDecision, RuleError, Viewer
from events import snapshot
from events.errors import Refused
from events.model import Player
from events.service import MatchService

from .conftest import ANN, BEN, CAT, started, whose_turn


async def test_lobby_join_leave_start(service):
    ms = await service.create("toy", ANN, {"goal": 20})
    await service.join(ms.match_id, BEN)
    await service.join(ms.match_id, CAT)
    await service.leave(ms.match_id, CAT.id)
    with pytest.raises(Refused):
        await service.join(ms.match_id, BEN)
    with pytest.raises(Refused):
        await service.start(ms.match_id, BEN.id)  # only the creator starts
    result = await service.start(ms.match_id, ANN.id)
    assert result.match.status == "running"
    assert [p.id for p in result.match.seats] == [ANN.id, BEN.id]
    with pytest.raises(Refused):
        await service.join(ms.match_id, CAT)


async def test_starting_with_too_few_players_is_refused(service):
    ms = await service.create("toy", ANN)
    with pytest.raises(Refused, match="needs 2-8 players"):
        await service.start(ms.match_id, ANN.id)


async def test_unknown_game_and_unknown_match_are_clear_errors(service):
    with pytest.raises(Refused, match="Unknown game"):
        await service.create("chess", ANN)
    with pytest.raises(Refused) as err:
        await service.get("nope")
    assert "nope" in err.value.message("ja")


async def test_wrong_turn_names_who_we_wait_for(service):
    match_id = await started(service, ANN, BEN)
    with pytest.raises(NotYourDecision) as err:
        await service.act(match_id, BEN.id, "pass")
    assert "seat 1" in err.value.message("en") and "1番席" in err.value.message("ja")


async def test_a_spectator_cannot_act(service):
    match_id = await started(service, ANN, BEN)
    with pytest.raises(Refused, match="not seated"):
        await service.act(match_id, CAT.id, "pass")


async def test_an_illegal_action_changes_nothing(service):
    match_id = await started(service, ANN, BEN)
    before = await service.get(match_id)
    with pytest.raises(RuleError):
        await service.act(match_id, ANN.id, {"kind": "bank", "card": "99-z"})
    with pytest.raises(RuleError):
        await service.act(match_id, ANN.id, "fly to=moon")
    after = await service.get(match_id)
    assert after == before
    assert len(await service.store.events(match_id)) == before.seq


async def test_a_double_click_makes_one_move_and_returns_the_first_result(service):
    match_id = await started(service, ANN, BEN)
    first = await service.act(match_id, ANN.id, "mark", command_id="interaction-1")
    second = await service.act(match_id, ANN.id, "mark", command_id="interaction-1")
    assert second.duplicate and not first.duplicate
    assert [e.seq for e in second.events] == [e.seq for e in first.events]
    assert (await service.get(match_id)).state.marks[0] == 1


async def test_a_choice_number_or_code_selects_the_listed_action(service):
    match_id = await started(service, ANN, BEN)
    choices = await service.choices(match_id, ANN.id)
    idx = next(i for i, c in enumerate(choices, 1) if c.code == "mark")
    await service.act(match_id, ANN.id, str(idx))
    assert (await service.get(match_id)).state.marks[0] == 1


async def test_a_cold_start_rebuilds_the_same_state(service, store):
    match_id = await started(service, ANN, BEN)
    for _ in range(25):
        ms = await service.get(match_id)
        if ms.status != "running":
            break
        _, player = await whose_turn(service, match_id)
        await service.act(match_id, player.id, "roll" if ms.state.responder is None else "accept")
    live = await service.get(match_id)
    cold = MatchService(store)
    assert await cold.get(match_id) == live


async def test_snapshots_are_used_and_ignored_when_the_ruleset_changes(service, store):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    for _ in range(12):
        _, player = await whose_turn(service, match_id)
        await service.act(match_id, player.id, "roll")
    snap = await store.latest_snapshot(match_id, "toy-1")
    assert snap is not None and snap[0] >= 10
    assert snapshot.load(snap[1], snap[0], "toy-1").seq == snap[0]
    assert await store.latest_snapshot(match_id, "toy-2") is None
    # A corrupt snapshot must never matter: the log is the truth.
    await store.save_snapshot(match_id, snap[0], "toy-1", b"garbage")
    cold = MatchService(store)
    assert await cold.get(match_id) == await service.get(match_id)


async def test_moderator_undo_and_redo(service):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    states = [await service.get(match_id)]
    for word in ["roll", "roll", "roll"]:
        _, player = await whose_turn(service, match_id)
        await service.act(match_id, player.id, word)
        states.append(await service.get(match_id))
    undone = await service.undo(match_id, "mod", count=2, reason="misclick")
    assert undone.match.state == states[1].state
    assert undone.events[0].payload == {"to_seq": states[1].seq, "reason": "misclick", "kind": "undo"}
    redone = await service.redo(match_id, "mod", reason="undo the undo")
    assert redone.match.state == states[3].state
    # The log keeps everything, visibly.
    types = [e.type for e in await service.store.events(match_id)]
    assert types.count("revert") == 2 and types.count("action") == 3


async def test_undo_to_a_chosen_point(service):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    point = (await service.get(match_id)).seq
    for _ in range(3):
        _, player = await whose_turn(service, match_id)
        await service.act(match_id, player.id, "pass")
    result = await service.undo(match_id, "mod", to_seq=point, reason="restart turn")
    assert result.match.state == (await service.state_at(match_id, point)).state
    with pytest.raises(Refused):
        await service.undo(match_id, "mod", to_seq=1)  # before the match started


async def test_undo_cannot_reroll(service):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    await service.act(match_id, ANN.id, "roll")
    rolled = await service.get(match_id)
    await service.undo(match_id, "mod", count=1)
    await service.act(match_id, ANN.id, "roll")
    assert (await service.get(match_id)).state == rolled.state


async def test_undo_after_undo_stays_consistent_after_a_rebuild(service, store):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    for _ in range(4):
        _, player = await whose_turn(service, match_id)
        await service.act(match_id, player.id, "roll")
    await service.undo(match_id, "mod", count=1)
    await service.undo(match_id, "mod", count=1)
    _, player = await whose_turn(service, match_id)
    await service.act(match_id, player.id, "pass")
    await service.undo(match_id, "mod", count=2)
    assert await MatchService(store).get(match_id) == await service.get(match_id)


async def test_a_finished_match_cannot_be_undone(service):
    match_id = await started(service, ANN, BEN, options={"goal": 1})
    await service.act(match_id, ANN.id, "roll")
    assert (await service.get(match_id)).status == "finished"
    with pytest.raises(Refused, match="final"):
        await service.undo(match_id, "mod", count=1)


async def test_player_takeback_needs_the_others_and_a_silent_action(service):
    match_id = await started(service, ANN, BEN, CAT, options={"goal": 500})
    await service.act(match_id, ANN.id, "mark")
    await service.request_takeback(match_id, ANN.id)
    with pytest.raises(Refused):
        await service.answer_takeback(match_id, ANN.id, True)  # not your own request
    await service.answer_takeback(match_id, BEN.id, True)
    assert (await service.get(match_id)).state.marks[0] == 1  # CAT has not answered
    result = await service.answer_takeback(match_id, CAT.id, True)
    assert result.events[-1].type == "revert" and result.events[-1].payload["kind"] == "takeback"
    assert (await service.get(match_id)).state.marks[0] == 0


async def test_a_declined_takeback_changes_nothing(service):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    await service.act(match_id, ANN.id, "mark")
    await service.request_takeback(match_id, ANN.id)
    await service.answer_takeback(match_id, BEN.id, False)
    ms = await service.get(match_id)
    assert ms.state.marks[0] == 1 and ms.takeback is None


async def test_no_takeback_of_a_roll_or_of_another_turn(service):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    await service.act(match_id, ANN.id, "roll")
    with pytest.raises(Refused, match="revealed"):
        await service.request_takeback(match_id, ANN.id)
    await service.act(match_id, BEN.id, "pass")
    with pytest.raises(Refused):
        await service.request_takeback(match_id, BEN.id)  # the pass ended Ben's turn


async def test_removed_player_is_played_by_default_and_last_standing_wins(service):
    match_id = await started(service, ANN, BEN, CAT, options={"goal": 500})
    await service.remove_player(match_id, "mod:mod", 1, "removed")
    await service.act(match_id, ANN.id, "pass")  # Ben's turn is passed automatically
    _pending, player = await whose_turn(service, match_id)
    assert player.id == CAT.id
    result = await service.remove_player(match_id, CAT.id, 2, "forfeit")
    assert result.match.status == "finished" and result.match.outcome.winners == (0,)


async def test_replacing_a_player_keeps_the_seat(service):
    match_id = await started(service, ANN, BEN)
    dan = Player(id="local:dan", name="Dan")
    await service.replace_player(match_id, "mod", 1, dan, "Ben left the server")
    await service.act(match_id, ANN.id, "pass")
    await service.act(match_id, dan.id, "pass")
    with pytest.raises(Refused):
        await service.act(match_id, BEN.id, "pass")


async def test_abort_and_skip(service):
    match_id = await started(service, ANN, BEN)
    skipped = await service.skip(match_id, 0, "deadline")
    assert skipped.events[0].actor == "system" and skipped.events[0].payload["auto"] == "deadline"
    await service.abort(match_id, "mod", "players left")
    assert (await service.get(match_id)).status == "aborted"
    with pytest.raises(Refused):
        await service.act(match_id, BEN.id, "pass")


async def test_bots_play_their_own_turns(service):
    ms = await service.create("toy", ANN, {"goal": 500})
    await service.add_bot(ms.match_id, ANN.id)
    await service.start(ms.match_id, ANN.id)
    result = await service.act(ms.match_id, ANN.id, "pass")
    actors = [e.actor for e in result.events]
    assert actors[0] == ANN.id and len(actors) >= 2 and set(actors[1:]) == {"system"}
    assert all(e.payload["auto"] == "bot" for e in result.events[1:])
    assert (await whose_turn(service, ms.match_id))[1].id == ANN.id


async def test_views_follow_the_viewer(service):
    match_id = await started(service, ANN, BEN)
    ms = await service.get(match_id)
    assert service.viewer_for(ms, ANN.id) == Viewer.of(0)
    assert service.viewer_for(ms, CAT.id) == Viewer()
    assert service.viewer_for(ms, CAT.id, moderator=True) == ALL_SEEING
    ben_view = await service.view(match_id, Viewer.of(1))
    assert ben_view["hands"][0] == {"hidden": 3} and isinstance(ben_view["hands"][1], list)


async def test_a_stale_choice_is_refused_under_the_lock(service):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    offered_at = (await service.get(match_id)).seq
    await service.act(match_id, ANN.id, "mark", expected_seq=offered_at)
    with pytest.raises(Refused, match="no longer current"):
        await service.act(match_id, ANN.id, "mark", expected_seq=offered_at)
    assert (await service.get(match_id)).state.marks[0] == 1


async def test_a_system_abort_is_recorded_as_the_system(service):
    match_id = await started(service, ANN, BEN)
    result = await service.abort(match_id, None, "thread could not be created")
    assert result.events[0].actor == "system"


async def test_bots_wait_for_humans_ranked_before_them(store):
    """Pending.order: a bot whose decision comes later does not jump the queue."""
    from engine.core import Pending, Text
    from engine.registry import register
    from tests.toygame import ToyGame

    class Ordered(ToyGame):
        id = "toy-ordered"

        def pending(self, state):
            base = super().pending(state)
            if not base or state.responder is not None:
                return base
            # Everyone is asked, the active seat first, the rest after it.
            return tuple(Pending(s, "turn", Text("", ""), order=0 if s == state.active else 1)
                         for s in range(state.seats))

        def apply(self, state, seat, action, rng):
            if seat != state.active:
                from engine.core import RuleError
                raise RuleError(Text("Not yet.", "まだです。"))
            return super().apply(state, seat, action, rng)

    register(Ordered())
    service = MatchService(store)
    ms = await service.create("toy-ordered", ANN, {"goal": 500})
    await service.add_bot(ms.match_id, ANN.id)
    started_ = await service.start(ms.match_id, ANN.id)
    assert started_.match.status == "running"  # the bot did not try to act out of turn
    result = await service.act(ms.match_id, ANN.id, "pass")
    assert result.events[1].actor == "system" and result.events[1].payload["seat"] == 1


async def test_a_retried_undo_undoes_once(service):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    for _ in range(3):
        _, player = await whose_turn(service, match_id)
        await service.act(match_id, player.id, "roll")
    first = await service.undo(match_id, "mod", count=1, command_id="undo-1")
    again = await service.undo(match_id, "mod", count=1, command_id="undo-1")
    assert again.duplicate and again.events[0].seq == first.events[0].seq
    types = [e.type for e in await service.store.events(match_id)]
    assert types.count("revert") == 1


async def test_undo_racing_a_move_undoes_a_consistent_point(service, store):
    import asyncio

    match_id = await started(service, ANN, BEN, options={"goal": 500})
    await service.act(match_id, ANN.id, "roll")
    await asyncio.gather(service.act(match_id, BEN.id, "roll"), service.undo(match_id, "mod", count=1),
                         return_exceptions=True)
    assert await MatchService(store).get(match_id) == await service.get(match_id)
