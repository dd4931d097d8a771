from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord import games
from tests.discord.harness import Harness, User

ALICE = User(111_000_000_000_000_001, "alice", "en-US")
BOB = User(111_000_000_000_000_002, "bob", "ja")
CAROL = User(111_000_000_000_000_003, "carol", "en-GB")
MOD = User(111_000_000_000_000_009, "mod", "en-US", permissions=1 << 5)


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    async with Harness(tmp_path / "parley.sqlite") as h:
        yield h
        await h.settle()
        assert h.fake.violations == [], "Discord limits broken:\n" + "\n".join(h.fake.violations)
    assert h.network_attempts == [], f"non-loopback connections attempted: {h.network_attempts}"


@pytest.fixture
def seated(monkeypatch: pytest.MonkeyPatch) -> None:
    """The games of tests/discord/games.py, installed for this test only."""
    games.install(monkeypatch)

