"""A process killed with SIGKILL in the middle of appending loses nothing it
acknowledged and leaves a log that rebuilds exactly."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from events.service import MatchService
from events.store import Store
from events.verify import verify_match

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.parametrize("acks_before_kill", [3, 40, 120])
async def test_sigkill_mid_append_keeps_exactly_the_acknowledged_log(tmp_path, acks_before_kill):
    db = tmp_path / "crash.sqlite"
    child = subprocess.Popen([sys.executable, str(ROOT / "tests" / "events" / "crash_child.py"), str(db)],
                             stdout=subprocess.PIPE, text=True, cwd=ROOT,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    acks: dict[str, int] = {}
    lines = 0
    try:
        deadline = time.monotonic() + 60
        while lines < acks_before_kill and time.monotonic() < deadline:
            lines += 1
            line = child.stdout.readline()
            assert line.startswith("ACK"), f"child failed: {line!r}"
            _, mid, seq = line.split()
            acks[mid] = int(seq)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    # Anything printed after our last read was acknowledged too.
    for line in child.stdout.read().splitlines():
        _, mid, seq = line.split()
        acks[mid] = int(seq)
    mid, acked = max(acks.items(), key=lambda kv: int(kv[0].split("-")[1]))
    store = await Store.open(db)
    try:
        events = await store.events(mid)
        seqs = [e.seq for e in events]
        assert seqs == list(range(1, len(seqs) + 1))
        # Every acknowledged event is there; at most the one command in flight is extra.
        assert acked <= len(seqs) <= acked + 1
        assert (await store.match(mid)).last_seq == len(seqs)
        service = MatchService(store)
        report = await verify_match(service, mid)
        assert report.ok, [x.en for x in report.lines]
    finally:
        await store.close()
