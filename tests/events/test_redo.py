"""What undo and redo may do (issue 21, item 7): a redo takes back the latest
undo not yet redone, and nothing once a move was made since; a count below one
and an aborted match are refused for what they are."""

import pytest

from events.errors import Refused

from .conftest import ANN, BEN, started, whose_turn


async def _rolls(service, match_id, n):
    for _ in range(n):
        _, player = await whose_turn(service, match_id)
        await service.act(match_id, player.id, "roll")


async def test_a_second_redo_has_nothing_to_redo(service):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    await _rolls(service, match_id, 3)
    played = await service.get(match_id)
    await service.undo(match_id, "mod", count=2)
    redone = await service.redo(match_id, "mod")
    assert redone.match.state == played.state
    with pytest.raises(Refused, match="There is nothing to redo") as err:
        await service.redo(match_id, "mod")
    assert "やり直せるものがありません" in err.value.message("ja")
    events = await service.store.events(match_id)
    assert [e.payload["kind"] for e in events if e.type == "revert"] == ["undo", "redo"]
    assert (await service.get(match_id)).state == played.state


async def test_redos_take_back_undos_latest_first(service):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    await _rolls(service, match_id, 3)
    played = await service.get(match_id)
    await service.undo(match_id, "mod")
    once = await service.get(match_id)
    await service.undo(match_id, "mod")
    assert (await service.redo(match_id, "mod")).match.state == once.state
    assert (await service.redo(match_id, "mod")).match.state == played.state
    with pytest.raises(Refused, match="nothing to redo"):
        await service.redo(match_id, "mod")


async def test_no_redo_after_a_new_move(service):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    await _rolls(service, match_id, 2)
    await service.undo(match_id, "mod")
    await _rolls(service, match_id, 1)
    moved = await service.get(match_id)
    with pytest.raises(Refused, match="nothing to redo"):
        await service.redo(match_id, "mod")
    assert (await service.get(match_id)).state == moved.state


async def test_an_undo_count_below_one_is_refused(service):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    await _rolls(service, match_id, 2)
    for count in (0, -1):
        with pytest.raises(Refused, match=f"Cannot undo {count} actions: the count must be at least 1"):
            await service.undo(match_id, "mod", count=count)
    with pytest.raises(Refused, match="There is nothing to undo that far back"):
        await service.undo(match_id, "mod", count=3)
    assert [e.type for e in await service.store.events(match_id)].count("revert") == 0


async def test_undo_on_an_aborted_match_says_it_was_aborted(service):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    await _rolls(service, match_id, 1)
    await service.abort(match_id, "mod", "left")
    with pytest.raises(Refused) as err:
        await service.undo(match_id, "mod")
    assert err.value.message("en").startswith("The match was aborted:")
    assert "finished" not in err.value.message("en")
    assert err.value.message("ja").startswith("この対戦は中止済みです。")
    with pytest.raises(Refused, match="aborted"):
        await service.redo(match_id, "mod")
