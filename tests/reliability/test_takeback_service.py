"""The match service records an action as revealing when any seat's view
gained hidden ids, even when the game forgot to say so and drew no
randomness; such an action cannot be taken back."""

import pytest

from engine.core import Transition
from engine.registry import register
from events.errors import Refused
from events.verify import verify_match
from tests.toygame import ToyGame

from .conftest import ANN, BEN


class ForgetfulToy(ToyGame):
    """The toy game whose draw forgets to flag itself as revealing (as Musou's
    War Council once did): only the framework's view comparison can tell."""

    id = "toy-forgetful"

    def apply(self, state, seat, action, rng):
        t = super().apply(state, seat, action, rng)
        return Transition(t.state, t.log, False) if action["kind"] == "draw" else t


register(ForgetfulToy())


async def a_match(service):
    ms = await service.create("toy-forgetful", ANN, {"goal": 500})
    await service.join(ms.match_id, BEN)
    await service.start(ms.match_id, ANN.id)
    return ms.match_id


async def first_mover(service, match_id):
    (_pending, player), *_ = await service.waiting(match_id)
    return player


async def test_a_draw_the_game_forgot_to_flag_is_recorded_as_revealing(service):
    match_id = await a_match(service)
    player = await first_mover(service, match_id)
    result = await service.act(match_id, player.id, {"kind": "draw"})
    action = next(e for e in result.events if e.type == "action")
    assert action.payload["reveals"] is True
    with pytest.raises(Refused, match="revealed hidden information"):
        await service.request_takeback(match_id, player.id)
    assert (await verify_match(service, match_id)).ok


async def test_a_move_that_shows_nothing_can_still_be_taken_back(service):
    match_id = await a_match(service)
    player = await first_mover(service, match_id)
    result = await service.act(match_id, player.id, {"kind": "mark"})
    action = next(e for e in result.events if e.type == "action")
    assert action.payload["reveals"] is False
    asked = await service.request_takeback(match_id, player.id)
    assert asked.events[0].type == "takeback_requested"


def test_the_forgetful_game_really_forgets():
    """The control: without the framework's check this draw would pass as silent."""
    from engine.core import Rng, Viewer
    from engine.core.play import step
    game = ForgetfulToy()
    state = game.setup(2, {"goal": 500}, Rng(b"k" * 32))
    for seat in range(2):
        try:
            result = step(game, state, seat, {"kind": "draw"}, b"k" * 32, 10)
            break
        except Exception:
            continue
    assert result.reveals is False
    drawn = set(result.transition.state.hands[seat]) - set(state.hands[seat])
    assert drawn and drawn <= game.hidden_ids(state, Viewer.of(seat))


async def test_two_accepts_at_once_take_the_action_back_once(service):
    """Issue 21: both accepts saw the request pending, so each carried it out:
    the second revert had no request left to carry out, and the log no longer
    replayed (a raw ReplayError on the next cold load)."""
    import asyncio

    match_id = await a_match(service)
    player = await first_mover(service, match_id)
    other = BEN if player.id == ANN.id else ANN
    before = (await service.get(match_id)).state
    await service.act(match_id, player.id, {"kind": "mark"})
    await service.request_takeback(match_id, player.id)
    await asyncio.gather(*(service.answer_takeback(match_id, other.id, True, command_id=f"accept-{n}")
                           for n in range(2)))
    events = await service.events(match_id)
    assert [e.payload["kind"] for e in events if e.type == "revert"] == ["takeback"]
    service.forget(match_id)
    assert (await service.get(match_id)).state == before
    assert (await verify_match(service, match_id)).ok


async def test_a_second_request_while_one_waits_is_refused(service):
    match_id = await a_match(service)
    player = await first_mover(service, match_id)
    await service.act(match_id, player.id, {"kind": "mark"})
    await service.request_takeback(match_id, player.id)
    with pytest.raises(Refused, match="already"):
        await service.request_takeback(match_id, player.id)
