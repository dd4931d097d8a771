"""A history edited outside the service is caught: the hash chain breaks at
the edit, and even a forger who recomputes the chain cannot make replay
accept an event the live service would have refused."""

import json

import pytest

from events.chain import GENESIS, canonical_payload, link
from events.errors import Refused
from events.export import export_jsonl, import_jsonl
from events.replay import outcome_json
from events.service import MatchService
from events.store import Store
from events.verify import verify_match

from .conftest import ANN, BEN, play, started, tamper


async def reopen(db):
    store = await Store.open(db)
    return store, MatchService(store)


async def verdict(db, match_id):
    store, service = await reopen(db)
    try:
        return await verify_match(service, match_id)
    finally:
        await store.close()


def rechain(db, match_id):
    """What a careful forger does after editing: recompute every hash."""
    import sqlite3
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.execute("DROP TRIGGER IF EXISTS events_no_update")
        prev = GENESIS
        rows = conn.execute("SELECT seq, type, version, actor, command_id, at, payload FROM events "
                            "WHERE match_id = ? ORDER BY seq", (match_id,)).fetchall()
        for row in rows:
            prev = link(prev, *row)
            conn.execute("UPDATE events SET hash = ? WHERE match_id = ? AND seq = ?", (prev, match_id, row[0]))
    finally:
        conn.close()


async def a_match(service, moves=6):
    match_id = await started(service, ANN, BEN)
    await play(service, match_id, moves)
    events = await service.store.events(match_id)
    return match_id, [e for e in events if e.type == "action"]


async def test_an_untouched_match_verifies(service, db):
    match_id, _ = await a_match(service)
    report = await verdict(db, match_id)
    assert report.ok, [x.en for x in report.lines]
    assert any("hash chain" in x.en for x in report.lines)


async def test_an_edited_payload_breaks_the_chain_at_that_event(service, db):
    match_id, actions = await a_match(service)
    target = actions[2]
    payload = dict(target.payload, action={"kind": "roll"})
    tamper(db, ("UPDATE events SET payload = ? WHERE match_id = ? AND seq = ?",
                (canonical_payload(payload), match_id, target.seq)))
    report = await verdict(db, match_id)
    assert not report.ok
    # The chain hashes the action's seal (so a hash hides it); the seal catches the edit.
    assert any(f"Events [{target.seq}] do not match their seals" in x.en for x in report.lines)


async def test_an_edited_actor_fails_even_with_the_chain_recomputed(service, db):
    match_id, actions = await a_match(service)
    target = actions[1]
    other = BEN.id if target.actor == ANN.id else ANN.id
    tamper(db, ("UPDATE events SET actor = ? WHERE match_id = ? AND seq = ?", (other, match_id, target.seq)))
    assert any("breaks at event" in x.en for x in (await verdict(db, match_id)).lines)
    rechain(db, match_id)
    report = await verdict(db, match_id)
    assert not report.ok
    assert any("does not replay" in x.en and f"event {target.seq}" in x.en for x in report.lines)


async def _insert_after_last(db, match_id, etype, actor, payload):
    import sqlite3
    conn = sqlite3.connect(db)
    try:
        seq = conn.execute("SELECT MAX(seq) FROM events WHERE match_id = ?", (match_id,)).fetchone()[0]
    finally:
        conn.close()
    tamper(db, ("INSERT INTO events (match_id, seq, type, version, actor, command_id, at, payload, hash) "
                "VALUES (?,?,?,?,?,?,?,?,?)", (match_id, seq + 1, etype, 1, actor, None, "2026-01-01T00:00:00",
                                              canonical_payload(payload), "f" * 64)),
           ("UPDATE matches SET last_seq = ? WHERE id = ?", (seq + 1, match_id)))
    return seq + 1


async def test_an_inserted_forfeit_fails_even_with_the_chain_recomputed(service, db):
    match_id, _ = await a_match(service)
    # Ben "forfeits" by Ann's hand: Ann would win.
    seq = await _insert_after_last(db, match_id, "player_removed", ANN.id, {"seat": 1, "reason": "forfeit"})
    assert any(f"breaks at event {seq}" in x.en for x in (await verdict(db, match_id)).lines)
    rechain(db, match_id)
    report = await verdict(db, match_id)
    assert not report.ok
    assert any("does not replay" in x.en and f"event {seq}" in x.en for x in report.lines)


async def test_a_moderator_event_by_a_player_is_refused_on_replay(service, db):
    match_id, _ = await a_match(service)
    seq = await _insert_after_last(db, match_id, "revert", ANN.id, {"to_seq": 4, "reason": "", "kind": "undo"})
    rechain(db, match_id)
    report = await verdict(db, match_id)
    assert not report.ok and any(f"event {seq}" in x.en and "moderator" in x.en for x in report.lines)


async def test_nothing_replays_after_an_abort(service, db):
    match_id, actions = await a_match(service)
    await service.abort(match_id, "mod-1", "test")
    last = actions[-1]
    ms = await service.get(match_id)
    (pending, player), *_ = [(p, ms.seats[p.seat]) for p in ms.game.pending(ms.state)]
    seq = await _insert_after_last(db, match_id, "action", player.id,
                                   {**last.payload, "seat": pending.seat, "action": {"kind": "roll"}})
    rechain(db, match_id)
    report = await verdict(db, match_id)
    assert not report.ok and any(f"event {seq}" in x.en and "aborted" in x.en for x in report.lines)


async def test_a_changed_log_line_is_caught(service, db):
    match_id, actions = await a_match(service)
    target = actions[0]
    payload = dict(target.payload, log=[{"en": "Ann wins outright.", "ja": "アンの勝ち。"}])
    tamper(db, ("UPDATE events SET payload = ? WHERE match_id = ? AND seq = ?",
                (canonical_payload(payload), match_id, target.seq)))
    rechain(db, match_id)
    report = await verdict(db, match_id)
    assert not report.ok and any("log text" in x.en and str(target.seq) in x.en for x in report.lines)


async def test_a_system_move_for_a_person_must_be_their_default(service, db):
    """A deadline plays the passive default; it cannot be used to choose a move for someone."""
    match_id, _actions = await a_match(service)
    ms = await service.get(match_id)
    (pending, _player), *_ = [(p, ms.seats[p.seat]) for p in ms.game.pending(ms.state)]
    default = ms.game.default_action(ms.state, pending.seat)
    other = next(c.action for c in ms.game.legal_actions(ms.state, pending.seat) if dict(c.action) != dict(default))
    seq = await _insert_after_last(db, match_id, "action", "system",
                                   {"seat": pending.seat, "action": dict(other), "auto": "deadline"})
    rechain(db, match_id)
    report = await verdict(db, match_id)
    assert not report.ok and any(f"event {seq}" in x.en and "default" in x.en for x in report.lines)


async def test_the_stored_status_must_match_the_rebuilt_one(service, db):
    match_id, _ = await a_match(service)
    tamper(db, ("UPDATE matches SET status = 'finished' WHERE id = ?", (match_id,)))
    report = await verdict(db, match_id)
    assert not report.ok and any("stored match differs" in x.en for x in report.lines)


async def test_verify_of_a_running_match_names_only_a_head_that_hashes_no_hidden_content(service, db):
    """The head of a sealed chain hashes seals, not hidden actions
    (tests/reliability/test_chain_hides.py shows no guess can be tested
    against it), so verify may print it while the match runs."""
    match_id, actions = await a_match(service)
    _, head = await service.store.chain_break(match_id)
    report = await verify_match(service, match_id)
    assert report.ok
    assert all("sealed" in e.payload for e in actions)
    assert any(head in x.en for x in report.lines)


async def _finished(service):
    match_id = await started(service, ANN, BEN, options={"goal": 12})
    await play(service, match_id, 400)
    assert (await service.get(match_id)).status == "finished"
    return match_id


async def test_import_refuses_a_broken_chain(service, tmp_path):
    match_id = await _finished(service)
    lines = (await export_jsonl(service, match_id)).splitlines()
    row = json.loads(lines[5])
    row["at"] = "2020-01-01T00:00:00.000+00:00"
    lines[5] = json.dumps(row)
    other = await Store.open(tmp_path / "other.sqlite")
    try:
        with pytest.raises(Refused, match="hash chain breaks at event 5"):
            await import_jsonl(MatchService(other), "\n".join(lines), match_id="copy")
        assert await other.match("copy") is None
    finally:
        await other.close()


async def test_import_refuses_a_running_match_even_with_its_secret(service, tmp_path):
    match_id, _ = await a_match(service)
    text = await export_jsonl(service, match_id, moderator=True)
    header = json.loads(text.splitlines()[0])
    header["secret"] = (await service.store.secret(match_id)).hex()  # leaked by an operator
    header["redacted"] = False
    forged = "\n".join([json.dumps(header), *text.splitlines()[1:]])
    with pytest.raises(Refused, match="finished"):
        await import_jsonl(service, forged, match_id="copy")


@pytest.mark.parametrize("text, words", [
    ("not json at all\n", "not valid JSON"),
    ('{"format": "something-else"}\n', "not a Parley match export"),
    ("", "not a Parley match export"),
])
async def test_a_bad_import_file_is_one_clear_refusal(service, text, words):
    with pytest.raises(Refused, match=words):
        await import_jsonl(service, text)


async def test_an_imported_match_keeps_its_chain_and_verifies(service, tmp_path):
    match_id = await _finished(service)
    text = await export_jsonl(service, match_id)
    other = await Store.open(tmp_path / "other.sqlite")
    try:
        ms = await import_jsonl(MatchService(other), text, match_id="copy")
        assert ms.status == "finished"
        assert (await other.chain_break("copy"))[0] is None
        report = await verify_match(MatchService(other), "copy")
        assert report.ok, [x.en for x in report.lines]
    finally:
        await other.close()


async def test_a_match_of_an_older_ruleset_verifies_despite_new_wording(service, db):
    """Wording (log lines, the result's reason, the board) may change with a new
    ruleset; results may not. A finished match recorded before still verifies."""
    import sqlite3
    match_id = await _finished(service)
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("DROP TRIGGER IF EXISTS events_no_update")
    rows = conn.execute("SELECT seq, payload FROM events WHERE match_id = ? AND type IN ('match_created', 'action')",
                        (match_id,)).fetchall()
    for seq, text in rows:
        payload = json.loads(text)
        if "ruleset" in payload:
            payload["ruleset"] = "toy-0"
        else:
            payload["log"] = [{"en": "Old wording.", "ja": "旧い文面。"}]
        conn.execute("UPDATE events SET payload = ? WHERE match_id = ? AND seq = ?",
                     (canonical_payload(payload), match_id, seq))
    result = json.loads(conn.execute("SELECT result FROM matches WHERE id = ?", (match_id,)).fetchone()[0])
    result["reason"] = {"en": "Old reason.", "ja": "旧い理由。"}
    conn.execute("UPDATE matches SET result = ?, ruleset = 'toy-0' WHERE id = ?", (json.dumps(result), match_id))
    conn.close()
    rechain(db, match_id)
    report = await verdict(db, match_id)
    assert report.ok, [x.en for x in report.lines]
    assert any("older ruleset" in x.en for x in report.lines)


async def _posted_head(service, match_id):
    """The head as the match's thread shows it after the last move (16 hex digits)."""
    last = (await service.store.events(match_id))[-1]
    return last.seq, last.hash[:16]


async def test_a_legal_rewrite_with_the_chain_recomputed_fails_against_a_posted_head(service, db):
    """The limit of a chain without a signing key: a rewrite the rules allow
    verifies, until it is checked against a head players saw posted."""
    match_id, actions = await a_match(service)
    posted = await _posted_head(service, match_id)
    cut = actions[-2].seq
    tamper(db, ("DELETE FROM events WHERE match_id = ? AND seq >= ?", (match_id, cut)),
           ("DELETE FROM snapshots WHERE match_id = ?", (match_id,)),
           ("UPDATE matches SET last_seq = ? WHERE id = ?", (cut - 1, match_id)))
    # Ben "forfeits" in his own name where his last moves were: the rules allow it.
    await _insert_after_last(db, match_id, "player_removed", BEN.id, {"seat": 1, "reason": "forfeit"})
    rechain(db, match_id)
    store, fresh = await reopen(db)
    try:
        forged = await fresh.get(match_id)
        result = outcome_json(forged)
        tamper(db, ("UPDATE matches SET status = ?, result = ? WHERE id = ?",
                    (forged.status, json.dumps(result) if result else None, match_id)))
        plain = await verify_match(fresh, match_id)
        assert plain.ok, [x.en for x in plain.lines if x.en.startswith("✗")]  # consistent and legal: the chain alone cannot tell
        report = await verify_match(fresh, match_id, [posted])
    finally:
        await store.close()
    assert not report.ok
    assert any(f"chain head shown at event {posted[0]} is not the log's" in x.en for x in report.lines)


async def test_a_cut_tail_fails_against_the_last_posted_head(service, db):
    match_id, _ = await a_match(service)
    posted = await _posted_head(service, match_id)
    assert (await verdict_with(db, match_id, [posted])).ok
    tamper(db, ("DELETE FROM events WHERE match_id = ? AND seq >= ?", (match_id, posted[0] - 1)),
           ("DELETE FROM snapshots WHERE match_id = ?", (match_id,)),
           ("UPDATE matches SET last_seq = ? WHERE id = ?", (posted[0] - 2, match_id)))
    assert (await verdict(db, match_id)).ok  # consistent: the chain alone cannot tell
    report = await verdict_with(db, match_id, [posted])
    assert not report.ok and any("rewritten or cut" in x.en for x in report.lines)


async def verdict_with(db, match_id, heads):
    store, service = await reopen(db)
    try:
        return await verify_match(service, match_id, heads)
    finally:
        await store.close()
