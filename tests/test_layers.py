"""The package's layers hold: no module imports a layer above its own, and every module is in a layer.

The contract is ``[tool.importlinter]`` in pyproject.toml; this test runs it, so a wrong-way import
fails the suite, not only a separate CI step.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "src" / "webquorum"


def test_imports_point_one_way(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("importlinter")
    from importlinter.cli import lint_imports

    code = lint_imports(config_filename=str(REPO / "pyproject.toml"), no_cache=True, no_logo=True)
    assert code == 0, capsys.readouterr().out


def import_cycles() -> set[tuple[str, ...]]:
    """Every set of modules that import each other in a ring (strongly connected, module level)."""
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("webquorum", cache_dir=None)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in sorted(graph.modules)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: set[tuple[str, ...]] = set()

    def visit(module: str) -> None:  # Tarjan's algorithm; the package is shallow enough to recurse
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in edges[module]:
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            ring = []
            while (member := stack.pop()) != module:
                ring.append(member)
            if ring:
                cycles.add(tuple(sorted([module, *ring])))

    for module in edges:
        if module not in index:
            visit(module)
    return cycles


def test_no_import_cycle() -> None:
    """Layers forbid a cycle between two layers; this forbids one inside a layer too (issue 26: the one
    ``readers/preload`` and ``readers/sandbox`` once made): every module reads knowing only those below it."""
    assert import_cycles() == set()


def test_no_provider_is_special_cased_by_name_outside_its_own_module() -> None:
    from webquorum.providers import PROVIDER_IDS

    own = {PACKAGE / "providers", PACKAGE / "readers" / "services"}
    for path in PACKAGE.rglob("*.py"):
        if any(folder in path.parents for folder in own):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and node.value in PROVIDER_IDS:
                raise AssertionError(f"{path.relative_to(REPO)}:{node.lineno} names provider {node.value!r}")
