"""``core/plan/`` has no import circle, counting every import: module level, inside functions and
under ``TYPE_CHECKING`` (import-linter's ``acyclic_siblings`` contract in pyproject.toml checks the
runtime imports of every package at depth 10, but it is told to skip ``TYPE_CHECKING`` imports,
where the ``model`` ↔ ``words`` circle hid)."""

from __future__ import annotations

import ast
from pathlib import Path

import core.plan

PACKAGE = "core.plan"
ROOT = Path(core.plan.__file__).parent


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The sibling modules ``path`` imports, wherever the import statement stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == PACKAGE:  # ``from core.plan import memory``: the submodule
                names = [f"{PACKAGE}.{alias.name}" for alias in node.names]
            else:
                names = [node.module]
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            names = [f"{PACKAGE}.{node.module or alias.name}" for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["core", "plan"] and len(parts) >= 3 and parts[2] in modules:
                found.add(parts[2])
    found.discard(path.stem)
    return found


def _graph() -> dict[str, set[str]]:
    modules = {p.stem for p in ROOT.glob("*.py") if p.stem != "__init__"}
    return {m: _imports(ROOT / f"{m}.py", modules) for m in sorted(modules)}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every circle found by a depth-first walk (each reported once, from its first module)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the walk's path, 2: done
    path: list[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                found.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                walk(nxt)
        path.pop()
        state[node] = 2

    for node in graph:
        if node not in state:
            walk(node)
    return found


def test_the_cycle_finder_finds_a_circle_it_is_given() -> None:
    # The finder itself, on hand-made graphs: the old model <-> words pair, a longer circle, a tree.
    assert _cycles({"model": {"words"}, "words": {"model"}}) == [["model", "words", "model"]]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert _cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_parser_sees_type_checking_and_function_imports(tmp_path: Path) -> None:
    src = tmp_path / "words.py"
    src.write_text(
        "from typing import TYPE_CHECKING\n"
        "from core.plan import memory as mem\n"
        "if TYPE_CHECKING:\n    from core.plan.model import Context\n"
        "def f():\n    import core.plan.search\n",
        encoding="utf-8",
    )
    assert _imports(src, {"memory", "model", "search", "words"}) == {"memory", "model", "search"}


def test_core_plan_has_no_import_circle() -> None:
    graph = _graph()
    assert {"model", "words", "evaluated"} <= set(graph)
    assert _cycles(graph) == [], _cycles(graph)
