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


@pytest.fixture
def room(monkeypatch: pytest.MonkeyPatch) -> None:
    """/parley with room for `deck`: until issue 24's lookups leave the group it holds 25
    commands, Discord's most, so `games` steps aside for the test that needs `deck`."""
    from bot.discord.cog import MAX_CHILDREN, ParleyGroup
    children = ParleyGroup.__discord_app_commands_group_children__
    if len(children) >= MAX_CHILDREN:
        monkeypatch.setattr(ParleyGroup, "__discord_app_commands_group_children__",
                            [c for c in children if c.name != "games"])
