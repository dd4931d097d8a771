"""The engine does no file I/O (engine/core/bundled.py, which reads the data
files shipped inside a game's own package, is the one exception): a card file
a group brings is read by the front end that was given its path
(bot/cardfile.py), so the rules see only text and a replay never depends on a
file. An AST scan, so a call is found however it is spelt across lines."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ALLOWED = {ROOT / "engine" / "core" / "bundled.py"}
# Modules whose use is file or process I/O (`io` alone is kept: StringIO touches no file).
IO_MODULES = {"os", "pathlib", "shutil", "tempfile", "glob", "fileinput", "importlib.resources", "subprocess",
              "socket", "sqlite3", "urllib", "http"}
# Methods of paths and of importlib.resources' traversables that read, write or look at the file system.
IO_METHODS = {"read_text", "read_bytes", "write_text", "write_bytes", "open", "is_file", "is_dir", "exists", "stat",
              "lstat", "iterdir", "glob", "rglob", "unlink", "mkdir", "rmdir", "touch", "rename",
              "files", "as_file", "samefile", "readlink", "symlink_to", "chmod"}
IO_BUILTINS = {"open", "input", "print", "__import__"}


def io_uses(source: str) -> list[tuple[int, str]]:
    """Each file I/O in `source`, by line: an import of an I/O module, a call of
    `open` (or the like), or a call of a method that touches the file system."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, f"import {a.name}") for a in node.names
                      if any(a.name == m or a.name.startswith(m + ".") for m in IO_MODULES)]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module is not None:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            if any(n == m or n.startswith(m + ".") for n in names for m in IO_MODULES):
                found.append((node.lineno, f"from {node.module} import ..."))
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id in IO_BUILTINS:
                found.append((node.lineno, f"{node.func.id}(...)"))
            elif isinstance(node.func, ast.Attribute) and node.func.attr in IO_METHODS:
                found.append((node.lineno, f".{node.func.attr}(...)"))
    return found


def test_the_scan_finds_each_way_of_reading_a_file() -> None:
    caught = io_uses("from pathlib import Path\nimport os.path\nfrom importlib import resources\n"
                     "x = open('f')\ny = Path(p).read_text()\nz = p.is_file() and p.stat()\n"
                     "w = resources.files('engine').joinpath('d').read_bytes()\n")
    assert sorted(line for line, _ in caught) == [1, 2, 3, 4, 5, 6, 6, 7, 7]
    assert io_uses("import json\nfrom io import StringIO\ntext = json.loads(s)\nname = p.joinpath('x')\n") == []


def test_no_module_of_the_engine_does_file_io() -> None:
    offenders = {str(path.relative_to(ROOT)): uses for path in sorted((ROOT / "engine").rglob("*.py"))
                 if path not in ALLOWED and (uses := io_uses(path.read_text(encoding="utf-8")))}
    assert offenders == {}
