"""Snapshots are data, never code: every game's state comes back from a
snapshot behaving exactly as it was (views, legal actions, the rest of the
match), and anything that is not a snapshot of this ruleset at this seq, a
pickle above all, is ignored without being run."""

import dataclasses
import functools
import json
import os
import pickle
import shlex

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import ALL_SEEING, SPECTATOR, Rng, Text, Viewer, commitment
from engine.core.play import step
from engine.core.selfplay import derive_secret
from engine.core.statecodec import Custom, StateCodec
from engine.registry import get_game
from events import snapshot
from events.model import Player
from events.replay import MatchState, final_outcome, rebuild
from events.service import MatchService
from events.store import Store

GAMES = [("toy", 3), ("quarriors", 3), ("naru", 2), ("musou", 2), ("warlords", 4)]
POINTS = (0, 5, 30, 120, 400)  # steps into the match; a shorter match is also checked at its end
ONWARD = 25  # steps played on from a snapshot to compare the continuations


def bot_seat(game, state):
    pending = game.pending(state)
    return min(pending, key=lambda p: (p.order, p.seat)).seat if pending else None


def play_on(game, state, counter, secret, bots, steps):
    """(state, counter, actions, log) after up to `steps` bot moves."""
    moves, log = [], []
    for _ in range(steps):
        seat = bot_seat(game, state)
        if seat is None:
            break
        action = game.bot_action(state, seat, bots)
        result = step(game, state, seat, action, secret, counter)
        state, counter = result.transition.state, result.counter
        moves.append((seat, action))
        log.extend(result.transition.log)
    return state, counter, moves, log


def envelope(game, seats, options, secret, state, counter, seq):
    players = tuple(Player(id=f"local:p{i}", name=f"Player {i}", locale="ja" if i % 2 else "en")
                    for i in range(seats))
    outcome = final_outcome(game, state, frozenset(), seats)
    return MatchState(match_id="m-1", game_id=game.id, ruleset=game.ruleset, options=options,
                      commitment=commitment(secret), creator=players[0].id,
                      status="finished" if outcome else "running", lobby=players, seats=players, state=state,
                      counter=counter, seq=seq, outcome=outcome, takeback=(0, seq) if seq else None,
                      takeback_yes=frozenset({1}), place={"guild": "g-1", "channel": "c-1", "thread": 7})


def as_json(value):
    # Order-sensitive, unlike ==: a view must come back in the same order too.
    return json.dumps(value, ensure_ascii=False, default=repr)


def exact(a, b):
    """Equal and of the same types all the way down (== says 1 == True == 1.0
    and a dict equals a dict subclass), dataclass fields included."""
    if type(a) is not type(b):
        return False
    if dataclasses.is_dataclass(a):
        return all(exact(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(map(exact, a, b))
    if isinstance(a, dict):
        return len(a) == len(b) and all(exact(ka, kb) and exact(va, vb)
                                        for (ka, va), (kb, vb) in zip(a.items(), b.items(), strict=True))
    if isinstance(a, set | frozenset):
        return sorted(map(repr, a)) == sorted(map(repr, b))
    return repr(a) == repr(b)


def assert_same_match(game, seats, secret, original, loaded, bots_seed):
    assert loaded == original
    state, back = original.state, loaded.state
    assert exact(back, state)
    if game.id == "quarriors":  # cards come back as the card set's own objects
        assert all(c is game.cardset.cards[c.id] for c in back.cards)
    for viewer in (ALL_SEEING, SPECTATOR, *(Viewer.of(s) for s in range(seats))):
        assert as_json(game.view(back, viewer)) == as_json(game.view(state, viewer))
    assert game.pending(back) == game.pending(state)
    for seat in range(seats):
        assert game.legal_actions(back, seat) == game.legal_actions(state, seat)
    assert game.outcome(back) == game.outcome(state)
    ahead = play_on(game, state, original.counter, secret, Rng(derive_secret(bots_seed, "onward")), ONWARD)
    again = play_on(game, back, loaded.counter, secret, Rng(derive_secret(bots_seed, "onward")), ONWARD)
    assert again[1:] == ahead[1:]
    assert again[0] == ahead[0]
    assert as_json(game.view(again[0], ALL_SEEING)) == as_json(game.view(ahead[0], ALL_SEEING))


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "seats"), GAMES)
@given(seed=st.integers(0, 2**20))
def test_every_game_comes_back_from_a_snapshot_exactly(game_id, seats, seed):
    game = get_game(game_id)
    secret = derive_secret(seed)
    options = game.options({}, seats)
    rng = Rng(secret)
    state = game.setup(seats, options, rng)
    counter, done = rng.counter, 0
    bots = Rng(derive_secret(seed, "bots"))
    for point in POINTS:
        state, counter, moves, _ = play_on(game, state, counter, secret, bots, point - done)
        done += len(moves)
        ms = envelope(game, seats, options, secret, state, counter, done + 3)
        loaded = snapshot.load(snapshot.dump(ms), ms.seq, game.ruleset)
        assert loaded is not None, f"{game_id} at step {done}"
        assert_same_match(game, seats, secret, ms, loaded, seed)
        if bot_seat(game, state) is None:
            break


@pytest.mark.slow
async def test_a_snapshot_in_a_real_store_rebuilds_the_same_match(tmp_path):
    """Through a real service and SQLite file: a snapshot saved at any point,
    read back and replayed forward, gives the match the full log gives."""
    store = await Store.open(tmp_path / "parley.sqlite")
    try:
        for game_id, seats in [("toy", 3), ("warlords", 3), ("quarriors", 2)]:
            service = MatchService(store, snapshot_every=10**9, new_secret=functools.partial(derive_secret, game_id),
                                   bot_rng=Rng(derive_secret(game_id, "bots")))
            creator = Player(id="bot:1", name="Bot 1")
            ms = await service.create(game_id, creator, {"goal": 40} if game_id == "toy" else None)
            for _ in range(seats - 1):
                await service.add_bot(ms.match_id, creator.id)
            final = (await service.start(ms.match_id, creator.id)).match
            events = await store.events(ms.match_id)
            secret = await store.secret(ms.match_id)
            ruleset = get_game(game_id).ruleset
            for seq in sorted({len(events) // 3, len(events) // 2, len(events) - 1, len(events)}):
                at = await service.state_at(ms.match_id, seq)
                await store.save_snapshot(ms.match_id, seq, ruleset, snapshot.dump(at))
                snap = await store.latest_snapshot(ms.match_id, ruleset, seq)
                assert snap is not None and snap[0] == seq
                start = snapshot.load(snap[1], snap[0], ruleset)
                assert start == at
                assert rebuild([e for e in events if e.seq > seq], secret, start)[0] == final
            bulk = (await store.bulk([ms.match_id]))[ms.match_id][2][ruleset]
            assert snapshot.load(bulk[1], bulk[0], ruleset) == final
    finally:
        await store.close()


# -- nothing but a snapshot of this ruleset at this seq is ever used -------------------------------------------


def toy_match(seed=1, steps=12):
    game = get_game("toy")
    secret = derive_secret(seed)
    options = game.options({"goal": 60}, 3)
    rng = Rng(secret)
    state, counter, moves, _ = play_on(game, game.setup(3, options, rng), rng.counter, secret,
                                       Rng(derive_secret(seed, "bots")), steps)
    return envelope(game, 3, options, secret, state, counter, len(moves) + 5)


class Payload:
    """What an attacker stores: unpickling it runs a shell command."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return os.system, (f"echo pwned > {shlex.quote(str(self.marker))}",)


def test_a_crafted_pickle_is_never_unpickled(tmp_path):
    control, marker = tmp_path / "control", tmp_path / "marker"
    pickle.loads(pickle.dumps(Payload(control)))
    assert control.exists(), "the payload must be live for this test to mean anything"
    ms = toy_match()
    for blob in (pickle.dumps(Payload(marker)), pickle.dumps(Payload(marker), 0),
                 pickle.dumps((ms, Payload(marker))), b"{" + pickle.dumps(Payload(marker))):
        assert snapshot.load(blob, ms.seq, ms.ruleset) is None
    assert not marker.exists()


def test_a_legacy_pickled_snapshot_is_ignored(monkeypatch):
    ms = toy_match()
    legacy = pickle.dumps(ms, pickle.HIGHEST_PROTOCOL)

    def refuse(*args, **kwargs):
        raise AssertionError("a snapshot was unpickled")
    monkeypatch.setattr(pickle, "loads", refuse)
    monkeypatch.setattr(pickle, "Unpickler", refuse)
    assert snapshot.load(legacy, ms.seq, ms.ruleset) is None
    assert snapshot.load(snapshot.dump(ms), ms.seq, ms.ruleset) == ms


def doc_of(ms):
    return json.loads(snapshot.dump(ms))


def blob_of(doc):
    return json.dumps(doc).encode()


def test_a_snapshot_of_another_ruleset_seq_format_or_layout_is_ignored():
    ms = toy_match()
    blob = snapshot.dump(ms)
    assert snapshot.load(blob, ms.seq, ms.ruleset) == ms
    assert snapshot.load(blob, ms.seq, "toy-2") is None
    assert snapshot.load(blob, ms.seq, get_game("naru").ruleset) is None
    assert snapshot.load(blob, ms.seq + 1, ms.ruleset) is None
    assert snapshot.load(blob, ms.seq - 1, ms.ruleset) is None
    edits = [
        lambda d: d.update(format=snapshot.FORMAT + 1),
        lambda d: d.update(format=str(snapshot.FORMAT)),
        lambda d: d.update(ruleset="toy-0"),
        lambda d: d.update(layout="0" * 16),
        lambda d: d.update(seq=float(ms.seq)),
        lambda d: d.update(extra=1),
        lambda d: d.pop("layout"),
        lambda d: d["match"].update(seq=ms.seq + 1),
        lambda d: d["match"].update(game_id="naru"),
        lambda d: d["match"].pop("place"),
        lambda d: d["match"].update(surplus=1),
        lambda d: d.update(match=[]),
    ]
    for edit in edits:
        doc = doc_of(ms)
        edit(doc)
        assert snapshot.load(blob_of(doc), ms.seq, ms.ruleset) is None, doc


@pytest.mark.parametrize("tag", ["os.system", "posix:system", "builtins.eval", "MatchState", "WState", "Unit",
                                 "QState", "__import__", "object"])
def test_a_tag_the_game_does_not_list_is_refused(tag):
    ms = toy_match()
    doc = doc_of(ms)
    doc["match"]["state"] = {"#": tag, "v": ["rm -rf /"]}
    assert snapshot.load(blob_of(doc), ms.seq, ms.ruleset) is None
    doc["match"]["state"]["v"] = doc_of(ms)["match"]["state"]["v"]
    assert snapshot.load(blob_of(doc), ms.seq, ms.ruleset) is None


def test_every_prefix_of_a_snapshot_is_ignored():
    ms = toy_match()
    blob = snapshot.dump(ms)
    for end in range(len(blob)):
        assert snapshot.load(blob[:end], ms.seq, ms.ruleset) is None


@given(st.binary(max_size=300))
def test_garbage_is_ignored(blob):
    assert snapshot.load(blob, 7, "toy-1") is None
    assert snapshot.load(b"{" + blob, 7, "toy-1") is None


@given(st.data())
def test_a_damaged_snapshot_never_raises(data):
    ms = toy_match()
    blob = bytearray(snapshot.dump(ms))
    for _ in range(data.draw(st.integers(1, 4))):
        blob[data.draw(st.integers(0, len(blob) - 1))] = data.draw(st.integers(0, 255))
    result = snapshot.load(bytes(blob), ms.seq, ms.ruleset)
    assert result is None or isinstance(result, MatchState)


# -- the codec itself ------------------------------------------------------------------------------------------------

keys = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=4), st.sampled_from(["#", "v", "t"]),
                 st.tuples(st.integers(), st.text(max_size=3)))
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(), st.just("\ud800 lone"))
plain = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=4).map(tuple),
        st.dictionaries(keys, inner, max_size=4),
        st.dictionaries(st.text(max_size=4), inner, max_size=4),
        st.sets(keys, max_size=4),
        st.frozensets(keys, max_size=4),
        st.builds(Text, st.text(), st.text()),
    ),
    max_leaves=30)


@pytest.mark.slow
@given(plain)
def test_the_codec_keeps_plain_data_exactly(value):
    codec = StateCodec()
    assert exact(codec.loads(codec.dumps(value)), value)


@dataclasses.dataclass
class Listed:
    n: int
    tags: frozenset[str] = frozenset()


@dataclasses.dataclass
class Unlisted:
    n: int


class Sub(Listed):
    pass


def test_the_codec_writes_only_listed_classes():
    codec = StateCodec((Listed,))
    value = {"a": Listed(1, frozenset({"x"})), 2: [Listed(2)]}
    assert codec.loads(codec.dumps(value)) == value
    for stray in (Unlisted(1), Sub(1), object(), {"k": [Unlisted(2)]}, pickle):
        with pytest.raises(TypeError):
            codec.dumps(stray)
    with pytest.raises(ValueError):
        StateCodec().loads(codec.dumps(Listed(1)))
    with pytest.raises(TypeError):
        StateCodec((Payload,))  # neither a dataclass nor a Custom form


def test_a_class_whose_fields_changed_has_another_layout():
    old = dataclasses.make_dataclass("Listed", [("n", int)])
    new = dataclasses.make_dataclass("Listed", [("n", int), ("m", int)])
    renamed = dataclasses.make_dataclass("Listed", [("k", int)])
    layouts = {StateCodec((c,)).layout for c in (old, new, renamed)}
    assert len(layouts) == 3
    assert StateCodec((old,)).layout == StateCodec((old,)).layout
    with pytest.raises(ValueError):
        StateCodec((new,)).loads(StateCodec((old,)).dumps(old(1)))


def test_a_custom_form_round_trips_and_its_tag_must_be_unique():
    form = Custom(Unlisted, lambda u: u.n, lambda n: Unlisted(n), tag="U")
    codec = StateCodec((form, Listed))
    assert codec.loads(codec.dumps((Unlisted(3), Listed(4)))) == (Unlisted(3), Listed(4))
    with pytest.raises(ValueError):
        StateCodec((Listed, Custom(Unlisted, int, int, tag="Listed")))
    with pytest.raises(ValueError):
        StateCodec((Custom(Unlisted, int, int, tag="t"),))  # a builtin tag
