"""Every request the bot makes conforms to Discord's published API.

FakeDiscord checks each request as it arrives, against the OpenAPI
specification's request schema for its route (tests/discord/spec.py) and the
limits the specification does not encode, and refuses what Discord would
refuse; the `harness` fixture fails any test that broke one. Here: a match of
each game played from the DM menus, with a hand, the replay viewer and its
jump form, has every request checked again and every route it used known to
the specification; and each rule, planted once in a request, is refused, so
the check is shown able to fail.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import COMPONENTS_V2, FakeDiscord, FakeHTTPError, Harness, custom_ids
from tests.discord.helpers import open_match
from tests.discord.moves import play
from tests.discord.spec import spec

MESSAGES = "/channels/{channel_id}/messages"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


@pytest.mark.slow
@pytest.mark.parametrize("game", ["quarriors", "naru", "musou", "warlords"])
async def test_every_request_of_a_match_conforms_to_discords_specification(harness: Harness, game: str) -> None:
    h = harness
    _, made = await play(h, game, (ALICE, BOB), 12)
    assert made >= 6
    thread = max(c["id"] for c in h.fake.channels.values() if c["type"] == 11)
    await h.slash(ALICE, "hand", channel=thread)
    viewer = h.last_reply(await h.slash(BOB, "replay", channel=thread))
    opened = await h.click(BOB, viewer, next(i for i in custom_ids(viewer) if i.endswith(":j")))
    await h.submit(BOB, opened, **{"ターン番号": "2", "Turn number": "2"})
    routes = [spec().route(c.path.split("?", 1)[0]) for c in h.fake.calls]
    assert None not in routes
    used = {r.template for r in routes if r is not None}
    assert {MESSAGES, CALLBACK, "/channels/{channel_id}/messages/{message_id}", "/users/@me/channels",
            "/webhooks/{webhook_id}/{webhook_token}/messages/@original"} <= used
    refused = [(c.method, c.path, bad) for c in h.fake.calls if (bad := spec().check(c.method, c.path, c.payload))]
    assert refused == []
    assert len(h.fake.calls) > 3 * made


def _post(text: str = "hello", **extra: Any) -> dict[str, Any]:
    return {"content": text, "allowed_mentions": {"parse": []}, **extra}


def _row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def _button(custom_id: str = "b", label: str | None = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, **({"label": label} if label is not None else {})}


def _select(options: list[str], custom_id: str = "s") -> dict[str, Any]:
    return {"type": 3, "custom_id": custom_id, "options": [{"label": f"option {v}", "value": v} for v in options]}


def _layout(*components: dict[str, Any]) -> dict[str, Any]:
    return {"flags": COMPONENTS_V2, "allowed_mentions": {"parse": []}, "components": list(components)}


def _text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


# One valid request, then the same request with one rule broken.
VALID_LAYOUT = _layout({"type": 17, "accent_color": 0x3366CC, "components": [
    {"type": 9, "components": [_text("**Card** 3 gold")], "accessory": _button("p:a:m:1:0:0", "Play")},
    {"type": 14, "divider": True},
    {"type": 12, "items": [{"media": {"url": "attachment://board.png"}, "description": "the board"}]},
    _row(_select(["0", "1"]))]})

PLANTED: dict[str, tuple[dict[str, Any], str]] = {
    "spec: a custom id of 101 characters": (_post(components=[_row(_button("x" * 101))]), "too long"),
    "spec: a string where a number goes": (_post(flags="loud"), "not of type"),
    "content over 2,000 characters": (_post("x" * 2001), "limit 2000"),
    "an empty message": ({"allowed_mentions": {"parse": []}}, "empty message"),
    "a custom id twice": (_post(components=[_row(_button("a"), _button("a"))]), "duplicate custom_id"),
    "a button with no label": (_post(components=[_row(_button("a", None))]), "neither label nor emoji"),
    "spec: a button label over 80": (_post(components=[_row(_button("a", "x" * 81))]), "label: 'xxx"),
    "a select value twice": (_post(components=[_row(_select(["1", "1"]))]), "a value twice"),
    "26 select options": (_post(components=[_row(_select([str(i) for i in range(26)]))]), "list of 26 breaks maxItems=25"),
    "six action rows": (_post(components=[_row(_button(f"b{i}")) for i in range(6)]), "limit 5"),
    "a layout message with content": (dict(VALID_LAYOUT, content="hi"), "cannot have content"),
    "a layout component without the flag": (_post(components=[_text("hi")]), "IS_COMPONENTS_V2"),
    "layout text over 4,000": (_layout(*[_text("x" * 1001) for _ in range(4)]), "limit 4000"),
    "43 layout components, nested": (_layout({"type": 17, "components": [
        {"type": 9, "components": [_text("x")], "accessory": _button(f"b{i}")} for i in range(14)]}),
        "43 components in a layout message"),
    "an image without alt text": (_layout({"type": 12, "items": [{"media": {"url": "attachment://b.png"}}]}),
                                  "without alt text"),
}


async def _server(tmp_path: Path) -> FakeDiscord:
    """A FakeDiscord with a thread to post in, without the bot (the requests are planted)."""
    h = Harness(tmp_path / "parley.sqlite")
    fake = h.fake
    fake.channels[999] = {"id": 999, "type": 0, "guild_id": fake.guild_id, "name": "x", "archived": False}
    return fake


async def test_a_message_that_may_ping_anyone_is_a_violation(tmp_path: Path) -> None:
    """Discord takes these, but they could ping @everyone or a role: the harness fails the test."""
    fake = await _server(tmp_path)
    fake.rest("POST", "/channels/999/messages", {"content": "<@1> hello"}, [])
    fake.rest("POST", "/channels/999/messages", _post(allowed_mentions={"parse": ["roles"]}), [])
    fake.rest("POST", "/channels/999/messages", dict(VALID_LAYOUT, allowed_mentions=None), [])
    assert [v.split(": ", 1)[1] for v in fake.violations] == [
        "no allowed_mentions (Discord would ping every @everyone, role and user in it)",
        "allowed_mentions lets 'roles' ping",
        "no allowed_mentions (Discord would ping every @everyone, role and user in it)"]


async def test_a_valid_request_of_each_kind_passes(tmp_path: Path) -> None:
    fake = await _server(tmp_path)
    fake.rest("POST", "/channels/999/messages", VALID_LAYOUT, [])
    fake.rest("POST", "/channels/999/messages", _post(components=[_row(_button("a"), _button("b"))]), [])
    assert fake.violations == []


@pytest.mark.parametrize("planted", sorted(PLANTED))
async def test_a_planted_violation_is_refused_as_discord_would(tmp_path: Path, planted: str) -> None:
    fake = await _server(tmp_path)
    payload, said = PLANTED[planted]
    with pytest.raises(FakeHTTPError) as refused:
        fake.rest("POST", "/channels/999/messages", copy.deepcopy(payload), [])
    assert refused.value.status == 400
    assert any(said in v for v in fake.violations), fake.violations
    assert not [m for m in fake.messages.values() if m["channel_id"] == "999"]  # nothing was posted


async def test_a_modal_with_a_bare_text_input_and_too_many_choices_are_refused(tmp_path: Path) -> None:
    h = Harness(tmp_path / "parley.sqlite")
    async with h:
        _, thread = await open_match(h, ALICE, BOB)
        choices = [{"name": f"choice {i}", "value": str(i)} for i in range(26)]
        _, ex = h._base(4, ALICE, thread)
        fake = h.fake
        fake._callback(ex.id, ex.token, {"type": 8, "data": {"choices": choices}}, [], h.now())
        assert any("26 autocomplete choices" in v for v in fake.violations)
        _, ex = h._base(3, ALICE, thread)
        bare = {"type": 9, "data": {"custom_id": "p:j:x", "title": "Jump", "components": [
            _row({"type": 4, "custom_id": "turn", "style": 1, "label": "Turn"})]}}
        with pytest.raises(FakeHTTPError):
            fake._callback(ex.id, ex.token, bare, [], h.now())
        assert any("wrap it in a Label" in v for v in fake.violations)
        fake.violations.clear()


async def test_an_oversized_command_tree_is_refused(tmp_path: Path) -> None:
    h = Harness(tmp_path / "parley.sqlite")
    fake = h.fake
    option = {"type": 3, "name": "what", "description": "d" * 100}
    big = {"name": "big", "description": "x", "type": 1, "options": [
        {"type": 1, "name": f"sub{i}", "description": "y" * 100, "options": [dict(option, name=f"o{j}")
                                                                              for j in range(3)]}
        for i in range(25)]}
    fake.rest("PUT", f"/applications/{fake.app_id}/commands", [big], [])
    assert any("characters of names, descriptions and values" in v for v in fake.violations)
    fake.violations.clear()
    fake.rest("PUT", f"/applications/{fake.app_id}/commands", [{**big, "options": big["options"][:1]}], [])
    assert fake.violations == []
