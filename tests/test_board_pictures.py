"""Pictures of the Quarriors and Warlords boards (issue 24 item 4).

Along random bot matches: every picture has alt text (its SVG <title> and the
Discord description, at most 1,024 characters, naming every player); the
picture changes exactly when what it promises to show changes (`shown` below,
written from the rules' public board, not from the drawing), so it depends on
nothing else; it shows nothing a spectator may not see: a player's own view
(their bag, their hand) draws the same picture as the spectator's, and so does
every re-deal of what the table cannot see. The PNG is a PNG of a sensible size."""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Iterator
from typing import Any
from xml.etree import ElementTree

import pytest

from bot.render import quarriors, warlords
from bot.render import svg as svgkit
from engine.core import SPECTATOR, Rng, Viewer
from engine.core.search import determinizer
from engine.core.selfplay import derive_secret
from engine.registry import get_game
from tests.contract.matches import bot_turns

MODULES = {"quarriors": quarriors, "warlords": warlords}
SEATS = {"quarriors": 3, "warlords": 3}
NAMES = ["Ann", "Bjørn", "千代"]
EVERY = 5  # states looked at: every fifth of a match (a whole match is hundreds)


def states(game_id: str, seed: int, limit: int = 240) -> Iterator[Any]:
    """Every state of a bot match, as far as `limit` actions."""
    game, turn = get_game(game_id), None
    for turn in bot_turns(game, SEATS[game_id], seed, limit):
        yield turn.state
    if turn is not None and not game.pending(turn.after):  # the match ended within the limit: its end too
        yield turn.after


def view(game_id: str, state: Any, viewer: Viewer = SPECTATOR) -> dict[str, Any]:
    return get_game(game_id).view(state, viewer)


# -- what each picture promises to show, from the public view -----------------------------------


def _die(d: dict[str, Any]) -> tuple[Any, ...]:
    face = d.get("face")
    return (d.get("copies") or d["card"], face and face["text"], d.get("attack"), d.get("defense"),
            tuple(_die(x) for x in d.get("attached", [])))


def shown_quarriors(v: dict[str, Any]) -> Any:
    t = v["this_turn"]
    over = v["step"] == "over"
    attack = v["attack"]
    return (v["turn"], v["step"], v["goal"], tuple(v["winners"] or ()) if over else v["active"],
            None if over else (t["available"], t["quiddity"], t["captures_left"], t["discount"], t["attack_bonus"]),
            None if over or not attack else (attack["defender"], attack["remaining"]),
            None if over else tuple((w["seat"], w["kind"]) for w in v["waiting"]
                                    if w["seat"] != v["active"] or w["kind"] != "turn"),
            tuple((c["card"], len(c["dice"])) for c in v["wilds"]),
            tuple((p["glory"], p["bag_count"], len(p["used"]), tuple(map(_die, p["ready"])), tuple(map(_die, p["pool"])),
                   tuple(map(_die, p["aside"]))) for p in v["players"]))


def shown_warlords(v: dict[str, Any]) -> Any:
    def castle(c: dict[str, Any]) -> tuple[Any, ...]:
        return (c["castle"]["name"], c["income"], c["combat"], len(c["garrison"]), len(c["improvements"]), c["port"],
                c["besieged_by"], len(c["calamities"]))

    def stack(st: dict[str, Any]) -> tuple[Any, ...]:
        return (st["hero"]["name"], st["combat"], st["state"], st["target"], st["flying"],
                sum(m["type"] in ("army", "ally") for m in st["members"]), bool(st["fleet"]), bool(st["terrain"]),
                bool(st["weather"]), len(st["calamities"]))
    d = v["decision"]
    return (v["phase"], v["turn"], v["active"], v["first"], v["direction"], tuple(v["winners"]),
            tuple(map(tuple, v["first_check"])), tuple(v["pick_queue"]), d and (d["kind"], tuple(d["seats"])),
            tuple((p["glory"], p["revenue"], p["hand"]["hidden"], p["deck"]["hidden"], p["time_passes"],
                   p["eliminated"], tuple(c["name"] for c in p["ruins"]), tuple(c["name"] for c in p["treasures"]),
                   tuple(map(castle, p["castles"])), tuple(map(stack, p["stacks"]))) for p in v["players"]))


SHOWN = {"quarriors": shown_quarriors, "warlords": shown_warlords}


# -- the tests ------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(MODULES))
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_picture_has_alt_text_naming_every_player(game_id, locale):
    mod = MODULES[game_id]
    for n, state in enumerate(states(game_id, 7)):
        if n % EVERY:
            continue
        v = view(game_id, state)
        alt = mod.describe(v, NAMES, locale)
        assert 0 < len(alt) <= 1024
        assert all(name in alt for name in NAMES), alt
        title = ElementTree.fromstring(mod.svg(v, NAMES, locale)).find("{http://www.w3.org/2000/svg}title")
        assert title is not None and title.text == alt


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(MODULES))
@pytest.mark.parametrize("seed", [3, 11])
def test_the_picture_changes_exactly_when_the_board_does(game_id, seed):
    mod, shown = MODULES[game_id], SHOWN[game_id]
    seen: dict[str, Any] = {}
    changes = 0
    before: tuple[Any, str] | None = None
    for state in states(game_id, seed):
        v = view(game_id, state)
        now = (shown(v), mod.svg(v, NAMES))
        # the same board is always the same picture, and different boards never share one
        assert seen.setdefault(now[1], now[0]) == now[0]
        if before is not None:
            assert (now[0] == before[0]) == (now[1] == before[1])
            changes += now[0] != before[0]
        before = now
    assert changes >= 20  # not vacuous: the board moved


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_the_picture_shows_only_what_a_spectator_sees(game_id):
    """A player's own view (their bag's dice, their hand) and every re-deal of what
    another seat cannot see draw the spectator's picture, byte for byte."""
    game, mod = get_game(game_id), MODULES[game_id]
    deal = determinizer(game)
    redealt = 0
    for n, state in enumerate(states(game_id, 5)):
        if n % EVERY:
            continue
        public = mod.svg(view(game_id, state), NAMES)
        for seat in range(SEATS[game_id]):
            own = view(game_id, state, Viewer(seat))
            assert mod.svg(own, NAMES) == public
            dealt = deal(state, seat, Rng(derive_secret(5, f"redeal-{n}-{seat}"), 0))
            redealt += view(game_id, dealt, Viewer(seat)) != view(game_id, state, Viewer(seat)) or \
                dealt != state
            assert mod.svg(view(game_id, dealt), NAMES) == public
    assert redealt > 0  # the re-deals did change something hidden


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header, after checking the signature and the header's checksum."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    assert struct.unpack(">I", data[29:33])[0] == zlib.crc32(data[12:29])
    return struct.unpack(">II", data[16:24])


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_the_png_is_a_png_of_a_sensible_size(game_id):
    state = list(states(game_id, 2, limit=60))[-1]
    mod = MODULES[game_id]
    v = view(game_id, state)
    data = mod.image(v, NAMES)
    width, height = _png_size(data)
    declared = ElementTree.fromstring(mod.svg(v, NAMES))
    assert (width, height) == (int(declared.get("width", 0)), int(declared.get("height", 0)))
    assert 600 <= width <= 1200 and 200 <= height <= 1600
    assert 5_000 < len(data) < 1_000_000


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_a_png_names_the_players_its_fonts_can_draw(game_id):
    """Without a Japanese font the PNG says the seat instead of a name it would draw blank;
    the SVG, drawn by the browser, keeps every name."""
    mod = MODULES[game_id]
    v = view(game_id, next(states(game_id, 4)))
    names_in_png = re.findall(r">([^<]*)</text>", mod._svg(v, NAMES, "en", for_png=True))
    assert any("千代" in t for t in re.findall(r">([^<]*)</text>", mod.svg(v, NAMES)))
    assert any("千代" in t for t in names_in_png) == svgkit.japanese()
    assert any("Seat 3" in t for t in names_in_png) != svgkit.japanese()


def _mid_match(game_id: str, want: Any) -> dict[str, Any]:
    """The first public view of a bot match for which `want(view)` holds."""
    for seed in range(1, 30):
        for state in states(game_id, seed):
            v = view(game_id, state)
            if want(v):
                return v
    raise AssertionError(f"no {game_id} view as wanted")


def _bumped(v: dict[str, Any], path: tuple[Any, ...]) -> dict[str, Any]:
    """A copy of `v` with the number at `path` one more (a list at `path`: one item longer)."""
    import copy
    out = copy.deepcopy(v)
    at = out
    for key in path[:-1]:
        at = at[key]
    last = at[path[-1]]
    at[path[-1]] = [*last, last[0]] if isinstance(last, list) else last + 1
    return out


NUMBERS = {
    "quarriors": (lambda v: v["step"] == "main" and any(p["ready"] for p in v["players"]) and
                  any(p["pool"] for p in v["players"]),
                  lambda v: [("turn",), ("goal",), ("this_turn", "available"), ("this_turn", "quiddity"),
                             ("this_turn", "captures_left"), ("this_turn", "discount"), ("this_turn", "attack_bonus"),
                             *(("wilds", i, "dice") for i in range(len(v["wilds"])) if v["wilds"][i]["dice"]),
                             *(("players", p["seat"], k) for p in v["players"] for k in ("glory", "bag_count")),
                             *(("players", p["seat"], "used") for p in v["players"] if p["used"]),
                             *((("players", p["seat"], "ready", i, k) for p in v["players"]
                                for i, d in enumerate(p["ready"]) if "attack" in d for k in ("attack", "defense")))]),
    "warlords": (lambda v: v["phase"] == "play" and any(p["castles"] and p["stacks"] for p in v["players"]),
                 lambda v: [("turn",),
                            *(("players", p["seat"], k) for p in v["players"] for k in ("glory", "revenue")),
                            *(("players", p["seat"], k, "hidden") for p in v["players"] for k in ("hand", "deck")),
                            *(("players", p["seat"], "castles", i, k) for p in v["players"]
                               for i in range(len(p["castles"])) for k in ("income", "combat")),
                            *((("players", p["seat"], "castles", i, "garrison") for p in v["players"]
                               for i, c in enumerate(p["castles"]) if c["garrison"])),
                            *(("players", p["seat"], "stacks", i, "combat") for p in v["players"]
                               for i in range(len(p["stacks"])))]),
}


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_every_number_the_picture_shows_is_drawn(game_id):
    """One more of any number the board shows (glory, quiddity, dice left in a pile, a castle's
    revenue, a stack's strength...) changes the picture."""
    mod = MODULES[game_id]
    want, paths = NUMBERS[game_id]
    v = _mid_match(game_id, want)
    before = mod.svg(v, NAMES)
    found = paths(v)
    assert len(found) >= 10
    unchanged = [path for path in found if mod.svg(_bumped(v, path), NAMES) == before]
    assert unchanged == []
