"""Conditional premoves through the real match service (SQLite), for each game
that allows them: one fires when its condition holds as its seat's decision
comes, lapses when its answer is illegal then or the condition does not hold,
ends with the seat's own command, never shows to the other seat, and the log
replays and verifies."""

import random

import pytest

from engine.core.errors import RuleError
from events.errors import ReplayError
from events.export import export_jsonl
from events.replay import rebuild
from tests.pace.test_orders_service import (
    ANN,
    BEN,
    play_until,
    replayed,
    service,
    started,
    unseen_by_ann,
    verified,
)

__all__ = ["service"]

# Per game: Ann's decision Ben waits through, what Ann plays, Ben's answer to it,
# and a move Ann does not make before Ben is asked.
CASES = {"naru": ("action", "end_turn", "end_summon", "no_tool"), "musou": ("main", "pass", "pass", "attack")}
GAMES = list(CASES)
ANN_ANSWER = {"naru": "end_summon", "musou": "pass"}  # her first decision after Ben's reply
SECRET_ANSWER = "move from=z9 to=z8"  # never legal: a premove whose answer lapses


def premoves(events):
    return [e for e in events if e.type == "action" and e.payload.get("auto") == "premove"]


async def anns_decision(service, game, salt):
    """A match played until Ann alone is asked her turn's decision (Ben waits)."""
    match_id = await started(service, game)
    kind = CASES[game][0]
    rnd = random.Random(f"{game}-{salt}")

    def ann_alone(ms, waiting):
        return ms.game.turn(ms.state) >= 2 and [(p.seat, p.kind) for p, _ in waiting] == [(0, kind)] \
            and "response" not in ms.game.order_tags(ms.state, waiting[0][0])
    await play_until(service, match_id, rnd, ann_alone)
    return match_id, rnd


async def ann_plays(service, match_id, kind):
    choice = next(c for c in await service.choices(match_id, ANN.id, 0) if c.action["kind"] == kind)
    return await service.act(match_id, ANN.id, choice.action, seat=0)


async def premoved(service, game, salt, words):
    """Ben's premove `words`, set while Ann is asked, and Ann's move that triggers it."""
    match_id, rnd = await anns_decision(service, game, salt)
    await service.set_order(match_id, BEN.id, words)
    await ann_plays(service, match_id, CASES[game][1])
    return match_id, rnd


def forged(events, change):
    """The log with every premove in it changed by `change`."""
    return [e.model_copy(update={"payload": {**e.payload, "orders": [change(o) for o in e.payload["orders"]]}})
            if e.type == "standing_orders" else e for e in events]


async def until_ben(service, match_id, rnd):
    """Ann's own decisions after her move (a discard), until Ben is asked or answered."""
    return await play_until(service, match_id, rnd, lambda ms, w: any(p.seat == 1 for p, _ in w)
                            or 1 not in ms.orders)


@pytest.mark.parametrize("game", GAMES)
async def test_a_premove_fires_when_they_play_its_trigger(service, game):
    _, trigger, answer, _ = CASES[game]
    match_id, rnd = await anns_decision(service, game, "fire")
    await service.set_order(match_id, BEN.id, f"premove if {trigger} then {answer}")
    ms = await service.get(match_id)
    assert [o.name for o in ms.orders[1]] == ["premove"] and not ms.orders[1][0].ready
    await ann_plays(service, match_id, trigger)
    after = await service.get(match_id)
    assert after.orders[1][0].ready if 1 in after.orders else premoves(await service.store.events(match_id))
    await until_ben(service, match_id, rnd)
    fired = premoves(await service.store.events(match_id))
    assert len(fired) == 1, "it fires once, at Ben's next decision"
    e = fired[0]
    assert e.actor == "system" and e.payload["seat"] == 1 and e.payload["action"] == {"kind": answer}
    assert e.payload["log"][0] == {"en": "⟦1⟧, by premove:", "ja": "⟦1⟧のプレムーブにより:"}
    assert 1 not in (await service.get(match_id)).orders, "fired, it is gone"
    await verified(service, match_id)


@pytest.mark.parametrize("game", GAMES)
async def test_a_premove_lapses_when_its_answer_is_illegal_or_its_condition_fails(service, game):
    _, trigger, answer, unmet = CASES[game]
    match_id, rnd = await premoved(service, game, "lapse", f"premove if {trigger} then {SECRET_ANSWER}")
    ms = await until_ben(service, match_id, rnd)
    assert any(p.seat == 1 for p, _ in await service.waiting(match_id)), "Ben is asked as usual"
    assert 1 not in ms.orders and not premoves(await service.store.events(match_id))
    # A premove whose condition does not hold when Ben is asked lapses too, legal answer or not:
    # one waiting for a move Ann did not make, and one for a decision Ben does not get.
    for salt, words in [("unmet", f"premove if {unmet} then {answer}"),
                        ("lapse-on", f"premove on no-such-decision then {answer}")]:
        match_id, rnd = await premoved(service, game, salt, words)
        ms = await until_ben(service, match_id, rnd)
        assert 1 not in ms.orders and not premoves(await service.store.events(match_id)), words
        await verified(service, match_id)


@pytest.mark.parametrize("game", GAMES)
async def test_a_premove_that_waits_for_a_decision_kind_fires_on_it(service, game):
    answer, next_kind = CASES[game][2], {"naru": "summon", "musou": "main"}[game]
    match_id, rnd = await premoved(service, game, "on", f"premove on {next_kind} then {answer}")
    await until_ben(service, match_id, rnd)
    assert len(premoves(await service.store.events(match_id))) == 1
    await verified(service, match_id)


@pytest.mark.parametrize("game", GAMES)
async def test_the_seats_own_command_cancels_its_premove(service, game):
    _, trigger, answer, _ = CASES[game]
    match_id, rnd = await anns_decision(service, game, "cancel")
    await service.set_order(match_id, BEN.id, f"premove if {trigger} then {answer}")
    ms = (await service.cancel_orders(match_id, BEN.id)).match
    assert 1 not in ms.orders
    await service.set_order(match_id, BEN.id, f"premove if {trigger} then {answer}")
    # Any other command of Ben's ends it too: here he hands his seat over (the new player set nothing).
    from events.model import Player
    ms = (await service.hand_over(match_id, BEN.id, Player(id="local:cy", name="Cy"))).match
    assert 1 not in ms.orders
    await ann_plays(service, match_id, trigger)
    await play_until(service, match_id, rnd, lambda ms, w: any(p.seat == 1 for p, _ in w))
    assert not premoves(await service.store.events(match_id))
    await verified(service, match_id)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
async def test_a_premove_never_shows_to_the_other_seat(service, game):
    match_id, rnd = await anns_decision(service, game, "secret")
    await service.set_order(match_id, BEN.id, f"premove if {CASES[game][1]} then {SECRET_ANSWER}")
    await service.set_order(match_id, BEN.id, "premove on no-such-decision then secretmove")
    await ann_plays(service, match_id, CASES[game][1])
    await play_until(service, match_id, rnd, None, limit=20)
    events = await service.store.events(match_id)
    as_ann = await export_jsonl(service, match_id, player_id=ANN.id)
    as_spectator = await export_jsonl(service, match_id)
    for export in (as_ann, as_spectator):
        assert "secretmove" not in export and "z9" not in export and "premove" not in export
    assert "secretmove" in await export_jsonl(service, match_id, player_id=BEN.id)
    await unseen_by_ann(service, match_id, events, ("secretmove", "z9", "premove", "プレムーブ"))
    await verified(service, match_id)


@pytest.mark.parametrize("game", GAMES)
async def test_the_log_replays_only_with_the_premove_behind_its_move(service, game):
    _, trigger, answer, _ = CASES[game]
    match_id, rnd = await premoved(service, game, "replay", f"premove if {trigger} then {answer}")
    ms = await play_until(service, match_id, rnd, None, limit=10)
    events, secret = await replayed(service, ms, premoves)
    # The move claims a premove: a standing order giving the same move does not make it one.
    with pytest.raises(ReplayError, match="premove"):
        rebuild(forged(events, lambda o: {**o, "when": None, "tags": ["any"], "until": "match"}), secret)
    # Nor does a premove whose trigger never came.
    with pytest.raises(ReplayError, match="premove"):
        rebuild(forged(events, lambda o: {**o, "when": {"if": {"kind": "no-such-move"}}}), secret)


async def test_bad_premoves_are_refused_in_one_line_and_nothing_is_appended(service):
    match_id, _ = await anns_decision(service, "naru", "bad")
    seq = (await service.get(match_id)).seq
    for words, said in [("premove if summon then end_summon", "cannot wait for 'summon'"),
                        ("premove whenever then pass", "is not a premove"),
                        ("premove if end_turn", "is not a premove")]:
        with pytest.raises(RuleError, match=said) as refused:
            await service.set_order(match_id, BEN.id, words)
        assert "\n" not in refused.value.message("en") and "プレムーブ" in refused.value.message("ja")
    assert (await service.get(match_id)).seq == seq
    # A game that does not allow premoves says so.
    quarriors = await started(service, "quarriors")
    with pytest.raises(RuleError, match="does not allow premoves"):
        await service.set_order(quarriors, BEN.id, "premove if pass then pass")



@pytest.mark.parametrize("game", GAMES)
async def test_a_premove_set_with_ones_own_move_answers_the_reply(service, game):
    """As in correspondence chess: Ann sets it at her decision, her own moves
    keep it, and it answers her first decision after Ben's reply."""
    trigger = CASES[game][1]
    match_id, rnd = await anns_decision(service, game, "own")
    await service.set_order(match_id, ANN.id, f"premove if {trigger} then {ANN_ANSWER[game]}")
    await ann_plays(service, match_id, trigger)
    ms = await play_until(service, match_id, rnd, lambda ms, w: any(p.seat == 1 for p, _ in w))
    assert [o.name for o in ms.orders[0]] == ["premove"], "her own moves keep it"
    while not any(p.seat == 0 for p, _ in await service.waiting(match_id)):
        choices = await service.choices(match_id, BEN.id, 1)
        pick = next((c for c in choices if c.action["kind"] == trigger), choices[0])
        await service.act(match_id, BEN.id, pick.action, seat=1)
    fired = premoves(await service.store.events(match_id))
    assert [e.payload["seat"] for e in fired] == [0]
    await verified(service, match_id)


async def test_a_snapshot_keeps_premoves(service):
    from events import snapshot
    match_id, _ = await anns_decision(service, "naru", "snapshot")
    await service.set_order(match_id, BEN.id, "premove if move from=a1 to=a2 then end_summon")
    await service.set_order(match_id, BEN.id, "no-tool")
    ms = await service.get(match_id)
    back = snapshot.load(snapshot.dump(ms), ms.seq, ms.ruleset)
    assert back is not None and back.orders == ms.orders and back.orders[1][0].when is not None
