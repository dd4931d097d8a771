"""The hash chain holds on both backends, and an edit made past the triggers
(as someone with the database's password or file can) is found where it is."""

import json

from events.chain import canonical_payload
from events.service import MatchService
from events.stores import open_store
from events.verify import verify_match

from .conftest import ANN, BEN, play, started


async def a_played_match(service, moves=6):
    match_id = await started(service, ANN, BEN)
    await play(service, match_id, moves)
    return match_id, [e for e in await service.store.events(match_id) if e.type == "action"]


async def test_an_untouched_match_chain_holds_and_verifies(service):
    match_id, _ = await a_played_match(service)
    broken, head = await service.store.chain_break(match_id)
    assert broken is None and head == (await service.store.events(match_id))[-1].hash
    assert (await verify_match(service, match_id)).ok


async def _verified_afresh(db_url, match_id):
    store = await open_store(db_url)  # a fresh process's view: nothing cached
    try:
        return await verify_match(MatchService(store), match_id)
    finally:
        await store.close()


async def test_an_edited_payload_breaks_the_chain_at_that_event(service, raw, db_url):
    match_id, actions = await a_played_match(service)
    target = actions[2]
    payload = dict(target.payload, turn=target.payload["turn"] + 1)
    await raw.run("UPDATE events SET payload = ? WHERE match_id = ? AND seq = ?",
                  canonical_payload(payload), match_id, target.seq, bypass_triggers=True)
    assert (await service.store.chain_break(match_id))[0] == target.seq
    report = await _verified_afresh(db_url, match_id)
    assert not report.ok and any(f"breaks at event {target.seq}" in x.en for x in report.lines)


async def test_an_edited_hidden_action_breaks_its_seal(service, raw, db_url):
    """The chain hashes a hidden action's seal, not the action (so the hash
    hides it); an edit to the action is found by checking the seal."""
    match_id, actions = await a_played_match(service)
    target = actions[2]
    payload = dict(target.payload, action={"kind": "roll"})
    await raw.run("UPDATE events SET payload = ? WHERE match_id = ? AND seq = ?",
                  canonical_payload(payload), match_id, target.seq, bypass_triggers=True)
    report = await _verified_afresh(db_url, match_id)
    assert not report.ok and any(f"Events [{target.seq}] do not match their seals" in x.en for x in report.lines)


async def test_an_edit_that_keeps_the_json_but_not_its_text_breaks_the_chain(service, raw):
    match_id, actions = await a_played_match(service)
    target = actions[1]
    spaced = json.dumps(target.payload, ensure_ascii=False, sort_keys=True)  # same data, other bytes
    await raw.run("UPDATE events SET payload = ? WHERE match_id = ? AND seq = ?",
                  spaced, match_id, target.seq, bypass_triggers=True)
    assert (await service.store.chain_break(match_id))[0] == target.seq


async def test_a_deleted_event_breaks_the_chain_where_it_was(service, raw):
    match_id, actions = await a_played_match(service)
    target = actions[3]
    await raw.run("DELETE FROM events WHERE match_id = ? AND seq = ?", match_id, target.seq, bypass_triggers=True)
    assert (await service.store.chain_break(match_id))[0] == target.seq


async def test_an_edited_time_breaks_the_chain(service, raw):
    match_id, actions = await a_played_match(service)
    target = actions[0]
    await raw.run("UPDATE events SET at = ? WHERE match_id = ? AND seq = ?",
                  "1999-01-01T00:00:00", match_id, target.seq, bypass_triggers=True)
    assert (await service.store.chain_break(match_id))[0] == target.seq
