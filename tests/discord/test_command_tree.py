"""The whole command tree fits Discord's limits, as it is published (with the
Japanese localisations), and `/parley` keeps room for more groups; where each
command may run (contexts and installs)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Harness
from tests.discord.helpers import open_match

# Discord's documented limits for application commands.
PER_LEVEL = 25  # subcommands and groups in a command or group; options in a command
NAME = re.compile(r"^[-_'\w]{1,32}$")
DESCRIPTION = 100
CHOICES = 25
CHOICE_NAME = 100
# Discord counts names, descriptions and values (choices') of a command and everything in it,
# the longest localisation of each; it allows 8000, the project keeps under 4000.
TOTAL = 4000
FREE_SLOTS = 1  # /parley keeps room to grow (the league is its own command: see bot/discord/league.py)


def _longest(item: dict[str, Any], key: str) -> int:
    return max([len(str(item.get(key) or "")), *(len(v) for v in (item.get(f"{key}_localizations") or {}).values())])


def _size(item: dict[str, Any]) -> int:
    """Characters Discord counts for one command, group or option and all it holds."""
    n = _longest(item, "name") + _longest(item, "description")
    n += sum(_longest(c, "name") + len(str(c["value"])) for c in item.get("choices") or [])
    return n + sum(_size(o) for o in item.get("options") or [])


def _problems(item: dict[str, Any], path: str) -> list[str]:
    bad = []
    for name in [item["name"], *(item.get("name_localizations") or {}).values()]:
        if not NAME.match(name) or name != name.lower():
            bad.append(f"{path}: name {name!r}")
    for text in [item["description"], *(item.get("description_localizations") or {}).values()]:
        if not 1 <= len(text) <= DESCRIPTION:
            bad.append(f"{path}: description {text!r} is {len(text)} characters")
    options = item.get("options") or []
    if len(options) > PER_LEVEL:
        bad.append(f"{path}: {len(options)} options or subcommands")
    choices = item.get("choices") or []
    if len(choices) > CHOICES:
        bad.append(f"{path}: {len(choices)} choices")
    bad += [f"{path}: choice {c['name']!r}" for c in choices
            if not all(1 <= len(x) <= CHOICE_NAME for x in [c["name"], *(c.get("name_localizations") or {}).values()])]
    for o in options:
        bad += _problems(o, f"{path} {o['name']}")
    return bad


def _subcommands(item: dict[str, Any]) -> int:
    return sum(1 for o in item.get("options") or [] if o["type"] in (1, 2))


@pytest.mark.slow
async def test_the_whole_tree_fits_discords_limits_with_room_to_grow(harness: Harness) -> None:
    h = harness
    await h.bot.tree.sync()
    tops = {c["name"]: c for c in h.fake.commands}
    for name, top in tops.items():
        assert _problems(top, "/" + name) == []
        assert _size(top) <= TOTAL, f"/{name} counts {_size(top)} characters"
        for group in [top, *(o for o in top["options"] if o["type"] == 2)]:
            assert _subcommands(group) <= PER_LEVEL
    assert _subcommands(tops["parley"]) <= PER_LEVEL - FREE_SLOTS


def test_the_checks_catch_what_discord_refuses() -> None:
    """The checks above fail on a tree that breaks each limit."""
    ok = {"name": "x", "description": "d", "type": 1}
    assert _problems(ok, "/x") == []
    too_many = dict(ok, options=[dict(ok, name=f"s{i}") for i in range(26)])
    assert any("26 options" in p for p in _problems(too_many, "/x"))
    assert _problems(dict(ok, name="Upper"), "/x") and _problems(dict(ok, name="a b"), "/x")
    assert _problems(dict(ok, description_localizations={"ja": "あ" * 101}), "/x")
    assert _problems(dict(ok, choices=[{"name": str(i), "value": i} for i in range(26)]), "/x")
    big = dict(ok, options=[dict(ok, name=f"s{i}", description="d" * 100) for i in range(25)],
               description_localizations={"ja": "あ" * 100})
    assert _size(big) == (1 + 100) + 25 * 100 + sum(len(f"s{i}") for i in range(25))


@pytest.mark.slow
async def test_lookups_go_everywhere_and_matches_stay_in_servers(harness: Harness) -> None:
    h = harness
    await h.bot.tree.sync()
    tops = {c["name"]: c for c in h.fake.commands}
    assert sorted(tops["parley"]["contexts"]) == [0, 1, 2]  # guild, bot DM, private channel
    assert sorted(tops["parley"]["integration_types"]) == [0, 1]  # server install, user install
    assert "dm_permission" not in tops["parley"]

    card = h.reply_text(await h.slash(ALICE, "card", dm=True, name="nothing-like-this", game="toy"))
    assert "Toy" in card or "おもちゃ" in card
    for where in ({"dm": True}, {"guest": True}):
        refused = h.reply_text(await h.slash(ALICE, "new", game="toy", **where))
        assert refused.startswith("Matches are played in a server that has added Parley;")
        assert "/parley card" in refused
        assert "`/parley card`" in h.reply_text(await h.slash(BOB, "join", **where))  # Bob reads Japanese
        assert "対戦は Parley を追加したサーバーで行います" in h.reply_text(await h.slash(BOB, "join", **where))
        assert "Matches are played" in h.reply_text(await h.slash(ALICE, "log export", **where))
    # A player's own settings are theirs, not a server's: set from anywhere.
    assert "Matches are played" not in h.reply_text(await h.slash(ALICE, "me vacation", days=2, dm=True))
    assert not [c for c in h.fake.calls if c.method == "POST" and "/threads" in c.path]


async def test_grouped_commands_run_and_complete_as_before(harness: Harness) -> None:
    """`/parley log replay` suggests the user's matches and runs like `/parley replay` did."""
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    choices = await h.autocomplete(ALICE, "log replay", "match", match="")
    assert match_id in [c["value"] for c in choices]
    assert f"`{match_id}`" in h.reply_text(await h.slash(ALICE, "log export", channel=thread))
    away = h.reply_text(await h.slash(ALICE, "me vacation", days=2))
    assert away.startswith("Vacation until <t:") and "`/parley me vacation days:0` ends it early." in away
