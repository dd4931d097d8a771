"""Every Discord call is in bot/discord/ops.py, and no code in bot/ or events/ reaches
into discord.py's or aiosqlite's private attributes.

A scan of the source (code only: strings and comments are left out), with
the same function run on planted violations to show it catches them."""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OPS = ROOT / "bot" / "discord" / "ops.py"

# discord.py's and aiosqlite's internals, never ours to touch on their objects
# even where a name of our own (on `self`) happens to be the same.
FOREIGN = frozenset({"_state", "_http", "_connection", "_conn", "_execute", "_tx", "_thread", "_roles",
                     "_view_store", "_get_guild", "_get_client", "_adapter", "_running", "_connector", "_session"})
# discord.py calls that reach Discord (or make the objects that do), and the
# interaction responses: allowed in ops.py only.
DISCORD_CALL = re.compile(
    r"(\w+)\s*\.\s*(send|send_message|send_modal|edit|edit_message|edit_original_response|delete|"
    r"delete_original_response|pin|unpin|fetch\w*|create_dm|create_thread|history|defer|add_reaction|"
    r"get_partial_message|get_partial_messageable|start_private_message|followup|response|http)\b")
PRIVATE = re.compile(r"(\w+|\)|\])\s*\.\s*(_[A-Za-z]\w*)")
OWN_NAME = re.compile(r"(?:def|class)\s+(_\w+)|(?:self|cls)\s*\.\s*(_\w+)\s*(?::[^=]*)?=(?!=)|^\s*(_\w+)\s*[:=]",
                      re.MULTILINE)


def code_lines(text: str) -> list[tuple[int, str]]:
    """The source's lines with strings and comments blanked out."""
    lines = text.splitlines()
    blanked = [list(line) for line in lines]
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type not in (tokenize.STRING, tokenize.COMMENT):
            continue
        (r0, c0), (r1, c1) = tok.start, tok.end
        for r in range(r0, r1 + 1):
            row = blanked[r - 1]
            start = c0 if r == r0 else 0
            end = c1 if r == r1 else len(row)
            row[start:end] = " " * (end - start)
    return [(i + 1, "".join(row)) for i, row in enumerate(blanked)]


def own_private_names(files: Iterable[Path]) -> set[str]:
    names: set[str] = set()
    for path in files:
        for found in OWN_NAME.finditer(path.read_text()):
            names.update(n for n in found.groups() if n)
    return names - FOREIGN


def findings(files: Iterable[Path], own: set[str], discord_calls_allowed_in: Path = OPS) -> list[str]:
    """Each place that calls Discord outside ops.py, or reads a private attribute of
    an object that is not ours (not self/cls, and a name we never define)."""
    found = []
    for path in files:
        for number, line in code_lines(path.read_text()):
            if re.match(r"\s*(from|import)\s", line):  # a module named like a call (events.history)
                continue
            where = f"{path}:{number}: {line.strip()}"
            for obj, attr in PRIVATE.findall(line):
                if attr.startswith("__") or obj in ("self", "cls"):  # our own object's
                    continue
                if attr in FOREIGN or attr not in own:
                    found.append(f"{where}  (private .{attr})")
            if path.resolve() != discord_calls_allowed_in.resolve():
                for obj, call in DISCORD_CALL.findall(line):
                    # `records`: the front end's own command class (`_records` in the slash command group,
                    # cog.py), its `history` named like Discord's.
                    through_ops = obj in ("ops", "Ops", "records", "_records")
                    own_method = obj == "self" and call not in ("response", "http", "followup")
                    if not (through_ops or own_method):
                        found.append(f"{where}  (Discord call .{call} outside ops.py)")
    return found


def sources() -> list[Path]:
    return sorted([*ROOT.glob("bot/**/*.py"), *ROOT.glob("events/**/*.py")])


def discord_sources() -> list[Path]:
    return sorted(ROOT.glob("bot/discord/**/*.py"))


@pytest.mark.slow
def test_no_private_attributes_of_discord_py_or_aiosqlite_anywhere_in_bot_or_events() -> None:
    own = own_private_names([*sources(), *ROOT.glob("engine/**/*.py")])
    private = [f for f in findings(sources(), own, discord_calls_allowed_in=Path("/nowhere")) if "(private" in f]
    assert private == []


@pytest.mark.slow
def test_every_discord_call_is_in_ops() -> None:
    calls = [f for f in findings(discord_sources(), set()) if "Discord call" in f]
    assert calls == []


def test_the_scan_catches_planted_violations(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text(
        'async def f(self, message, interaction, db, client, member):\n'
        '    """message.edit(content="in a docstring is fine")"""\n'
        '    await message.edit(content="x")  # a call of its own: caught\n'
        '    await interaction.response.defer()\n'
        '    await client.http.pin_message(1, 2)\n'
        '    channel = client.get_partial_messageable(1)\n'
        '    await db._execute(lambda: db._conn.execute("SELECT 1"))\n'
        '    state = client._connection\n'
        '    ok = 5 in member._roles\n'
        '    await self.ops.edit(1, 2, content="through ops: fine")\n'
        '    self._mine = 1  # our own private attribute: fine\n'
        '    await self.http.get_message(1, 2)  # a client\'s own HTTP: caught\n'
        'from events.history import lineage  # a module named like a call: fine\n'
        '    await channel.history(limit=5)  # caught\n')
    found = findings([planted], own_private_names([planted]))
    lines = sorted({int(f.split(":")[1]) for f in found})
    assert lines == [3, 4, 5, 6, 7, 8, 9, 12, 14], "\n".join(found)
    assert any("._execute" in f or "private ._execute" in f for f in found)
    assert any("private ._conn" in f for f in found) and any("private ._roles" in f for f in found)
