"""The match secret never reaches a log, even with aiosqlite's DEBUG logging on:
aiosqlite logs every call it hands to its thread, and the repr of that call
includes the SQL's bound parameters. A bot operator debugging the database
must not thereby learn the secret of every running match (it predicts every
shuffle and roll)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from events.export import export_jsonl, import_jsonl
from events.model import Player
from events.service import MatchService
from events.store import Store

SECRET = bytes.fromhex("5ec7e7" * 10 + "a1b2")  # 32 bytes, easy to spot
ANN = Player(id="discord:1", name="Ann")
BEN = Player(id="discord:2", name="Ben")


def _forms(secret: bytes) -> list[str]:
    return [secret.hex(), secret.hex().upper(), repr(secret), str(secret), repr(bytearray(secret)),
            repr(memoryview(secret).tobytes())]


def _leaks(caplog: pytest.LogCaptureFixture, secret: bytes) -> list[str]:
    found = []
    for record in caplog.records:
        text = " ".join([record.getMessage(), repr(record.args), record.exc_text or ""])
        found += [f"{record.name}: {text[:200]}" for form in _forms(secret) if form in text]
    return found


async def test_aiosqlite_debug_log_never_shows_the_secret_on_create_and_play(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="aiosqlite"):
        store = await Store.open(tmp_path / "parley.sqlite")
        try:
            service = MatchService(store, new_secret=lambda: SECRET)
            ms = await service.create("toy", ANN, {"goal": 50}, place={"via": "discord", "guild": "1"})
            await service.join(ms.match_id, BEN)
            await service.start(ms.match_id, ANN.id)
            await service.act(ms.match_id, ANN.id, "roll")
            service.forget()  # a cold load reads the secret back
            await service.get(ms.match_id)
        finally:
            await store.close()
    assert any(r.name == "aiosqlite" for r in caplog.records), "aiosqlite's DEBUG logging was not captured"
    assert not _leaks(caplog, SECRET), _leaks(caplog, SECRET)


async def test_aiosqlite_debug_log_never_shows_the_secret_on_import(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = await Store.open(tmp_path / "parley.sqlite")
    try:
        service = MatchService(store, new_secret=lambda: SECRET, operator="9")
        ms = await service.create("toy", ANN, {"goal": 1})
        await service.join(ms.match_id, BEN)
        await service.start(ms.match_id, ANN.id)
        await service.abort(ms.match_id, "9", "test")
        text = await export_jsonl(service, ms.match_id)  # an ended match's export carries its secret
        with caplog.at_level(logging.DEBUG, logger="aiosqlite"):
            await import_jsonl(service, text, match_id="copy")
    finally:
        await store.close()
    assert any(r.name == "aiosqlite" for r in caplog.records)
    assert not _leaks(caplog, SECRET), _leaks(caplog, SECRET)
