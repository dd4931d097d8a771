"""The command tree as Discord receives it, configuration, and the harness's own guarantees."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from bot.discord.config import ConfigError, load_config
from engine.registry import available
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness, loopback_only


@pytest.mark.slow
async def test_sync_publishes_japanese_names_and_descriptions(harness: Harness) -> None:
    h = harness
    await h.bot.tree.sync()
    tops = {c["name"]: c for c in h.fake.commands}
    assert set(tops) == {"parley", "parley-mod", "parley-league"}
    group = tops["parley"]
    assert group["description_localizations"]["ja"]
    subs = {o["name"]: o for o in group["options"]}
    assert {"new", "join", "leave", "start", "act", "hand", "card", "history", "takeback", "rating",
            "profile", "log", "me"} <= set(subs)
    assert {o["name"] for o in subs["log"]["options"]} == {"replay", "export", "verify"}
    assert {o["name"] for o in subs["me"]["options"]} == {"vacation", "hours", "digest"}
    assert subs["hand"]["name_localizations"]["ja"] == "手札"
    assert subs["act"]["description_localizations"]["ja"]
    mods = {o["name"]: o for o in tops["parley-mod"]["options"]}
    assert tops["parley-mod"]["name_localizations"]["ja"] == "parley-管理"
    for top in tops.values():
        # every command, group and option has its Japanese name and description
        nested = [o for sub in top["options"] if sub["type"] == 2 for o in sub["options"]]
        for sub in [*top["options"], *nested]:
            for item in [sub, *(sub.get("options") or [])]:
                assert (item.get("name_localizations") or {}).get("ja"), item["name"]
                assert (item.get("description_localizations") or {}).get("ja"), item["name"]
                for choice in item.get("choices") or []:
                    assert (choice.get("name_localizations") or {}).get("ja"), choice["name"]
    act_options = {o["name"]: o for o in subs["act"]["options"]}
    assert act_options["action"]["autocomplete"] is True
    assert set(mods) == {"undo", "redo", "abort", "replace", "remove", "settings", "season"}
    assert not h.fake.violations


@pytest.mark.slow
async def test_moderator_commands_are_hidden_from_ordinary_members(harness: Harness) -> None:
    """The moderators' group is a command of its own whose default member permissions
    are Manage Server, so Discord shows it to nobody else unless the server says so;
    the players' group has none, and no moderator command is left in it."""
    h = harness
    await h.bot.tree.sync()
    tops = {c["name"]: c for c in h.fake.commands}
    assert int(tops["parley-mod"]["default_member_permissions"]) == 1 << 5  # MANAGE_GUILD
    assert tops["parley"]["default_member_permissions"] is None
    players = {o["name"] for o in tops["parley"]["options"]}
    assert not players & {"undo", "redo", "abort", "replace", "remove", "settings"}
    assert "dm_permission" not in tops["parley-mod"]  # deprecated: contexts say it
    assert tops["parley-mod"]["contexts"] == [0] and tops["parley-mod"]["integration_types"] == [0]


@pytest.mark.slow
async def test_sync_commands_mode_leaves_the_database_alone(harness: Harness, tmp_path: Path) -> None:
    from bot.discord.app import ParleyBot
    from bot.discord.config import Config
    db = tmp_path / "never" / "parley.sqlite"
    bot = ParleyBot(Config(token="t", db=db), background=False, commands_only=True)
    await bot.login("t")
    await bot.tree.sync()
    await bot.close()
    assert harness.fake.commands and not db.exists()


async def test_commands_are_not_synced_on_start(harness: Harness) -> None:
    await harness.restart()
    assert not [c for c in harness.fake.calls if "/commands" in c.path]


async def test_locale_follows_each_user(harness: Harness) -> None:
    en = await harness.slash(ALICE, "games")
    ja = await harness.slash(BOB, "games")
    assert "Installed games" in harness.reply_text(en)
    assert "インストール済み" in harness.reply_text(ja) and "おもちゃ" in harness.reply_text(ja)


async def test_smoke_lists_every_installed_game(harness: Harness) -> None:
    text = harness.reply_text(await harness.slash(ALICE, "games"))
    for game in available():
        assert f"`{game}`" in text


async def test_unknown_game_is_refused_with_the_list(harness: Harness) -> None:
    ex = await harness.slash(BOB, "new", game="chess")
    assert "chess" in harness.reply_text(ex) and "`toy`" in harness.reply_text(ex)
    assert harness.last_reply(ex)["_visible_to"] == BOB.id


def test_config_lists_everything_missing(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    with pytest.raises(ConfigError) as info:
        load_config({"PARLEY_REMINDER_HOURS": "soon", "PARLEY_DB": str(locked / "x" / "db.sqlite")})
    message = str(info.value)
    assert "PARLEY_DISCORD_TOKEN" in message and "PARLEY_REMINDER_HOURS" in message
    import os
    if os.geteuid() != 0:  # root may write anywhere
        assert "PARLEY_DB" in message
    config = load_config({"PARLEY_DISCORD_TOKEN": "t", "PARLEY_DB": "/tmp/x.sqlite", "PARLEY_MOD_ROLE": "Referee"})
    assert config.reminder_hours == 24 and config.mod_role == "Referee" and str(config.db) == "/tmp/x.sqlite"


def test_harness_refuses_the_network() -> None:
    with loopback_only() as attempts:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            with pytest.raises(ConnectionRefusedError):
                s.connect(("162.159.128.233", 443))  # discord.com
        finally:
            s.close()
    assert attempts


async def test_harness_enforces_discord_limits(tmp_path: Path) -> None:
    async with Harness(tmp_path / "db.sqlite") as h:
        import discord
        channel = h.bot.get_partial_messageable(h.fake.channel_id)
        with pytest.raises(discord.HTTPException):
            await channel.send("x" * 2001)
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="b", custom_id="c" * 101))
        with pytest.raises(discord.HTTPException):
            await channel.send("ok", view=view)
        assert len(h.fake.violations) == 2
        h.fake.violations.clear()


async def test_harness_enforces_the_three_second_rule(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with Harness(tmp_path / "db.sqlite") as h:
        real = h.parley.run

        async def slow(interaction, work, **kw):  # type: ignore[no-untyped-def]
            h.clock = h.now() + 3.5  # as if the handler had worked for 3.5 s before answering
            await real(interaction, work, **kw)
        monkeypatch.setattr(h.parley, "run", slow)
        start = h.now()
        h.clock = start
        await h.slash(ALICE, "games")
        assert any("3s" in v for v in h.fake.violations)
        h.fake.violations.clear()
        h.clock = None
