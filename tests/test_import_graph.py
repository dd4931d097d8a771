"""The layers' imports form no circle (issue 25): bot -> events -> engine, and within a
layer no two modules need each other. Every import counts, lazy ones inside functions and
those under TYPE_CHECKING too: a circle hidden by a late import is still a circle in the design."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("engine", "events", "bot")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, name: str, known: set[str]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            # `from pkg import mod` names a module when pkg.mod is one.
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


@functools.cache
def _graph() -> nx.DiGraph:
    files = {_module_name(p): p for layer in LAYERS for p in (ROOT / layer).rglob("*.py")}
    known = set(files)
    graph = nx.DiGraph()
    graph.add_nodes_from(known)
    for name, path in files.items():
        for target in _imports(path, name, known):
            # A package's __init__ re-exporting its modules is how a package is made, not a circle.
            if not (target.startswith(name + ".") or name.startswith(target + ".")):
                graph.add_edge(name, target)
    return graph


def import_graph() -> nx.DiGraph:
    """A copy of the graph (parsed once a run), free to be planted in."""
    return _graph().copy()


def circles(graph: nx.DiGraph) -> list[list[str]]:
    return sorted(sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1)


def test_no_module_imports_one_that_imports_it_back() -> None:
    assert circles(import_graph()) == []


def test_layers_point_inward() -> None:
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    outward = [(a, b) for a, b in import_graph().edges if rank[b.split(".")[0]] > rank[a.split(".")[0]]]
    assert outward == []


def test_the_check_sees_a_planted_circle() -> None:
    graph = import_graph()
    graph.add_edge("engine.core.rng", "engine.core.contract")
    graph.add_edge("engine.core.contract", "engine.core.rng")
    assert ["engine.core.contract", "engine.core.rng"] in circles(graph)
