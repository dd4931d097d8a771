"""Standing orders through the real match service (SQLite), for each game: an
order answers the decisions it covers, stops at its limit, ends with the seat's
next command, never shows to another seat, and the log replays and verifies."""

import json
import random

import pytest

from engine.core import Viewer
from engine.core.errors import RuleError
from engine.core.orders import ordered_action
from events.errors import ReplayError
from events.export import export_jsonl
from events.model import Player
from events.replay import rebuild
from events.service import MatchService
from events.store import Store
from events.verify import verify_match

ANN = Player(id="local:ann", name="Ann")
BEN = Player(id="local:ben", name="Ben", locale="ja")
GAMES = ["quarriors", "naru", "musou", "warlords"]


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "orders.sqlite")
    yield MatchService(store, new_secret=lambda: bytes(range(32)), snapshot_every=25)
    await store.close()


async def started(service, game):
    ms = await service.create(game, ANN)
    await service.join(ms.match_id, BEN)
    await service.start(ms.match_id, ANN.id)
    return ms.match_id


async def play_until(service, match_id, rnd, done, limit=400):
    """Random moves by whoever is waited on, until `done(ms, waiting)` or the end
    (`done` None: `limit` moves or the end)."""
    for _ in range(limit):
        ms = await service.get(match_id)
        if ms.status != "running":
            return ms
        waiting = await service.waiting(match_id)
        if done is not None and done(ms, waiting):
            return ms
        pending, player = waiting[0]
        choices = await service.choices(match_id, player.id, pending.seat)
        await service.act(match_id, player.id, rnd.choice(choices).action, seat=pending.seat)
    assert done is None, "the condition never came"
    return await service.get(match_id)


def ben_waits(ms, waiting):
    return any(p.seat == 1 for p, _ in waiting) and ms.game.turn(ms.state) >= 1


async def verified(service, match_id):
    report = await verify_match(service, match_id)
    assert report.ok, [x.en for x in report.lines if x.en.startswith("✗")]


async def ben_orders(service, game, salt, *orders):
    """A match played until Ben is asked something, where he then sets `orders`."""
    match_id = await started(service, game)
    rnd = random.Random(f"{game}-{salt}")
    await play_until(service, match_id, rnd, ben_waits)
    for words in orders:
        await service.set_order(match_id, BEN.id, words)
    return match_id, rnd


def order_moves(events):
    return [e for e in events if e.type == "action" and e.payload.get("auto") == "order"]


@pytest.mark.parametrize("game", GAMES)
async def test_an_order_answers_what_it_covers_until_the_phase_ends(service, game):
    match_id = await started(service, game)
    ms = await play_until(service, match_id, random.Random(game), ben_waits)
    phase = ms.game.phase(ms.state)
    result = await service.set_order(match_id, BEN.id, "all until phase")
    played = order_moves(result.events)
    assert played, "the order answers the decision already waiting"
    for e in played:
        assert e.actor == "system" and e.payload["seat"] == 1
        assert e.payload["log"][0] == {"en": "⟦1⟧, by standing order:", "ja": "⟦1⟧の事前指示により:"}
    ms = result.match
    if ms.status == "running" and ms.game.phase(ms.state) == phase:
        assert 1 in ms.orders and all(p.seat != 1 for p in ms.game.pending(ms.state))
    else:
        assert 1 not in ms.orders, "the order ends with its phase"
    await verified(service, match_id)


@pytest.mark.parametrize("game", GAMES)
async def test_responses_are_passed_until_the_seats_next_turn(service, game):
    match_id = await started(service, game)
    rnd = random.Random(f"{game}-turn")

    def anns_turn(ms, waiting):
        return ms.game.turn(ms.state) >= 1 and ms.game.active_seat(ms.state) == 0 and \
            all(p.seat == 0 for p, _ in waiting)
    ms = await play_until(service, match_id, rnd, anns_turn)
    await service.set_order(match_id, BEN.id, "responses")
    assert (await service.get(match_id)).orders[1][0].until == "turn"
    # Ann plays on; Ben is never asked anything until his own turn begins.
    ms = await play_until(service, match_id, rnd, lambda ms, w: ms.game.active_seat(ms.state) == 1
                          or any(p.seat == 1 for p, _ in w))
    if ms.status == "running":
        assert ms.game.active_seat(ms.state) == 1, "a response of Ben's waited for him"
        assert 1 not in ms.orders, "the order ends when his turn begins"
    await verified(service, match_id)


@pytest.mark.parametrize("game", GAMES)
async def test_the_seats_next_command_cancels_its_orders(service, game):
    match_id, rnd = await ben_orders(service, game, "cancel", "decline no-such-decision")
    assert [o.name for o in (await service.get(match_id)).orders[1]] == ["decline no-such-decision"]
    ms = await service.get(match_id)
    assert service.orders_of(ms, BEN.id)[0].describe().en == "decline no-such-decision until you cancel it"
    # Ann's moves leave Ben's orders alone; Ben's own move ends them.
    ms = await play_until(service, match_id, rnd, lambda ms, w: w[0][0].seat == 1)
    assert 1 in ms.orders
    pending = next(p for p, _ in await service.waiting(match_id) if p.seat == 1)
    choices = await service.choices(match_id, BEN.id, 1)
    ms = (await service.act(match_id, BEN.id, choices[0].action, seat=pending.seat)).match
    assert 1 not in ms.orders
    if ms.status == "running":
        await service.set_order(match_id, BEN.id, "decline no-such-decision")
        ms = (await service.cancel_orders(match_id, BEN.id)).match
        assert 1 not in ms.orders
        with pytest.raises(RuleError, match="no standing orders"):
            await service.cancel_orders(match_id, BEN.id)


async def test_another_seats_orders_leave_a_move_offered_before_them_current(service):
    match_id, _ = await ben_orders(service, "quarriors", "current")
    ms = await play_until(service, match_id, random.Random("current"), lambda ms, w: w[0][0].seat == 0)
    offered = ms.seq
    await service.set_order(match_id, BEN.id, "decline no-such-decision")
    await service.set_order(match_id, BEN.id, "responses")
    ms = await service.get(match_id)
    assert ms.seq == offered + 2 and ms.public_seq == offered
    choice = (await service.choices(match_id, ANN.id, 0))[0]
    ms = (await service.act(match_id, ANN.id, choice.action, seat=0, expected_seq=offered)).match
    assert ms.public_seq == ms.seq > offered + 2


async def test_a_bad_order_is_refused_in_one_line_and_nothing_is_appended(service):
    match_id = await started(service, "naru")
    seq = (await service.get(match_id)).seq
    with pytest.raises(RuleError) as refused:
        await service.set_order(match_id, BEN.id, "fold forever")
    assert "\n" not in refused.value.message("en") and "事前指示" in refused.value.message("ja")
    with pytest.raises(RuleError, match="not a limit"):
        await service.set_order(match_id, BEN.id, "responses until dawn")
    with pytest.raises(RuleError, match="not seated"):
        await service.set_order(match_id, "local:eve", "responses")
    assert (await service.get(match_id)).seq == seq


async def test_a_seat_that_left_the_game_sets_no_orders(service):
    ms = await service.create("quarriors", ANN)
    for player in (BEN, Player(id="local:cy", name="Cy")):
        await service.join(ms.match_id, player)
    await service.start(ms.match_id, ANN.id)
    await service.remove_player(ms.match_id, BEN.id, 1, "forfeit")
    with pytest.raises(RuleError, match="left the game"):
        await service.set_order(ms.match_id, BEN.id, "responses")


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
async def test_an_order_never_shows_to_another_seat(service, game):
    match_id, rnd = await ben_orders(service, game, "secret", "responses until match with secretmove", "all until phase")
    await play_until(service, match_id, rnd, None, limit=30)
    events = await service.store.events(match_id)
    orders = [e for e in events if e.type == "standing_orders"]
    assert len(orders) == 2
    as_ann = await export_jsonl(service, match_id, player_id=ANN.id)
    as_spectator = await export_jsonl(service, match_id)
    as_ben = await export_jsonl(service, match_id, player_id=BEN.id)
    for export in (as_ann, as_spectator):
        assert "secretmove" not in export and '"tags"' not in export
        rows = [json.loads(x) for x in export.splitlines()[1:]]
        hidden = [r for r in rows if r["type"] == "standing_orders"]
        assert all(r["payload"]["redacted"] and "orders" not in r["payload"] and r["hash"] for r in hidden)
    assert "secretmove" in as_ben
    await unseen_by_ann(service, match_id, events, ("secretmove", "standing", "事前指示"))
    await verified(service, match_id)


async def unseen_by_ann(service, match_id, events, words):
    """At every replay point, Ann's view shows none of `words`, and no log line
    (terminal or replay page) tells of a standing-orders event."""
    from bot.replaypage.collect import _line as replay_page_line
    from bot.terminal import Terminal
    lines = Terminal(service, match_id, "en", lambda: None)
    for e in events:
        at = await service.state_at(match_id, e.seq)
        if at.state is not None:
            seen = json.dumps(service.view_of(at, Viewer.of(0)), ensure_ascii=False, default=str)
            assert not [w for w in words if w in seen]
        if e.type == "standing_orders":
            assert lines.lines_of(e) == [] and replay_page_line(e) == []


async def replayed(service, ms, automatic):
    """The match's log and secret, once checked that it holds `automatic` moves
    and rebuilds to `ms`, its orders included."""
    events = await service.store.events(ms.match_id)
    assert automatic(events)
    secret = await service.store.secret(ms.match_id)
    rebuilt, _ = rebuild(events, secret)
    assert rebuilt.orders == ms.orders and rebuilt.seq == ms.seq
    return events, secret


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
async def test_the_log_replays_only_with_the_order_behind_each_ordered_move(service, game):
    match_id, rnd = await ben_orders(service, game, "replay", "all until phase")
    ms = await play_until(service, match_id, rnd, None, limit=40)
    events, secret = await replayed(service, ms, order_moves)
    service.forget(match_id)
    assert (await service.get(match_id)).orders == ms.orders  # from a snapshot as well as the log
    # An ordered move with no order behind it is refused on replay.
    forged = [e.model_copy(update={"payload": {**e.payload, "orders": []}}) if e.type == "standing_orders" else e
              for e in events]
    with pytest.raises(ReplayError, match="standing order"):
        rebuild(forged, secret)


def test_an_order_plays_only_a_legal_action():
    from engine.core.orders import Order
    from engine.core.rng import Rng
    from engine.registry import get_game
    game = get_game("naru")
    state = game.setup(2, game.options({}, 2), Rng(bytes(32), 0))
    pending = game.pending(state)[0]
    named = Order("decline mulligan", ("mulligan",), "summon at=a1", "match", 0, -1, "0")
    assert ordered_action(game, state, pending, (named,)) is None
    passive = Order("all", ("any",), None, "match", 0, -1, "0")
    assert ordered_action(game, state, pending, (passive,)) == game.default_action(state, pending.seat)


async def test_orders_on_every_seat_play_a_bounded_number_of_moves_per_command(service, monkeypatch):
    monkeypatch.setattr("events.service.ORDERED_LIMIT", 6)
    match_id, _ = await ben_orders(service, "quarriors", "bounded")
    await service.set_order(match_id, ANN.id, "all until match")
    result = await service.set_order(match_id, BEN.id, "all until match")
    assert len(result.events) == 6 and len(order_moves(result.events)) == 5
    ms = result.match
    assert ms.status == "running" and ms.orders.keys() == {0, 1} and await service.waiting(match_id)
    await verified(service, match_id)


async def test_a_snapshot_keeps_standing_orders(service):
    from events import snapshot
    match_id, _ = await ben_orders(service, "warlords", "snapshot", "no-obstruct", "responses until phase")
    ms = await service.get(match_id)
    assert len(ms.orders[1]) == 2
    back = snapshot.load(snapshot.dump(ms), ms.seq, ms.ruleset)
    assert back is not None and back.orders == ms.orders
    assert (back.orders_at, back.orders_since, back.public_seq) == (ms.orders_at, ms.orders_since, ms.public_seq)
