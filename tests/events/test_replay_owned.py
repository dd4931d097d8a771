"""A rebuild folds runs of actions on states it owns (events/replay.py `_actions`,
`Game.apply_owned`). It must give what the pure, event-by-event fold gives, refuse
a tampered action exactly as that fold does, and never edit a state someone else
holds (the envelope it starts from, a snapshot or the service's cache)."""

from __future__ import annotations

import json
import pickle

import pytest

from engine.core import RuleError
from events.errors import ReplayError
from events.replay import all_seeing_digest, apply_event, created, rebuild
from events.selfplay import selfplay

# The toy game's matches are short enough for the quick suite; the four games' take seconds.
GAMES = ["toy", *(pytest.param(g, marks=pytest.mark.slow) for g in ("quarriors", "naru", "musou", "warlords"))]


def pure_fold(events, secret):
    ms = created(events[0])
    for event in events[1:]:
        ms = apply_event(ms, event, secret)
    return ms


async def bot_log(store, game_id):
    (result,) = await selfplay(store, game_id, 2, 1, seed=7)
    return await store.events(result.match_id), await store.secret(result.match_id)


def with_action(event, action):
    return event.model_copy(update={"payload": {**event.payload, "action": action}})


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_rebuild_equals_the_pure_fold_and_leaves_its_start_alone(store, game_id):
    events, secret = await bot_log(store, game_id)
    folded = pure_fold(events, secret)
    rebuilt, _ = rebuild(events, secret)
    assert rebuilt.state == folded.state
    assert all_seeing_digest(rebuilt) == all_seeing_digest(folded)
    assert rebuilt.counter == folded.counter and rebuilt.outcome == folded.outcome
    # From an envelope held elsewhere (as a snapshot or the cache is): it is not edited.
    middle = len(events) // 2
    start, _ = rebuild(events[:middle], secret)
    before = pickle.dumps(start.state)
    resumed, _ = rebuild(events[middle:], secret, start=start)
    assert pickle.dumps(start.state) == before
    assert all_seeing_digest(resumed) == all_seeing_digest(folded)


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_tampered_action_in_a_run_is_refused_as_the_pure_fold_refuses_it(store, game_id):
    events, secret = await bot_log(store, game_id)
    actions = [i for i, e in enumerate(events) if e.type == "action"]
    # Deep in a run of actions, where the rebuild edits its own state in place.
    at = next(i for i in actions[5:] if events[i - 1].type == "action")
    kind = events[at].payload["action"]["kind"]
    for wrong in ({"kind": "no-such-action"}, {"kind": kind, "die": 999, "card": "x", "to": -1}):
        tampered = [*events[:at], with_action(events[at], wrong), *events[at + 1:]]
        try:
            pure_fold(tampered, secret)
        except RuleError as exc:
            expected = (type(exc), exc.what, exc.allowed)
        else:
            continue  # an argument the action ignores: nothing to refuse
        with pytest.raises(RuleError) as fast:
            rebuild(tampered, secret)
        assert (type(fast.value), fast.value.what, fast.value.allowed) == expected, wrong
    # The first odd action, at least, is refused by both.
    with pytest.raises(RuleError):
        rebuild([*events[:at], with_action(events[at], {"kind": "no-such-action"}), *events[at + 1:]], secret)


def folded_or_refused(fold, events, secret):
    """What a fold makes of a log: the refusal, or the state it rebuilds."""
    try:
        ms = fold(events, secret)
    except ReplayError as exc:
        return str(exc)
    return all_seeing_digest(ms[0] if isinstance(ms, tuple) else ms)


@pytest.mark.parametrize("game_id", GAMES)
async def test_an_action_under_another_name_in_a_run_fares_as_in_the_pure_fold(store, game_id):
    """A run checks who acts once per run, for the authors that need nothing
    more (`plain_authors`); any other author or seat is checked action by action."""
    events, secret = await bot_log(store, game_id)
    actions = [i for i, e in enumerate(events) if e.type == "action"]
    at = next(i for i in actions[5:] if events[i - 1].type == "action")
    event = events[at]
    seat = event.payload["seat"]
    other = next(p for i, p in enumerate(pure_fold(events[:at], secret).seats) if i != seat)
    # Another seat's player, a stranger; the right seat spelt as a float (refused) or a flag (read as the number).
    wrongs = [{"actor": other.id}, {"actor": "local:nobody"}, {"payload": {**event.payload, "seat": float(seat)}},
              {"payload": {**event.payload, "seat": seat == 1}}]
    refused = 0
    for wrong in wrongs:
        tampered = [*events[:at], event.model_copy(update=wrong), *events[at + 1:]]
        expected = folded_or_refused(pure_fold, tampered, secret)
        assert folded_or_refused(rebuild, tampered, secret) == expected, wrong
        refused += expected.startswith(f"event {event.seq} (action by ")
    assert refused == 3


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_rebuild_leaves_every_recorded_action_as_it_was(store, game_id):
    """A run hands each action read from the log to the game as it is, not a copy
    (`engine.core.play.owned_steps`): no game may edit one, or the stored event would change."""
    events, secret = await bot_log(store, game_id)
    before = json.dumps([e.payload for e in events], sort_keys=True)
    rebuild(events, secret)
    assert json.dumps([e.payload for e in events], sort_keys=True) == before
