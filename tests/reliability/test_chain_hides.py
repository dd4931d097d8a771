"""The chain hides what it commits to (issue 21, item 1).

The attack the probe ran: a seat exports its redacted view of a running
match, which keeps every event's chain hash; for each redacted action of
another seat it hashes every action that seat could have played until one
matches. Here the attacker is given more than a real one has: the exact list
of legal actions at that point. With sealed events it recovers nothing; on
the same matches hashed the way the chain was before seals (the control), it
recovers most actions, so the test can fail."""

import hashlib
import json
import random

import pytest

from events.chain import GENESIS, canonical_payload, link
from events.export import export_jsonl
from events.model import Player
from events.replay import rebuild
from events.seal import SEALED, seal_key, seal_of
from events.service import MatchService
from events.store import Store

ANN = Player(id="local:ann", name="Ann")
BEN = Player(id="local:ben", name="Ben")
GAMES = ["quarriors", "naru", "musou", "warlords"]


@pytest.fixture
async def service(db):
    """Fixed secrets, so each game's match is the same every run (and still running after its moves)."""
    store = await Store.open(db)
    yield MatchService(store, new_secret=lambda: bytes(range(32)))
    await store.close()


async def _running_match(service, game, moves=40, seed=1):
    ms = await service.create(game, ANN)
    await service.join(ms.match_id, BEN)
    await service.start(ms.match_id, ANN.id)
    rnd = random.Random(seed)
    for _ in range(moves):
        if (await service.get(ms.match_id)).status != "running":
            break
        (_pending, player), *_ = await service.waiting(ms.match_id)
        choices = await service.choices(ms.match_id, player.id)
        await service.act(ms.match_id, player.id, rnd.choice(choices).action)
    assert (await service.get(ms.match_id)).status == "running"
    return ms.match_id


async def _candidates(service, match_id):
    """For each action event, the legal actions its seat had at that point."""
    events = await service.store.events(match_id)
    secret = await service.store.secret(match_id)
    out = {}

    def check(event, before, after, step):
        if event.type == "action":
            seat = event.payload["seat"]
            out[event.seq] = [dict(c.action) for c in before.game.legal_actions(before.state, seat)]

    rebuild(events, secret, check=check)
    return out


def _guessed_keys(header):
    """Every key an attacker could derive from what the export shows."""
    public = [header["commitment"].encode(), bytes.fromhex(header["commitment"]), header["match_id"].encode(), b""]
    return [k for p in public for k in (p, seal_key(p), hashlib.sha256(p).digest())]


def _attacks(e, prev, keys):
    """Every test of a guessed full payload the attacker can run against event `e`."""
    def by_chain(full):
        return link(prev, e["seq"], e["type"], e["version"], e["actor"], e["command_id"], e["at"],
                    canonical_payload(full)) == e["hash"]

    tests = [by_chain]
    seal = e["payload"].get(SEALED)
    if seal is not None:
        tests += [lambda full, k=k: seal_of(k, e["seq"], e["type"], full) == seal for k in keys]
        tests.append(lambda full: hashlib.sha256(canonical_payload(full["action"]).encode()).hexdigest() == seal)
    return tests


def _recovered(lines, candidates):
    """How many redacted actions the attacker pins down: some test it can run
    accepts some of the legal actions and rejects others."""
    header, events = lines[0], lines[1:]
    keys = _guessed_keys(header)
    prev, found = GENESIS, 0
    for e in events:
        options = candidates.get(e["seq"], [])
        if e["payload"].get("redacted") and len(options) > 1:
            public = {k: v for k, v in e["payload"].items() if k != "redacted"}
            for test in _attacks(e, prev, keys):
                accepted = [a for a in options if test({**public, "action": a})]
                if 0 < len(accepted) < len(options):
                    found += 1
                    break
        prev = e["hash"]
    return found


def _unsealed_chain(lines, events):
    """The same export as the chain was before seals: every hash over the whole payload."""
    prev, out = GENESIS, [lines[0]]
    for line, event in zip(lines[1:], events, strict=True):
        full = {k: v for k, v in event.payload.items() if k != SEALED}
        prev = link(prev, event.seq, event.type, event.version, event.actor, event.command_id, event.at,
                    canonical_payload(full))
        payload = {k: v for k, v in line["payload"].items() if k != SEALED}
        out.append({**line, "payload": payload, "hash": prev})
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
async def test_a_seat_recovers_no_hidden_action_from_its_export(service, game):
    match_id = await _running_match(service, game)
    candidates = await _candidates(service, match_id)
    text = await export_jsonl(service, match_id, player_id=ANN.id)
    lines = [json.loads(x) for x in text.splitlines()]
    redacted = [x for x in lines[1:] if x.get("payload", {}).get("redacted")]
    assert redacted, "the opponent played no hidden action to attack"
    assert all(x["hash"] and SEALED in x["payload"] and "action" not in x["payload"] for x in redacted)
    assert _recovered(lines, candidates) == 0
    # The control: the same matches hashed as before seals give most actions away.
    events = await service.store.events(match_id)
    assert sum(len(candidates.get(x["seq"], [])) > 1 for x in redacted) >= 3, "too few choices to attack"
    assert _recovered(_unsealed_chain(lines, events), candidates) > 0


async def test_after_the_end_the_export_alone_checks_every_seal(service):
    """Once the match is over its export carries the secret, and every seal and
    link can be checked from the file: what import does."""
    match_id = await _running_match(service, "naru", moves=12)
    await service.abort(match_id, None, "test over")
    lines = [json.loads(x) for x in (await export_jsonl(service, match_id)).splitlines()]
    header = lines[0]
    key = seal_key(bytes.fromhex(header["secret"]))
    sealed = [x for x in lines[1:] if SEALED in x["payload"]]
    assert sealed and all(seal_of(key, x["seq"], x["type"], x["payload"]) == x["payload"][SEALED] for x in sealed)
