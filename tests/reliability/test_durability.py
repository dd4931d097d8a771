"""Durability that a regression would break: an acknowledged move is on disk
(fsync'd) before the acknowledgement leaves the process. A SIGKILL alone
cannot show this (the kernel keeps unsynced pages after a process dies), so
the child runs under strace and the test reads the order of system calls:
before each ACK is written there must be an fsync/fdatasync of the database's
WAL since the previous one. The same child with fsync turned off must fail
the same check, so the check itself is known to work."""

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from events.store import Store

ROOT = Path(__file__).resolve().parents[2]
CHILD = ROOT / "tests" / "reliability" / "durable_child.py"

needs_strace = pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed (.ci/run installs it)")


def traced(tmp_path, *flags, moves=12):
    """Run the child under strace until it has acknowledged `moves` moves, kill
    it, and return (acked seqs, the syscall trace, the database path)."""
    db = tmp_path / "durable.sqlite"
    trace = tmp_path / "trace.txt"
    child = subprocess.Popen(["strace", "-f", "-qq", "-e", "trace=openat,fsync,fdatasync,write", "-o", str(trace),
                              sys.executable, str(CHILD), str(db), str(moves), *flags],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    acked: list[int] = []
    pid = None
    try:
        for line in child.stdout:
            if line.startswith("PID"):
                pid = int(line.split()[1])
            elif line.startswith("DONE"):
                break
            else:
                assert line.startswith("ACK"), line
                acked.append(int(line.split()[2]))
    finally:
        # Killed right after its last ack: the child itself (killing strace
        # would leave it running), then strace, which ends with its tracee.
        if pid is not None:
            os.kill(pid, signal.SIGKILL)
        try:
            child.communicate(timeout=30)  # strace flushes its trace as it exits
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
    text = trace.read_text()
    if not text.strip():
        pytest.skip("ptrace is not permitted here")
    return acked, text, db


def synced_before_each_ack(trace: str) -> list[bool]:
    """For each ACK written to stdout, whether the WAL file was fsync'd since the previous ACK."""
    return [n > 0 for n in syncs_before_each_ack(trace)]


def syncs_before_each_ack(trace: str) -> list[int]:
    """For each ACK written to stdout, how many fsyncs of the WAL came since the previous ACK."""
    wal_fds: set[str] = set()
    synced, out = 0, []
    for line in trace.splitlines():
        opened = re.search(r'openat\(.*"[^"]*-wal".*\)\s+=\s+(\d+)', line)
        if opened:
            wal_fds.add(opened.group(1))
            continue
        sync = re.search(r"\b(?:fsync|fdatasync)\((\d+)\)\s+=\s+0", line)
        if sync and sync.group(1) in wal_fds:
            synced += 1
            continue
        if re.search(r'write\(1, "ACK', line):
            out.append(synced)
            synced = 0
    return out


@pytest.mark.slow
@needs_strace
def test_every_acknowledged_move_was_fsynced_before_its_ack(tmp_path):
    acked, trace, _db = traced(tmp_path)
    checks = synced_before_each_ack(trace)
    assert len(checks) == len(acked) == 12
    assert all(checks), checks


@pytest.mark.slow
@needs_strace
def test_the_check_catches_a_store_without_fsync(tmp_path):
    """The negative control: with synchronous=OFF no ack is preceded by an fsync."""
    acked, trace, _ = traced(tmp_path, "--unsafe")
    checks = synced_before_each_ack(trace)
    assert len(checks) == len(acked) == 12
    assert not any(checks)


@pytest.mark.slow
@needs_strace
def test_a_move_with_its_front_end_bookkeeping_costs_one_fsync(tmp_path):
    """Four bookkeeping writes after each move (as the Discord front end makes)
    add no fsync: the move's own commit is the only one."""
    acked, trace, _ = traced(tmp_path, "--bookkeeping")
    counts = syncs_before_each_ack(trace)
    assert len(counts) == len(acked) == 12
    # The first ack also pays for the match's creation and start (their own commits).
    assert counts[1:] == [1] * 11, counts


@pytest.mark.slow
@needs_strace
async def test_the_killed_childs_acknowledged_moves_are_all_in_the_log(tmp_path):
    acked, _, db = traced(tmp_path)
    store = await Store.open(db)
    try:
        events = await store.events("durable")
        assert events[-1].seq >= acked[-1]
        assert (await store.chain_break("durable"))[0] is None
    finally:
        await store.close()


async def test_a_durable_store_runs_wal_with_full_sync(tmp_path):
    store = await Store.open(tmp_path / "p.sqlite")
    try:
        assert await store.durability() == ("wal", 2)
    finally:
        await store.close()
