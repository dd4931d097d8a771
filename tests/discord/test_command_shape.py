"""The commands' shape (issue 25): each group of commands is a plain class over the shared
`Room` (bot/discord/base.py), not a mixin of one class. So no class in bot/discord inherits
from more than one of the project's classes, and no command module (one whose class answers
interactions through `self.room.run`) imports another: what they share is the room."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DISCORD = ROOT / "bot" / "discord"
PROJECT = ("engine", "events", "bot")


@functools.cache
def _modules() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(DISCORD.glob("*.py"))}


def _project_names(tree: ast.Module) -> set[str]:
    """The names a module binds to the project's own code: its classes, and what it imports
    from this package or from engine, events and bot."""
    names = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").split(".")[0] in PROJECT):
            names |= {a.asname or a.name for a in node.names}
    return names


def mixins(modules: dict[str, ast.Module]) -> list[str]:
    """Each class that inherits from more than one of the project's classes."""
    found = []
    for name, tree in modules.items():
        ours = _project_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = [b.id for b in node.bases if isinstance(b, ast.Name) and b.id in ours]
                if len(bases) > 1:
                    found.append(f"{name}.{node.name}({', '.join(bases)})")
    return found


def _answers_interactions(tree: ast.Module) -> bool:
    """Does a class of the module answer interactions itself (`self.room.run(...)`)?"""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "run":
            target = node.func.value
            if isinstance(target, ast.Attribute) and target.attr == "room":
                return True
    return False


def _local_imports(tree: ast.Module, known: set[str]) -> set[str]:
    """The modules of this package a module imports (`from .x import`, `from . import x`)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found |= {a.name for a in node.names if a.name in known}
    return found


def command_modules(modules: dict[str, ast.Module]) -> set[str]:
    return {name for name, tree in modules.items() if _answers_interactions(tree)}


def crossings(modules: dict[str, ast.Module]) -> list[str]:
    """Each import of one command module by another."""
    commands = command_modules(modules)
    return sorted(f"{name} -> {target}" for name in commands
                  for target in _local_imports(modules[name], set(modules)) & (commands - {name}))


def test_no_class_is_a_mixin_of_project_classes() -> None:
    assert mixins(_modules()) == []


def test_no_command_module_imports_another() -> None:
    assert crossings(_modules()) == []


def test_the_commands_are_found() -> None:
    # Were the search for command modules to find none, the test above would pass on anything.
    assert {"play", "newform", "cards", "moderation", "records", "decks", "league"} <= command_modules(_modules())


def test_the_checks_see_the_old_shape() -> None:
    """The shape this replaced (bot/discord/core.py before issue 25): every group a mixin
    of one base, assembled by inheritance, and the form a subclass of play."""
    old = {
        "base": ast.parse("class ParleyBase:\n    async def run(self, i, work): ...\n"),
        "play": ast.parse("from .base import ParleyBase\nclass Play(ParleyBase):\n"
                      "    async def act(self, i):\n        await self.room.run(i, None)\n"),
        "newform": ast.parse("from .play import Play\nclass NewForm(Play):\n"
                         "    async def new_form(self, i):\n        await self.room.run(i, None)\n"),
        "cards": ast.parse("from .base import ParleyBase\nclass Cards(ParleyBase):\n"
                       "    async def card(self, i):\n        await self.room.run(i, None)\n"),
        "core": ast.parse("from .cards import Cards\nfrom .newform import NewForm\n"
                      "class Parley(NewForm, Cards):\n    pass\n"),
    }
    assert mixins(old) == ["core.Parley(NewForm, Cards)"]
    assert crossings(old) == ["newform -> play"]


def given_the_whole_parley(modules: dict[str, ast.Module]) -> list[str]:
    """The modules, besides the application that assembles it (app.py), that import `core`
    (the `Parley` holding every command class) instead of being given the classes they use."""
    return sorted(name for name, tree in modules.items()
                  if name not in ("app", "core") and "core" in _local_imports(tree, set(modules)))


def test_each_command_group_is_given_only_the_classes_it_uses() -> None:
    assert given_the_whole_parley(_modules()) == []
    # The shape this replaced: the slash command groups were handed the whole Parley.
    old = {"core": ast.parse("class Parley: ..."),
           "cog": ast.parse("from .core import Parley\nclass ModGroup:\n"
                            "    def __init__(self, parley: Parley) -> None:\n        self.parley = parley\n")}
    assert given_the_whole_parley(old) == ["cog"]
