import json

import pytest

from events.errors import Refused
from events.export import export_jsonl, import_jsonl
from events.model import NewEvent
from events.service import MatchService
from events.store import Store
from events.verify import verify_match

from .conftest import ANN, BEN, started, whose_turn


async def play_out(service, match_id, limit=200):
    for _ in range(limit):
        ms = await service.get(match_id)
        if ms.status != "running":
            return ms
        _pending, player = await whose_turn(service, match_id)
        choices = await service.choices(match_id, player.id)
        await service.act(match_id, player.id, choices[-1].action)
    raise AssertionError("match did not end")


async def test_a_running_export_hides_other_seats_actions_and_the_secret(service):
    match_id = await started(service, ANN, BEN)
    hand = (await service.get(match_id)).state.hands[0]
    await service.act(match_id, ANN.id, {"kind": "bank", "card": hand[0]})
    secret = await service.store.secret(match_id)
    as_ben = await export_jsonl(service, match_id, player_id=BEN.id)
    assert secret.hex() not in as_ben
    assert hand[1] not in as_ben and hand[2] not in as_ben
    rows = [json.loads(x) for x in as_ben.splitlines()]
    assert rows[0]["redacted"] is True and "secret" not in rows[0]
    action = next(r for r in rows[1:] if r["type"] == "action")
    assert "action" not in action["payload"] and action["payload"]["log"]
    as_ann = await export_jsonl(service, match_id, player_id=ANN.id)
    assert hand[0] in as_ann
    as_mod = await export_jsonl(service, match_id, moderator=True)
    assert secret.hex() not in as_mod and json.loads(as_mod.splitlines()[0])["redacted"] is False


async def test_a_finished_match_exports_with_its_secret_and_imports_elsewhere(service, tmp_path):
    match_id = await started(service, ANN, BEN, options={"goal": 12})
    finished = await play_out(service, match_id)
    text = await export_jsonl(service, match_id)
    header = json.loads(text.splitlines()[0])
    assert header["secret"] == (await service.store.secret(match_id)).hex()
    other = await Store.open(tmp_path / "other.sqlite")
    try:
        imported = await import_jsonl(MatchService(other), text)
        assert imported.state == finished.state and imported.outcome == finished.outcome
        assert (await verify_match(MatchService(other), match_id)).ok
    finally:
        await other.close()


async def test_a_redacted_export_cannot_be_imported(service):
    match_id = await started(service, ANN, BEN)
    with pytest.raises(Refused, match="finished"):
        await import_jsonl(service, await export_jsonl(service, match_id, player_id=ANN.id), match_id="x")


async def test_verify_checks_a_finished_match_against_the_secret(service):
    match_id = await started(service, ANN, BEN, options={"goal": 12})
    await play_out(service, match_id)
    report = await verify_match(service, match_id)
    assert report.ok, [x.en for x in report.lines]
    assert report.draws > 0
    assert any("commitment" in x.en for x in report.lines)


async def test_verify_detects_a_tampered_log(service):
    match_id = await started(service, ANN, BEN, options={"goal": 500})
    ms = await service.get(match_id)
    # A forged action whose published digest does not match what the rules produce.
    forged = NewEvent(type="action", actor=ANN.id,
                      payload={"seat": 0, "action": {"kind": "mark"}, "digest": "0" * 64, "log": []})
    await service.store.append(match_id, ms.seq, [forged], "t")
    service.forget()
    report = await verify_match(service, match_id)
    assert not report.ok
    assert any("differs" in x.en for x in report.lines)


async def test_verify_of_a_running_match_defers_the_fairness_check(service):
    match_id = await started(service, ANN, BEN)
    report = await verify_match(service, match_id)
    assert report.ok and any("when the match ends" in x.en for x in report.lines)
